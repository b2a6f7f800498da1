import FoodLoggerDomain
/// `foodlogger search`: its options, help, and the validated query they make.
struct SearchCommand: Sendable {
    var common: CommonOptions
    var query: RestaurantQuery
    /// --count or --limit was given; else `map` (its terminal drawing and its HTML page alike)
    /// shows every shop within its radius, since a map of the first page leaves out shops as near
    /// as those shown. `search` gives its page in every format, the HTML page included: one rule.
    var pageSizeGiven: Bool
    var drawingQuery: RestaurantQuery {
        var query = query
        if !pageSizeGiven { query.limit = RestaurantQuery.maxLimit }
        return query
    }
    /// --interactive: a prompt after the table to pick shops.
    var interactive: Bool
    /// Whether each shop is open now or at --open-at, and whether to keep only those.
    var open: OpenQuestion
    /// --near or FOODLOGGER_NEAR: a place to find the centre from, instead of --lat/--lng.
    var near: NearPlace?
    /// --unvisited, --visited, --want: the places kept by what the food log says of them.
    var logFilter: LogFilter?
    /// --fields: the JSON keys the table, CSV or NDJSON shows; nil: the usual columns.
    var fields: [String]?
    /// Words given with no option before them and no centre: a place or a keyword, as far as
    /// the service chosen can search by a keyword alone, so the advice waits for that service
    /// (`refusal(by:)`).
    var strayWords: [String]?

    static let name = "search"
    static let summary = "find restaurants around a place (nearest first) or in an area"

    static let examples = [
        "foodlogger search --near 渋谷駅",
        "foodlogger search --near \"Tokyo Station\" --open-now",
        "foodlogger search --provider osm --near \"Eiffel Tower\" --genre french --open-at \"fri 20:00\"",
        "foodlogger search --lat 35.6812 --lng 139.7671",
        "foodlogger search --stub --lat 35.6812 --lng 139.7671 --json | jq '.restaurants[0]'",
        "foodlogger search --near shibuya --range 2 --genre ramen --lunch",
        "foodlogger search --provider osm --near \"Tokyo Station\" --diet vegan",
        "foodlogger search --provider osm --lat 21.0285 --lng 105.8542 --kind bar,pub --radius 800",
        "foodlogger search --provider google --near \"Times Square\" --kind cafe --sort rating",
        "foodlogger search --provider all --near \"Tokyo Station\"      # every service at once, merged",
        "foodlogger search --stub --provider osm,google,hotpepper --near 東京駅",
        "foodlogger search --area 梅田 --genre izakaya --budget 2000-3000",
        "foodlogger search --keyword ラーメン --count 5 --start 6",
        "foodlogger search --lat 35.6812 --lng 139.7671 --range 5 --limit 300 --json > tokyo.json",
        "FOODLOGGER_LAT=34.7025 FOODLOGGER_LNG=135.4959 foodlogger search --budget B002 --wifi",
        "foodlogger search --lat 35.6812 --lng 139.7671 -i    then type 1 for the first card, o 1, n, q",
    ]

