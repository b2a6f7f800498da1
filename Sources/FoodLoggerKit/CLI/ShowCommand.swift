import FoodLoggerDomain
/// `foodlogger show ID...`: one card per shop, looked up by id.
struct ShowCommand: Sendable {
    var common: CommonOptions
    var ids: [String]

    static let name = "show"
    static let summary = "show everything about shops, by id (J001234567, node/123)"
    /// Enough for any sensible use, and few enough requests (20 ids each) to stay polite.
    static let maxIDs = 100

    static let help = HelpText(
        command: name, summary: summary, usage: "foodlogger show ID [ID...] [options]",
        examples: [
            "foodlogger show J001234567",
            "foodlogger show node/2750164437 way/987654",
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
        (ids, impliedProvider) = try Self.ids(parsed.positionals, limit: Self.maxIDs, common: common)
    }

    /// The service whose ids these are.
    let impliedProvider: Provider?

    /// Shop ids from the command line as their service writes them (HOT PEPPER's `J` and digits,
    /// upper-cased; OpenStreetMap's `node/123`, `way/…`, `relation/…`, lower-cased), commas
    /// allowed between them, duplicates dropped (first one kept), at least one and at most
    /// `limit`, all of one service (which a --provider must not contradict).
    static func ids(
        _ arguments: [String], limit: Int, common: CommonOptions
    ) throws(UsageError) -> (ids: [String], provider: Provider) {
        var ids: [String] = []
        var providers: [Provider] = []
        for argument in arguments {
            for word in argument.split(separator: ",") {
                let text = word.trimmingCharacters(in: .whitespaces)
                guard let (id, provider) = idForm(text) else {
                    throw UsageError(
                        "\(TerminalSafe.quoted(String(word))) is not a shop id; ids look like J001234567 or node/123")
                }
                if !providers.contains(provider) { providers.append(provider) }
                if !ids.contains(id) { ids.append(id) }
            }
        }
        guard let provider = providers.first else { throw UsageError("give at least one shop id, like J001234567") }
        if ids.count > limit { throw UsageError("at most \(limit) shop ids at a time, got \(ids.count)") }
        if providers.count > 1 {
            throw UsageError(
                "these ids come from \(providers.map(\.title).joined(separator: " and ")); give one service's at a time")
        }
        if common.providerIsFlag, let flag = common.provider, flag != provider {
            throw UsageError("\(TerminalSafe.quoted(ids[0])) is an id of \(provider.title), not of --provider \(flag.rawValue)")
        }
        return (ids, provider)
    }

    /// The id as its service writes it, and the service; nil for text of no service's form.
    static func idForm(_ text: String) -> (String, Provider)? {
        let upper = text.uppercased()
        if upper.range(of: "^J[0-9]+$", options: .regularExpression) != nil { return (upper, .hotpepper) }
        let lower = text.lowercased()
        if lower.range(of: "^(node|way|relation)/[0-9]{1,19}$", options: .regularExpression) != nil { return (lower, .osm) }
        // Google's place ids: 20 or more letters, digits, `-` and `_` (ChIJN1t_tDeuEmsRUsoyG83frY4),
        // or its resource name `places/…`; never a short number, which names a shop of the last list.
        let bare = text.hasPrefix("places/") ? String(text.dropFirst("places/".count)) : text
        if bare.range(of: "^[A-Za-z0-9_-]{20,}$", options: .regularExpression) != nil, bare.contains(where: \.isLetter) {
            return (bare, .google)
        }
        return nil
    }
}

extension ShowCommand: SceneCommand {
    func run(_ workers: FoodLogger.Workers, context: ProcessContext) async -> ExitCode {
        await DetailScene.assemble(context: context, format: common.format, worker: workers.restaurants).show(ids: ids)
    }
}
