import FoodLoggerDomain
/// `foodlogger show ID...`: one card per shop, looked up by id.
struct ShowCommand: Sendable {
    var common: CommonOptions
    var ids: [String]

    static let name = "show"
    static let summary = "show everything about shops, by id (J001234567)"
    /// Enough for any sensible use, and few enough requests (20 ids each) to stay polite.
    static let maxIDs = 100

    static let help = HelpText(
        command: name, summary: summary, usage: "foodlogger show ID [ID...] [options]",
        examples: [
            "foodlogger show J001234567",
            "foodlogger show --stub J900000001 J900000102 --json | jq '.restaurants[].amenities'",
            "foodlogger search --lat 35.6812 --lng 139.7671 --json | jq -r '.restaurants[].id' | xargs foodlogger show",
        ],
        sections: [
            ("Output", CommonOptions.outputSpecs),
            ("Service", CommonOptions.serviceSpecs + [CommonOptions.helpSpec]),
        ],
        argumentName: "ID")

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        common = try CommonOptions(parsed, context: context)
        ids = try Self.ids(parsed.positionals, limit: Self.maxIDs)
    }

    /// Shop ids from the command line: `J` and digits, commas allowed between them, upper-cased,
    /// duplicates dropped (first one kept), at least one and at most `limit`.
    static func ids(_ arguments: [String], limit: Int) throws(UsageError) -> [String] {
        var ids: [String] = []
        for argument in arguments {
            for word in argument.split(separator: ",") {
                let id = word.trimmingCharacters(in: .whitespaces).uppercased()
                guard id.range(of: "^J[0-9]+$", options: .regularExpression) != nil else {
                    throw UsageError("\(TerminalSafe.quoted(String(word))) is not a shop id; ids look like J001234567")
                }
                if !ids.contains(id) { ids.append(id) }
            }
        }
        if ids.isEmpty { throw UsageError("give at least one shop id, like J001234567") }
        if ids.count > limit { throw UsageError("at most \(limit) shop ids at a time, got \(ids.count)") }
        return ids
    }
}

extension ShowCommand: SceneCommand {
    func run(_ workers: FoodLogger.Workers, context: ProcessContext) async -> ExitCode {
        await DetailScene.assemble(context: context, format: common.format, worker: workers.restaurants).show(ids: ids)
    }
}
