import Foundation
import Testing
import TestSupport

@testable import FoodLoggerDomain

/// --min-rating and --price, through the use case's one filter step (`FindPlaces`).
@Suite struct ReviewFilterTests {
    func search(_ query: RestaurantQuery) -> PlaceSearch {
        PlaceSearch(query: query, open: OpenQuestion(moment: .now(CLIRun.friday), openOnly: false))
    }

    /// 30 places nearest first: ratings 3.0 to 4.5 by turns, every fifth unrated; price
    /// levels 1 to 4 by turns, every seventh unpriced.
    static var places: [Restaurant] {
        var places = FindPlacesTests.row(30)
        for index in places.indices {
            places[index].rating = index % 5 == 4 ? nil : 3.0 + Double(index % 4) / 2
            places[index].priceLevel = index % 7 == 6 ? nil : 1 + index % 4
        }
        return places
    }

    @Test func aMinimumRatingKeepsThePlacesRatedSoOverTheWholeListWithTheTotalRightOnEveryPage() async throws {
        // Given 30 places, 13 of them rated 4 or more
        let places = Self.places
        let kept = places.filter { ($0.rating ?? 0) >= 4 }.map(\.id)
        let worker = ListWorkerSpy(places)
        let sut = FindPlaces(worker)
        // When the first two windows of 5 rated at least 4 are asked for
        var query = RestaurantQuery(center: MergeSeeds.origin, count: 5)
        query.minRating = 4
        let first = try await sut.find(search(query)).get()
        query.start = 6
        let second = try await sut.find(search(query)).get()
        // Then each window is cut from the filtered list, whose total is the same for both
        #expect(first.page.restaurants.map(\.id) == Array(kept.prefix(5)), "\(first.page.restaurants.map(\.id))")
        #expect(second.page.restaurants.map(\.id) == Array(kept.dropFirst(5).prefix(5)), "\(second.page.restaurants.map(\.id))")
        #expect(
            first.page.total == kept.count && second.page.total == kept.count, "total \(first.page.total) \(second.page.total)")
        // And what was left out is counted: rated lower, and unrated
        #expect(first.reviewsLeftOut.outside == 30 - kept.count - 6, "\(first.reviewsLeftOut)")
        #expect(first.reviewsLeftOut.unsaid == 6, "every fifth of 30 unrated: \(first.reviewsLeftOut)")
        #expect(first.nextStart == 6 && second.nextStart == 11, "pages go on from the cut list")
    }

    @Test func aPriceSpanKeepsThePlacesPricedWithinIt() async throws {
        // Given 30 places of price levels 1 to 4
        let places = Self.places
        let worker = ListWorkerSpy(places)
        let sut = FindPlaces(worker)
        // When levels 1 to 2 with at least 3.5 stars are asked for
        var query = RestaurantQuery(center: MergeSeeds.origin, count: 100)
        (query.prices, query.minRating) = (1...2, 3.5)
        let found = try await sut.find(search(query)).get()
        // Then only those priced 1 or 2 and rated 3.5 or more are kept
        let expected = places.filter { (1...2).contains($0.priceLevel ?? 9) && ($0.rating ?? 0) >= 3.5 }.map(\.id)
        #expect(!expected.isEmpty && found.page.restaurants.map(\.id) == expected, "\(found.page.restaurants.map(\.id))")
        #expect(found.page.total == expected.count, "total \(found.page.total)")
    }

    @Test(arguments: [
        ("～500円", 1), ("501～1000円", 1), ("1001～1500円", 1), ("1501～2000円", 2), ("3001～4000円", 2),
        ("4001～5000円", 3), ("7001～10000円", 3), ("10001～15000円", 4), ("30001円～", 4),
    ])
    func hotPeppersBudgetBandsReadAsPriceLevels(band: String, level: Int) {
        // Given a HOT PEPPER shop in the band, with no price level of its own
        var place = FindPlacesTests.row(1)[0]
        place.hotpepper = HotpepperDetails(budget: .init(code: "B000", name: band, average: ""))
        // Then its price is the band's level
        #expect(place.price == level, "\(band) is level \(level), not \(String(describing: place.price))")
    }

    @Test(Samples.required) func everyBandOfTheRealBudgetListReadsAsALevelDearerBandsNoLower() throws {
        // Given HOT PEPPER's budget list as captured, cheapest band first
        let object = try JSONSerialization.jsonObject(with: Samples.data("masters/budget.json")) as? [String: Any]
        let results = try #require(object?["results"] as? [String: Any], "results")
        let bands = try #require(results["budget"] as? [[String: String]], "budget").compactMap { $0["name"] }
        // When each is read as a price level
        let levels = bands.map { HotpepperDetails.Budget(code: "", name: $0, average: "").priceLevel }
        // Then each has one, 1 to 4, never lower than a cheaper band's
        #expect(bands.count == 13 && levels.allSatisfy { $0 != nil }, "\(zip(bands, levels).map { "\($0) \($1 ?? 0)" })")
        let known = levels.compactMap { $0 }
        #expect(known == known.sorted() && known.first == 1 && known.last == 4, "\(known)")
    }
}
