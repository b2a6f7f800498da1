import FoodLoggerDomain
/// `foodlogger open ID`: the shop's page in the browser.
struct OpenCommand: Sendable {
    var common: CommonOptions
    var id: String
    var printURLOnly: Bool
    /// The service whose id it is.
    let impliedProvider: Provider?

    static let name = "open"
    static let summary = "open a shop's page in the browser (or print its address)"

    static let printURLSpec = OptionSpec("--print-url", help: "print the page's address on stdout instead of opening it")

    static let help = HelpText(
        command: name, summary: summary, usage: "foodlogger open ID [--print-url] [options]",
        examples: [
            "foodlogger open J001234567",
            "foodlogger open J001234567 --print-url > shop-url.txt",
            "foodlogger open way/987654",
            "foodlogger open --stub J900000001 --print-url",
        ],
        sections: [
            ("Output", [printURLSpec]),
            ("Service", CommonOptions.serviceSpecs + [CommonOptions.helpSpec]),
        ],
        argumentName: "ID")

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        common = try CommonOptions(parsed, context: context)
        let (ids, provider) = try ShowCommand.ids(parsed.positionals, limit: Int.max, common: common)
        guard ids.count == 1 else { throw UsageError("open takes one shop id, got \(ids.count)") }
        id = ids[0]
        impliedProvider = provider
        printURLOnly = parsed.has("--print-url")
    }
}

extension OpenCommand: SceneCommand {
    func run(_ workers: FoodLogger.Workers, context: ProcessContext) async -> ExitCode {
        await DetailScene.assemble(context: context, format: common.format, worker: workers.restaurants)
            .openPage(id: id, printURLOnly: printURLOnly)
    }
}
