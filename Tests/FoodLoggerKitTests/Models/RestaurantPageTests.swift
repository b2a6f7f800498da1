import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `RestaurantPage.sanitized()`: what every view may rely on about a page's shops.
@Suite struct RestaurantPageTests {
    static func shop(_ id: String, lat: Double, lng: Double = 139.7671) -> Restaurant {
        Seeds.restaurant(id, name: "店 \(id)", lat: lat, lng: lng)
    }

    /// Positions no view can place, and the edges that are still on the Earth.
    static let offTheEarth: [Coordinate] = [
        .init(lat: 1e308, lng: 139.7), .init(lat: -1e308, lng: 139.7), .init(lat: 35.6, lng: 1e308),
        .init(lat: .nan, lng: 139.7), .init(lat: 35.6, lng: -.infinity), .init(lat: 90.0000001, lng: 0),
        .init(lat: -90.0000001, lng: 0), .init(lat: 0, lng: 180.0000001), .init(lat: 0, lng: -180.0000001),
    ]
    static let onTheEarth: [Coordinate] = [
        .init(lat: 90, lng: 180), .init(lat: -90, lng: -180), .init(lat: 0, lng: -0.0), .init(lat: -0.0, lng: 0),
        .init(lat: .leastNonzeroMagnitude, lng: -.leastNonzeroMagnitude), .init(lat: 35.6812, lng: 139.7671),
    ]

    @Test(arguments: offTheEarth)
    func aShopOffTheEarthIsDroppedAndRecorded(coordinate: Coordinate) {
        // Given a page with a good shop around a bad one
        let bad = Restaurant(
            id: "J_BAD", name: "宇宙食堂", genre: .init(code: "", name: "", catchCopy: ""), coordinate: coordinate,
            urls: .init(shop: "", photo: ""), provider: .hotpepper)
        let page = RestaurantPage(
            total: 3, start: 1, restaurants: [Self.shop("J1", lat: 35.68), bad, Self.shop("J2", lat: 35.69)])
        // When
        let sut = page.sanitized()
        // Then
        #expect(sut.restaurants.map(\.id) == ["J1", "J2"], "the others kept, in order")
        #expect(sut.dropped.map(\.id) == ["J_BAD"] && sut.dropped.map(\.name) == ["宇宙食堂"], "the bad one named")
        #expect(sut.total == 3 && sut.start == 1, "the service's counts as they were")
    }

    @Test(arguments: onTheEarth)
    func aShopOnTheEarthIsKept(coordinate: Coordinate) {
        let page = RestaurantPage(total: 1, start: 1, restaurants: [Self.shop("J1", lat: coordinate.lat, lng: coordinate.lng)])
        let sut = page.sanitized()
        #expect(sut.restaurants.count == 1 && sut.dropped.isEmpty, "\(coordinate) is a place on the Earth")
    }

    @Test func theSameIdThreeTimesIsOneShopTheFirst() {
        // Given the service sent one shop three times, the copies differing
        var second = Self.shop("J1", lat: 35.1)
        second.name = "second copy"
        let page = RestaurantPage(
            total: 4, start: 1,
            restaurants: [Self.shop("J1", lat: 35.68), Self.shop("J2", lat: 35.69), second, Self.shop("J1", lat: 35.2)])
        // When
        let sut = page.sanitized()
        // Then
        #expect(sut.restaurants.map(\.id) == ["J1", "J2"], "each id once")
        #expect(sut.restaurants[0].coordinate.lat == 35.68, "the first copy kept")
    }

    @Test func shopsWithoutAnIdAreNotMergedIntoOne() {
        let page = RestaurantPage(total: 2, start: 1, restaurants: [Self.shop("", lat: 35.68), Self.shop("", lat: 35.69)])
        #expect(page.sanitized().restaurants.count == 2, "nothing says they are one shop")
    }

    @Test func sanitizingTwiceChangesNothing() {
        let page = RestaurantPage(
            total: 2, start: 1, restaurants: [Self.shop("J1", lat: 35.68), Self.shop("J2", lat: .nan)]
        ).sanitized()
        let again = page.sanitized()
        #expect(again.restaurants.map(\.id) == ["J1"] && again.dropped.map(\.id) == ["J2"], "one drop, recorded once")
    }

    /// Listings round distances to whole metres with `Int(_:)`, which traps on NaN or a huge value.
    @Test(arguments: offTheEarth)
    func aDistanceIsAlwaysAWholeNumberOfMetres(coordinate: Coordinate) {
        #expect(coordinate.roundedMetres(to: Seeds.tokyoStation) <= 20_037_509, "at most half the Earth, never a trap")
    }
}
