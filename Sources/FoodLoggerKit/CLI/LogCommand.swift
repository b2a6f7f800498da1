import Foundation
import FoodLoggerDomain

/// `foodlogger log [list|add|remove|map|check]`: the food log, a file of the shops the user ate
/// at or wants to go to. `add` asks a service (to look the shop up), `check` asks each logged
/// place's services whether it still trades; the others read the file.
struct LogCommand: Sendable {
    enum Action: String, Sendable, CaseIterable {
        case list, add, remove, map, check
    }

    var action: Action
    var common: CommonOptions
    var filter: FoodLog.Filter
    /// `add`'s shop id (a last-list number turned into its shop's), and the service it is an id of.
    var id: String?
    /// `add`'s words read, whose worker answers a kept last-list shop without a request.
    var shopArguments: ShopArguments?
    var impliedProvider: Provider?
    var when: FoodLog.Add.When
    var note: String?
    var rating: Int?
    /// `remove`'s entry number.
    var number: Int?
    /// `add`'s --again: a second meal at the shop that day.
    var again: Bool
    /// `check`'s --provider LIST: the services to ask; nil for every one the log names.
    var checkProviders: Set<Provider>?
    /// `check`'s --yes: send more billed requests than `BilledLookupConsent.threshold` without asking.
    var yes: Bool
    /// --stub (or FOODLOGGER_STUB): the stub's own log, kept apart from the user's.
    var stubLog: Bool
    /// `map`'s data format, if one was asked for, and the drawing's size.
    var format: OutputFormat?
    var staticDrawing: Bool
    /// log map --near: which group of places to draw, when the log's places are far apart.
    var near: String?
    var width: Int?
    var height: Int?

    static let name = "log"
    static let summary = "keep a food log: the shops you ate at or want to go to"
    /// Enough for a paragraph; a diary longer than that belongs in a file of its own.
    static let maxNoteLength = 1000

    static let logSpecs: [OptionSpec] = [
        OptionSpec("--note", kind: .value("TEXT"), help: "log add: what you thought, in your words"),
        OptionSpec("--rating", kind: .value("1-5"), values: ["1", "2", "3", "4", "5"], help: "log add: your stars, 1 to 5"),
        OptionSpec(
            "--date", kind: .value("DAY"), values: ["today", "yesterday"],
            help: "log add: the day you ate there, YYYY-MM-DD, today or yesterday (default today, in your time zone)"),
        OptionSpec("--want", help: "log add: a shop you want to go to; log, log map, log check: only those"),
        OptionSpec("--again", help: "log add: log the meal even if the shop is logged that day already"),
        OptionSpec("--visited", help: "log, log map, log check: only the shops you ate at"),
        OptionSpec(
            "--yes",
            help: "log check: send more than \(BilledLookupConsent.threshold) billed requests (Google's Place Details) "
                + "without asking; without a terminal to ask on, such a check needs it (else exit 64, nothing sent)"),
    ]

    static let nearSpec = OptionSpec(
        "--near", kind: .value("PLACE"),
        help:
            "places far apart (over \(Int(PlaceGroups.reach / 1000)) km) make a map each, the largest drawn: draw the one around this point (55.95,-3.19) or the logged place whose name or address holds these words"
    )

    static let help = HelpText(
        command: name, summary: summary, usage: "foodlogger log [list | add SHOP | remove N | map | check] [options]",
        examples: [
            "foodlogger log add 3 --rating 4 --note \"good tonkotsu\"   # shop 3 of the last search",
            "foodlogger log add node/2750164437 --date yesterday",
            "foodlogger log add J001234567 --want          # a shop to go to",
            "foodlogger log                                # newest first",
            "foodlogger log --want --format csv > to-go.csv",
            "foodlogger log remove 3                       # the number 'foodlogger log' shows",
            "foodlogger log map --static",
            "foodlogger log map --near 21.03,105.85          # two cities logged: those around Hanoi",
            "foodlogger log map --format html > log.html",
            "foodlogger log check                          # exit 1: one closed (65: a bad id; 69: not asked)",
            "foodlogger log check --yes                    # over \(BilledLookupConsent.threshold) billed Google requests, not asked",
            "foodlogger log check --provider osm,hotpepper # ask only these (no Google requests)",
        ],
        sections: [
            ("Log", logSpecs), ("Map (log map)", [MapCommand.staticSpec, nearSpec] + MapCommand.sizeSpecs),
            ("Output", CommonOptions.outputSpecs),
            (
                "Service (log add, log check)",
                CommonOptions.serviceSpecs.map { $0.name == "--provider" ? checkProviderSpec : $0 } + [CommonOptions.helpSpec]
            ),
        ],
        argumentValues: Action.allCases.map(\.rawValue), argumentName: "SHOP")

