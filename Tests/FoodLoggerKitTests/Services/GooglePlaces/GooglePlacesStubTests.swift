import Foundation
import Testing
@testable import FoodLoggerDomain

/// The offline Google: the offline OpenStreetMap's places in Places API (New) form, read by the
/// real decoder.
@Suite struct GooglePlacesStubTests {
    let sut = GooglePlacesStub()
    let shibuya = StubRestaurants.Neighbourhood.shibuya.centre

    @Test func aSearchFindsGooglesShopsNearestFirstInTheirClock() async throws {
        // When Shibuya is searched within 2 km
        let page = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, range: .m2000, count: 20))
        // Then Google's shops come nearest first, in Tokyo's zone (its name, as Google gives it), with reviews and prices
        #expect(page.provider == .google && page.region?.timeZone == "Asia/Tokyo", "\(String(describing: page.region))")
        let distances = page.restaurants.map { $0.coordinate.distance(to: shibuya) }
        #expect(!page.restaurants.isEmpty && distances == distances.sorted(), "nearest first")
        #expect(page.restaurants.allSatisfy { $0.id.hasPrefix("ChIJ") && $0.urls.shop.hasSuffix($0.id) }, "Google's ids")
        #expect(page.restaurants.contains { $0.rating != nil && $0.ratingCount != nil && $0.priceLevel != nil })
    }

    @Test func theStubHasEveryKindOfHours() async throws {
        let page = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, range: .m3000, count: 20))
        let byName = Dictionary(page.restaurants.map { ($0.name, $0) }) { first, _ in first }
        // Periods, and the week in words as Google writes them
        let ramen = byName["Ramen Hachiboshi"]
        #expect(ramen?.periodHours?.weekly?[.weekday(.sunday)] == [.init(start: 660, end: 1740)], "past midnight")
        #expect(ramen?.hoursText.hasPrefix("Monday: 11:00 – 5:00; Tuesday: 11:00 – 5:00") == true, "\(ramen?.hoursText ?? "")")
        let gyudon = byName["Shibuya Gyudon 24"]
        #expect(gyudon?.periodHours?.week == [.init(start: 0, end: PeriodHours.minutesPerWeek)], "always open")
        #expect(
            gyudon?.hoursText.hasPrefix("Monday: Open 24 hours; Tuesday: Open 24 hours") == true, "\(gyudon?.hoursText ?? "")")
        #expect(byName["天ぷら 青葉"]?.businessStatus == .closedPermanently, "closed for good")
        let tokyo = try await sut.searchRestaurants(
            RestaurantQuery(center: StubRestaurants.Neighbourhood.tokyoStation.centre, range: .m3000, count: 20))
        let ice = try #require(tokyo.restaurants.first { $0.name == "Ginza Ice Lab" }, "the ice cream parlour")
        #expect(ice.periodHours == nil && ice.hoursText.isEmpty && ice.rating == nil, "no hours, no reviews")
    }

    @Test func nearbyGivesAtMostTwentyAndAKeywordNarrows() async throws {
        let far = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, range: .m3000, count: 100))
        #expect(far.total <= 20, "Nearby Search's cap: \(far.total)")
        let ramen = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, range: .m3000, keyword: "ramen"))
        #expect(ramen.restaurants.map(\.name) == ["Ramen Hachiboshi"], "\(ramen.restaurants.map(\.name))")
        let typed = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, range: .m3000, genres: ["pizza_restaurant"]))
        #expect(typed.restaurants.map(\.name) == ["Pizzeria Udagawa"], "\(typed.restaurants.map(\.name))")
    }

    @Test func idsLookUpPlacesAsDetailsWould() async throws {
        let found = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, range: .m500, count: 1))
        let id = try #require(found.restaurants.first?.id, "a place")
        let page = try await sut.searchRestaurants(RestaurantQuery(ids: ["places/\(id)", "ChIJunknownPlaceId00000"]))
        #expect(page.restaurants.map(\.id) == [id], "the known one, from its resource name")
    }

    @Test func farFromEveryNeighbourhoodItSaysWhereItHasPlaces() async throws {
        let page = try await sut.searchRestaurants(RestaurantQuery(center: Coordinate(lat: -33.87, lng: 151.21)))
        #expect(page.restaurants.isEmpty && page.coverage?.contains("Shibuya") == true, "\(String(describing: page.coverage))")
    }
}
