/// Several services asked as one (`--provider osm,google`, `--provider all`): it stands behind
/// the same seam as each of them, so the scenes need no change. It asks every service at once,
/// each through its own worker (its client, cache, code lists and paging), groups their places
/// with `PlaceMatcher`, makes one record of each group with `PlaceMerge`, and answers one page,
/// nearest first. It answers whole: every service is asked for as many places as the page
/// reaches, and the page is cut from the merged list.
public struct MergedService: HotpepperProtocol {
    /// Each service's worker, in the merge's order (the first gives a merged place's name).
    public let services: [(provider: Provider, worker: any HotpepperWorking)]
    let matcher: PlaceMatcher
    /// --verbose: a line on what the merge asked and found.
    let log: (@Sendable (String) -> Void)?

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
        let reach = query.start - 1 + (query.limit ?? query.count)
        var asked = query
        asked.start = 1
        asked.count = min(reach, RestaurantQuery.maxCount)
        asked.limit = reach > RestaurantQuery.maxCount ? reach : nil
        let pages = try await answers(asked)
        let groups = matcher.group(pages.map(\.restaurants))
        var places = groups.map(PlaceMerge.merge)
        if let center = query.center { places = places.nearestFirst(to: center) }
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
        var page = whole
        page.start = query.start
        page.restaurants = Array(places.dropFirst(query.start - 1).prefix(query.limit ?? query.count))
        if query.start > 1 { page.dropped = [] }
        return page
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
