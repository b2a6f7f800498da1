import FoodLoggerDomain
/// What the Map scene can do.
@MainActor
protocol MapBusinessLogic: AnyObject {
    func showRestaurants(_ request: Map.Restaurants.Request) async
}

/// What the Map scene keeps for routing: the restaurants on the map, nearest first.
@MainActor
protocol MapDataStore: AnyObject {
    var restaurants: [Restaurant] { get }
    var query: RestaurantQuery? { get }
}

/// Asks the worker for the restaurants around the centre and hands them, unformatted, to the
/// presenter.
@MainActor
final class MapInteractor: MapBusinessLogic, MapDataStore {
    var presenter: (any MapPresentationLogic)?
    let worker: any HotpepperWorking

    private(set) var restaurants: [Restaurant] = []
    private(set) var query: RestaurantQuery?

    init(worker: any HotpepperWorking) {
        self.worker = worker
    }

    func showRestaurants(_ request: Map.Restaurants.Request) async {
        var asked = request.query
        asked.center = request.center
        let result = await worker.search(asked, request.open).map(\.page)
        query = asked
        restaurants = (try? result.get().restaurants) ?? []
        presenter?.presentRestaurants(.init(result: result, query: asked, center: request.center, viewport: request.viewport))
    }
}
