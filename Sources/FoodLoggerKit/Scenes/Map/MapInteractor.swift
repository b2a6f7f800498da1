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
    /// Finds --near's place.
    let places: (any PlaceLocating)?

    private(set) var restaurants: [Restaurant] = []
    private(set) var query: RestaurantQuery?

    init(worker: any HotpepperWorking, places: (any PlaceLocating)? = nil) {
        self.worker = worker
        self.places = places
    }

    func showRestaurants(_ request: Map.Restaurants.Request) async {
        var asked = request.query
        let result: Result<Map.Restaurants.Response.Found, HotpepperError>
        switch await centre(of: request) {
        case .failure(let error):
            result = .failure(error)
        case .success(let (center, located)):
            asked.center = center
            let near: NearPlace? = if case .place(let place) = request.centre { place } else { nil }
            result = await worker.search(asked, request.open).map {
                .init(page: $0.page, center: center, near: near, located: located)
            }
        }
        query = asked
        restaurants = (try? result.get().page.restaurants) ?? []
        presenter?.presentRestaurants(.init(result: result, query: asked, viewport: request.viewport))
    }

    /// The coordinates given, or where the place search found --near's place.
    private func centre(of request: Map.Restaurants.Request) async -> Result<
        (Coordinate, GeocodingWorker.Located?), HotpepperError
    > {
        switch request.centre {
        case .coordinate(let center):
            return .success((center, nil))
        case .place(let near):
            guard let places else { return .failure(.placeNotFound(near.text, known: [])) }
            do {
                let located = try await places.locate(near.text)
                return .success((located.place.coordinate, located))
            } catch {
                return .failure(error)
            }
        }
    }
}
