import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// A service that knows the shops it was given and records every query; it answers in reverse
/// order, so the worker must restore the order asked.
final class LookupServiceSpy: HotpepperProtocol, @unchecked Sendable {
    let provider = Provider.hotpepper
    private let lock = NSLock()
    private var recorded: [RestaurantQuery] = []
    let known: [String: Restaurant]

    init(known: [Restaurant]) {
        self.known = Dictionary(uniqueKeysWithValues: known.map { ($0.id, $0) })
    }

    var queries: [RestaurantQuery] { lock.withLock { recorded } }

    func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        lock.withLock { recorded.append(query) }
        let found = query.ids.compactMap { known[$0] }.reversed()
        return RestaurantPage(total: found.count, start: 1, restaurants: Array(found))
    }
}

@Suite("HotpepperWorker id lookup")
struct HotpepperWorkerLookupTests {
    @Test("45 ids go out as 20, 20 and 5, and come back in the order asked")
    func splitsIntoBatchesOfTwenty() async throws {
        // Given
        let shops = (1...45).map(DetailSeeds.numbered)
        let api = LookupServiceSpy(known: shops)
        let sut = HotpepperWorker(api: api)
        let ids = shops.map(\.id).shuffled()

        // When
        let found = try await sut.lookupRestaurants(ids: ids).restaurants

        // Then
        #expect(api.queries.map(\.ids.count) == [20, 20, 5], "three requests of 20, 20 and 5 ids")
        #expect(api.queries.map(\.count) == [20, 20, 5], "each request asks for as many shops as it names")
        #expect(api.queries.flatMap(\.ids) == ids, "every id asked once, in order")
        #expect(found.map(\.id) == ids, "shops in the order the ids were given")
    }

    @Test("ids the service does not know are left out, the rest keep their order")
    func unknownIDsAreAbsent() async throws {
        let api = LookupServiceSpy(known: [DetailSeeds.izakaya, DetailSeeds.cafe])
        let sut = HotpepperWorker(api: api)

        let found = try await sut.lookupRestaurants(ids: [DetailSeeds.cafe.id, "J999", DetailSeeds.izakaya.id]).restaurants

        #expect(found == [DetailSeeds.cafe, DetailSeeds.izakaya], "cafe then izakaya, J999 missing")
        #expect(api.queries.count == 1, "three ids fit one request")
    }

    @Test("a service error ends the lookup with that error")
    func errorsPropagate() async {
        struct Failing: HotpepperProtocol {
            let provider = Provider.hotpepper
            func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
                throw .serviceFailure(message: "down", transient: true)
            }
        }
        let sut = HotpepperWorker(api: Failing())
        await #expect(throws: ServiceError.serviceFailure(message: "down", transient: true), "the service's error") {
            try await sut.lookupRestaurants(ids: ["J1"])
        }
    }
}
