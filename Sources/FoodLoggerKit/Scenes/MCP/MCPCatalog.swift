import FoodLoggerDomain

/// The tools, made from the commands' option tables: an argument's description is its
/// option's --help line, so the two never disagree.
enum MCPCatalog {
    static let tools: [MCPTool] = [search, show, pick, logVisit, listLog, listGenres]

    static func tool(named name: String) -> MCPTool? { tools.first { $0.name == name } }

    /// What a tool that answers with a document always asks its command for.
    static let json = ParsedArguments(flags: ["--json"])

    static let search = MCPTool(
        name: "search_restaurants", title: "Search restaurants",
        description:
            "Restaurants around a place (near, or lat and lng) or in an area, nearest first; each with its hours on its own clock (open_now, closes_at, minutes_left), walking minutes from the centre, diets and what the food log holds of it. The structuredContent is `foodlogger search --json`; total, start and returned say the paging (call again with start to go on). The list becomes the last list, whose numbers show_restaurant and log_visit take.",
        command: SearchCommand.name, fixed: json, arguments: searchArguments(SearchCommand.help), readOnly: true,
        service: .all, outputSchema: MCPSchemas.listing)

    static let pick = MCPTool(
        name: "pick_restaurant", title: "Pick one restaurant",
        description:
            "One place chosen from a search (the same arguments): open now or at open_at, open long enough (open_for), not visited within not_within, the want list first. The structuredContent is `foodlogger pick --json`: the place's record. No place fitting is a result with isError.",
        command: PickCommand.name, fixed: json,
        arguments: [
            argument("not_within", .string, PickCommand.help),
            argument("seed", .integer(within: 0...Int.max), PickCommand.help),
        ] + searchArguments(PickCommand.help),
        readOnly: true, service: .all, outputSchema: MCPSchemas.restaurant)

    static let show = MCPTool(
        name: "show_restaurant", title: "Show restaurants",
        description:
            "Everything about up to \(MCPTool.maxShops) places, by id (J001234567, node/123, a Google place id) or by number in the last list a search or pick made (3). The structuredContent is `foodlogger show --json`.",
        command: ShowCommand.name, fixed: json,
        arguments: [
            .init(
                name: "shops", type: .shops(limit: MCPTool.maxShops), form: .positional,
                description: "ids, or numbers of the last list (as `foodlogger show` takes them)", required: true)
        ],
        readOnly: true, service: .withoutProvider, outputSchema: MCPSchemas.shown)

    static let logVisit = MCPTool(
        name: "log_visit", title: "Log a visit",
        description:
            "Adds a place to the food log: a meal eaten there (date, rating, note) or, with want, a place to go to. The only tool that writes. The structuredContent is {\"message\": the line `foodlogger log add` prints}.",
        command: LogCommand.name, fixed: ParsedArguments(positionals: [LogCommand.Action.add.rawValue]),
        arguments: [
            .init(
                name: "shop", type: .shop, form: .positional,
                description: "an id (J001234567, node/123) or a number of the last list (3)", required: true),
            argument("date", .string, LogCommand.help),
            argument("want", .boolean, LogCommand.help),
            argument("rating", .integer(within: nil), LogCommand.help),
            argument("note", .string, LogCommand.help),
        ],
        readOnly: false, service: .withoutProvider, outputSchema: MCPSchemas.logged)

    static let listLog = MCPTool(
        name: "list_log", title: "List the food log",
        description:
            "The food log, the most recent meal first: visits (date, rating, note) and the want list. The structuredContent is `foodlogger log --json` (count: how many the filter keeps), its entries paged by start and count.",
        command: LogCommand.name, fixed: ParsedArguments(flags: ["--json"], positionals: [LogCommand.Action.list.rawValue]),
        arguments: [
            argument("want", .boolean, LogCommand.help, description: "only the places on the want list"),
            argument("visited", .boolean, LogCommand.help, description: "only the visits"),
            .init(
                name: "start", type: .integer(within: 1...Int.max), form: .page,
                description: "the position of the first entry listed, from 1 (default 1)"),
            .init(
                name: "count", type: .integer(within: 1...MCPTool.maxLogPage), form: .page,
                description: "entries listed, at most \(MCPTool.maxLogPage) (default \(MCPTool.logPage))"),
        ],
        readOnly: true, service: .stubLog, outputSchema: MCPSchemas.log, pagedMember: "entries")

    static let listGenres = MCPTool(
        name: "list_genres", title: "List genres",
        description:
            "The genres a service takes for search_restaurants' genre, with codes and English names. The structuredContent is `foodlogger genres --json`.",
        command: CodeList.Subject.genres.rawValue, fixed: json,
        arguments: [provider(CodeListCommand.help(.genres))],
        readOnly: true, service: .all, outputSchema: MCPSchemas.genres)

    /// Search's arguments (pick's too): where, what, open when, the log's filters, the page, the service.
    static func searchArguments(_ help: HelpText) -> [MCPTool.Argument] {
        [
            argument("near", .string, help), argument("lat", .number, help), argument("lng", .number, help),
            argument("range", .integer(within: nil), help), argument("radius", .string, help),
            argument("keyword", .string, help),
            argument("area", .string, help), argument("genre", .strings(choices: [], limit: nil), help),
            argument("budget", .strings(choices: [], limit: nil), help),
            argument("kind", .strings(choices: PlaceKind.allCases.map(\.rawValue), limit: nil), help),
            argument("diet", .strings(choices: Diet.allCases.map(\.rawValue), limit: nil), help),
            .init(
                name: "filters",
                type: .strings(
                    choices: SearchFilter.allCases.map { $0.flag.dropFirst(2).replacingOccurrences(of: "-", with: "_") },
                    limit: nil), form: .flags,
                description: "keep only the places that have each: "
                    + SearchFilter.allCases.map(\.summary).joined(separator: "; ")),
            argument("open_now", .boolean, help), argument("open_at", .string, help), argument("open_for", .string, help),
            argument("include_unknown", .boolean, help), argument("unvisited", .boolean, help),
            argument("visited", .boolean, help), argument("want", .boolean, help),
            argument(
                "count", .integer(within: 1...MCPTool.maxCount), help,
                description: "restaurants per page, at most \(MCPTool.maxCount) (default 10)"),
            argument("start", .integer(within: nil), help),
            argument("sort", .choice(SearchSort.allCases.map(\.rawValue)), help),
            argument("order", .choice(SearchOrder.allCases.map(\.name)), help), provider(help),
        ]
    }

    static func provider(_ help: HelpText) -> MCPTool.Argument {
        argument("provider", .choice(Provider.allCases.map(\.rawValue)), help)
    }

    /// The argument for the command's option of the same name (`open_now`: `--open-now`), with
    /// its help line as description unless told.
    static func argument(
        _ name: String, _ type: MCPTool.Argument.ValueType, _ help: HelpText, description: String? = nil
    ) -> MCPTool.Argument {
        let option = MCPTool.option(name)
        let words = description ?? help.options.first { $0.name == option }?.help ?? ""
        return .init(name: name, type: type, form: type == .boolean ? .flag(option) : .option(option), description: words)
    }
}
