import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// A service holding `total` numbered shops that answers pages like the API, records every query,
/// and counts how many calls are in flight at once.
actor HotpepperServiceSpy: HotpepperProtocol {
    nonisolated let provider = Provider.hotpepper
    let total: Int
    /// Pages starting here fail with this error.
    let failures: [Int: ServiceError]
    /// Pages starting here begin this many shops early, as when shops are added between requests.
    let shifts: [Int: Int]
    /// Pages that do not fail answer only when cancelled, as a server that never answers them would.
    let holdsAnswers: Bool
    /// A page answers only once this many are in flight, or after 10 s: calls the worker makes
    /// together then overlap however loaded the machine is, and calls made one after another
    /// never do.
    let gathers: Int
    private(set) var queries: [RestaurantQuery] = []
    private(set) var inFlight = 0
    private(set) var maxInFlight = 0
    private(set) var cancelled = 0

    init(
        total: Int, failures: [Int: ServiceError] = [:], shifts: [Int: Int] = [:], holdsAnswers: Bool = false,
        gathers: Int = 1
    ) {
        self.total = total; self.failures = failures; self.shifts = shifts; self.holdsAnswers = holdsAnswers
        self.gathers = gathers
    }

    static func shop(_ position: Int) -> Restaurant {
        Seeds.restaurant(String(format: "J%09d", position), name: "店 \(position)", lat: 35.68, lng: 139.76)
    }

    func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        queries.append(query)
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        let failure = failures[query.start]
        // Suspend, so that calls the worker makes together overlap here.
        try? await Task.sleep(for: holdsAnswers && failure == nil ? .seconds(60) : .milliseconds(5))
        for _ in 0..<10_000 where maxInFlight < gathers && !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
        if Task.isCancelled { cancelled += 1 }
        inFlight -= 1
        if let failure { throw failure }
        let first = query.start - (shifts[query.start] ?? 0)
        let last = min(first + query.count - 1, total)
        let shops = first <= last ? (first...last).map(Self.shop) : []
        return RestaurantPage(total: total, start: query.start, restaurants: shops)
    }
}

/// Progress events as the worker reports them.
final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [PagingProgress] = []

    var events: [PagingProgress] { lock.withLock { recorded } }
    func record(_ event: PagingProgress) { lock.withLock { recorded.append(event) } }
}

@Suite struct HotpepperWorkerTests {
    static func query(limit: Int?, start: Int = 1) -> RestaurantQuery {
        RestaurantQuery(center: Seeds.tokyoStation, range: .m3000, start: start, limit: limit)
    }

    @Test func withoutLimitOneRequestIsPassedOnAsIs() async throws {
        let api = HotpepperServiceSpy(total: 250)
        let sut = HotpepperWorker(api: api)
        let query = Self.query(limit: nil)
        let page = try await sut.fetchRestaurants(query)
        #expect(await api.queries == [query], "exactly the scene's query, once")
        #expect(page.restaurants.count == 10, "the default page of 10")
    }

    @Test func limit250AsksThreePagesAndMergesThemInOrder() async throws {
        // Given
        let api = HotpepperServiceSpy(total: 312)
        let sut = HotpepperWorker(api: api)
        // When
        let page = try await sut.fetchRestaurants(Self.query(limit: 250))
        // Then
        let asked = await api.queries.map { [$0.start, $0.count] }.sorted { $0[0] < $1[0] }
        #expect(asked == [[1, 100], [101, 100], [201, 50]], "pages start 1/101/201 with count 100/100/50")
        #expect(await api.queries.allSatisfy { $0.limit == nil }, "services never see the limit")
        #expect(page.restaurants.map(\.id) == (1...250).map { HotpepperServiceSpy.shop($0).id }, "shops 1...250 in order")
        #expect(page.total == 312 && page.start == 1, "the service's total, from the first position")
    }

