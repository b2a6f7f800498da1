import FoodLoggerDomain

/// Where the Pick scene leads: the chosen place's card.
@MainActor
protocol PickRoutingLogic: AnyObject {
    /// Shows the chosen place's card through the Detail scene.
    func routeToCard()
}

@MainActor
protocol PickDataPassing: AnyObject {
    var dataStore: (any PickDataStore)? { get }
}

@MainActor
final class PickRouter: PickRoutingLogic, PickDataPassing {
    weak var viewController: PickViewController?
    var dataStore: (any PickDataStore)?
    /// Handed to the Detail scene, as a storyboard would share it.
    var worker: (any HotpepperWorking)?

    func routeToCard() {
        guard let source = dataStore, let viewController, let worker else { return }
        let destination = DetailScene.assemble(
            context: viewController.context, format: .table, places: ShowPlaces(worker))
        guard let store = destination.router?.dataStore else { return }
        passDataToDetail(source: source, destination: store)
        destination.showPassed()
    }

    /// The place already fetched goes across as it is: its card asks the service nothing, and
    /// says "open" for the moment the pick asked about.
    func passDataToDetail(source: any PickDataStore, destination: any DetailDataStore) {
        destination.restaurants = source.chosen.map { [$0] } ?? []
        destination.moment = source.askedMoment
        destination.region = source.region
        destination.center = source.center
    }
}
