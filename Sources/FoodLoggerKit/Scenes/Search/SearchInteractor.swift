import FoodLoggerDomain
/// What the Search scene can do.
@MainActor
protocol SearchBusinessLogic: AnyObject {
    /// Returns what the search came to (places, none, some services failed, a failure): the
    /// command's exit status is made from it.
    @discardableResult func searchRestaurants(_ request: Search.Restaurants.Request) async -> SceneOutcome
    func turnPage(_ request: Search.Page.Request) async
}

/// What the Search scene keeps for routing: the last results, in the order shown.
@MainActor
protocol SearchDataStore: AnyObject {
    var restaurants: [Restaurant] { get }
    var query: RestaurantQuery? { get }
    /// What "open" means for these results: now, or --open-at's moment.
    var open: OpenQuestion? { get }
    /// Where the last results are (their clock), as far as the service said.
    var region: RestaurantPage.Region? { get }
}

/// Asks the use case for places (`FindPlaces`: the services, the filters, the order, the
/// window) and hands its answer, unformatted, to the presenter; keeps each list shown.
@MainActor
final class SearchInteractor: SearchBusinessLogic, SearchDataStore {
    var presenter: (any SearchPresentationLogic)?
    let finder: any PlaceFinding
    /// Keeps each list shown for `show 3`; nil keeps nothing.
    let lastList: (any LastListKeeping)?

    private(set) var restaurants: [Restaurant] = []
    private(set) var query: RestaurantQuery?
    private(set) var open: OpenQuestion?
    private(set) var region: RestaurantPage.Region?
    /// The last search asked, with the centre --near found, for the pages after the first.
    private var last: PlaceSearch?
    /// Where the next page starts, when there is one.
    private var nextStart: Int?

    init(finder: any PlaceFinding, lastList: (any LastListKeeping)? = nil) {
        self.finder = finder
        self.lastList = lastList
    }

    @discardableResult func searchRestaurants(_ request: Search.Restaurants.Request) async -> SceneOutcome {
        let search = PlaceSearch(query: request.query, near: request.near, open: request.open, log: request.log)
        let found = await finder.find(search)
        let list = try? found.get()
        last = search
        if let list {
            // Pages after the first are found around the same centre, without looking for the place again.
            last?.query.center = list.query.center
            last?.near = nil
        }
        query = list?.query ?? request.query
        open = request.open
        // A filter the log could not answer shows nothing: nothing to keep for `show 3` either.
        let unanswered = request.log != nil && (try? list?.log.get()) == nil
        let shown = unanswered ? nil : list?.page
        restaurants = shown?.restaurants ?? []
        region = list?.page.region
        nextStart = list?.nextStart
        // The list is written while the page is presented and printed: on a second core its
        // writing (≈10 M instructions for 100 shops) no longer adds to the search's time.
        async let kept: Void = Self.keep(shown, in: lastList, center: list?.query.center)
        presenter?.presentRestaurants(.init(request: request, found: found))
        await kept
        return Self.outcome(found, filteringByLog: request.log != nil)
    }

    /// The places' outcome (`SceneOutcome(_:)`), or the failure; a food log filter the log could
    /// not answer: the log's failure (nothing is shown rather than places unfiltered).
    static func outcome(_ found: Result<FoundPlaces, FindFailure>, filteringByLog: Bool) -> SceneOutcome {
        switch found {
        case .failure(let failure): return .serviceFailed(failure.error)
        case .success(let found):
            if filteringByLog, case .failure(let error) = found.log { return .logFailed(error) }
            return SceneOutcome(found)
        }
    }

    private nonisolated static func keep(_ page: RestaurantPage?, in list: (any LastListKeeping)?, center: Coordinate?) async {
        if let page { await list?.keep(page, center: center) }
    }

    /// Repeats the last search with `start` moved by one page, unless there is no page that way.
    func turnPage(_ request: Search.Page.Request) async {
        guard var moved = last else { return }
        let size = moved.query.limit ?? moved.query.count
        switch request.direction {
        case .next where nextStart != nil:
            moved.query.start = nextStart ?? moved.query.start
        case .previous where moved.query.start > 1:
            moved.query.start = max(1, moved.query.start - size)
        default:
            presenter?.presentNoPage(Search.Page.Response(direction: request.direction))
            return
        }
        await searchRestaurants(Search.Restaurants.Request(query: moved.query, open: moved.open, log: moved.log))
    }
}
