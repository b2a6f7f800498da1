import FoodLoggerDomain
/// `foodlogger open N|ID`: the shop's page in the browser.
struct OpenCommand: Sendable {
    var common: CommonOptions
    var shop: ShopArguments
    var printURLOnly: Bool
    /// --directions: the way there from the last search's centre, instead of the page.
    var directionsFrom: Coordinate?
    var impliedProvider: Provider? { shop.provider }

    static let name = "open"
    static let summary = "open a shop's page in the browser (or print its address)"

    static let printURLSpec = OptionSpec("--print-url", help: "print the page's address on stdout instead of opening it")
    static let directionsSpec = OptionSpec(
        "--directions",
        help:
            "the way there on foot from the last search's centre instead of the page: Google Maps for a Google place, else OpenStreetMap"
    )

    static let help = HelpText(
        command: name, summary: summary, usage: "foodlogger open N|ID [--print-url] [--directions] [options]",
        examples: [
            "foodlogger open 3                  # the shop numbered 3 by the last search",
            "foodlogger open 3 --directions     # the way there on foot from the search's centre",
            "foodlogger open J001234567",
            "foodlogger open J001234567 --print-url > shop-url.txt",
            "foodlogger open way/987654",
            "foodlogger open --stub J900000001 --print-url",
        ],
        sections: [
            ("Output", [printURLSpec, directionsSpec]),
            ("Service", CommonOptions.serviceSpecs + [CommonOptions.helpSpec]),
        ],
        argumentName: "N|ID")

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        let given = try CommonOptions(parsed, context: context)
        shop = try ShopArguments(
            parsed.positionals, limit: Int.max, common: given, store: context.lastList)
        common = shop.options(given)
        guard shop.ids.count == 1 else { throw UsageError("open takes one shop, got \(shop.ids.count)") }
        printURLOnly = parsed.has("--print-url")
        if parsed.has("--directions") {
            guard let center = shop.list?.center else {
                throw UsageError(
                    "--directions starts from the last search's centre: give the place's number in that list (open 3 --directions)"
                )
            }
            directionsFrom = center
        }
    }
}

extension OpenCommand: SceneCommand {
    func run(_ workers: FoodLogger.Workers, context: ProcessContext) async -> ExitCode {
        // A page needs no part of a merged place looked up again: the use case without part workers.
        let scene = DetailScene.assemble(context: context, format: common.format, places: ShowPlaces(workers.restaurants))
        return ExitCode(
            await scene.openPage(
                id: shop.ids[0], known: shop.knownPlaces, printURLOnly: printURLOnly,
                directionsFrom: directionsFrom))
    }
}
