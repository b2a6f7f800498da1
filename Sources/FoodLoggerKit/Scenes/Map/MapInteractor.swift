import FoodLoggerDomain
/// What the Map scene can do.
@MainActor
public protocol MapBusinessLogic: AnyObject {
    func showRestaurants(_ request: Map.Restaurants.Request) async
}

/// What the Map scene keeps for routing: the restaurants on the map, nearest first.
@MainActor
public protocol MapDataStore: AnyObject {
    var restaurants: [Restaurant] { get }
    var query: RestaurantQuery? { get }
}

/// Asks the worker for the restaurants around the centre and hands them, unformatted, to the
/// presenter.
@MainActor
public final class MapInteractor: MapBusinessLogic, MapDataStore {
    public var presenter: (any MapPresentationLogic)?
    let worker: any HotpepperWorking

    public private(set) var restaurants: [Restaurant] = []
    public private(set) var query: RestaurantQuery?

    public init(worker: any HotpepperWorking) {
        self.worker = worker
    }

    public func showRestaurants(_ request: Map.Restaurants.Request) async {
        var asked = request.query
        asked.center = request.center
        let result = await worker.searchNearestFirst(asked)
        query = asked
        restaurants = (try? result.get().restaurants) ?? []
        presenter?.presentRestaurants(.init(result: result, query: asked, center: request.center, viewport: request.viewport))
    }
}