    /// The options each action takes besides --help; any other is refused, never ignored.
    static let accepted: [Action: Set<String>] = [
        .list: ["--want", "--visited", "--format", "--json", "--color", "--stub"],
        .add: Set(["--note", "--rating", "--date", "--want", "--again", "--color"] + CommonOptions.serviceSpecs.map(\.name)),
        .remove: ["--color", "--stub"],
        .map: Set([
            "--want", "--visited", "--format", "--json", "--color", "--tiles", "--static", "--width", "--height", "--stub",
        ]),
        // Each place is asked of the services the log has its ids at; --provider only narrows them.
        .check: Set(["--want", "--visited", "--format", "--json", "--color", "--yes"] + CommonOptions.serviceSpecs.map(\.name)),
    ]

    /// --provider as the log reads it: `add`'s one service, `check`'s list of the services to
    /// ask (`checkProviders(_:)`).
    static let checkProviderSpec = OptionSpec(
        "--provider", kind: .value("NAME[,NAME]"), values: Provider.allCases.map(\.rawValue),
        help: "log add: hotpepper|osm|google, the service the shop's id is at (default: as a search chooses); "
            + "log check: ask only these of each place's services, comma-separated (osm,hotpepper: no Google "
            + "requests), default every service the log names")

    /// `log check --provider osm,hotpepper`: the services named, each a known one.
    static func checkProviders(_ value: String?) throws(UsageError) -> Set<Provider>? {
        guard let value else { return nil }
        var providers: Set<Provider> = []
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            let name = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let provider = Provider(rawValue: name) else {
                throw UsageError(
                    "--provider takes services from \(Provider.allCases.map(\.rawValue).joined(separator: ", ")), "
                        + "comma-separated, not \(TerminalSafe.quoted(name))")
            }
            providers.insert(provider)
        }
        return providers
    }

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        var words = parsed.positionals
        action = .list
        if let first = words.first {
            guard let named = Action(rawValue: first) else {
                throw UsageError(
                    "\(TerminalSafe.quoted(first)) is not a log command; use \(Action.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            action = named
            words.removeFirst()
        }
        let given = parsed.flags.union(parsed.values.keys)
        if let stray = given.subtracting(Self.accepted[action, default: []]).sorted().first {
            throw UsageError("\(stray) has no effect with 'log \(action.rawValue)'")
        }
        // `check` reads --provider as a list of services to ask; the rest as one service.
        var serviceOptions = parsed
        if action == .check {
            checkProviders = try Self.checkProviders(parsed.value("--provider"))
            serviceOptions.values["--provider"] = nil
        }
        common = try CommonOptions(serviceOptions, context: context)
        stubLog = common.useStub
        yes = parsed.has("--yes")
        again = parsed.has("--again")
        if again, parsed.has("--want") { throw UsageError("--again logs a meal a second time; a wanted shop is wanted once") }
        if parsed.has("--want"), parsed.has("--visited") { throw UsageError("--want and --visited exclude each other; give one") }
        filter = parsed.has("--want") ? .want : parsed.has("--visited") ? .visited : .all
        format = parsed.has("--json") || parsed.value("--format") != nil ? common.format : nil
        staticDrawing = parsed.has("--static")
        near = parsed.value("--near")?.trimmingCharacters(in: .whitespaces)
        if near != nil, action != .map { throw UsageError("--near is for 'log map': which of the log's places to draw") }
        if near?.isEmpty == true { throw UsageError("--near is empty: give a point (55.95,-3.19) or a logged place's name") }
        width = try parsed.integer("--width", in: TerminalMap.widthRange)
        height = try parsed.integer("--height", in: TerminalMap.heightRange)
        if let format, width != nil || height != nil {
            throw UsageError("--width and --height size the terminal map; they have no effect with --format \(format.rawValue)")
        }
        rating = try parsed.integer("--rating", in: FoodLogEntry.ratings)
        note = try Self.note(parsed.value("--note"))
        when = try Self.when(parsed, today: CivilDate(context.now(), in: context.userTimeZone))
        (id, impliedProvider, number, shopArguments) = (nil, nil, nil, nil)
        switch action {
        case .list, .check:
            let named = "'log \(action.rawValue)'"
            if !words.isEmpty { throw UsageError("\(named) takes no arguments, not \(TerminalSafe.quoted(words[0]))") }
            if ![.table, .json, .csv].contains(common.format) {
                // A list of the log is also a map; a check's findings are not.
                let instead =
                    action == .list
                    ? "try 'log map --format \(common.format.rawValue)'" : "its findings have no position to map"
                throw UsageError("\(named) prints table, json or csv, not \(common.format.rawValue) (\(instead))")
            }
        case .add:
            guard words.count == 1 else {
                throw UsageError(
                    words.isEmpty
                        ? "give the shop to log: a number the last search showed (3) or an id like J001234567"
                        : "log one shop at a time")
            }
            let shop = try ShopArguments(words, limit: 1, common: common, store: context.lastList)
            (id, impliedProvider, shopArguments) = (shop.ids[0], shop.provider, shop)
            // A shop the last list kept asks no service: it needs neither --stub nor a key.
            common = shop.options(common)
        case .remove:
            // Digits only, as a last list's numbers are read: `+3` is no entry's number.
            guard words.count == 1, words[0].allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(words[0]), number > 0
            else {
                let given = words.first.map { ", not \(TerminalSafe.quoted($0))" } ?? ""
                throw UsageError("'log remove' takes one entry's number, as 'foodlogger log' shows it\(given)")
            }
            self.number = number
        case .map:
            if !words.isEmpty { throw UsageError("'log map' takes no arguments, not \(TerminalSafe.quoted(words[0]))") }
        }
    }

    /// --note, trimmed; an empty one is a mistake, not a way to say nothing.
    static func note(_ text: String?) throws(UsageError) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw UsageError("--note is empty; leave it out, or say something") }
        if trimmed.count > maxNoteLength {
            throw UsageError("--note is \(trimmed.count) characters; at most \(maxNoteLength) are kept")
        }
        return trimmed
    }

    /// --date's day, or --want: a day from `FoodLogEntry.earliestDate` to `today`, a meal
    /// being something already eaten.
    static func when(_ parsed: ParsedArguments, today: CivilDate) throws(UsageError) -> FoodLog.Add.When {
        if parsed.has("--want") {
            if parsed.value("--date") != nil { throw UsageError("--want is for a shop you have not been to; leave out --date") }
            return .want
        }
        guard let text = parsed.value("--date") else { return .today }
        switch text.lowercased() {
        case "today": return .today
        case "yesterday": return .yesterday
        default:
            guard let day = CivilDate(text) else {
                throw UsageError("--date must be YYYY-MM-DD, today or yesterday, not \(TerminalSafe.quoted(text))")
            }
            if day > today {
                throw UsageError("--date \(day) is after today (\(today)): log a meal once it is eaten, or use --want")
            }
            if day < FoodLogEntry.earliestDate {
                throw UsageError("--date \(day) is before \(FoodLogEntry.earliestDate), earlier than any meal the log takes")
            }
            return .day(day)
        }
    }

    /// How `log map` shows the shops: a data format, the drawing (with a note on why, when the
    /// interactive map was due), or the interactive map, as `map` decides.
    func mapRoute(_ context: ProcessContext) -> (route: FoodLog.MapRoute, note: String?) {
        if let format { return (.format(format), nil) }
        switch MapCommand.interaction(drawingAsked: staticDrawing || width != nil || height != nil, context) {
        case .explore: return (.explore, nil)
        case .drawing(let note): return (.drawing(width: width, height: height), note)
        }
    }

    var presentation: FoodLog.List.Presentation {
        switch common.format {
        case .csv: .csv
        case .table: .table
        default: .document
        }
    }
}

