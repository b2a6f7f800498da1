import FoodLoggerDomain

/// Where the interactive map can lead: the selected restaurant's card, through the Detail
/// scene with the restaurant already fetched (no new request).
@MainActor
protocol MapRoutingLogic: AnyObject {
    /// Goes to the selected restaurant's card, which stays on that restaurant whatever the
    /// map does behind it, until `closeCard`.
    func showCard()
    func closeCard()
    /// The card's (or the selected) restaurant's card, as the Detail scene's view model.
    func card() -> Detail.Lookup.ViewModel.Cards?
}

@MainActor
final class MapRouter: MapRoutingLogic {
    weak var viewController: MapViewController?
    var dataStore: (any MapDataStore)?

    func showCard() { dataStore?.cardRestaurant = dataStore?.selectedRestaurant }

    func closeCard() { dataStore?.cardRestaurant = nil }

    /// The card's (or the selected) restaurant's card, as the Detail scene words it: its
    /// presenter's view model for the shop already in hand (no new request), at the moment the
    /// map asked about, else now.
    func card() -> Detail.Lookup.ViewModel.Cards? {
        guard let restaurant = dataStore?.cardRestaurant ?? dataStore?.selectedRestaurant, let viewController
        else { return nil }
        let context = viewController.context
        let asked = dataStore.flatMap { $0.open.openOnly ? $0.open.moment : nil }
        let response = Detail.ShowPassed.Response(
            result: .success([restaurant]), moment: asked ?? .now(context.now()), askedAbout: asked != nil,
            region: dataStore?.region, center: dataStore?.query?.center)
        guard
            case .cards(let cards) = DetailPresenter(unicode: context.isUTF8, units: context.units).viewModel(for: response)
                .content
        else { return nil }
        return cards
    }
}
