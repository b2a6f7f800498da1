/// What the Search scene can do.
@MainActor
public protocol SearchBusinessLogic: AnyObject {
    func searchRestaurants(_ request: Search.Restaurants.Request) async
    func turnPage(_ request: Search.Page.Request) async
}

/// What the Search scene keeps for routing: the last results, in the order shown.
@MainActor
public protocol SearchDataStore: AnyObject {
    var restaurants: [Restaurant] { get }
    var query: RestaurantQuery? { get }
}

/// Asks the worker for restaurants and hands the answer, unformatted, to the presenter.
@MainActor
public final class SearchInteractor: SearchBusinessLogic, SearchDataStore {
    public var presenter: (any SearchPresentationLogic)?
    let worker: any HotpepperWorking

    public private(set) var restaurants: [Restaurant] = []
    public private(set) var query: RestaurantQuery?
    /// How many shops the last successful search matched in all, to know where paging ends.
    private var total = 0

    public init(worker: any HotpepperWorking) {
        self.worker = worker
    }

    public func searchRestaurants(_ request: Search.Restaurants.Request) async {
        var result: Result<RestaurantPage, HotpepperError>
        do {
            result = .success(try await worker.fetchRestaurants(request.query))
        } catch {
            result = .failure(error)
        }
        if let center = request.query.center {
            result = result.map { Self.nearestFirst($0, from: center) }
        }
        query = request.query
        restaurants = (try? result.get().restaurants) ?? []
        total = (try? result.get().total) ?? total
        presenter?.presentRestaurants(Search.Restaurants.Response(result: result, query: request.query))
    }

    /// Repeats the last search with `start` moved by one page, unless there is no page that way.
    public func turnPage(_ request: Search.Page.Request) async {
        guard var moved = query else { return }
        switch request.direction {
        case .next where moved.start + moved.count <= total:
            moved.start += moved.count
        case .previous where moved.start > 1:
            moved.start = max(1, moved.start - moved.count)
        default:
            presenter?.presentNoPage(Search.Page.Response(direction: request.direction))
            return
        }
        await searchRestaurants(Search.Restaurants.Request(query: moved))
    }

    /// The service orders a location search by distance already; sorting again by the distance
    /// we show keeps the numbers and the order in agreement. Ties keep the service's order.
    static func nearestFirst(_ page: RestaurantPage, from center: Coordinate) -> RestaurantPage {
        var page = page
        page.restaurants = page.restaurants.enumerated()
            .map { (offset: $0.offset, distance: $0.element.coordinate.distance(to: center), restaurant: $0.element) }
            .sorted { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
            .map(\.restaurant)
        return page
    }
}
