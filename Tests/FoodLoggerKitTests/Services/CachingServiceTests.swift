import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

/// A service whose every answer names the call that produced it ("answer 2"), so a test sees
/// which call a page came from; it fails the calls listed in `failing`.
actor NumberedAnswerSpy: HotpepperProtocol {
    let provider: Provider
    let failing: Set<Int>
    private(set) var queries: [RestaurantQuery] = []

    init(provider: Provider = .hotpepper, failing: Set<Int> = []) {
        self.provider = provider; self.failing = failing
    }

    func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        queries.append(query)
        if failing.contains(queries.count) { throw .httpStatus(503) }
        let shop = Seeds.restaurant("J0000000001", name: "answer \(queries.count)", lat: 35.68, lng: 139.76)
        return RestaurantPage(total: 1, start: query.start, restaurants: [shop], provider: provider)
    }
}

/// Lines told to a log.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var lines: [String] { lock.withLock { recorded } }
    func add(_ line: String) { lock.withLock { recorded.append(line) } }
}

@Suite struct CachingServiceTests {
    static let server = URL(string: "http://127.0.0.1:8080/")!
    static let query = RestaurantQuery(center: Seeds.tokyoStation, keyword: "ramen")

    static func sut(
        _ spy: NumberedAnswerSpy, _ folder: TemporaryFolder, mode: CachingService.Mode = .normal,
        provider: Provider = .hotpepper, clock: ManualClock = ManualClock(), log: LogLines? = nil
    ) -> CachingService {
        var narrate: (@Sendable (String) -> Void)?
        if let log { narrate = { log.add($0) } }
        return CachingService(
            spy, provider: provider, server: server, store: AnswerCache(cacheFolder: folder.url, now: { clock.now }),
            mode: mode, log: narrate)
    }

    static func name(_ page: RestaurantPage?) -> String? { page?.restaurants.first?.name }

    @Test func aRepeatedSearchIsAnsweredFromTheCache() async throws {
        // Given a search answered once
        let folder = try TemporaryFolder()
        let spy = NumberedAnswerSpy()
        let first = try await Self.sut(spy, folder).searchRestaurants(Self.query)

        // When it is asked again, by another run
        let second = try await Self.sut(spy, folder).searchRestaurants(Self.query)

        // Then the service was asked once, and the second answer is the first's
        #expect(await spy.queries.count == 1, "no second call")
        #expect(second == first, "the same page")
    }

    @Test func refreshAsksTheServiceAndReplacesTheEntry() async throws {
        // Given a search answered once
        let folder = try TemporaryFolder()
        let spy = NumberedAnswerSpy()
        _ = try await Self.sut(spy, folder).searchRestaurants(Self.query)

        // When it is asked with refresh, then normally
        let refreshed = try await Self.sut(spy, folder, mode: .refresh).searchRestaurants(Self.query)
        let after = try await Self.sut(spy, folder).searchRestaurants(Self.query)

        // Then refresh asked the service, and its answer is the one kept
        #expect(Self.name(refreshed) == "answer 2", "the service's new answer")
        #expect(Self.name(after) == "answer 2", "the new answer replaced the old")
        #expect(await spy.queries.count == 2, "asked twice in all")
    }

    @Test func offlineAnswersFromTheCacheAndSendsNothing() async throws {
        // Given a search answered once, and another never asked
        let folder = try TemporaryFolder()
        let spy = NumberedAnswerSpy()
        _ = try await Self.sut(spy, folder).searchRestaurants(Self.query)
        var other = Self.query
        other.start = 11

        // When both are asked offline
        let sut = Self.sut(spy, folder, mode: .offline)
        let kept = try await sut.searchRestaurants(Self.query)
        let missing = await sut.result(of: other)

        // Then the kept one answers, the other fails as not cached, and nothing more was sent
        #expect(Self.name(kept) == "answer 1", "the kept answer")
        #expect(missing == .failure(.notCached(.search(other))), "the request named in the error")
        #expect(await spy.queries.count == 1, "nothing sent offline")
    }

