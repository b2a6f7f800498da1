/// Several services asked as one (`--provider osm,google`, `--provider all`): it stands behind
/// the same seam as each of them, so the scenes need no change. It asks every service at once,
/// each through its own worker (its client, cache, code lists and paging), groups their places
/// with `PlaceMatcher`, makes one record of each group with `PlaceMerge`, and answers one page,
/// nearest first. It answers whole: every service is asked for as many places as the page
/// reaches (rounded up to a Google page, so a page's cost is what the service alone charges),
/// and the pages are cut from the merged list kept for the run, so the prompt's next page or an
/// open-only search looking further asks nothing until it reaches past what was fetched.
public struct MergedService: HotpepperProtocol {
    /// Each service's worker, in the merge's order (the first gives a merged place's name).
    public let services: [(provider: Provider, worker: any HotpepperWorking)]
    let matcher: PlaceMatcher
    /// --verbose: a line on what the merge asked and found.
    let log: (@Sendable (String) -> Void)?
    /// The merged list of the run's last search, which later pages are cut from.
    private let whole = WholeAnswer()
    /// What each service is asked for at least, and in steps of: one page of Google's.
    static let fetchStep = 20

    public init(
        services: [(provider: Provider, worker: any HotpepperWorking)], matcher: PlaceMatcher = PlaceMatcher(),
        log: (@Sendable (String) -> Void)? = nil
    ) {
        precondition(!services.isEmpty, "a merge of no service")
        self.services = services; self.matcher = matcher; self.log = log
    }

    /// The first service's: its clock and credit lead the page (each place's own follow).
    public var provider: Provider { services[0].provider }

    public var combinesServices: Bool { true }

    /// Every service's answer for `query` (ids: each service looks up those of its own form; the
    /// caller passes only those), merged. The first failure fails the search: a list with one
    /// service silently missing would read as everything there is.
    public nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError)
        -> RestaurantPage
    {
        // An id names one service's place: the first service looks them up (`show` of a merged
        // list answers from the list itself).
        if !query.ids.isEmpty { return try await services[0].worker.fetchRestaurants(query) }
        let needed = query.start - 1 + (query.limit ?? query.count)
        let reach = (needed + Self.fetchStep - 1) / Self.fetchStep * Self.fetchStep
        var asked = query
        asked.start = 1
        asked.count = min(reach, RestaurantQuery.maxCount)
        asked.limit = reach > RestaurantQuery.maxCount ? reach : nil
        let whole = try await self.whole.value(
            for: asked,
            reusing: { kept, answer in
                // The same search, reaching as far or answered in full (fewer places than asked
                // for means that every service gave all it has).
                Self.unpaged(kept) == Self.unpaged(asked)
                    && (Self.reach(of: kept) >= reach || answer.restaurants.count < Self.reach(of: kept))
            }
        ) { () throws(ServiceError) in try await merged(asked) }
        var page = whole
        page.start = query.start
        page.restaurants = Array(whole.restaurants.dropFirst(query.start - 1).prefix(query.limit ?? query.count))
        if query.start > 1 { page.dropped = [] }
        return page
    }

    /// How far a query reaches: the most places it asks for from the first.
    static func reach(of query: RestaurantQuery) -> Int { query.start - 1 + (query.limit ?? query.count) }

    /// The query without its paging, to tell one search from another.
    static func unpaged(_ query: RestaurantQuery) -> RestaurantQuery {
        var search = query
        (search.start, search.count, search.limit) = (1, 0, nil)
        return search
    }

    /// Every service's answer to `asked`, merged into one list, nearest first.
    private nonisolated(nonsending) func merged(_ asked: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        let pages = try await answers(asked)
        let groups = matcher.group(pages.map(\.restaurants))
        var places = groups.map(PlaceMerge.merge)
        if let center = asked.center { places = places.nearestFirst(to: center) }
        let merged = groups.count { $0.count > 1 }
        log?(
            "merged search: asked \(services.map(\.provider.title).joined(separator: ", ")) at once; "
                + "\(pages.map { "\($0.restaurants.count) from \($0.provider.title)" }.joined(separator: ", ")); "
                + "\(places.count) places, \(merged) of them merged")
        var whole = RestaurantPage(
            total: places.count, start: 1, restaurants: places, region: pages.lazy.compactMap(\.region).first,
            provider: provider)
        whole.dropped = pages.flatMap(\.dropped)
        whole.coverage = pages.allSatisfy({ $0.coverage != nil }) ? pages.flatMap { $0.coverage ?? [] } : nil
        return whole
    }

    /// Each service's page, in the merge's order, all asked at once.
    private func answers(_ query: RestaurantQuery) async throws(ServiceError) -> [RestaurantPage] {
        let services = services
        let outcome = await withTaskGroup(of: (Int, Result<RestaurantPage, ServiceError>).self) { group in
            for (index, service) in services.enumerated() {
                group.addTask { (index, await service.worker.result(of: query)) }
            }
            var pages: [RestaurantPage?] = Array(repeating: nil, count: services.count)
            for await (index, result) in group {
                switch result {
                case .success(let page): pages[index] = page
                case .failure(let error):
                    group.cancelAll()
                    let failed = services[index].provider
                    let others = services.map(\.provider).filter { $0 != failed }
                    return Result<[RestaurantPage], ServiceError>.failure(.inMerge(error, service: failed, others: others))
                }
            }
            return .success(pages.compactMap { $0 })
        }
        return try outcome.get()
    }
}

extension HotpepperWorking {
    /// The search as a value, for task groups, whose child tasks cannot throw a typed error.
    func result(of query: RestaurantQuery) async -> Result<RestaurantPage, ServiceError> {
        do throws(ServiceError) {
            return .success(try await fetchRestaurants(query))
        } catch {
            return .failure(error)
        }
    }
}
