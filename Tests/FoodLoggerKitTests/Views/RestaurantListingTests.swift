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
            keys(listing) == ["center", "range_m", "total", "start", "returned", "restaurants", "open_at"], "documented order")
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
