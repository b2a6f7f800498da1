import FoodLoggerDomain

/// Where the interactive map can lead: the selected restaurant's card, through the Detail
/// scene with the restaurant already fetched (no new request).
@MainActor
protocol MapRoutingLogic: AnyObject {
    /// Goes to the selected restaurant's card, which stays on that restaurant whatever the
    /// map does behind it, until `closeCard`.
    func showCard()
    func closeCard()
    /// The card's restaurant's card, as lines `width` columns wide.
    func cardLines(width: Int) -> [String]?
}

@MainActor
final class MapRouter: MapRoutingLogic {
    weak var viewController: MapViewController?
    var dataStore: (any MapDataStore)?
    var worker: (any HotpepperWorking)?

    func showCard() { dataStore?.cardRestaurant = dataStore?.selectedRestaurant }

    func closeCard() { dataStore?.cardRestaurant = nil }

    /// Shows the Detail scene, holding the card's (or the selected) restaurant, into captured
    /// text that the map's screen can show.
    func cardLines(width: Int) -> [String]? {
        guard let restaurant = dataStore?.cardRestaurant ?? dataStore?.selectedRestaurant, let viewController, let worker
        else { return nil }
        let output = CapturedOutput()
        var context = viewController.context
        context.stdout = output
        context.stderr = CapturedOutput()
        context.terminal = Terminal(stdoutIsTerminal: true, columns: width)
        context.color = .never
        let destination = DetailScene.assemble(context: context, format: .table, worker: worker)
        destination.router?.dataStore?.restaurants = [restaurant]
        destination.router?.dataStore?.moment = dataStore.flatMap { $0.open.openOnly ? $0.open.moment : nil }
        destination.router?.dataStore?.region = dataStore?.region
        destination.router?.dataStore?.center = dataStore?.query?.center
        _ = destination.showPassed()
        return output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
