import FoodLoggerDomain

/// The tools. Each argument stands for its command's option of the same name (`open_now` is
/// `--open-now`), in an agent's terms: numbers where numbers are meant (metres, minutes, yen),
/// ISO 8601 times, lists as JSON arrays, each bound and choice in the schema; described in the
/// tool's words, never with a flag or an environment variable (`MCPCatalogTests` holds them to it).
enum MCPCatalog {
    static let tools: [MCPTool] = [search, show, pick, logVisit, removeLogEntry, listLog, listGenres]

    static func tool(named name: String) -> MCPTool? { tools.first { $0.name == name } }

    /// What a tool that answers with a document always asks its command for.
    static let json = ParsedArguments(flags: ["--json"])

    static let search = MCPTool(
        name: "search_restaurants", title: "Search restaurants",
        description:
            "Places near a place or lat/lng, or in an area, nearest first, with hours on their clock, price, rating and the food log's word. Its numbers serve show_restaurant and log_visit.",
        command: SearchCommand.name, fixed: json, arguments: searchArguments + pageArguments, readOnly: true,
        service: .all, outputSchema: MCPSchemas.listing)

    static let pick = MCPTool(
        name: "pick_restaurant", title: "Pick one restaurant",
        description:
            "One place chosen among a search's (same arguments), open, not visited within not_within, the want list first.",
        command: PickCommand.name, fixed: json,
        arguments: [
            .init(
                name: "not_within", type: .string, form: .option("--not-within"),
                description: "skip places visited within this: 36h, 14d, 2w (default 14d)"),
            .init(
                name: "seed", type: .integer(within: 0...Int.max), form: .option("--seed"),
                description: "the same choice each time"),
        ] + searchArguments,
        readOnly: true, service: .all, outputSchema: MCPSchemas.restaurant)

    static let show = MCPTool(
        name: "show_restaurant", title: "Show restaurants",
        description:
            "The whole card of up to \(MCPTool.maxShops) places, by id or by number in the last list.",
        command: ShowCommand.name, fixed: json,
        arguments: [
            .init(
                name: "shops", type: .shops(limit: MCPTool.maxShops), form: .positional,
                description: "ids, or numbers of the last list", required: true)
        ],
        readOnly: true, service: .withoutProvider, outputSchema: MCPSchemas.shown)

    static let logVisit = MCPTool(
        name: "log_visit", title: "Log a visit",
        description:
            "Logs a meal at a place (with want: a place to go to); not twice on one day unless again.",
        command: LogCommand.name, fixed: ParsedArguments(positionals: [LogCommand.Action.add.rawValue]),
        arguments: [
            .init(
                name: "shop", type: .shop, form: .positional, description: "an id or a number of the last list", required: true),
            .init(
                name: "date", type: .string, form: .option("--date"),
                description: "YYYY-MM-DD, today or yesterday (default today)"),
            .init(name: "want", type: .boolean, form: .flag("--want"), description: "a place to go to, not a meal"),
            .init(name: "rating", type: .integer(within: FoodLogEntry.ratings), form: .option("--rating"), description: "stars"),
            .init(name: "note", type: .string, form: .option("--note"), description: "what the user thought"),
            .init(name: "again", type: .boolean, form: .flag("--again"), description: "log it twice on a day"),
        ],
        readOnly: false, service: .withoutProvider, outputSchema: MCPSchemas.logged)

    static let removeLogEntry = MCPTool(
        name: "remove_log_entry", title: "Remove a log entry",
        description: "Removes one food-log entry, by the number list_log shows. It cannot be undone.",
        command: LogCommand.name, fixed: ParsedArguments(positionals: [LogCommand.Action.remove.rawValue]),
        arguments: [
            .init(
                name: "number", type: .integer(within: 1...Int.max), form: .positional, description: "the entry's number",
                required: true)
        ],
        readOnly: false, destructive: true, service: .stubLog, outputSchema: MCPSchemas.logged)

    static let listLog = MCPTool(
        name: "list_log", title: "List the food log",
        description: "The food log, the latest meal first, and the want list.",
        command: LogCommand.name, fixed: ParsedArguments(flags: ["--json"], positionals: [LogCommand.Action.list.rawValue]),
        arguments: [
            .init(name: "want", type: .boolean, form: .flag("--want"), description: "only the want list"),
            .init(name: "visited", type: .boolean, form: .flag("--visited"), description: "only the visits"),
            .init(name: "start", type: .integer(within: 1...Int.max), form: .page, description: "first entry, from 1"),
            .init(
                name: "count", type: .integer(within: 1...MCPTool.maxLogPage), form: .page,
                description: "entries (default \(MCPTool.logPage))"),
        ],
        readOnly: true, service: .stubLog, outputSchema: MCPSchemas.log, pagedMember: "entries")

