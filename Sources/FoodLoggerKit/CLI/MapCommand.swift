import FoodLoggerDomain
/// `foodlogger map`: every search option, plus the map's size. Without --format it draws the
/// terminal map; with one it prints that data format, exactly as `search` does.
struct MapCommand: Sendable {
    var search: SearchCommand
    /// What the map is drawn around: --near or --lat/--lng, else FOODLOGGER_NEAR or
    /// FOODLOGGER_LAT/LNG.
    var centre: Map.Restaurants.Centre
    /// --width and --height; nil: fit the terminal.
    var width: Int?
    var height: Int?
    /// The data format asked for with --format or --json; nil draws the terminal map.
    var format: OutputFormat?
    /// --static: the drawing, even at a terminal where the interactive map would open.
    var staticDrawing: Bool
    /// --last: the last list's shops, drawn with the numbers it showed, instead of a search.
    var lastList: LastList?

    static let name = "map"
    static let summary = "explore the restaurants around a point on an interactive map"

    static let examples = [
        "foodlogger map --near 渋谷駅              # arrows pick, Enter: the card, ?: the keys, q quits",
        "foodlogger map --stub --near umeda --open-now",
        "foodlogger map --near shibuya --range 2 --genre ramen",
        "foodlogger map --near 梅田 --static --width 100   # the drawing, printed once",
        "foodlogger map --last                      # the last search's shops, with the numbers it showed",
        "foodlogger map --lat 35.6812 --lng 139.7671 --format html > map.html   # open in a browser",
        "foodlogger map --lat 35.6812 --lng 139.7671 --format geojson > shops.geojson",
    ]

    static let staticSpec = OptionSpec(
        "--static", help: "print the map once instead of opening the interactive map (the default in a pipe)")

    static let lastSpec = OptionSpec(
        "--last",
        help:
            "draw the last list's shops (the last search's, numbered as it showed them) instead of searching; no request when they are kept"
    )

    static let sizeSpecs: [OptionSpec] = [
        OptionSpec(
            "--width", kind: .value("COLUMNS"),
            help:
                "the drawing's width, \(TerminalMap.widthRange.lowerBound) to \(TerminalMap.widthRange.upperBound) (default: the terminal's, at most \(MapPresenter.defaultMaxWidth)); implies --static"
        ),
        OptionSpec(
            "--height", kind: .value("ROWS"),
            help:
                "the drawing's height, \(TerminalMap.heightRange.lowerBound) to \(TerminalMap.heightRange.upperBound) (default: what keeps the radius round and leaves room on the screen for the list); implies --static"
        ),
    ]

    /// Search's options that mean nothing here: a map always has a centre, lists nearest first
    /// and is interactive by itself.
    static let searchOnly: Set = ["--area", "--no-center", "--order", "--interactive", "--unvisited", "--visited", "--want"]
    static let keywordSpec = OptionSpec(
        "--keyword", kind: .value("TEXT"), help: "words to match, each in \(SearchCommand.keywordReach)")

    static let help = HelpText(
        command: name, summary: summary, usage: "foodlogger map (--near PLACE | --lat DEG --lng DEG | --last) [options]",
        examples: examples,
        sections: [("Map", [lastSpec, staticSpec] + sizeSpecs)]
            + SearchCommand.help.sections.map { title, specs in
                (title, specs.filter { !searchOnly.contains($0.name) }.map { $0.name == "--keyword" ? keywordSpec : $0 })
            }.filter { !$0.1.isEmpty })

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        // The last list's centre (its real one is known once its shops are: see `run`), else the search's.
        var given: Coordinate?
        if parsed.has("--last") {
            let list = try Self.lastList(parsed, context: context)
            lastList = list
            let center = list.center ?? Coordinate(lat: 0, lng: 0)
            given = center
            centre = .coordinate(center)
        } else if let near = try SearchCommand.near(parsed, environment: context.environment) {
            centre = .place(near)
        } else if let center = try SearchCommand.center(parsed, environment: context.environment) {
            centre = .coordinate(center)
        } else {
            throw UsageError(
                "a map needs a centre: give --near PLACE, or --lat and --lng (or FOODLOGGER_NEAR or FOODLOGGER_LAT/LNG)")
        }
        search = try SearchCommand(parsed, context: context, center: given)
        format = parsed.has("--json") || parsed.value("--format") != nil ? search.common.format : nil
        staticDrawing = parsed.has("--static")
        width = try parsed.integer("--width", in: TerminalMap.widthRange)
        height = try parsed.integer("--height", in: TerminalMap.heightRange)
        if let format, width != nil || height != nil {
            throw UsageError("--width and --height size the terminal map; they have no effect with --format \(format.rawValue)")
        }
        // A drawing of kept shops asks nothing: the offline stub stands in for the service, so
        // a list from --stub, or one made with a key since gone, needs neither (as `show 3`).
        // --refresh asks the service again.
        if lastList?.keepsEveryShop == true, search.common.cacheMode != .refresh, interaction(context) != .explore {
            search.common.useStub = true
        }
    }

    /// The last list, for --last; a search's conditions (where, what, which page) have no place
    /// beside it, nor a data format (`show 1,2,3 --format …` gives the list's data).
    static func lastList(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) -> LastList {
        let searchSpecs =
            SearchCommand.whereSpecs + SearchCommand.pageSpecs + SearchCommand.filterSpecs + OpenAtOption.specs
            + [CommonOptions.outputSpecs[0], CommonOptions.outputSpecs[1]]
        if let given = searchSpecs.first(where: { parsed.has($0.name) || parsed.value($0.name) != nil }) {
            throw UsageError(
                "--last draws the last list as it was shown; \(given.name) has no place beside it (for its data: foodlogger show 1,2,3 --json)"
            )
        }
        return try ShopArguments.loadWhole(context.lastList)
    }

    /// Without --count or --limit, a page of the nearest 100 (one request, unless only open
    /// shops are wanted).
    var exploringQuery: RestaurantQuery {
        var query = search.query
        if !search.pageSizeGiven { query.count = RestaurantQuery.maxCount }
        return query
    }
}

