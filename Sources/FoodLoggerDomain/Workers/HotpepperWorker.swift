/// What scenes ask of the restaurant service; a protocol so tests can seat a spy.
public protocol HotpepperWorking: Sendable {
    /// The shops matching the query: one page, or with `query.limit` as many pages as it takes.
    /// Runs on the caller's executor, like `HotpepperProtocol.searchRestaurants` (see there).
    nonisolated(nonsending) func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage
    /// Shops by id, in the order asked, and where they are (the page's region, for their
    /// clock); ids the service does not know are simply absent. Any request that fails fails
    /// the whole, so a shop is never silently missing (`lookupKeepingAnswers` keeps what came).
    nonisolated(nonsending) func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage
    /// The service asked: the provider of a page that holds no place (whose credit it carries).
    var provider: Provider { get }
}

extension HotpepperWorking {
    /// The service takes at most `RestaurantQuery.maxIDs` ids per request, so more are asked
    /// for in batches, one after another. Written once on top of `fetchRestaurants`, so every
    /// worker (and every spy that does not override it) looks shops up the same way.
    nonisolated(nonsending) public func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage {
        try await lookupRestaurants(ids: ids, perRequest: RestaurantQuery.maxIDs)
    }

    /// The same, `perRequest` ids a request (what the service takes: `idsPerLookup`).
    nonisolated(nonsending) public func lookupRestaurants(ids: [String], perRequest: Int) async throws(ServiceError)
        -> RestaurantPage
    {
        let page = try await lookupKeepingAnswers(ids: ids, perRequest: perRequest)
        // An id refused on its own (`invalidRequest`: not one the service can read; `notAnID`: not
        // of its form, never sent) is absent, as an unknown one is; any other failure is the whole lookup's.
        if let failed = page.unasked.first(where: {
            switch $0.error.cause {
            case .invalidRequest, .notAnID: false
            default: true
            }
        }) {
            throw failed.error
        }
        return page
    }

    /// Shops by id, `perRequest` ids a request, keeping what was answered (and paid for) when
    /// a later request fails: the ids not asked are named in `unasked` with why, those the
    /// service says it does not know in `unknownIDs`, those it placed off the Earth in
    /// `dropped`. A failure before any answer is thrown. What `log check` asks.
    nonisolated(nonsending) public func lookupKeepingAnswers(ids: [String], perRequest: Int) async throws(ServiceError)
        -> RestaurantPage
    {
        var found: [String: Restaurant] = [:]
        var answered: RestaurantPage?
        var left = RestaurantPage(total: 0, start: 1, restaurants: [], provider: provider)
        for batchStart in stride(from: 0, to: ids.count, by: perRequest) {
            let batch = Array(ids[batchStart..<min(batchStart + perRequest, ids.count)])
            let page: RestaurantPage
            do throws(ServiceError) {
                page = try await fetchRestaurants(RestaurantQuery(ids: batch, count: batch.count))
            } catch {
                // Answers already in hand are kept; the ids not yet asked about are named.
                guard answered != nil else { throw error }
                left.unasked += ids[batchStart...].map { .init(id: $0, error: error) }
                break
            }
            for restaurant in page.restaurants where batch.contains(restaurant.id) {
                found[restaurant.id] = restaurant
            }
            left.dropped += page.dropped
            left.unknownIDs += page.unknownIDs
            left.unasked += page.unasked
            answered = answered ?? page
            if answered?.region == nil { answered?.region = page.region }
        }
        let shops = ids.compactMap { found[$0] }
        var whole = RestaurantPage(
            total: shops.count, start: 1, restaurants: shops, dropped: left.dropped, region: answered?.region,
            provider: answered?.provider ?? provider)
        whole.unknownIDs = left.unknownIDs
        whole.unasked = left.unasked
        return whole
    }

    /// The search as a value, for task groups, whose child tasks cannot throw a typed error.
    nonisolated(nonsending) func result(of query: RestaurantQuery) async -> Result<RestaurantPage, ServiceError> {
        do throws(ServiceError) {
            return .success(try await fetchRestaurants(query))
        } catch {
            return .failure(error)
        }
    }
}

