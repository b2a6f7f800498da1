import Foundation
import Testing
@testable import FoodLoggerDomain

/// Places API (New) answers, written for this project after Google's reference, read into shops.
@Suite struct GooglePlacesDecoderTests {
    /// Two places as Nearby Search sends them: a full one in Tokyo, open past midnight on Fridays,
    /// and one closed for good with no hours, rating or price.
    static let nearby = #"""
        {"places": [
          {"id": "ChIJfoodloggerTest0001", "displayName": {"text": "Ramen Kazamidori", "languageCode": "en"},
           "primaryType": "ramen_restaurant", "primaryTypeDisplayName": {"text": "Ramen Restaurant", "languageCode": "en"},
           "location": {"latitude": 35.6595, "longitude": 139.7005},
           "shortFormattedAddress": "2-10-4 Dogenzaka, Shibuya", "formattedAddress": "2-10-4 Dogenzaka, Shibuya City, Tokyo 150-0043, Japan",
           "googleMapsUri": "https://maps.google.com/?cid=1", "rating": 4.3, "userRatingCount": 812,
           "priceLevel": "PRICE_LEVEL_INEXPENSIVE", "businessStatus": "OPERATIONAL", "utcOffsetMinutes": 540,
           "postalAddress": {"regionCode": "jp", "locality": "Shibuya"},
           "regularOpeningHours": {"openNow": true, "periods": [
             {"open": {"day": 1, "hour": 11, "minute": 0}, "close": {"day": 1, "hour": 22, "minute": 0}},
             {"open": {"day": 5, "hour": 18, "minute": 0}, "close": {"day": 6, "hour": 2, "minute": 0}}],
             "weekdayDescriptions": ["Monday: 11:00 AM – 10:00 PM"]}},
          {"name": "places/ChIJfoodloggerTest0002", "displayName": {"text": "Old Tea House"},
           "location": {"latitude": 35.6601, "longitude": 139.7012}, "formattedAddress": "1-1 Jinnan, Shibuya City",
           "businessStatus": "CLOSED_PERMANENTLY", "priceLevel": "PRICE_LEVEL_UNSPECIFIED"}
        ]}
        """#

    @Test func aNearbyAnswerBecomesShopsInThePlacesClock() throws {
        // When the answer is read
        let (page, token) = try GooglePlacesDecoder.decode(Data(Self.nearby.utf8))

        // Then both places are shops of Google, in Tokyo's fixed offset
        #expect(token == nil, "Nearby Search has no pages")
        #expect(page.provider == .google && page.total == 2, "\(page.provider) \(page.total)")
        #expect(page.region?.timeZone == "GMT+0900", "\(String(describing: page.region))")
        #expect(page.region?.countryCode == "JP", "the country, for the currency: \(String(describing: page.region))")
        #expect(TimeZone(identifier: page.region?.timeZone ?? "")?.secondsFromGMT() == 9 * 3600, "a zone this system reads")
        let ramen = try #require(page.restaurants.first, "the ramen shop")
        #expect(ramen.id == "ChIJfoodloggerTest0001" && ramen.name == "Ramen Kazamidori", "\(ramen.id) \(ramen.name)")
        #expect(ramen.genre.code == "ramen_restaurant" && ramen.genre.name == "Ramen Restaurant", "\(ramen.genre)")
        #expect(ramen.address == "2-10-4 Dogenzaka, Shibuya", "the short address: \(ramen.address)")
        #expect(ramen.urls.shop == "https://maps.google.com/?cid=1", "Google's page for it")
        #expect(ramen.rating == 4.3 && ramen.ratingCount == 812 && ramen.priceLevel == 1, "the reviews and price")
        #expect(ramen.businessStatus == .operational, "trading")
        // Google's periods, read as periods: never written as OpenStreetMap text and read again
        #expect(ramen.osmOpeningHours == nil, "no OSM syntax from Google: \(ramen.osmOpeningHours ?? "nil")")
        #expect(ramen.periodHours?.weekly?[.weekday(.monday)] == [.init(start: 660, end: 1320)], "Monday 11:00-22:00")
        #expect(ramen.periodHours?.weekly?[.weekday(.friday)] == [.init(start: 1080, end: 1560)], "Friday 18:00-02:00")

        // And what the second place lacks is nil, never ""
        let closed = try #require(page.restaurants.last, "the tea house")
        #expect(closed.id == "ChIJfoodloggerTest0002", "the id from the resource name: \(closed.id)")
        #expect(closed.address == "1-1 Jinnan, Shibuya City", "the full address when there is no short one")
        #expect(closed.rating == nil && closed.ratingCount == nil && closed.priceLevel == nil, "no reviews, no price")
        #expect(closed.osmOpeningHours == nil && closed.genre.code == "" && closed.urls.shop == "", "no hours, type or page")
        #expect(closed.businessStatus == .closedPermanently, "closed for good")
    }

    @Test func aClosedPlaceIsNeverOpenWhateverItsHours() throws {
        // Given the ramen shop, open Mondays 11:00-22:00, closed for a while
        var shop = try #require(try GooglePlacesDecoder.decode(Data(Self.nearby.utf8)).page.restaurants.first)
        let region = RestaurantPage.Region(timeZone: "GMT+0900", countryCode: nil)
        // Monday 2026-11-23 12:00 in Tokyo is 03:00 UTC
        let noon = OpenQuestion.Moment.now(ISO8601DateFormatter().date(from: "2026-11-23T03:00:00Z")!)
        #expect(shop.openStatus(at: noon, region: region) == .open, "open at Monday noon while trading")
        // When its status says it closed, for a while or for good
        for status in [Restaurant.BusinessStatus.closedTemporarily, .closedPermanently] {
            shop.businessStatus = status
            // Then it is closed, whatever its hours say
            #expect(shop.openStatus(at: noon, region: region) == .closed, "\(status)")
        }
    }

    @Test func aNextPageTokenIsKept() throws {
        let answer = try GooglePlacesDecoder.decode(Data(#"{"places": [], "nextPageToken": "AeCrKXs2"}"#.utf8))
        #expect(answer.nextPageToken == "AeCrKXs2" && answer.page.restaurants.isEmpty, "the token of the next page")
    }

    @Test func anEmptyAnswerIsNoPlaces() throws {
        // Google answers `{}` when nothing matches
        let (page, token) = try GooglePlacesDecoder.decode(Data("{}".utf8))
        #expect(page.restaurants.isEmpty && page.total == 0 && token == nil && page.region == nil, "\(page)")
        #expect(page.provider == .google, "still Google's answer, for the credit")
    }

    @Test func detailsAreOnePlace() throws {
        let place = #"""
            {"id": "ChIJfoodloggerTest0003", "displayName": {"text": "Café Lune"}, "location": {"latitude": 48.85, "longitude": 2.29},
             "utcOffsetMinutes": -270, "regularOpeningHours": {"periods": [{"open": {"day": 0, "hour": 0, "minute": 0}}]}}
            """#
        let page = try GooglePlacesDecoder.decodePlace(Data(place.utf8))
        #expect(page.restaurants.map(\.id) == ["ChIJfoodloggerTest0003"], "the one place")
        #expect(
            page.restaurants.first?.periodHours?.week == [.init(start: 0, end: PeriodHours.minutesPerWeek)], "always open")
        #expect(page.region?.timeZone == "GMT-0430", "a negative offset with its minutes")
    }

    @Test(arguments: [
        ("[]", "an array"), (#"{"places": {"id": 1}}"#, "places not a list"), ("<html>", "not JSON"),
        (#"{"places": [{"displayName": {"text": "X"}, "rating": "high"}]}"#, "a rating as text"),
    ])
    func unreadableAnswersAreErrorsNotEmptyPages(body: String, why: String) {
        #expect(throws: ServiceError.self, "\(why)") { try GooglePlacesDecoder.decode(Data(body.utf8)) }
    }

    @Test func placesWithoutANameOrPositionAreLeftOut() throws {
        let body = #"""
            {"places": [{"id": "a", "location": {"latitude": 1, "longitude": 2}},
                        {"id": "b", "displayName": {"text": "No position"}},
                        {"id": "c", "displayName": {"text": "Off the Earth"}, "location": {"latitude": 95, "longitude": 2}}]}
            """#
        let page = try GooglePlacesDecoder.decode(Data(body.utf8)).page
        #expect(page.restaurants.isEmpty, "none can be shown")
        #expect(page.dropped.map(\.id) == ["c"], "the one off the Earth is named")
    }

    @Test(arguments: [(540, "GMT+0900"), (0, "GMT"), (-300, "GMT-0500"), (345, "GMT+0545"), (2000, nil)])
    func offsetsAreZoneNamesThisSystemReads(minutes: Int, name: String?) {
        let zone = GooglePlacesDecoder.timeZoneName(minutes)
        #expect(zone == name, "\(minutes): \(zone ?? "nil")")
        if let zone { #expect(TimeZone(identifier: zone)?.secondsFromGMT() == minutes * 60, "\(zone) read back") }
    }

    @Test(arguments: [(#"true"#, [Diet.vegetarian] as [Diet]?), (#"false"#, []), (#"null"#, nil)])
    func servesVegetarianFoodIsTheVegetarianDiet(value: String, diets: [Diet]?) throws {
        // Given a place whose servesVegetarianFood is true, false or absent
        let body =
            #"{"places": [{"id": "p", "displayName": {"text": "P"}, "location": {"latitude": 1, "longitude": 2}, "#
            + #""servesVegetarianFood": "# + value + "}]}"

        // When it is read
        let shop = try #require(try GooglePlacesDecoder.decode(Data(body.utf8)).page.restaurants.first, "a place")

        // Then it is vegetarian, no diet, or nothing said
        #expect(shop.diets == diets, "\(value) → \(String(describing: diets))")
    }
}