extension MapCommand: SceneCommand {
    var common: CommonOptions { search.common }
    var impliedProvider: Provider? { lastList?.provider }
    /// A list's places were found by the service that found them: only a search's centre chooses.
    var searchCentre: ServiceAssembly.Centre? { lastList == nil ? search.searchCentre : nil }
    func refusal(by provider: Provider) -> UsageError? { search.refusal(by: provider) }

    func fillsScreen(_ context: ProcessContext) -> Bool { interaction(context) == .explore }

    func run(_ workers: FoodLogger.Workers, context: ProcessContext) async throws(ServiceError) -> ExitCode {
        let finder = try workers.finder()
        if let format {
            let scene = SearchScene.assemble(
                context: context, format: format, finder: finder, worker: workers.restaurants,
                lastList: LastListKeeper(context: context, invented: common.useStub))
            return ExitCode(await scene.search(search.drawingQuery, open: search.open, near: search.near))
        }
        let (drawing, exploring, centre, shown) = try await lastListFramed(workers.restaurants)
        let interaction = interaction(context)
        let keeper = LastListKeeper(context: context, invented: common.useStub, reportsAtOnce: interaction != .explore)
        let scene = MapScene.assemble(
            context: context, finder: finder, places: try workers.places(), lastList: keeper,
            foodLog: (FoodLogFile.store(stub: common.useStub, context: context), common.useStub))
        switch interaction {
        case .explore:
            let outcome = await scene.explore(
                exploring, around: centre, open: search.open, terminal: context.fullScreen(), shops: shown)
            keeper.reportFailure()
            return ExitCode(outcome)
        case .drawing(let note):
            if let note { context.report(note) }
            let outcome = await scene.show(
                drawing, around: centre, open: search.open, width: width, height: height, shops: shown)
            return ExitCode(outcome)
        }
    }
}

extension MapCommand {
    /// The queries and centre to draw, and with --last the list's shops (looked up only when
    /// not kept: Google's), numbered as the list showed them, around their own centre.
    func lastListFramed(_ worker: any HotpepperWorking) async throws(ServiceError) -> (
        drawing: RestaurantQuery, exploring: RestaurantQuery, centre: Map.Restaurants.Centre, shown: RestaurantPage?
    ) {
        guard let list = lastList else { return (search.drawingQuery, exploringQuery, centre, nil) }
        let known: any HotpepperWorking =
            search.common.cacheMode == .refresh ? worker : KnownShopsWorker(base: worker, list: list)
        var shown = try await known.lookupRestaurants(ids: list.ids)
        shown.start = list.firstNumber
        // Counted as shown: a list that began at 4 ends at its last number.
        shown.total = list.firstNumber - 1 + shown.restaurants.count
        let frame = list.frame(of: shown.restaurants)
        var query = search.query
        query.center = frame.center
        query.range = frame.range
        return (query, query, .coordinate(frame.center), shown)
    }

    enum Interaction: Equatable {
        case explore
        /// The drawing, with a note on why it is not the interactive map when one is due.
        case drawing(note: String?)
    }

    func interaction(_ context: ProcessContext) -> Interaction {
        Self.interaction(drawingAsked: format != nil || staticDrawing || width != nil || height != nil, context)
    }

    /// The interactive map needs a person at a terminal that can show it, and no drawing or
    /// data format asked for (`log map` decides the same way).
    static func interaction(drawingAsked: Bool, _ context: ProcessContext) -> Interaction {
        let terminal = context.terminal
        guard !drawingAsked, terminal.stdinIsTerminal, terminal.stdoutIsTerminal else {
            return .drawing(note: nil)
        }
        guard context.environment["TERM"] != "dumb" else {
            return .drawing(note: "TERM=dumb cannot show the interactive map; here is the drawing (--static).")
        }
        return .explore
    }
}
