import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `--budget -1500` (and MCP's `max_budget_yen: 1500`) spans three of HOT PEPPER's bands, one
/// more than a request takes: the worker asks without them and keeps the places by band.
@Suite struct BudgetBandsTests {
    /// 40 shops, their bands in turn ～500, 501～1000, 1001～1500, 1501～2000 yen; records each query.
    actor BandedService: HotpepperProtocol {
        nonisolated let provider = Provider.hotpepper
        static let bands = ["B009", "B010", "B011", "B001"]
        /// How many shops the service has.
        let count: Int
        private(set) var queries: [RestaurantQuery] = []

        init(count: Int = 40) { self.count = count }

        func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
            queries.append(query)
            let shops = (1...count).map { n in
                var shop = Seeds.restaurant(String(format: "J%09d", n), name: "店 \(n)", lat: 35.68, lng: 139.76)
                shop.hotpepper = HotpepperDetails(budget: .init(code: Self.bands[n % 4], name: "", average: ""))
                return shop
            }.filter { query.budgets.isEmpty || $0.hotpepper?.budget.map { query.budgets.contains($0.code) } == true }
            let window = Array(shops.dropFirst(query.start - 1).prefix(query.count))
            return RestaurantPage(total: shops.count, start: query.start, restaurants: window)
        }
    }

    @Test func threeBandsAreAskedWithoutThemAndKeptByBand() async throws {
        // Given a search in three bands, ten places a page
        let service = BandedService()
        let worker = HotpepperWorker(api: service)
        var query = RestaurantQuery(center: Coordinate(lat: 35.68, lng: 139.76), budgets: ["B009", "B010", "B011"], count: 10)
        // When its first and last pages are asked
        let first = try await worker.fetchRestaurants(query)
        query.start = 21
        let last = try await worker.fetchRestaurants(query)
        // Then the service was asked without bands, and the places kept are the three bands' 30, on both pages
        let asked = await service.queries
        #expect(!asked.isEmpty && asked.allSatisfy(\.budgets.isEmpty), "no request names a band")
        let codes = Set((first.restaurants + last.restaurants).compactMap { $0.hotpepper?.budget?.code })
        #expect(codes == ["B009", "B010", "B011"], "\(codes)")
        #expect(first.total == 30 && last.total == 30, "the same total on every page: \(first.total), \(last.total)")
        #expect(first.restaurants.count == 10 && last.restaurants.count == 10 && last.start == 21)
        #expect(Set(first.restaurants.map(\.id)).isDisjoint(with: last.restaurants.map(\.id)), "pages do not overlap")
    }

    @Test func aServiceWithMoreThanItsReachGivesALowerBound() async throws {
        // Given 800 shops, more than HOT PEPPER's reach of 500
        let finder = FindPlaces(HotpepperWorker(api: BandedService(count: 800)))
        var query = RestaurantQuery(center: Coordinate(lat: 35.68, lng: 139.76), budgets: ["B009", "B010", "B011"])
        query.count = 10
        // When a search in three bands is made
        let found = try await finder.find(PlaceSearch(query: query, open: Seeds.open)).get()
        // Then its total is the bands' places among the 500 looked at, said to be a lower bound
        #expect(found.page.total == 375 && !found.totalIsExact, "\(found.page.total) \(found.totalIsExact)")
    }

    @Test func twoBandsAreStillAskedOfTheService() async throws {
        let service = BandedService()
        let page = try await HotpepperWorker(api: service).fetchRestaurants(
            RestaurantQuery(center: Coordinate(lat: 35.68, lng: 139.76), budgets: ["B009", "B010"], count: 10))
        #expect(await service.queries.map(\.budgets) == [["B009", "B010"]], "one request, naming the bands")
        #expect(page.total == 20)
    }

    @Test func budgetUpTo1500IsAnsweredOnTheCommandLine() async throws {
        // When the stub is asked for places up to ¥1,500 around Tokyo Station
        let run = await CLIRun.run(["search", "--stub", "--near", "東京駅", "--budget", "-1500", "--json"])
        // Then the places are in the three bands, none refused
        let places = run.json?["restaurants"] as? [[String: Any]] ?? []
        #expect(run.code == .success && !places.isEmpty, "\(run.stderr)")
        let codes = Set(places.compactMap { $0["budget_code"] as? String })
        #expect(codes.isSubset(of: ["B009", "B010", "B011"]) && codes.count > 1, "\(codes)")
    }
}
