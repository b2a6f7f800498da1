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
        // Then both were asked from the start, as far as the page reaches
        #expect(osm.queries.map(\.start) == [1] && osm.queries.map(\.count) == [2], "\(osm.queries)")
        #expect(google.queries.map(\.count) == [2], "the same of Google")
        // And the merged list is cut: two places, the far one second
        #expect(page.total == 2 && page.start == 2 && page.restaurants.map(\.id) == ["node/2"], "\(page.restaurants.map(\.id))")
        #expect(page.provider == .osm, "the first service's page")
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
