import FoodLoggerDomain
/// What the Search scene can do.
@MainActor
protocol SearchBusinessLogic: AnyObject {
    /// Returns the exit status of what the view controller displayed.
    @discardableResult func searchRestaurants(_ request: Search.Restaurants.Request) async -> ExitCode
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

/// Asks the worker for restaurants and hands the answer, unformatted, to the presenter.
@MainActor
final class SearchInteractor: SearchBusinessLogic, SearchDataStore {
    var presenter: (any SearchPresentationLogic)?
    let worker: any HotpepperWorking
    /// Finds --near's place; nil where no search takes one.
    let places: (any PlaceLocating)?
    /// Keeps each list shown for `show 3`; nil keeps nothing.
    let lastList: (any LastListKeeping)?
    /// The food log, read once per search for the Log column and --unvisited/--visited/--want;
    /// nil reads none.
    let log: (any FoodLogStoring)?

    private(set) var restaurants: [Restaurant] = []
    private(set) var query: RestaurantQuery?
    private(set) var open: OpenQuestion?
    private(set) var region: RestaurantPage.Region?
    /// The last search's log filter, for the pages after the first.
    private var logFilter: LogFilter?
    /// Where --near found the centre, kept for the pages after the first.
    private var near: (asked: NearPlace, located: GeocodingWorker.Located)?
    /// How many shops the last successful search matched in all, to know where paging ends.
    private var total = 0
    /// How many of the service's results the last page took up: more than it shows when an
    /// open-only search left some out.
    private var pageSpan = 0

    init(
        worker: any HotpepperWorking, places: (any PlaceLocating)? = nil, lastList: (any LastListKeeping)? = nil,
        log: (any FoodLogStoring)? = nil
    ) {
        self.worker = worker
        self.places = places
        self.lastList = lastList
        self.log = log
    }

    @discardableResult func searchRestaurants(_ request: Search.Restaurants.Request) async -> ExitCode {
        var asked = request.query
        if let place = request.near {
            let found = await locate(place)
            guard case .success(let located) = found else {
                let failure = found.map { _ in RestaurantPage(total: 0, start: 1, restaurants: []) }
                return presenter?.presentRestaurants(
                    .init(result: failure, query: asked, open: request.open, near: place)) ?? .success
            }
            asked.center = located.place.coordinate
            near = (place, located)
        }
        let answer = await worker.search(asked, request.open)
        var result = answer.map(\.page)
        var summary: Result<FoodLogSummary, FoodLogError> = .success(.empty)
        var logLeftOut = 0
        if case .success(var page) = result, !page.restaurants.isEmpty {
            summary = Result { () throws(FoodLogError) in try log?.summary() ?? .empty }
            if let filter = request.log, case .success(let marks) = summary {
                let kept = page.restaurants.filter { filter.keeps(marks.mark(for: $0)) }
                logLeftOut = page.restaurants.count - kept.count
                page.restaurants = kept
                result = .success(page)
            }
        }
        // A filter the log could not answer shows nothing: nothing to keep for `show 3` either.
        let unanswered = request.log != nil && (try? summary.get()) == nil
        query = asked
        open = request.open
        logFilter = request.log
        restaurants = (try? result.get().restaurants) ?? []
        region = (try? result.get().region) ?? nil
        total = (try? result.get().total) ?? total
        let tally = (try? answer.get())?.tally
        // A page is --limit's whole list when there is one, else --count's.
        pageSpan = tally?.examined ?? request.query.limit ?? request.query.count
        // The list is written while the page is presented and printed: on a second core its
        // writing (≈10 M instructions for 100 shops) no longer adds to the search's time.
        let shown = unanswered ? nil : try? result.get(), center = asked.center
        async let kept: Void = Self.keep(shown, in: lastList, center: center)
        let exitCode = presenter?.presentRestaurants(
            .init(
                result: result, query: asked, open: request.open, tally: tally, near: near?.asked, located: near?.located,
                log: summary, logFilter: request.log, logLeftOut: logLeftOut))
        await kept
        return exitCode ?? .success
    }

    private nonisolated static func keep(_ page: RestaurantPage?, in list: (any LastListKeeping)?, center: Coordinate?) async {
        if let page { await list?.keep(page, center: center) }
    }

    private func locate(_ place: NearPlace) async -> Result<GeocodingWorker.Located, ServiceError> {
        guard let places else { return .failure(.placeNotFound(place.text, known: [])) }
        do { return .success(try await places.locate(place.text)) } catch { return .failure(error) }
    }

    /// Repeats the last search with `start` moved by one page, unless there is no page that way.
    func turnPage(_ request: Search.Page.Request) async {
        guard var moved = query, let open else { return }
        switch request.direction {
        case .next where moved.start + pageSpan <= total:
            moved.start += pageSpan
        case .previous where moved.start > 1:
            moved.start = max(1, moved.start - (moved.limit ?? moved.count))
        default:
            presenter?.presentNoPage(Search.Page.Response(direction: request.direction))
            return
        }
        await searchRestaurants(Search.Restaurants.Request(query: moved, open: open, log: logFilter))
    }
}
