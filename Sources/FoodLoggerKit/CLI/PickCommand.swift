import Foundation
import FoodLoggerDomain

/// `foodlogger pick`: every search option; one open place chosen from the search's page,
/// knowing the food log (want list first, then places never visited, then visited ones by
/// their rating), never one visited within --not-within.
struct PickCommand: Sendable {
    var search: SearchCommand
    var window: Pick.Window
    /// --seed: the same choice every time for the same places and log.
    var seed: UInt64?

    static let name = "pick"
    static let summary = "choose one open place for you, knowing your food log"

    static let examples = [
        "foodlogger pick --near 渋谷駅                       # one of the 10 nearest places open now",
        "foodlogger pick --near shibuya --genre ramen --count 50",
        "foodlogger pick --near \"Tokyo Station\" --open-at \"fri 19:30\" --not-within 2w",
        "foodlogger pick --stub --lat 35.6812 --lng 139.7671 --seed 7 --json | jq .name",
        "foodlogger pick --near 梅田 --want                   # only from your want list",
        "foodlogger pick --provider osm --near Edinburgh --include-unknown   # hours unknown too",
        "foodlogger pick --near 渋谷駅 && foodlogger open 1   # the pick is the last list",
    ]

    static let pickSpecs: [OptionSpec] = [
        OptionSpec(
            "--not-within", kind: .value("DURATION"),
            help: "never a place visited within this long: 36h, 14d, 2w (default 14d; the log's days, on your calendar)"),
        OptionSpec("--seed", kind: .value("N"), help: "choose the same way every time (0 to 2^64-1): for scripts and tests"),
    ]

    /// Search's options that mean nothing here: the pick is shown, not browsed.
    static let searchOnly: Set = ["--interactive"]

    static let help = HelpText(
        command: name, summary: summary,
        usage: "foodlogger pick [--near PLACE | --lat DEG --lng DEG | --area AREA] [options]", examples: examples,
        sections: [("Pick", pickSpecs)]
            + SearchCommand.help.sections.map { title, specs in (title, specs.filter { !searchOnly.contains($0.name) }) })

    /// The longest --not-within: ten years of days.
    static let longestWindow = 3650 * Pick.Window.Unit.days.seconds

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        search = try SearchCommand(parsed, context: context, center: nil, choosesOpen: true)
        window = try parsed.value("--not-within").map(Self.window) ?? .default
        seed = try parsed.value("--seed").map(Self.seed)
    }

    /// "36h", "14d", "2w": a whole number, more than 0, and its unit; at most ten years.
    static func window(_ text: String) throws(UsageError) -> Pick.Window {
        let problem = UsageError(
            "--not-within takes a whole number of hours, days or weeks such as 36h, 14d or 2w, not \(TerminalSafe.quoted(text))")
        guard let last = text.last, let unit = Pick.Window.Unit(rawValue: String(last).lowercased()) else { throw problem }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let amount = Int(digits),
            amount > 0
        else { throw problem }
        let window = Pick.Window(amount: amount, unit: unit)
        if window.seconds > longestWindow { throw UsageError("--not-within is at most 3650d (ten years), not \(text)") }
        return window
    }

    static func seed(_ text: String) throws(UsageError) -> UInt64 {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let seed = UInt64(text) else {
            throw UsageError("--seed takes a whole number from 0 to 18446744073709551615, not \(TerminalSafe.quoted(text))")
        }
        return seed
    }
}

extension PickCommand: SceneCommand {
    var common: CommonOptions { search.common }

    func refusal(by provider: Provider) -> UsageError? { search.refusal(by: provider) }
    var searchCentre: ServiceAssembly.Centre? { search.searchCentre }

    func run(_ workers: FoodLogger.Workers, context: ProcessContext) async throws(ServiceError) -> ExitCode {
        let random: any RandomSource = seed.map { SplitMix64(seed: $0) } ?? SystemRandomNumberGenerator()
        let scene = PickScene.assemble(
            context: context, format: common.format, finder: try workers.finder(), worker: workers.restaurants,
            lastList: LastListKeeper(context: context, invented: common.useStub),
            log: FoodLogFile.store(stub: common.useStub, context: context), random: random, zone: context.userTimeZone)
        let outcome = await scene.pick(
            Pick.Choose.Request(
                query: search.query, open: search.open, near: search.near, log: search.logFilter, window: window))
        return ExitCode(outcome)
    }
}
