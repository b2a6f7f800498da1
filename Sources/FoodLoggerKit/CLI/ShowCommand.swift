import FoodLoggerDomain
/// `foodlogger show 3 | ID...`: one card per shop, from the last list or looked up by id.
struct ShowCommand: Sendable {
    var common: CommonOptions
    var shops: ShopArguments
    /// --sources: each service's view of a merged place side by side.
    var sources: Bool

    static let name = "show"
    static let summary = "show everything about shops, by their number in the last list (3) or by id"
    /// Enough for any sensible use, and few enough requests (20 ids each) to stay polite.
    static let maxIDs = 100

    static let help = HelpText(
        command: name, summary: summary, usage: "foodlogger show N|ID [N|ID...] [options]",
        examples: [
            "foodlogger show 3                  # the shop numbered 3 by the last search, map or search -i",
            "foodlogger show 1 4 --json         # or 1,4",
            "foodlogger show J001234567",
            "foodlogger show node/2750164437 way/987654",
            "foodlogger show --stub J900000001 J900000102 --json | jq '.restaurants[].amenities'",
            "foodlogger show 2 --sources          # a merged place: what each service says, side by side",
            "foodlogger search --near 東京駅 --json | jq -r '.restaurants[].id' | xargs foodlogger show",
        ],
        sections: [
            ("Output", CommonOptions.outputSpecs + [sourcesSpec]),
            ("Service", CommonOptions.serviceSpecs + [CommonOptions.helpSpec]),
        ],
        argumentName: "N|ID")

    static let sourcesSpec = OptionSpec(
        "--sources",
        help:
            "for a place of a merged search (--provider osm,google or all): each service's view of it side by side, ≠ where they disagree; with --json each source's own record"
    )

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        sources = parsed.has("--sources")
        let given = try CommonOptions(parsed, context: context)
        shops = try ShopArguments(
            parsed.positionals, limit: Self.maxIDs, common: given, store: context.lastList)
        common = shops.options(given)
    }

    var impliedProvider: Provider? { shops.provider }

    /// The id as its service writes it, and the service; nil for text of no service's form
    /// (`ServiceCapabilities.placeIDs`, the one check of an id). A user's word is read kindly
    /// first: `j001234567` and `NODE/123` as their service writes them.
    static func idForm(_ text: String) -> (String, Provider)? {
        if let id = Provider.hotpepper.placeIDs.id(text.uppercased()) { return (id, .hotpepper) }
        if let id = Provider.osm.placeIDs.id(text.lowercased()) { return (id, .osm) }
        // Google's place ids, or its resource name `places/…`, of 20 characters or more with a
        // letter among them: never a short number, which names a shop of the last list, nor a word.
        if let id = Provider.google.placeIDs.id(text), id.utf8.count >= 20, id.contains(where: \.isLetter) {
            return (id, .google)
        }
        return nil
    }

    /// The service a word that is no id seems meant for: one whose ids (or resource names) start
    /// with a kind and a `/` the word starts with (`node/1x`, `places/../x`), to name it.
    static func meantFor(_ text: String) -> Provider? {
        let lower = text.lowercased()
        return Provider.allCases.first { provider in
            let grammar = provider.placeIDs
            return (grammar.kinds + [grammar.resourcePrefix ?? ""]).contains { $0.hasSuffix("/") && lower.hasPrefix($0) }
        }
    }
}

extension ShowCommand: SceneCommand {
    func run(_ workers: FoodLogger.Workers, context: ProcessContext) async -> ExitCode {
        let places = ShowPlaces(workers.restaurants, parts: Self.partWorkers(workers.assembly))
        let scene = DetailScene.assemble(context: context, format: common.format, places: places)
        return ExitCode(await scene.show(shops.request(offline: common.cacheMode == .offline), sources: sources))
    }

    /// The worker of a service whose parts of merged places the last list could not keep
    /// (Google's: its terms), made when `ShowPlaces` needs one, or why there is none (no key).
    static func partWorkers(_ assembly: ServiceAssembly) -> ShowPlaces.PartWorkers {
        { provider in
            Result { () throws(ServiceError) in
                HotpepperWorker(api: try assembly.services(provider, located: nil, searchesPlaces: true).restaurants)
            }
        }
    }
}