    @Test func anAnswerOlderThanTheLifetimeIsAskedForAgain() async throws {
        // Given a search answered once
        let folder = try TemporaryFolder()
        let spy = NumberedAnswerSpy()
        let clock = ManualClock()
        _ = try await Self.sut(spy, folder, clock: clock).searchRestaurants(Self.query)

        // When it is asked again just before the lifetime ends, then just after
        clock.advance(AnswerCache.lifetime - 1)
        let before = try await Self.sut(spy, folder, clock: clock).searchRestaurants(Self.query)
        clock.advance(2)
        let after = try await Self.sut(spy, folder, clock: clock).searchRestaurants(Self.query)
        let offline = await Self.sut(spy, folder, mode: .offline, clock: clock).result(of: RestaurantQuery(keyword: "x"))

        // Then the first came from the cache and the second from the service
        #expect(Self.name(before) == "answer 1" && Self.name(after) == "answer 2", "\(before) \(after)")
        #expect(await spy.queries.count == 2, "asked again after expiry only")
        #expect(offline == .failure(.notCached(.search(RestaurantQuery(keyword: "x")))), "offline never asks")
    }

    @Test func aServiceWhoseContentMayNotBeKeptIsAskedEveryTimeAndNothingIsWritten() async throws {
        // Given a service like Google Places, whose terms let an app keep place ids only
        let folder = try TemporaryFolder()
        let spy = NumberedAnswerSpy(provider: .google)
        #expect(Provider.google.mayKeepContent == false, "the premise")

        // When the same search is asked twice
        _ = try await Self.sut(spy, folder, provider: .google).searchRestaurants(Self.query)
        _ = try await Self.sut(spy, folder, provider: .google).searchRestaurants(Self.query)

        // Then both went to the service and no file was written
        #expect(await spy.queries.count == 2, "no answer kept")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("answers").path), "no answers folder")
    }

    @Test func aFailureIsNotKept() async throws {
        // Given a service whose first answer fails
        let folder = try TemporaryFolder()
        let spy = NumberedAnswerSpy(failing: [1])
        let failed = await Self.sut(spy, folder).result(of: Self.query)

        // When the search is asked again
        let second = try await Self.sut(spy, folder).searchRestaurants(Self.query)

        // Then the failure was not served from the cache
        #expect(failed == .failure(.httpStatus(503)), "the first failed")
        #expect(Self.name(second) == "answer 2", "the second was asked of the service")
    }

    @Test func verboseSaysWhenAnAnswerCameFromTheCacheAndHowOld() async throws {
        // Given a search answered once, and a log
        let folder = try TemporaryFolder()
        let spy = NumberedAnswerSpy()
        let clock = ManualClock()
        let log = LogLines()
        _ = try await Self.sut(spy, folder, clock: clock, log: log).searchRestaurants(Self.query)
        #expect(log.lines.isEmpty, "an answer from the service is narrated by the service")

        // When it is asked again 125 seconds later
        clock.advance(125)
        _ = try await Self.sut(spy, folder, clock: clock, log: log).searchRestaurants(Self.query)

        // Then the log says so, with the age
        #expect(log.lines == ["answer from the cache, kept 2 min 5 s ago (1 shops)"], "\(log.lines)")
    }

    @Test func pagesFetchedTogetherAreKeptOneByOneSoARepeatSendsNothing() async throws {
        // Given the worker over the cache, over a service of 312 shops
        let folder = try TemporaryFolder()
        let spy = HotpepperServiceSpy(total: 312)
        let make = {
            HotpepperWorker(
                api: CachingService(spy, provider: .hotpepper, server: Self.server, store: AnswerCache(cacheFolder: folder.url)))
        }
        let query = RestaurantQuery(center: Seeds.tokyoStation, range: .m3000, limit: 250)
        let first = try await make().fetchRestaurants(query)

        // When the same 250 are asked again, and the same first page alone (the map's re-search)
        let second = try await make().fetchRestaurants(query)
        var onePage = query
        onePage.limit = nil
        onePage.count = 100
        let page = try await make().fetchRestaurants(onePage)

        // Then three requests were sent in all, and the answers are the same
        let asked = await spy.queries.count
        #expect(asked == 3, "three pages once: \(asked)")
        #expect(second == first && second.restaurants.count == 250, "the same 250 shops")
        #expect(page.restaurants.map(\.id) == Array(first.restaurants.prefix(100).map(\.id)), "the first page, kept")
    }
}
