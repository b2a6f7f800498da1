import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct GeoJSONRendererTests {
    @Test("a FeatureCollection of Points in [lng, lat] order, restaurants then the centre")
    func structure() throws {
        let text = GeoJSONRenderer.render(MapSeeds.trickyListing)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["type"] as? String == "FeatureCollection", "an RFC 7946 FeatureCollection")
        let features = try #require(root["features"] as? [[String: Any]])
        #expect(features.count == MapSeeds.tricky.count + 1, "one feature per restaurant and one for the centre")
        for (feature, restaurant) in zip(features, MapSeeds.tricky) {
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(feature["type"] as? String == "Feature" && geometry["type"] as? String == "Point", "Point features")
            #expect(
                geometry["coordinates"] as? [Double] == [restaurant.coordinate.lng, restaurant.coordinate.lat],
                "longitude first, then latitude")
            let properties = try #require(feature["properties"] as? [String: Any])
            #expect(
                properties["role"] as? String == "restaurant" && properties["name"] as? String == restaurant.name,
                "the restaurant's JSON fields, with role restaurant")
            #expect(Set(properties.keys) == Set(RestaurantRecord.fieldNames + ["role"]), "exactly the JSON fields and role")
        }
        let center = try #require(features.last)
        #expect(
            (center["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [MapSeeds.tokyo.lng, MapSeeds.tokyo.lat],
            "the centre, longitude first")
        #expect((center["properties"] as? [String: Any])?["role"] as? String == "center", "the centre's role")
    }

    @Test("a search without a centre has no centre feature")
    func noCenter() throws {
        let listing = RestaurantListing(
            RestaurantPage(total: 1, start: 1, restaurants: [MapSeeds.tricky[0]]),
            query: RestaurantQuery(keyword: "x"), open: Seeds.open)
        let text = GeoJSONRenderer.render(listing)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((root["features"] as? [Any])?.count == 1, "only the restaurant")
    }
}
