import FoodLoggerDomain

/// Where the interactive map can lead: the selected restaurant's card, through the Detail
/// scene with the restaurant already fetched (no new request), and into the food log, through
/// the FoodLog scene.
@MainActor
protocol MapRoutingLogic: AnyObject {
    /// Goes to the selected restaurant's card, which stays on that restaurant whatever the
    /// map does behind it, until `closeCard`.
    func showCard()
    func closeCard()
    /// The card's (or the selected) restaurant's card, as the Detail scene's view model.
    func card() -> Detail.Lookup.ViewModel.Cards?
    /// The selected restaurant into the food log: a meal today, or (`want`) the want list.
    /// What the FoodLog scene said of it, for the status line; nil when nothing is selected.
    func logSelected(want: Bool) async -> String?
}

@MainActor
final class MapRouter: MapRoutingLogic {
    weak var viewController: MapViewController?
    var dataStore: (any MapDataStore)?
    /// The food log `v` and `w` write to, and whether it is the stub's own (which keeps the
    /// stub's made-up places); nil where the map logs nothing.
    var foodLog: (store: any FoodLogStoring, stub: Bool)?
    /// The Detail scene's card for a shop in hand, as its assembly gives it (`DetailScene.cardSource`).
    var detail: (any DetailCardSource)?

    func showCard() { dataStore?.cardRestaurant = dataStore?.selectedRestaurant }

    func closeCard() { dataStore?.cardRestaurant = nil }

    /// The card's (or the selected) restaurant's card, as the Detail scene words it: its view
    /// model for the shop already in hand (no new request), at the moment the map asked about,
    /// else now.
    func card() -> Detail.Lookup.ViewModel.Cards? {
        guard let restaurant = dataStore?.cardRestaurant ?? dataStore?.selectedRestaurant, let viewController
        else { return nil }
        let asked = dataStore.flatMap { $0.open.openOnly ? $0.open.moment : nil }
        return detail?.cards(
            for: Detail.ShowPassed.Response(
                result: .success([restaurant]), moment: asked ?? .now(viewController.context.now()), askedAbout: asked != nil,
                region: dataStore?.region, center: dataStore?.query?.center))
    }

    /// The FoodLog scene adds the selected shop as `log add` does (the same entry, the same
    /// refusal of a place logged that day already), looked up among the places on the map so
    /// the service is asked nothing. The map holds the screen, so the scene prints nothing:
    /// its line is handed over as an MCP call's is, and its refusal kept from stderr.
    func logSelected(want: Bool) async -> String? {
        guard let shop = dataStore?.selectedRestaurant, let viewController, let foodLog else { return nil }
        let said = CapturedOutput(), handed = DocumentSink()
        var quiet = viewController.context
        quiet.stdout = NoOutput()
        quiet.stderr = said
        quiet.documents = handed
        let destination = FoodLogScene.assemble(
            context: quiet, presentation: .table, store: foodLog.store, worker: ShopListWorker([shop]))
        _ = await destination.add(id: shop.id, when: want ? .want : .today, note: nil, rating: nil, stubLog: foodLog.stub)
        if case .line(let line) = handed.data { return line }
        // The refusal comes after any warning, as `foodlogger: …`.
        return said.text.split(separator: "\n").last.map { String($0.trimmingPrefix("foodlogger: ")) }
    }
}