    static let whereSpecs: [OptionSpec] = [
        OptionSpec(
            "--near", kind: .value("PLACE"),
            help:
                "start from a station, area, landmark or address: 渋谷駅, shibuya, \"Tokyo Station\", \"Times Square\", or a point: 35.68,139.76 or \"55.9533 -3.1883\" (else FOODLOGGER_NEAR)"
        ),
        OptionSpec("--lat", kind: .value("DEG"), help: "latitude of the centre, -90 to 90 (else FOODLOGGER_LAT)"),
        OptionSpec("--lng", kind: .value("DEG"), help: "longitude of the centre, -180 to 180 (else FOODLOGGER_LNG)"),
        OptionSpec("--no-center", help: "search without a centre, leaving out FOODLOGGER_LAT/LNG"),
        OptionSpec(
            "--range", kind: .value("1..5"), values: SearchRange.allCases.map { String($0.rawValue) },
            help: "radius as a step: 1=300 m 2=500 m 3=1000 m 4=2000 m 5=3000 m (default 3)"),
        OptionSpec(
            "--radius", kind: .value("METRES"),
            help:
                "radius in metres, instead of --range: 800, 800m, 2km, 1mi, 500ft (at most \(Provider.hotpepper.maxRadius) m for HOT PEPPER, \(Provider.osm.maxRadius) m for OpenStreetMap, \(Provider.google.maxRadius) m for Google)"
        ),
        OptionSpec(
            "--keyword", kind: .value("TEXT"),
            help: "words to match, each in \(keywordReach); works without a centre on HOT PEPPER and Google"),
        OptionSpec(
            "--area", kind: .value("AREA"),
            help: "an area's name or code instead of a centre: 渋谷, 梅田, Y005 (see 'foodlogger areas')"),
        OptionSpec(
            "--genre", kind: .repeated("GENRE"), values: GenreNames.words,
            help: "a genre by name or code: ramen, ラーメン, izakaya, G013 (see 'foodlogger genres'); repeatable or comma-separated"),
        OptionSpec(
            "--budget", kind: .repeated("YEN"),
            help: "dinner budget in yen (2000-3000, -1000, 25000-) or a code such as B002; at most 2 codes in all"),
        OptionSpec(
            "--kind", kind: .repeated("KIND"), values: PlaceKind.allCases.map(\.rawValue),
            help:
                "only these kinds of place: restaurant, cafe, bar, pub, fast_food, food_court, ice_cream or beer_garden; repeatable or comma-separated (HOT PEPPER: restaurant, cafe, bar)"
        ),
        OptionSpec(
            "--diet", kind: .repeated("DIET"), values: Diet.allCases.map(\.rawValue),
            help:
                "only places the service says cater for it: vegetarian|vegan|halal|kosher|gluten_free; repeatable, all must hold (OpenStreetMap; Google: vegetarian)"
        ),
        OptionSpec(
            "--min-rating", kind: .value("STARS"),
            help: "only places whose reviews average at least this, 1 to 5: 4.2 (unrated places are left out)"),
        OptionSpec(
            "--price", kind: .value("LEVELS"),
            help:
                "only places of these price levels, 0 (free) to 4 (very expensive): 2, 1-2, -2, 3- (HOT PEPPER's budget band read as one: up to ¥1,500 is 1, ¥4,000 2, ¥10,000 3)"
        ),
    ]

    static let pageSpecs: [OptionSpec] = [
        OptionSpec(
            "--count", kind: .value("1..100"),
            help: "restaurants per page (default 10, in every format; 'foodlogger map' draws every one within the radius)"),
        OptionSpec(
            "--start", kind: .value("N"),
            help: "position of the first restaurant, from 1 to \(RestaurantQuery.maxStart) (default 1)"),
        OptionSpec(
            "--limit", kind: .value("1..1000"),
            help:
                "fetch up to this many restaurants in all (from --start), 100 per request, 4 requests at a time; instead of --count"
        ),
        OptionSpec(
            "--sort", kind: .value("ORDER"), values: SearchSort.allCases.map(\.rawValue),
            help:
                "distance|rating|name: the order of the whole list, within each service's reach, before it is paged (default distance, nearest first; rating: Google Places)"
        ),
        OptionSpec(
            "--order", kind: .value("ORDER"), values: SearchOrder.allCases.map(\.name),
            help: "kana|genre|area|recommended, for searches without a centre (with one: always nearest first)"),
    ]

    /// Where a keyword's words are looked for, as the services read them (`OverpassRequest.keywordKeys`).
    static let keywordReach =
        "the name, address or genre (HOT PEPPER: the station too; OpenStreetMap: any name tag, cuisine, addr:* tags)"

    static let fieldsSpec = OptionSpec(
        "--fields", kind: .value("KEYS"),
        help:
            "only these keys, comma-separated, in this order, for table, csv and ndjson: the JSON's or the CSV header's dotted ones (name,distance_m,hours.mon)"
    )

    /// --fields' keys, each a search field's JSON key, for the formats that take them; a key
    /// that is none is refused with the likeliest one.
    static func fields(_ parsed: ParsedArguments, format: OutputFormat) throws(UsageError) -> [String]? {
        guard let text = parsed.value("--fields") else { return nil }
        guard [.table, .csv, .ndjson].contains(format) else {
            throw UsageError("--fields picks the columns of table, csv and ndjson, not of \(format.rawValue)")
        }
        let keys = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if keys.isEmpty { throw UsageError("--fields is empty: give JSON keys such as name,distance_m,url") }
        let names = RestaurantRecord.fieldNames
        let known = Set(names + RestaurantRecord.csvColumns)
        if let unknown = keys.first(where: { !known.contains($0) }) {
            let hint = guess(unknown, among: names + RestaurantRecord.csvColumns).map { " (did you mean \($0)?)" }
            throw UsageError(
                "--fields: no field is called \(TerminalSafe.quoted(unknown))"
                    + (hint ?? "; the fields: \(names.joined(separator: ","))") + "; dotted keys as the CSV header has them")
        }
        return keys.uniqued()
    }

