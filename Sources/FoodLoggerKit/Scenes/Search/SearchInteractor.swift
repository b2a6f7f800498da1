import FoodLoggerDomain
/// What the Search scene can do.
@MainActor
protocol SearchBusinessLogic: AnyObject {
    func searchRestaurants(_ request: Search.Restaurants.Request) async
    func turnPage(_ request: Search.Page.Request) async
}

/// What the Search scene keeps for routing: the last results, in the order shown.
@MainActor
protocol SearchDataStore: AnyObject {
    var restaurants: [Restaurant] { get }
    var query: RestaurantQuery? { get }
}

/// Asks the worker for restaurants and hands the answer, unformatted, to the presenter.
@MainActor
final class SearchInteractor: SearchBusinessLogic, SearchDataStore {
    var presenter: (any SearchPresentationLogic)?
    let worker: any HotpepperWorking

    private(set) var restaurants: [Restaurant] = []
    private(set) var query: RestaurantQuery?
    /// How many shops the last successful search matched in all, to know where paging ends.
    private var total = 0

    init(worker: any HotpepperWorking) {
        self.worker = worker
    }

    func searchRestaurants(_ request: Search.Restaurants.Request) async {
        let result = await worker.searchNearestFirst(request.query)
        query = request.query
        restaurants = (try? result.get().restaurants) ?? []
        total = (try? result.get().total) ?? total
        presenter?.presentRestaurants(Search.Restaurants.Response(result: result, query: request.query))
    }

    /// Repeats the last search with `start` moved by one page, unless there is no page that way.
    func turnPage(_ request: Search.Page.Request) async {
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
}
