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
    private var open: OpenQuestion?
    /// How many shops the last successful search matched in all, to know where paging ends.
    private var total = 0
    /// How many of the service's results the last page took up: more than it shows when an
    /// open-only search left some out.
    private var pageSpan = 0

    init(worker: any HotpepperWorking) {
        self.worker = worker
    }

    func searchRestaurants(_ request: Search.Restaurants.Request) async {
        let answer = await worker.search(request.query, request.open)
        let result = answer.map(\.page)
        query = request.query
        open = request.open
        restaurants = (try? result.get().restaurants) ?? []
        total = (try? result.get().total) ?? total
        let tally = (try? answer.get())?.tally
        pageSpan = tally?.examined ?? request.query.count
        presenter?.presentRestaurants(.init(result: result, query: request.query, open: request.open, tally: tally))
    }

    /// Repeats the last search with `start` moved by one page, unless there is no page that way.
    func turnPage(_ request: Search.Page.Request) async {
        guard var moved = query, let open else { return }
        switch request.direction {
        case .next where moved.start + pageSpan <= total:
            moved.start += pageSpan
        case .previous where moved.start > 1:
            moved.start = max(1, moved.start - moved.count)
        default:
            presenter?.presentNoPage(Search.Page.Response(direction: request.direction))
            return
        }
        await searchRestaurants(Search.Restaurants.Request(query: moved, open: open))
    }
}