    /// The field a mistyped key most likely meant: one it begins (`dist` for distance_m), else
    /// one within two edits (one for a word of three letters or fewer, a third of a long one's);
    /// nil where none is that near: "foo" is two edits from "log" as from much else, and saying
    /// "log" would only mislead.
    static func guess(_ text: String, among keys: [String]) -> String? {
        let lower = text.lowercased()
        if let begun = keys.first(where: { $0.hasPrefix(lower) }) { return begun }
        let nearest = keys.map { ($0, $0.editDistance(to: lower)) }.min { $0.1 < $1.1 }
        let limit = lower.count <= 3 ? 1 : max(2, lower.count / 3)
        return nearest.flatMap { $0.1 <= limit ? $0.0 : nil }
    }

    static let interactiveSpec = OptionSpec(
        "-i", "--interactive",
        help:
            "after the table, prompt for a number to show its card (o N opens its page, l N logs a meal there today, w N adds it to the want list, n/p pages, q quits); needs a terminal"
    )

    static let filterSpecs: [OptionSpec] = SearchFilter.allCases.map { OptionSpec($0.flag, help: $0.summary) }

    /// Read the way `log --want` and `log --visited` read, on the whole list (`FindPlaces`).
    static let logSpecs: [OptionSpec] = [
        OptionSpec("--unvisited", help: "leave out the places the food log holds a visit to"),
        OptionSpec("--visited", help: "keep only the places the food log holds a visit to"),
        OptionSpec("--want", help: "keep only the places on the food log's want list (log add ID --want)"),
    ]

    static let help = HelpText(
        command: name, summary: summary,
        usage: "foodlogger search [--near PLACE | --lat DEG --lng DEG | --area AREA] [options]",
        examples: examples,
        sections: [
            ("Where and what (every service)", whereSpecs.filter { services(of: $0) == Provider.allCases }),
            ("Paging and order", pageSpecs.filter { services(of: $0) == Provider.allCases }),
            ("Opening hours", OpenAtOption.specs),
            ("Food log (of the places found)", logSpecs),
        ] + sectionsByService + [
            ("Output", CommonOptions.outputSpecs + [fieldsSpec, interactiveSpec]),
            ("Service", CommonOptions.serviceSpecs + [CommonOptions.helpSpec]),
        ])

    /// The services that answer an option, as they declare it (`Provider.searchConditions`,
    /// `searchFilters`); every service for the rest.
    static func services(of spec: OptionSpec) -> [Provider] {
        if let condition = conditionsByFlag[spec.name] {
            return Provider.allCases.filter { $0.searchConditions.contains(condition) }
        }
        if let filter = filtersByFlag[spec.name] {
            return Provider.allCases.filter { $0.searchFilters.contains(filter) }
        }
        if spec.name == "--diet" { return Provider.allCases.filter { !$0.diets.isEmpty } }
        if spec.name == "--min-rating" { return Provider.allCases.filter(\.ratesPlaces) }
        if spec.name == "--price" { return Provider.allCases.filter { $0.prices != nil } }
        return Provider.allCases
    }

    private static let conditionsByFlag: [String: SearchCondition] = [
        "--area": .area, "--budget": .budget, "--order": .order,
    ]
    /// Made once: every search builds its help (the parser reads its options), and working out
    /// each filter's flag again for each option cost 12 M instructions of a 55 M repeat search.
    private static let filtersByFlag = Dictionary(
        SearchFilter.allCases.map { ($0.flag, $0) }, uniquingKeysWith: { first, _ in first })

    /// The options only some services answer, each under the services that do, the conditions
    /// before the filters: after what every service answers, so each reader finds their own.
    static var sectionsByService: [(String, [OptionSpec])] {
        var sections: [(String, [OptionSpec])] = []
        for (kind, specs) in [("Conditions", whereSpecs + pageSpecs), ("Filters", filterSpecs)] {
            var groups: [(services: [Provider], specs: [OptionSpec])] = []
            for spec in specs {
                let answering = services(of: spec)
                guard answering != Provider.allCases else { continue }
                if let index = groups.firstIndex(where: { $0.services == answering }) {
                    groups[index].specs.append(spec)
                } else {
                    groups.append((answering, [spec]))
                }
            }
            sections += groups.sorted { $0.services.count > $1.services.count }.map { group in
                let names = group.services.map(\.title).joined(separator: " and ")
                let what = kind == "Filters" ? " (keep only places that …)" : ""
                return ("\(kind) only \(names) answer\(group.services.count == 1 ? "s" : "")\(what)", group.specs)
            }
        }
        return sections
    }

