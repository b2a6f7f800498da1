import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The README's JSON schema, read back from the serialized text as `jq` would.
@Suite struct RestaurantListingTests {
    func parsed(_ listing: RestaurantListing) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(listing.json.serialized().utf8)) as? [String: Any])
    }

    func keys(_ listing: RestaurantListing) -> [String] {
        guard case .object(let members) = listing.json else { return [] }
        return members.map(\.0)
    }

    @Test func searchDocumentFollowsTheSchema() throws {
        let page = RestaurantPage(total: 25, start: 1, restaurants: [Seeds.Restaurants.near])
        let listing = RestaurantListing(page, query: Seeds.query, open: Seeds.open)
        let document = try parsed(listing)

        #expect(
            keys(listing)
                == ["center", "range_m", "total", "total_is_exact", "start", "returned", "restaurants", "open_at", "incomplete"],
            "documented order")
        #expect(document["total_is_exact"] as? Bool == true, "a page's total is exact unless the search says otherwise")
        #expect((document["incomplete"] as? [Any])?.isEmpty == true, "no service failed")
        #expect(document["open_at"] as? String == "2026-11-20T19:30+09:00", "the time open_now answers for")
        #expect(document["center"] as? [String: Double] == ["lat": 35.6812, "lng": 139.7671], "center")
        #expect(document["range_m"] as? Int == 3000, "range 5 is 3000 m")
        #expect(document["total"] as? Int == 25 && document["start"] as? Int == 1, "total and start")
        #expect(document["returned"] as? Int == 1, "returned counts the shops in this page")
        let shop = try #require((document["restaurants"] as? [[String: Any]])?.first)
        #expect(Set(shop.keys) == Set(RestaurantRecord.fieldNames), "exactly the documented fields")
        #expect(shop["id"] as? String == "J0000000001", "id")
        #expect(shop["distance_m"] as? Int == 111, "distance in whole metres by great circle")
        #expect(shop["genre_code"] as? String == "G001", "genre_code")
        #expect(shop["coupon_url"] as? String == "https://example.invalid/J0000000001/coupon", "coupon url falls back to pc")
    }

    @Test func hoursStateTellsNoHoursFromHoursThatCouldNotBeRead() throws {
        var none = Seeds.Restaurants.near
        none.hours = .given()
        let page = RestaurantPage(
            total: 3, start: 1, restaurants: [Seeds.Restaurants.near, none, Seeds.OSM.unreadable], provider: .osm)
        let shops = try #require(
            try parsed(RestaurantListing(page, query: Seeds.query, open: Seeds.open))["restaurants"] as? [[String: Any]])
        #expect(
            shops.map { $0["hours_state"] as? String } == ["given", "none", "unreadable"],
            "\(shops.map { $0["hours_state"] ?? "" })")
    }

    @Test func withoutACentreDistanceAndRangeAreNull() throws {
        let page = RestaurantPage(total: 1, start: 1, restaurants: [Seeds.Restaurants.near])
        let document = try parsed(RestaurantListing(page, query: RestaurantQuery(keyword: "x"), open: Seeds.open))
        #expect(document["center"] is NSNull && document["range_m"] is NSNull, "no centre, no range")
        let shop = try #require((document["restaurants"] as? [[String: Any]])?.first)
        #expect(shop["distance_m"] is NSNull, "no distance without a centre")
    }

    @Test func detailDocumentAddsEveryDetailAfterTheSearchFields() throws {
        let listing = RestaurantListing(details: [DetailSeeds.izakaya], at: Seeds.open.moment, region: nil)
        #expect(keys(listing) == ["restaurants", "open_at"], "show's document holds the restaurants and the time asked")
        let record = try #require(listing.records.first)
        #expect(Array(record.members.map(\.0).prefix(RestaurantRecord.fieldNames.count)) == RestaurantRecord.fieldNames)
        let shop = try #require((try parsed(listing)["restaurants"] as? [[String: Any]])?.first)
        #expect(shop["capacity"] as? Int == 48 && shop["party_capacity"] as? Int == 30, "capacities as integers")
        #expect(shop["sub_genre"] as? String == "和食", "sub-genre name")
        #expect((shop["amenities"] as? [String: String])?["private_room"] == "あり ：個室あり", "amenities in the API's words")
        let areas = try #require(shop["areas"] as? [String: Any])
        #expect((areas["small_area"] as? [String: String])?["name"] == "八重洲", "areas with code and name")
        #expect(areas["middle_area"] is NSNull, "an area the service did not give is null")
        #expect(shop["coupon_pc_url"] as? String == "https://coupon.example/pc/101", "coupon for PC")
    }
}