    @Test func limitCountsFromStart() async throws {
        let api = HotpepperServiceSpy(total: 312)
        let page = try await HotpepperWorker(api: api).fetchRestaurants(Self.query(limit: 150, start: 101))
        let asked = await api.queries.map { [$0.start, $0.count] }.sorted { $0[0] < $1[0] }
        #expect(asked == [[101, 100], [201, 50]], "pages from --start, 150 shops in all")
        #expect(page.start == 101 && page.restaurants.first?.id == HotpepperServiceSpy.shop(101).id, "begins at 101")
        #expect(page.restaurants.count == 150, "150 shops")
    }

    @Test func limitAboveTheTotalStopsAtTheTotal() async throws {
        let api = HotpepperServiceSpy(total: 130)
        let page = try await HotpepperWorker(api: api).fetchRestaurants(Self.query(limit: 1000))
        let asked = await api.queries.map { [$0.start, $0.count] }.sorted { $0[0] < $1[0] }
        // The first four go out together, before any answer tells the total; none after them.
        #expect(asked == [[1, 100], [101, 100], [201, 100], [301, 100]], "no page asked once the total was known")
        #expect(page.restaurants.count == 130, "every shop there is")
    }

    @Test func aLimitWithinOnePageAsksOnce() async throws {
        let api = HotpepperServiceSpy(total: 312)
        let page = try await HotpepperWorker(api: api).fetchRestaurants(Self.query(limit: 40))
        #expect(await api.queries.map(\.count) == [40], "one request for 40")
        #expect(page.restaurants.count == 40, "40 shops")
    }

    @Test func shopsRepeatedAcrossPagesAppearOnce() async throws {
        // Given: the result shifted by two shops between the first and the second request
        let api = HotpepperServiceSpy(total: 312, shifts: [101: 2])
        // When
        let page = try await HotpepperWorker(api: api).fetchRestaurants(Self.query(limit: 200))
        // Then
        let ids = page.restaurants.map(\.id)
        #expect(Set(ids).count == ids.count, "no id twice")
        #expect(ids == (1...198).map { HotpepperServiceSpy.shop($0).id }, "the first occurrence kept, in order")
    }

    @Test func theSameShopThreeTimesInOnePageIsListedOnce() async throws {
        // Given a service that sends one shop three times, and one placed off the Earth
        let repeated = HotpepperServiceSpy.shop(1), far = Seeds.restaurant("J_FAR", name: "遠い店", lat: 1e308, lng: 139.7)
        let api = HotpepperStub(restaurants: [repeated, HotpepperServiceSpy.shop(2), repeated, far, repeated])
        let sut = HotpepperWorker(api: api)
        // When
        let page = try await sut.fetchRestaurants(RestaurantQuery(keyword: "店", count: 10))
        // Then
        #expect(page.restaurants.map(\.id) == [repeated.id, HotpepperServiceSpy.shop(2).id], "one shop, once, in order")
        #expect(page.dropped.map(\.id) == ["J_FAR"], "whichever service answered, the shop off the Earth is named")
        #expect(page.repeats == 2 && page.sent == 5, "the two copies counted, so the next page starts after all five")
    }

    @Test func droppedShopsOfEveryPageAreKept() async throws {
        // Given pages that each hold a shop off the Earth
        let shops = (1...150).map { position in
            position % 100 == 7
                ? Seeds.restaurant("J_FAR\(position)", name: "遠い店", lat: .infinity, lng: 139.7)
                : HotpepperServiceSpy.shop(position)
        }
        let sut = HotpepperWorker(api: HotpepperStub(restaurants: shops))
        // When
        let page = try await sut.fetchRestaurants(RestaurantQuery(keyword: "店", limit: 150))
        // Then
        #expect(page.dropped.map(\.id) == ["J_FAR7", "J_FAR107"], "from the first page and the second")
        #expect(page.restaurants.count == 148, "the rest")
    }