    /// Words left over are most likely a place or keyword of several words, unquoted: the rest
    /// of the value before them, else a keyword (where a centre is given).
    static func hint(_ parsed: ParsedArguments) -> String {
        let words = parsed.positionals.joined(separator: " ")
        let before = parsed.valueBeforePositionals
        guard !words.hasPrefix("-"), before.map({ ["--near", "--keyword"].contains($0) }) ?? true else { return "" }
        return meant(before.map { [$0] } ?? ["--keyword"], ([before.flatMap(parsed.value)].compactMap { $0 } + [words]))
    }

    /// " (did you mean --near 'Edinburgh' or --keyword 'Edinburgh'?)"
    static func meant(_ options: [String], _ words: [String]) -> String {
        let quoted = TerminalSafe.quoted(words.joined(separator: " "))
        return " (did you mean \(options.map { "\($0) \(quoted)" }.joined(separator: " or "))?)"
    }

    /// The stray words' advice for `provider`: --near always, --keyword too where the service
    /// searches by a keyword alone.
    func strayRefusal(_ words: [String], by provider: Provider) -> UsageError {
        let options = provider.searchConditions.contains(.withoutCenter) ? ["--near", "--keyword"] : ["--near"]
        return UsageError("unexpected argument \(TerminalSafe.quoted(words[0]))\(Self.meant(options, words))")
    }

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        try self.init(parsed, context: context, center: nil)
    }

    /// `center`: the centre the caller already has (`map --last`'s), in place of the options'
    /// and the environment's. `choosesOpen`: the command keeps only open places whatever is
    /// asked (pick), so --include-unknown means something without --open-now.
    init(
        _ parsed: ParsedArguments, context: ProcessContext, center: Coordinate?, choosesOpen: Bool = false
    ) throws(UsageError) {
        // Words with no option before them are a place or a keyword: which one a centre decides,
        // or else the service chosen (later).
        let stray =
            parsed.valueBeforePositionals == nil && parsed.positionals.first?.hasPrefix("-") == false
            ? parsed.positionals : nil
        if let extra = parsed.positionals.first, stray == nil {
            throw UsageError("unexpected argument \(TerminalSafe.quoted(extra))\(Self.hint(parsed))")
        }
        common = try CommonOptions(parsed, context: context)
        var query = RestaurantQuery()
        // An area says where, as a centre does; it takes the place of one from the environment.
        let area = parsed.value("--area")?.trimmingCharacters(in: .whitespaces)
        if area?.isEmpty == true { throw UsageError("--area is empty: give an area's name or code (see 'foodlogger areas')") }
        if area?.contains(",") == true { throw UsageError("--area takes one area, not a list") }
        if area != nil, ["--near", "--lat", "--lng"].contains(where: { parsed.value($0) != nil }) {
            throw UsageError("--area and --near or --lat/--lng both say where to search; use one")
        }
        let place = area == nil && center == nil ? try Self.near(parsed, environment: context.environment) : nil
        // A `lat,lng` pair is a centre already: no place search is asked to read it as a name.
        let pair = place.flatMap { Coordinate(pair: $0.text) }
        near = pair == nil ? place : nil
        if let center = center ?? pair {
            query.center = center
        } else if near == nil, area == nil {
            query.center = try Self.center(parsed, environment: context.environment)
        }
        let fromEnvironment = place?.fromEnvironment ?? (parsed.value("--lat") == nil && query.center != nil)
        let centerWords =
            fromEnvironment
            ? "a centre (\(place == nil ? "FOODLOGGER_LAT/LNG" : "FOODLOGGER_NEAR"), from the environment; --no-center leaves it out)"
            : "a centre"
        let hasCenter = query.center != nil || near != nil
        if let extra = parsed.positionals.first, hasCenter || area != nil {
            throw UsageError("unexpected argument \(TerminalSafe.quoted(extra))\(Self.hint(parsed))")
        }
        strayWords = stray
        query.range = try parsed.integer("--range", in: 1...5).flatMap(SearchRange.init(rawValue:)) ?? .default
        query.radius = try Self.radius(parsed)
        query.sort = try parsed.choice("--sort", SearchSort.allCases.map { ($0.rawValue, $0) }) ?? .distance
        query.keyword = parsed.value("--keyword").map { $0.trimmingCharacters(in: .whitespaces) }
        if query.keyword?.isEmpty == true { throw UsageError("--keyword is empty") }
        if let keyword = query.keyword { try ParsedArguments.checkBytes(keyword, "--keyword") }
        let genres = try Self.names(parsed, .genre, limit: RestaurantQuery.maxGenres)
        let budgets = try Self.names(parsed, .budget, limit: RestaurantQuery.maxBudgets)
        if let area, area.count > CodeNames.maxLength {
            throw UsageError("--area takes a name of at most \(CodeNames.maxLength) characters, not one of \(area.count)")
        }
        let asked: [(CodeNameKind, String, String)] =
            genres.map { (.genre, $0, "a name such as ramen or a code like G001") }
            + budgets.map { (.budget, $0, "yen such as 2000-3000, -1000 or 25000-, or a code like B002") }
            + (area.map { [(.area, $0, "a name such as 渋谷 or a code like Y005")] } ?? [])
        if let misfit = asked.first(where: { $0.0.cannotName($0.1) }) {
            throw UsageError("--\(misfit.0.rawValue) takes \(misfit.2), not \(TerminalSafe.quoted(misfit.1))")
        }
        if let stranger = budgets.first(where: CodeNameKind.budget.isUnknownCode) {
            throw UsageError(
                "--budget \(TerminalSafe.quoted(stranger)) is no budget code: they run from B009 (up to 500 yen) to B014 "
                    + "(over 30000 yen), see 'foodlogger budgets'; or give yen such as 2000-3000")
        }
        query.ask(genres: genres, budgets: budgets, area: area)
        query.filters = SearchFilter.allCases.filter { parsed.has($0.flag) }
        query.diets = try Self.words("--diet", parsed, named: { Diet(rawValue: $0.lowercased()) }, closest: Diet.closest)
        query.kinds = try Self.words("--kind", parsed, named: PlaceKind.named, closest: PlaceKind.closest)
        query.minRating = try parsed.decimal("--min-rating", in: 1...5)
        query.prices = try Self.prices(parsed)
        query.count = try parsed.integer("--count", in: 1...RestaurantQuery.maxCount) ?? 10
        query.start = try parsed.integer("--start", in: 1...RestaurantQuery.maxStart) ?? 1
        query.limit = try parsed.integer("--limit", in: 1...RestaurantQuery.maxLimit)
        if query.limit != nil, parsed.value("--count") != nil {
            throw UsageError("--count sets the size of one page and --limit the size of the whole list; use one")
        }
        query.order = try parsed.choice("--order", SearchOrder.allCases.map { ($0.name, $0) })
        if query.order != nil, hasCenter {
            throw UsageError("--order has no effect with \(centerWords): the service always orders by distance then")
        }
        if !query.hasCondition, !hasCenter, stray == nil {
            throw UsageError(
                "nothing to search for: give --near PLACE, --lat and --lng (or FOODLOGGER_LAT/LNG), --area or --keyword")
        }
        for option in ["--range", "--radius"] where parsed.value(option) != nil && !hasCenter {
            throw UsageError("\(option) needs a centre (--near, or --lat and --lng)")
        }
        self.query = query
        pageSizeGiven = parsed.value("--count") != nil || parsed.value("--limit") != nil
        open = try OpenAtOption.question(parsed, now: context.now(), choosesOpen: choosesOpen)
        let logFilters = LogFilter.allCases.filter { parsed.has(LogText.flag($0)) }
        if logFilters.count > 1 {
            throw UsageError("\(logFilters.map(LogText.flag).joined(separator: " and ")) exclude each other; give one")
        }
        logFilter = logFilters.first
        fields = try Self.fields(parsed, format: common.format)
        interactive = parsed.has("--interactive")
        if interactive { try Self.checkInteractive(format: common.format, terminal: context.terminal) }
    }

    /// A repeatable name option's values, each once, at most `limit` of them, none too long to
    /// be a name: checked before any list is read or any name is matched.
    static func names(_ parsed: ParsedArguments, _ kind: CodeNameKind, limit: Int) throws(UsageError) -> [String] {
        let option = "--\(kind.rawValue)"
        let given = try parsed.list(option)
        if let long = given.first(where: { $0.count > CodeNames.maxLength }) {
            throw UsageError("\(option) takes names of at most \(CodeNames.maxLength) characters, not one of \(long.count)")
        }
        let values = kind.distinct(given)
        if values.count > limit { throw UsageError("\(option) accepts at most \(limit) values, got \(values.count)") }
        return values
    }

    /// --radius' units and how many metres each is, the longer suffix of two that end alike first.
    static let radiusUnits: [(suffix: String, metres: Double)] = [
        ("km", 1000), ("mi", DistanceUnits.metresPerMile), ("ft", 1 / DistanceUnits.feetPerMetre), ("m", 1),
    ]

    /// --radius as metres: `800`, `800m`, `2km`, `1.5km`, `1mi`, `500ft`, from 1 m to the widest radius any
    /// service takes (each service's own limit is checked with the service).
    static func radius(_ parsed: ParsedArguments) throws(UsageError) -> Int? {
        guard let text = parsed.value("--radius") else { return nil }
        if parsed.value("--range") != nil { throw UsageError("--radius and --range both set the radius; give one") }
        let widest = Provider.allCases.map(\.maxRadius).max()!
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        let unit = Self.radiusUnits.first { lowered.hasSuffix($0.suffix) }
        let (number, scale) = (lowered.dropLast(unit?.suffix.count ?? 0), unit?.metres ?? 1)
        let digits = number.trimmingCharacters(in: .whitespaces)
        guard ParsedArguments.isDecimal(digits, exponent: false), let value = Double(digits),
            (1...Double(widest)).contains((value * scale).rounded())
        else {
            throw UsageError(
                "--radius takes metres from 1 to \(widest) such as 800, 800m, 2km, 1mi or 500ft, not \(TerminalSafe.quoted(text))"
            )
        }
        return Int((value * scale).rounded())
    }

    /// --price as levels: `2`, `1-2`, `-2` (up to 2, free places too), `3-` (3 and dearer).
    static func prices(_ parsed: ParsedArguments) throws(UsageError) -> ClosedRange<Int>? {
        guard let text = parsed.value("--price") else { return nil }
        let ends = text.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        let levels = 0...4
        let numbers = ends.map { $0.isEmpty ? nil : Int($0.trimmingCharacters(in: .whitespaces)) }
        let low = ends.count == 2 && ends[0].isEmpty ? levels.lowerBound : numbers.first ?? nil
        let high = ends.count == 1 ? low : ends.count == 2 && ends[1].isEmpty ? levels.upperBound : numbers.last ?? nil
        guard ends.count <= 2, !(ends.count == 2 && ends[0].isEmpty && ends[1].isEmpty), let low, let high,
            levels.contains(low), levels.contains(high), low <= high
        else {
            throw UsageError(
                "--price takes price levels from 0 (free) to 4 (very expensive) such as 2, 1-2, -2 or 3-, not \(TerminalSafe.quoted(text))"
            )
        }
        return low...high
    }

    /// The words of a list option (--diet, --kind), each value once; a word that names none is
    /// refused with the likeliest one.
    static func words<Value: CaseIterable & RawRepresentable & Equatable>(
        _ option: String, _ parsed: ParsedArguments, named: (String) -> Value?, closest: (String) -> Value?
    ) throws(UsageError) -> [Value] where Value.RawValue == String {
        var values: [Value] = []
        for word in try parsed.list(option) {
            guard let value = named(word) else {
                let guess = closest(word).map { " (did you mean \($0.rawValue)?)" } ?? ""
                let all = Value.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("\(option) takes \(all), not \(TerminalSafe.quoted(word))\(guess)")
            }
            if !values.contains(value) { values.append(value) }
        }
        return values
    }

    /// The prompt reads the keyboard and draws tables, so it needs a person at a terminal.
    static func checkInteractive(format: OutputFormat, terminal: Terminal) throws(UsageError) {
        if !terminal.stdinIsTerminal {
            throw UsageError("--interactive needs a terminal: stdin is not one, so there is nobody to type a choice")
        }
        if !terminal.stdoutIsTerminal {
            throw UsageError(
                "--interactive needs a terminal: stdout is not one; leave out -i to write the results to a pipe or file")
        }
        if format != .table {
            throw UsageError("--interactive shows a table; it cannot be combined with --json or --format \(format.rawValue)")
        }
    }

    /// --near, else FOODLOGGER_NEAR when no other centre is given; nil for a centre by coordinates.
    static func near(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) -> NearPlace? {
        let coordinates = parsed.value("--lat") != nil || parsed.value("--lng") != nil
        if let text = parsed.value("--near") {
            if coordinates { throw UsageError("--near and --lat/--lng both give the centre; use one") }
            if parsed.has("--no-center") { throw UsageError("--no-center contradicts --near; use one") }
            let place = text.trimmingCharacters(in: .whitespaces)
            if place.isEmpty { throw UsageError("--near is empty: give a station, area, landmark or address") }
            try checkLength(place, "--near")
            return NearPlace(text: place)
        }
        guard !coordinates, !parsed.has("--no-center"),
            let text = environment["FOODLOGGER_NEAR"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty
        else { return nil }
        if environment["FOODLOGGER_LAT"]?.isEmpty == false || environment["FOODLOGGER_LNG"]?.isEmpty == false {
            throw UsageError("FOODLOGGER_NEAR and FOODLOGGER_LAT/LNG both give the centre; unset one")
        }
        try checkLength(text, "FOODLOGGER_NEAR")
        return NearPlace(text: text, fromEnvironment: true)
    }

    /// A place name no longer than `NearPlace.maxLength` characters, nor than
    /// `ParsedArguments.maxTextBytes` bytes (one character may carry any number of combining marks).
    static func checkLength(_ place: String, _ source: String) throws(UsageError) {
        try ParsedArguments.checkBytes(place, source)
        if place.count > NearPlace.maxLength {
            throw UsageError("\(source) takes a place of at most \(NearPlace.maxLength) characters, not one of \(place.count)")
        }
    }

    /// --lat/--lng, else FOODLOGGER_LAT/FOODLOGGER_LNG (the CLI's "current location"), unless --no-center.
    static func center(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) -> Coordinate? {
        if parsed.has("--no-center") {
            if parsed.value("--lat") != nil || parsed.value("--lng") != nil {
                throw UsageError("--no-center contradicts --lat and --lng; use one")
            }
            return nil
        }
        if parsed.value("--lat") != nil || parsed.value("--lng") != nil {
            guard let lat = try parsed.decimal("--lat", in: -90...90) else { throw UsageError("--lng needs --lat") }
            guard let lng = try parsed.decimal("--lng", in: -180...180) else { throw UsageError("--lat needs --lng") }
            return Coordinate(lat: lat, lng: lng)
        }
        let fromEnvironment = ParsedArguments(values: [
            "FOODLOGGER_LAT": nonEmpty(environment["FOODLOGGER_LAT"]),
            "FOODLOGGER_LNG": nonEmpty(environment["FOODLOGGER_LNG"]),
        ])
        let lat = try fromEnvironment.decimal("FOODLOGGER_LAT", in: -90...90)
        let lng = try fromEnvironment.decimal("FOODLOGGER_LNG", in: -180...180)
        switch (lat, lng) {
        case let (lat?, lng?): return Coordinate(lat: lat, lng: lng)
        case (nil, nil): return nil
        default: throw UsageError("FOODLOGGER_LAT and FOODLOGGER_LNG must be set together")
        }
    }

    private static func nonEmpty(_ value: String?) -> [String] {
        value.map { $0.isEmpty ? [] : [$0] } ?? []
    }

    static var specs: [OptionSpec] { help.options }
}

extension SearchCommand: SceneCommand {
    var searchCentre: ServiceAssembly.Centre? { near.map { .place($0) } ?? query.center.map { .coordinate($0) } }

    func run(_ workers: FoodLogger.Workers, context: ProcessContext) async throws(ServiceError) -> ExitCode {
        let foodLog = FoodLogFile.store(stub: common.useStub, context: context)
        let scene = SearchScene.assemble(
            context: context, format: common.format, finder: try workers.finder(foodLog: foodLog),
            worker: workers.restaurants, prompting: interactive,
            lastList: LastListKeeper(context: context, invented: common.useStub), fields: fields,
            foodLog: (foodLog, common.useStub))
        let outcome =
            interactive
            ? await scene.searchInteractively(query, open: open, near: near, log: logFilter)
            : await scene.search(query, open: open, near: near, log: logFilter)
        return ExitCode(outcome)
    }
}