/// OpenStreetMap's shops in the same schema: what the service lacks is null.
extension RestaurantListingTests {
    @Test func osmShopsSayTheirProviderAndHoursAndNullWhatOSMLacks() throws {
        // Given a page of OpenStreetMap shops in Paris
        let query = RestaurantQuery(center: Seeds.OSM.center, range: .m1000)
        let listing = RestaurantListing(Seeds.OSM.page, query: query, open: Seeds.open)
        // When it is read back as JSON
        let document = try parsed(listing)
        let shops = try #require(document["restaurants"] as? [[String: Any]])
        let paris = try #require(shops.first), unreadable = try #require(shops.last)
        // Then each shop says osm and carries its raw value, with null where OSM has no field
        #expect(paris["provider"] as? String == "osm" && paris["opening_hours"] as? String == "Mo-Sa 12:00-14:30,19:00-22:30")
        for key in [
            "name_kana", "catch", "budget", "budget_code", "budget_average", "station", "access", "open", "close",
            "photo_url", "coupon_url",
        ] {
            #expect(paris[key] is NSNull, "\(key) is null for OSM")
        }
        #expect(paris["address"] as? String == "1 Rue d'Essai, Paris" && paris["genre"] as? String == "french")
        // The weekly rule has the same hours shape; the moment is Paris's with its offset
        let hours = try #require(paris["hours"] as? [String: Any])
        #expect((hours["mon"] as? [[String: String]])?.first == ["open": "12:00", "close": "14:30"], "\(hours)")
        #expect(paris["open_now"] as? Bool == false, "11:30 in Paris: not yet open")
        #expect(document["open_at"] as? String == "2026-11-20T11:30+01:00", "\(document["open_at"] ?? "")")
        #expect(unreadable["open_now"] is NSNull && (unreadable["hours"] as? [String: Any])?["mon"] is NSNull)
    }

    @Test func hotpepperShopsGainOnlyTheTwoKeys() throws {
        let listing = RestaurantListing(Seeds.Pages.tokyo, query: Seeds.query, open: Seeds.open)
        let shop = try #require((try parsed(listing)["restaurants"] as? [[String: Any]])?.first)
        #expect(shop["provider"] as? String == "hotpepper" && shop["opening_hours"] is NSNull)
        #expect(shop["budget"] as? String == "2001～3000円" && shop["name_kana"] as? String == "てすと", "unchanged")
    }

    @Test func googlePlacesSayTheirRatingPriceAndStatusAndAClosedPlaceIsNeverOpen() throws {
        // Given Google places in Kyoto: one open with reviews, one closed for good with 24/7 hours
        let query = RestaurantQuery(center: Seeds.Google.kyoto.coordinate, range: .m1000)
        let document = try parsed(RestaurantListing(Seeds.Google.page, query: query, open: Seeds.open))
        let shops = try #require(document["restaurants"] as? [[String: Any]])
        let open = try #require(shops.first), gone = try #require(shops.last)
        // Then the new keys hold Google's facts, and what Google lacks is null
        #expect(open["provider"] as? String == "google" && open["rating"] as? Double == 4.25)
        #expect(open["rating_count"] as? Int == 1234 && open["price_level"] as? Int == 2)
        #expect(open["business_status"] as? String == "operational" && open["open_now"] as? Bool == true, "19:30 in Kyoto")
        #expect(open["name_kana"] is NSNull && open["budget"] is NSNull && open["station"] is NSNull)
        #expect(gone["business_status"] as? String == "closed_permanently" && gone["open_now"] as? Bool == false)
        #expect(gone["rating"] is NSNull && gone["rating_count"] is NSNull && gone["price_level"] is NSNull)
        #expect(document["open_at"] as? String == "2026-11-20T19:30+09:00", "\(document["open_at"] ?? "")")
    }

    @Test func withoutATimeZoneOpenAtAndOpenNowAreNull() throws {
        var page = Seeds.OSM.page
        page.region = .init(timeZone: nil, countryCode: "FR")
        let document = try parsed(RestaurantListing(page, query: Seeds.query, open: Seeds.open))
        let shop = try #require((document["restaurants"] as? [[String: Any]])?.first)
        #expect(document["open_at"] is NSNull && shop["open_now"] is NSNull, "never this machine's clock")
    }

    @Test func timeLeftFollowsTheBusinessStatusWithThePlacesOffset() throws {
        // Given shops asked about on Friday at 19:30 in Japan: HOT PEPPER's open until 23:00,
        // Google's Kyoto place until 22:00 and one closed for good, the Paris shop (11:30 there)
        let hotpepper = RestaurantListing(Seeds.Pages.tokyo, query: Seeds.query, open: Seeds.open)
        let google = RestaurantListing(Seeds.Google.page, query: Seeds.query, open: Seeds.open)
        let paris = RestaurantListing(Seeds.OSM.page, query: Seeds.query, open: Seeds.open)
        // When they are written as JSON
        let near = try #require((try parsed(hotpepper)["restaurants"] as? [[String: Any]])?.first)
        let places = try #require(try parsed(google)["restaurants"] as? [[String: Any]])
        let bistrot = try #require((try parsed(paris)["restaurants"] as? [[String: Any]])?.first)
        // Then the four keys come right after business_status, with each place's own offset
        let names = RestaurantRecord.fieldNames
        let status = try #require(names.firstIndex(of: "business_status"))
        #expect(Array(names[(status + 1)...(status + 4)]) == ["closes_at", "last_order_at", "opens_at", "minutes_left"])
        #expect(near["closes_at"] as? String == "2026-11-20T23:00:00+09:00" && near["minutes_left"] as? Int == 210)
        #expect(near["last_order_at"] is NSNull && near["opens_at"] is NSNull, "no last order written, open")
        #expect(places[0]["closes_at"] as? String == "2026-11-20T22:00:00+09:00" && places[0]["minutes_left"] as? Int == 150)
        #expect(places[1]["closes_at"] is NSNull && places[1]["opens_at"] is NSNull, "closed for good: never opens")
        #expect(bistrot["opens_at"] as? String == "2026-11-20T12:00:00+01:00" && bistrot["minutes_left"] is NSNull)
    }
}
