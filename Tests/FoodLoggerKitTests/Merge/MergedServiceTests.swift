import Foundation
import Testing

@testable import FoodLoggerDomain

/// A service's worker that answers a canned page or error, and records the query it was asked.
final class MergeWorkerSpy: HotpepperWorking, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [RestaurantQuery] = []
    let answer: Result<RestaurantPage, ServiceError>

    init(_ answer: Result<RestaurantPage, ServiceError>) { self.answer = answer }

    var queries: [RestaurantQuery] { lock.withLock { asked } }

    func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        lock.withLock { asked.append(query) }
        return try answer.get()
    }
}

@Suite struct MergedServiceTests {
    static func page(_ provider: Provider, _ places: [Restaurant]) -> RestaurantPage {
        RestaurantPage(total: places.count, start: 1, restaurants: places, provider: provider)
    }

    @Test func itAsksEachServiceForAsManyPlacesAsThePageReachesAndCutsTheMergedList() async throws {
        // Given OSM and Google, which share one place
        let osm = MergeWorkerSpy(
            .success(Self.page(.osm, [PlaceMergeTests.osm(), MergeSeeds.place("node/2", "Far", provider: .osm, north: 400)])))
        let google = MergeWorkerSpy(.success(Self.page(.google, [PlaceMergeTests.google(nil)])))
        let sut = MergedService(services: [(.osm, osm), (.google, google)])
        // When the second place of a merged list is asked for, a page of one
        let query = RestaurantQuery(center: MergeSeeds.origin, start: 2, count: 1)
        let page = try await sut.searchRestaurants(query)
        // Then both were asked from the start, as far as the page reaches in Google's pages of 20
        #expect(osm.queries.map(\.start) == [1] && osm.queries.map(\.count) == [20], "\(osm.queries)")
        #expect(google.queries.map(\.count) == [20], "the same of Google")
        // And the merged list is cut: two places, the far one second
        #expect(page.total == 2 && page.start == 2 && page.restaurants.map(\.id) == ["node/2"], "\(page.restaurants.map(\.id))")
        #expect(page.provider == .osm, "the first service's page")
    }

    @Test func laterPagesAreCutFromTheMergedListWithoutAskingAgain() async throws {
        // Given two services, one with 25 places and one with 3
        let many = (1...25).map { MergeSeeds.place("node/\($0)", "Place \($0)", provider: .osm, north: Double($0) * 100) }
        let osm = MergeWorkerSpy(.success(Self.page(.osm, many)))
        let google = MergeWorkerSpy(.success(Self.page(.google, [PlaceMergeTests.google(nil)])))
        let sut = MergedService(services: [(.osm, osm), (.google, google)])
        // When pages of 10 are asked for in turn, as the prompt's n does
        var seen: [String] = []
        for start in [1, 11] {
            seen += try await sut.searchRestaurants(RestaurantQuery(center: MergeSeeds.origin, start: start, count: 10))
                .restaurants.map(\.id)
        }
        // Then each service was asked once for the first 20, and the second page came from the kept list
        #expect(osm.queries.count == 1 && google.queries.count == 1, "\(osm.queries.count), \(google.queries.count)")
        #expect(Set(seen).count == 20, "no place twice: \(seen)")
        // And a page past the first 20 asks again, for the next 20
        _ = try await sut.searchRestaurants(RestaurantQuery(center: MergeSeeds.origin, start: 21, count: 10))
        #expect(osm.queries.map(\.count) == [20, 40], "\(osm.queries.map(\.count))")
    }

    @Test func aListEveryServiceGaveInFullAnswersEveryLaterPage() async throws {
        // Given services that gave fewer places than asked for: all they have
        let osm = MergeWorkerSpy(.success(Self.page(.osm, [PlaceMergeTests.osm()])))
        let google = MergeWorkerSpy(.success(Self.page(.google, [PlaceMergeTests.google(nil)])))
        let sut = MergedService(services: [(.osm, osm), (.google, google)])
        // When an open-only search looks further, up to 500
        _ = try await sut.searchRestaurants(RestaurantQuery(center: MergeSeeds.origin))
        _ = try await sut.searchRestaurants(RestaurantQuery(center: MergeSeeds.origin, limit: 500))
        // Then nothing is asked again
        #expect(osm.queries.count == 1 && google.queries.count == 1)
        // But another search is asked
        _ = try await sut.searchRestaurants(RestaurantQuery(center: MergeSeeds.origin, keyword: "ramen"))
        #expect(osm.queries.count == 2)
    }

    @Test func aServiceThatFailsFailsTheMergedSearch() async {
        let osm = MergeWorkerSpy(.success(Self.page(.osm, [PlaceMergeTests.osm()])))
        let google = MergeWorkerSpy(.failure(.httpStatus(503)))
        let sut = MergedService(services: [(.osm, osm), (.google, google)])
        await #expect(
            throws: ServiceError.inMerge(.httpStatus(503), service: .google, others: [.osm]),
            "never a list silently missing a service; the error names it"
        ) {
            try await sut.searchRestaurants(RestaurantQuery(center: MergeSeeds.origin))
        }
    }
}
