import Testing

@testable import FoodLoggerDomain

@Suite struct ShopListWorkerTests {
    let sut = ShopListWorker([Seeds.Restaurants.far, Seeds.Restaurants.near, Seeds.Restaurants.middle])

    @Test func aSearchFindsEveryShopNearestFirst() async throws {
        // When the shops are searched around Tokyo Station
        let page = try await sut.fetchRestaurants(RestaurantQuery(center: Seeds.tokyoStation, range: .m300))

        // Then all three come back, nearest first, whatever the range
        #expect(page.restaurants.map(\.id) == ["J0000000001", "J0000000002", "J0000000003"], "\(page.restaurants.map(\.id))")
        #expect(page.total == 3 && page.start == 1, "all three counted")
    }

    @Test func aKeywordKeepsTheShopsThatMentionIt() async throws {
        // When the shops are searched for ラーメン
        let page = try await sut.fetchRestaurants(RestaurantQuery(keyword: "ラーメン"))

        // Then only the ramen shop is found
        #expect(page.restaurants.map(\.id) == ["J0000000003"], "\(page.restaurants.map(\.id))")
    }

    @Test func itAnswersWholeTheSearchCutsTheWindowAndIdsAreHonoured() async throws {
        // When the second window of one shop is asked of the list, then of the search over it, and an id is looked up
        let query = RestaurantQuery(center: Seeds.tokyoStation, start: 2, count: 1)
        let whole = try await sut.fetchRestaurants(query)
        let second = try await FindPlaces(services: [.init(.hotpepper, sut, pages: false)])
            .find(PlaceSearch(query: query, open: Seeds.open)).get().page
        let looked = try await sut.lookupRestaurants(ids: ["J0000000002"])

        // Then the list answers all three, as a service that does not page; the search cuts the second nearest
        #expect(
            whole.restaurants.map(\.id) == ["J0000000001", "J0000000002", "J0000000003"] && whole.start == 1,
            "the whole list: \(whole.restaurants.map(\.id))")
        #expect(
            second.restaurants.map(\.id) == ["J0000000002"] && second.total == 3 && second.start == 2,
            "\(second.restaurants.map(\.id))")
        #expect(looked.restaurants.map(\.id) == ["J0000000002"], "\(looked.restaurants.map(\.id))")
    }
}