/// How far a fetch of several pages has got, for whoever shows progress (the worker shows none).
public enum PagingProgress: Sendable, Equatable {
    /// `pages` of `of` pages have arrived.
    case fetched(pages: Int, of: Int)
    /// Paging ended, with every page or with an error: whatever showed progress can go.
    case finished
}

/// The shared worker: scenes talk to it, it talks to whichever service the assembly injected.
public struct HotpepperWorker: HotpepperWorking {
    let api: any HotpepperProtocol
    /// Told about fetches of more than one page; nil to stay silent.
    let progress: (@Sendable (PagingProgress) -> Void)?
    /// Turns genre, budget and area names into codes; nil for a service without code lists.
    let codes: (any CodeListing)?

    /// Requests in flight at once when paging: enough to hide latency, few enough to be polite
    /// to the service (and to its rate limits).
    static let maxPagesInFlight = 4

    public var provider: Provider { api.provider }

    public init(
        api: any HotpepperProtocol, progress: (@Sendable (PagingProgress) -> Void)? = nil, codes: (any CodeListing)? = nil
    ) {
        self.api = api
        self.progress = progress
        // A service with code lists reads names from them (uncached) unless told otherwise.
        self.codes = codes ?? (api as? any CodeListProtocol).map { CodeListWorker(service: $0, cache: nil) }
    }

    /// As many ids a request as the service takes (`idsPerLookup`).
    public nonisolated(nonsending) func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage {
        try await lookupRestaurants(ids: ids, perRequest: api.provider.idsPerLookup)
    }