    static let listGenres = MCPTool(
        name: "list_genres", title: "List genres",
        description: "Genre codes and names for search_restaurants' genre.",
        command: CodeList.Subject.genres.rawValue, fixed: json,
        arguments: [
            .init(
                name: "provider", type: .choice(Provider.allCases.map(\.rawValue)), form: .option("--provider"),
                description: "the service")
        ],
        readOnly: true, service: .all, outputSchema: MCPSchemas.genres)

    /// The widest radius any service takes, in metres.
    static let maxRadius = Provider.allCases.map(\.maxRadius).max() ?? 50_000

    /// Search's arguments (pick's too): where, what, open when, the log's filters, the service.
    static let searchArguments: [MCPTool.Argument] = [
        .init(name: "near", type: .string, form: .option("--near"), description: "a place or address"),
        .init(name: "lat", type: .number(within: -90...90), form: .option("--lat"), description: "the centre's latitude"),
        .init(name: "lng", type: .number(within: -180...180), form: .option("--lng"), description: "the centre's longitude"),
        .init(
            name: "radius", type: .integer(within: 1...maxRadius), form: .option("--radius"),
            description: "metres (default 1000)"),
        .init(name: "keyword", type: .string, form: .option("--keyword"), description: "words in the name or address"),
        .init(name: "area", type: .string, form: .option("--area"), description: "an area's name or code"),
        .init(
            name: "genre", type: .strings(choices: [], limit: nil), form: .option("--genre"),
            description: "names or codes (list_genres)"),
        .init(
            name: "min_budget_yen", type: .integer(within: 0...1_000_000), form: .budget(.lower),
            description: "dinner from (HOT PEPPER's bands)"),
        .init(
            name: "max_budget_yen", type: .integer(within: 0...1_000_000), form: .budget(.upper),
            description: "dinner up to (HOT PEPPER's bands)"),
        .init(
            name: "kind", type: .strings(choices: PlaceKind.allCases.map(\.rawValue), limit: nil), form: .option("--kind"),
            description: "kinds of place"),
        .init(
            name: "diet", type: .strings(choices: Diet.allCases.map(\.rawValue), limit: nil), form: .option("--diet"),
            description: "all catered for"),
        .init(
            name: "min_rating", type: .number(within: 1...5), form: .option("--min-rating"),
            description: "fewest stars"),
        .init(
            name: "price", type: .span(within: 0...4), form: .option("--price"),
            description: "level, or [lowest, highest]"),
        .init(
            name: "filters",
            type: .strings(
                choices: SearchFilter.allCases.map { $0.flag.dropFirst(2).replacingOccurrences(of: "-", with: "_") }, limit: nil),
            form: .flags, description: "features required"),
        .init(name: "open_now", type: .boolean, form: .flag("--open-now"), description: "only places open now"),
        .init(
            name: "open_at", type: .string, form: .option("--open-at"),
            description: "only places open then: ISO 8601 or 19:30"),
        .init(
            name: "open_for", type: .integer(within: 1...1440), form: .minutes("--open-for"),
            description: "minutes still open"),
        .init(
            name: "include_unknown", type: .boolean, form: .flag("--include-unknown"), description: "keep unknown hours"
        ),
        .init(name: "unvisited", type: .boolean, form: .flag("--unvisited"), description: "not in the food log"),
        .init(name: "visited", type: .boolean, form: .flag("--visited"), description: "eaten at before"),
        .init(name: "want", type: .boolean, form: .flag("--want"), description: "on the want list"),
        .init(
            name: "provider", type: .services(Provider.allCases.map(\.rawValue)), form: .option("--provider"),
            description: "a service, a list (merged) or all"),
    ]

    /// Search's page and order.
    static let pageArguments: [MCPTool.Argument] = [
        .init(
            name: "count", type: .integer(within: 1...MCPTool.maxCount), form: .option("--count"),
            description: "places (default 10)"),
        .init(
            name: "start", type: .integer(within: 1...RestaurantQuery.maxStart), form: .option("--start"),
            description: "first place, from 1"),
        .init(
            name: "sort", type: .choice(SearchSort.allCases.map(\.rawValue)), form: .option("--sort"),
            description: "the whole list's order"),
        .init(
            name: "order", type: .choice(SearchOrder.allCases.map(\.name)), form: .option("--order"),
            description: "without a centre"),
    ]
}