    @Test func aFailingPageFailsTheWhole() async {
        let api = HotpepperServiceSpy(total: 1000, failures: [501: .httpStatus(503)])
        let progress = ProgressRecorder()
        let sut = HotpepperWorker(api: api, progress: progress.record)
        await #expect(throws: ServiceError.httpStatus(503), "the page's error, not a shorter list") {
            try await sut.fetchRestaurants(Self.query(limit: 1000))
        }
        #expect(progress.events.last == .finished, "progress is ended even on failure")
    }

    @Test func aFailingFirstPageFailsBeforeAnyOther() async {
        // Given a first page that fails while the three asked with it are still waiting
        let api = HotpepperServiceSpy(
            total: 1000, failures: [1: .rejectedKey(message: "no", service: .hotpepper)], holdsAnswers: true)
        await #expect(throws: ServiceError.rejectedKey(message: "no", service: .hotpepper), "the first page's error") {
            try await HotpepperWorker(api: api).fetchRestaurants(Self.query(limit: 500))
        }
        #expect(
            await api.queries.count == HotpepperWorker.maxPagesInFlight, "nothing asked after the first page failed")
        #expect(await api.cancelled == HotpepperWorker.maxPagesInFlight - 1, "the pages still waiting are cancelled")
    }

    @Test func everyPageIsAskedBeforeTheFirstAnswers() async throws {
        // Given three pages' worth of shops, whose answers wait until three are asked
        let api = HotpepperServiceSpy(total: 312, gathers: 3)
        // When --limit 250 is fetched
        let page = try await HotpepperWorker(api: api).fetchRestaurants(Self.query(limit: 250))
        // Then the three requests were out together, not the first alone and then the rest
        let most = await api.maxInFlight
        #expect(most == 3, "all three pages in flight at once, saw \(most)")
        #expect(page.restaurants.map(\.id) == (1...250).map { HotpepperServiceSpy.shop($0).id }, "in order, once each")
    }

    @Test func atMostFourPagesAreInFlight() async throws {
        let api = HotpepperServiceSpy(total: 2000)
        let page = try await HotpepperWorker(api: api).fetchRestaurants(Self.query(limit: 1000))
        #expect(page.restaurants.count == 1000, "ten full pages")
        #expect(await api.queries.count == 10, "ten requests")
        let most = await api.maxInFlight
        #expect(most <= HotpepperWorker.maxPagesInFlight, "at most 4 requests at once, saw \(most)")
        #expect(most > 1, "pages after the first are asked concurrently, saw \(most) at most")
    }

    @Test func progressCountsPagesThenFinishes() async throws {
        let progress = ProgressRecorder()
        let sut = HotpepperWorker(api: HotpepperServiceSpy(total: 312), progress: progress.record)
        _ = try await sut.fetchRestaurants(Self.query(limit: 300))
        #expect(
            progress.events == [.fetched(pages: 1, of: 3), .fetched(pages: 2, of: 3), .fetched(pages: 3, of: 3), .finished],
            "one event per page, then finished")
        let single = ProgressRecorder()
        _ = try await HotpepperWorker(api: HotpepperServiceSpy(total: 312), progress: single.record)
            .fetchRestaurants(Self.query(limit: 100))
        #expect(single.events.isEmpty, "no progress for a single page")
    }
}

/// A service that records the isolation it runs in: a `nonisolated(nonsending)` function runs on
/// its caller's executor, and `#isolation` names it.
final class IsolationSpy: HotpepperProtocol, @unchecked Sendable {
    let provider = Provider.hotpepper
    private let lock = NSLock()
    private var onMainActor: [Bool] = []
    var ranOnMainActor: [Bool] { lock.withLock { onMainActor } }

    nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        let isMain = #isolation === MainActor.shared
        lock.withLock { onMainActor.append(isMain) }
        return RestaurantPage(total: 0, start: 1, restaurants: [])
    }
}

@Suite struct HotpepperWorkerIsolationTests {
    /// A search started on the main actor never leaves it on its way to the service, so a service
    /// that never suspends (the stub) answers without the process starting a thread.
    @MainActor @Test func aSearchRunsOnTheCallersExecutorAllTheWayToTheService() async {
        let spy = IsolationSpy()
        let worker = HotpepperWorker(api: spy)
        _ = await FindPlaces(worker).find(PlaceSearch(query: RestaurantQuery(center: Seeds.tokyoStation), open: Seeds.open))
        _ = try? await worker.fetchRestaurants(RestaurantQuery(keyword: "x"))
        #expect(spy.ranOnMainActor == [true, true], "no hop to the global executor on the way")
    }
}