    public nonisolated(nonsending) func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        let query = try await withCodes(query)
        if query.budgets.count > GourmetRequest.maxBudgets { return try await inBands(query) }
        // Whichever service answered, the scenes get each shop once and only shops they can place.
        // A service that does not page answers whole, which the search cuts (`FindPlaces`).
        guard api.provider.pages, let limit = query.limit else { return try await api.searchRestaurants(query).sanitized() }
        return try await fetchPages(query, limit: limit)
    }

    /// A search in more budget bands than one request takes (`--budget -1500` spans three of
    /// HOT PEPPER's): the list within the service's reach asked without them, kept by band, and
    /// the window asked cut from it. Its total is the kept list's, a lower bound when the
    /// service counts more than its reach.
    nonisolated(nonsending) func inBands(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        var wide = query
        (wide.budgets, wide.start) = ([], 1)
        var list = try await fetchPages(wide, limit: api.provider.reach(withKeyword: query.keyword?.isEmpty == false))
        list.totalIsLowerBound = list.total > list.sent
        list.restaurants = list.restaurants.filter { shop in
            shop.hotpepper?.budget.map { query.budgets.contains($0.code) } == true
        }
        list.total = list.restaurants.count
        list.missing = 0
        return list.page(from: query.start, count: query.limit ?? query.count)
    }

    /// The query with its names turned into codes from the code lists.
    nonisolated(nonsending) func withCodes(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantQuery {
        guard !query.names.isEmpty else { return query }
        // A service without code lists (a test's stand-in) knows no names at all.
        guard let codes else { return try await query.resolvingNames { _ throws(ServiceError) in [] } }
        return try await query.resolvingNames { kind throws(ServiceError) in try await codes.list(kind) }
    }

    /// Up to `limit` shops from `query.start` on: every page asked for at once (at most
    /// `maxPagesInFlight` in flight), since waiting for the first to learn the total costs a
    /// whole round trip; the total comes with whichever page answers first, and pages past it
    /// are not asked for, or dropped. Merged in order, each shop once. Any failed page fails the
    /// whole, so a user never gets a silently shortened list.
    nonisolated(nonsending) func fetchPages(_ query: RestaurantQuery, limit: Int) async throws(ServiceError) -> RestaurantPage {
        let pageSize = RestaurantQuery.maxCount
        let queries = stride(from: 0, to: limit, by: pageSize).map { offset in
            Self.page(of: query, start: query.start + offset, count: min(pageSize, limit - offset))
        }
        guard queries.count > 1 else { return try await api.searchRestaurants(queries[0]).sanitized() }
        let pages = try await fetchConcurrently(queries).map { $0.sanitized() }
        var merged = pages[0]
        for page in pages.dropFirst() {
            merged.restaurants += page.restaurants
            merged.dropped += page.dropped
            merged.repeats += page.repeats
        }
        let repeatedWithinPages = merged.repeats
        // A page that found the end of a radius (`keepNearestFirst`) knows the total best.
        merged.total = pages.map(\.total).min() ?? merged.total
        merged = merged.sanitized()
        // Short pages, and later pages sending earlier pages' shops again, leave the list short.
        let asked = min(limit, max(merged.total - query.start + 1, 0))
        let sent = pages.reduce(0) { $0 + $1.sent }
        merged.missing = max(asked - sent, 0) + merged.repeats - repeatedWithinPages
        return merged
    }

    /// The pages of `queries`, in their order, with at most `maxPagesInFlight` asked at once;
    /// a page that starts past the total (told by the first answer) is not asked for, and one
    /// already asked for is left out; the first failure cancels the rest and is thrown.
    private func fetchConcurrently(_ queries: [RestaurantQuery]) async throws(ServiceError) -> [RestaurantPage] {
        let api = api
        let progress = progress
        /// Whether a progress line was shown, which the end of paging then erases.
        var told = false
        defer { if told { progress?(.finished) } }
        let outcome = await withTaskGroup(of: Page.self, returning: Result<[RestaurantPage], ServiceError>.self) { group in
            var pages: [RestaurantPage?] = Array(repeating: nil, count: queries.count)
            var total: Int?
            /// The first answer, whose service and region an empty page keeps.
            var first: RestaurantPage?
            var arrived = 0
            /// The pages worth asking for: all until the total is known, then those that start within it.
            var needed: Int { total.map { total in queries.count { $0.start <= total } } ?? queries.count }
            var next = 0
            func askNext() {
                guard next < needed else { return }
                let index = next
                group.addTask { await Page(index: index, result: api.result(of: queries[index])) }
                next += 1
            }
            for _ in 0..<Self.maxPagesInFlight { askNext() }
            while let page = await group.next() {
                switch page.result {
                case .failure(let error):
                    group.cancelAll()
                    return .failure(error)
                case .success(let answer):
                    total = total ?? answer.total
                    first = first ?? answer
                    guard page.index < needed else { continue }
                    pages[page.index] = answer
                    arrived += 1
                    // One page needs no progress line: only a fetch of several is told.
                    if needed > 1 {
                        progress?(.fetched(pages: arrived, of: needed))
                        told = true
                    }
                }
                askNext()
            }
            // Every page within the total arrived; a first page past it (nothing to show) is empty.
            let empty = RestaurantPage(
                total: total ?? 0, start: queries[0].start, restaurants: [], region: first?.region,
                provider: first?.provider ?? api.provider)
            return .success(pages.prefix(max(needed, 1)).map { $0 ?? empty })
        }
        return try outcome.get()
    }

    /// One page's answer and its place in the list.
    private struct Page: Sendable {
        var index: Int
        var result: Result<RestaurantPage, ServiceError>
    }

    /// One request's worth of `query`: the service reads `start` and `count`, never `limit`.
    static func page(of query: RestaurantQuery, start: Int, count: Int) -> RestaurantQuery {
        var page = query
        page.limit = nil
        page.start = start
        page.count = count
        return page
    }
}

extension HotpepperProtocol {
    /// The search as a value, for task groups, whose child tasks cannot throw a typed error.
    func result(of query: RestaurantQuery) async -> Result<RestaurantPage, ServiceError> {
        do {
            return .success(try await searchRestaurants(query))
        } catch {
            return .failure(error)
        }
    }
}
