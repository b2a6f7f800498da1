import Foundation
import Testing

@testable import FoodLoggerDomain

/// Records the lookups it is asked for and answers with the shops it holds.
final class LookupSpy: HotpepperWorking, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [[String]] = []
    let shops: [Restaurant]
    let provider: Provider
    init(shops: [Restaurant] = [], provider: Provider = .hotpepper) {
        self.shops = shops; self.provider = provider
    }
    var lookups: [[String]] { lock.withLock { asked } }

    func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        lock.withLock { asked.append(query.ids) }
        return RestaurantPage(
            total: shops.count, start: 1, restaurants: shops.filter { query.ids.contains($0.id) }, provider: provider)
    }
}

@Suite struct KnownShopsWorkerTests {
    @Test func knownShopsAreAnsweredWithoutARequest() async throws {
        // Given the last list's kept shops and a service behind them
        let list = LastList(page: Seeds.Pages.tokyo, center: nil, saved: LastListTests.saved)
        let spy = LookupSpy()
        let sut = KnownShopsWorker(base: spy, list: list)

        // When two of them are looked up
        let page = try await sut.lookupRestaurants(ids: ["J0000000002", "J0000000003"])

        // Then they come as kept, in the order asked, and nothing was asked of the service
        #expect(page.restaurants == [Seeds.Restaurants.middle, Seeds.Restaurants.far])
        #expect(spy.lookups.isEmpty, "no request: \(spy.lookups)")
    }

    @Test func onlyTheUnknownIdsAreAskedFor() async throws {
        // Given a kept list and a service that knows another shop
        let list = LastList(
            page: RestaurantPage(total: 1, start: 1, restaurants: [Seeds.Restaurants.near]), center: nil,
            saved: LastListTests.saved)
        let spy = LookupSpy(shops: [Seeds.Restaurants.far])
        let sut = KnownShopsWorker(base: spy, list: list)

        // When the kept shop and the other are looked up
        let page = try await sut.lookupRestaurants(ids: ["J0000000003", "J0000000001"])

        // Then the service is asked for the other one only, and both come in the order asked
        #expect(spy.lookups == [["J0000000003"]])
        #expect(page.restaurants.map(\.id) == ["J0000000003", "J0000000001"])
    }

    @Test func googlesNumbersAreLookedUpByIdAgain() async throws {
        // Given Google's last list, which holds ids only, and a Google-like service behind it
        let shops = Seeds.Pages.tokyo.restaurants
        let googles = shops.map { shop in
            var google = shop
            google.provider = .google
            return google
        }
        let list = LastList(
            page: RestaurantPage(total: 3, start: 1, restaurants: googles, provider: .google), center: nil,
            saved: LastListTests.saved)
        let spy = LookupSpy(shops: shops, provider: .google)
        let sut = KnownShopsWorker(base: spy, list: list)

        // When the shop numbered 2 is looked up
        let page = try await sut.lookupRestaurants(ids: [try StoredLastList(writing: list).shop(numbered: 2).id])

        // Then it is asked for by id, and comes as the service answers now
        #expect(spy.lookups == [["J0000000001"]])
        #expect(page.restaurants == [Seeds.Restaurants.near] && page.provider == .google)
    }
}
