/// Finding places: the one pipeline under every front end (search, pick, the map, the prompt,
/// MCP), and the one owner of the list: which services are asked, how far, what is filtered, in
/// what order, how many there are and which window is shown. Each step once:
///
/// choose the services (those covering the centre) → ask each for what it needs (`Reach`) →
/// merge (one service is a merge of one) → nearest first → filter (open, open for, the food
/// log, rating and price) → sort → cut the window.
///
/// A merge where some services fail lists what the others answered and names the failures;
/// only when every service fails is the search a failure (the first one's).
public struct FindPlaces: PlaceFinding {
    /// A service asked, in the merge's order (the first gives a merged place's name).
    public struct Service: Sendable {
        public var provider: Provider
        public var worker: any HotpepperWorking
        /// False for one that answers whole (`ServiceCapabilities.pages`; a list at hand).
        public var pages: Bool
        public init(_ provider: Provider, _ worker: any HotpepperWorking, pages: Bool? = nil) {
            self.provider = provider; self.worker = worker; self.pages = pages ?? provider.pages
        }
    }

    public let services: [Service]
    /// Finds --near's place; nil where no search takes one.
    let places: (any PlaceLocating)?
    /// The food log, read once a search for its marks and log filters; nil reads none.
    let foodLog: (any FoodLogStoring)?
    let matcher: PlaceMatcher
    /// --verbose: a line on what a merge asked and found.
    let narrate: (@Sendable (String) -> Void)?
    /// The run's last gathered answers, which the next window of the same search is cut from.
    private let kept = WholeAnswer<[Answer]>()

    public init(
        services: [Service], places: (any PlaceLocating)? = nil, foodLog: (any FoodLogStoring)? = nil,
        matcher: PlaceMatcher = PlaceMatcher(), narrate: (@Sendable (String) -> Void)? = nil
    ) {
        precondition(!services.isEmpty, "a search of no service")
        self.services = services; self.places = places; self.foodLog = foodLog; self.matcher = matcher
        self.narrate = narrate
    }

    /// One service's search (a test's spy, a list at hand).
    public init(
        _ worker: any HotpepperWorking, places: (any PlaceLocating)? = nil, foodLog: (any FoodLogStoring)? = nil
    ) {
        self.init(services: [Service(worker.provider, worker)], places: places, foodLog: foodLog)
    }

    /// One service's answer to the search, or why it gave none.
    struct Answer: Sendable {
        var provider: Provider
        var result: Result<RestaurantPage, ServiceError>
    }

    public nonisolated(nonsending) func find(_ search: PlaceSearch) async -> Result<FoundPlaces, FindFailure> {
        var query = search.query
        var located: GeocodingWorker.Located?
        if let near = search.near {
            do throws(ServiceError) {
                guard let places else { throw .placeNotFound(near.text, known: []) }
                located = try await places.locate(near.text)
            } catch { return .failure(FindFailure(error, locating: true)) }
            query.center = located?.place.coordinate
        }
        let (asked, notCovering) = covering(query.center, place: located?.place)
        let whole = search.gathersWhole(services: asked.count)
        let reaches = asked.map { Reach(query, of: $0, whole: whole) }
        let answers = await gather(query, from: asked, reaches)
        let answered = answers.compactMap { try? $0.result.get() }
        guard !answered.isEmpty else {
            // Every service failed: the first one's failure, as one service's search fails.
            guard case .failure(let error) = answers[0].result else { preconditionFailure("no answer and no failure") }
            // A merge's failure names its service, as each failure of a merge does.
            guard answers.count > 1 else { return .failure(FindFailure(error)) }
            return .failure(FindFailure(.inMerge(error, service: answers[0].provider, others: [])))
        }
        var found = FoundPlaces(page: merged(answered, query: query), query: query)
        found.located = located
        found.notCovering = notCovering
        found.asked = asked.map(\.provider)
        found.incomplete = answers.compactMap { answer in
            guard case .failure(let error) = answer.result else { return nil }
            return ServiceFailure(provider: answer.provider, error: error)
        }
        if let center = query.center { found.page.restaurants = found.page.restaurants.nearestFirst(to: center) }
        if whole {
            found.looked = (found.page.restaurants.count, answered.reduce(0) { $0 + max($1.total, $1.sent) })
            found.totalIsExact = answered.allSatisfy { $0.sent >= $0.total }
            // The list is what was gathered: a service's count past its reach makes it a lower bound.
            found.page.total = found.page.restaurants.count
        }
        if answered.contains(where: \.totalIsLowerBound) { found.totalIsExact = false }
        filter(&found, search)
        found.page.restaurants = found.page.restaurants.sorted(by: query.sort)
        // A list gathered here is cut here; a service's window came cut.
        if reaches.contains(where: { $0.query != nil }) {
            found.page = found.page.page(from: query.start, count: query.limit ?? query.count)
            found.cutHere = true
        }
        return .success(found)
    }