extension LogCommand: SceneCommand {
    func fillsScreen(_ context: ProcessContext) -> Bool { action == .map && mapRoute(context).route == .explore }

    /// Only `add` asks the one service its options choose; `check` makes the services its log
    /// names itself; the others read the log alone.
    @MainActor func runWithoutService(context: ProcessContext) async -> ExitCode? {
        switch action {
        case .add: return nil
        case .check:
            let assembly = ServiceAssembly(options: common, context: context)
            let consent = BilledLookupConsent(yes: yes, stub: common.useStub, context: context)
            let checker = TradingCheckWorker(
                only: checkProviders, announce: assembly.lookupAnnouncement(), approve: { consent.approve($0) }
            ) { provider throws(ServiceError) in try assembly.checkingWorker(for: provider) }
            let scene = FoodLogScene.assemble(
                context: context, presentation: presentation, store: FoodLogFile.store(stub: stubLog, context: context),
                checker: checker)
            return ExitCode(await scene.check(filter))
        default: return await run(worker: nil, context: context)
        }
    }

    @MainActor func run(_ workers: FoodLogger.Workers, context: ProcessContext) async -> ExitCode {
        await run(worker: shopArguments?.worker(over: workers.restaurants) ?? workers.restaurants, context: context)
    }

    @MainActor func run(worker: (any HotpepperWorking)?, context: ProcessContext) async -> ExitCode {
        let scene = FoodLogScene.assemble(
            context: context, presentation: presentation, store: FoodLogFile.store(stub: stubLog, context: context),
            worker: worker)
        let outcome: SceneOutcome
        switch action {
        case .list: outcome = scene.list(filter)
        case .add:
            outcome = await scene.add(id: id ?? "", when: when, note: note, rating: rating, stubLog: stubLog, again: again)
        case .remove: outcome = await scene.remove(number: number ?? 0)
        case .check: outcome = await scene.check(filter)
        case .map:
            let (route, note) = mapRoute(context)
            if let note { context.report(note) }
            outcome = await scene.map(filter, near: near, as: route)
        }
        return ExitCode(outcome)
    }
}