    /// The services that cover the centre, when the merge has some that do not (HOT PEPPER around
    /// Paris), and those left out; every service when none or all cover it.
    private func covering(_ center: Coordinate?, place: Place?) -> (asked: [Service], left: [Provider]) {
        guard services.count > 1, let center else { return (services, []) }
        let covers = { (provider: Provider) in place.map(provider.covers) ?? provider.covers(center) }
        let asked = services.filter { covers($0.provider) }
        guard !asked.isEmpty, asked.count < services.count else { return (services, []) }
        return (asked, services.map(\.provider).filter { !covers($0) })
    }

    /// Each service's answer, all asked at once: a service's window as it pages it, or its list
    /// (`Reach`), which is kept for the run, so the next window of the same search asks nothing.
    private nonisolated(nonsending) func gather(_ query: RestaurantQuery, from asked: [Service], _ reaches: [Reach]) async
        -> [Answer]
    {
        let searches = zip(asked, reaches).map { service, reach in (service, reach) }
        guard reaches.contains(where: { $0.query != nil }) else {
            return [Answer(provider: asked[0].provider, result: await asked[0].worker.result(of: query))]
        }
        var search = query
        (search.start, search.count, search.limit, search.sort) = (1, 0, nil, .distance)
        let providers = asked.map(\.provider)
        return await kept.value(
            for: search,
            reusing: { kept, answers in
                // The same search of the same services, unless every one failed (asked again then).
                kept == search && answers.map(\.provider) == providers && answers.contains { (try? $0.result.get()) != nil }
            }
        ) {
            if searches.count == 1 {
                let (service, reach) = searches[0]
                return [Answer(provider: service.provider, result: await reach.answer(of: service.worker, to: query))]
            }
            return await withTaskGroup(of: (Int, Answer).self) { group in
                for (index, (service, reach)) in searches.enumerated() {
                    group.addTask {
                        (index, Answer(provider: service.provider, result: await reach.answer(of: service.worker, to: query)))
                    }
                }
                var answers = [Answer?](repeating: nil, count: searches.count)
                for await (index, answer) in group { answers[index] = answer }
                return answers.compactMap { $0 }
            }
        }
    }

    /// The services' answers as one page: a single service's as it is, several grouped by
    /// `PlaceMatcher` and each group made one place by `PlaceMerge`.
    private func merged(_ pages: [RestaurantPage], query: RestaurantQuery) -> RestaurantPage {
        guard pages.count > 1 else { return pages[0] }
        let groups = matcher.group(pages.map(\.restaurants))
        let places = groups.map(PlaceMerge.merge)
        narrate?(
            "merged search: asked \(pages.map(\.provider.title).joined(separator: ", ")) at once; "
                + "\(pages.map { "\($0.restaurants.count) from \($0.provider.title)" }.joined(separator: ", ")); "
                + "\(places.count) places, \(groups.count { $0.count > 1 }) of them merged")
        var page = RestaurantPage(
            total: places.count, start: 1, restaurants: places, region: pages.lazy.compactMap(\.region).first,
            provider: pages[0].provider)
        page.dropped = pages.flatMap(\.dropped)
        page.coverage = pages.allSatisfy({ $0.coverage != nil }) ? pages.flatMap { $0.coverage ?? [] } : nil
        return page
    }

    /// The filter step, over the whole list: open at the moment (and for how long), what the
    /// food log says, and the rating and price; what each left out is counted here, once.
    private func filter(_ found: inout FoundPlaces, _ search: PlaceSearch) {
        if !found.page.restaurants.isEmpty || search.log != nil {
            found.log = Result { () throws(FoodLogError) in try foodLog?.summary() ?? .empty }
        }
        let marks = search.log.flatMap { _ in try? found.log.get() }
        let reviews = ReviewFilter(search.query)
        guard search.open.openOnly || marks != nil || reviews != nil else { return }
        let clock = OpenClock(search.open.moment, region: found.page.region)
        let open = search.open.openOnly ? OpenFilter(search.open) : nil
        var tally = OpenTally(closed: 0, unknown: 0, examined: 0, openFor: search.open.openFor)
        var logLeftOut = 0
        var reviewsLeftOut = (outside: 0, unsaid: 0)
        found.page.restaurants = found.page.restaurants.filter { place in
            if let reviews {
                switch reviews.keeps(place) {
                case true?: break
                case false?:
                    reviewsLeftOut.outside += 1
                    return false
                case nil:
                    reviewsLeftOut.unsaid += 1
                    return false
                }
            }
            if let open {
                let verdict = open.keeps(place, on: clock)
                tally.count(verdict)
                guard verdict == .kept else { return false }
            }
            if let marks, let filter = search.log, !filter.keeps(marks.mark(for: place)) {
                logLeftOut += 1
                return false
            }
            return true
        }
        found.page.total = found.page.restaurants.count
        if open != nil { found.tally = tally }
        found.logLeftOut = logLeftOut
        found.reviewsLeftOut = reviewsLeftOut
    }
}

/// --min-rating and --price, read from each place: the stars of its reviews and its price level.
struct ReviewFilter {
    var minRating: Double?
    var prices: ClosedRange<Int>?

    /// Nil when the query asks neither.
    init?(_ query: RestaurantQuery) {
        guard query.filtersReviews else { return nil }
        minRating = query.minRating; prices = query.prices
    }

    /// Whether the place is rated and priced as asked; nil when it does not say what was asked.
    func keeps(_ place: Restaurant) -> Bool? {
        var keeps = true
        if let minRating {
            guard let rating = place.rating else { return nil }
            keeps = rating >= minRating
        }
        if let prices {
            guard let price = place.price else { return nil }
            keeps = keeps && prices.contains(price)
        }
        return keeps
    }
}

/// How far into a service's answer a search asks: the one place paging and reach are decided.
enum Reach: Equatable, Sendable {
    /// The window asked for, as the service pages it (a plain search of a service that pages).
    case window
    /// The list from its first place: its first page, then, when the service counts more, the
    /// rest as far as `most` (`ServiceCapabilities.reach`); nil: a service that answers whole.
    case list(first: RestaurantQuery, most: Int?)

    init(_ query: RestaurantQuery, of service: FindPlaces.Service, whole: Bool) {
        guard whole || !service.pages else {
            self = .window
            return
        }
        var first = query
        let most = service.pages ? service.provider.reach(withKeyword: query.keyword?.isEmpty == false) : nil
        (first.start, first.count, first.limit) = (1, min(most ?? RestaurantQuery.maxCount, RestaurantQuery.maxCount), nil)
        self = .list(first: first, most: most)
    }

    /// The first request's query; nil for `.window`.
    var query: RestaurantQuery? {
        if case .list(let first, _) = self { return first }
        return nil
    }

    /// The service's answer: the window (`query` as asked), or the list: one page first, and
    /// only when the service counts more than it holds, the rest within reach in one paged fetch
    /// (what the worker pages, at most four requests at a time).
    nonisolated(nonsending) func answer(of worker: any HotpepperWorking, to query: RestaurantQuery) async -> Result<
        RestaurantPage, ServiceError
    > {
        guard case .list(let first, let most) = self else { return await worker.result(of: query) }
        let answer = await worker.result(of: first)
        guard case .success(var list) = answer, let most, list.sent > 0, list.total > list.sent, most > list.sent else {
            return answer
        }
        var rest = first
        rest.start = 1 + list.sent
        rest.limit = min(list.total, most) - list.sent
        rest.count = min(rest.limit ?? 0, RestaurantQuery.maxCount)
        switch await worker.result(of: rest) {
        case .failure(let error): return .failure(error)
        case .success(let more):
            list.restaurants += more.restaurants
            list.dropped += more.dropped
            list.repeats += more.repeats
            list.total = min(list.total, more.total)
            return .success(list.sanitized())
        }
    }
}
