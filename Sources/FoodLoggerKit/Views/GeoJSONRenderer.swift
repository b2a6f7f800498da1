import FoodLoggerDomain
/// The search's JSON document as an RFC 7946 FeatureCollection, which geojson.io and other
/// GIS tools open as is: one Point per restaurant (properties: its JSON fields and
/// `"role": "restaurant"`), then one for the centre (`"role": "center"`) when there is one.
/// Coordinates are [longitude, latitude], the order RFC 7946 prescribes.
enum GeoJSONRenderer {
    static func render(_ listing: RestaurantListing) -> String {
        var features = listing.records.map { record in
            feature(at: record.restaurant.coordinate, properties: [("role", .string("restaurant"))] + record.members)
        }
        if let search = listing.search, let center = search.center {
            features.append(
                feature(at: center, properties: [("role", .string("center")), ("range_m", .integer(search.rangeMetres))]))
        }
        let collection = JSONValue.object([("type", .string("FeatureCollection")), ("features", .array(features))])
        return collection.serialized(pretty: true) + "\n"
    }

    static func feature(at point: Coordinate, properties: [(String, JSONValue)]) -> JSONValue {
        .object([
            ("type", .string("Feature")),
            (
                "geometry",
                .object([("type", .string("Point")), ("coordinates", .array([.number(point.lng), .number(point.lat)]))])
            ),
            ("properties", .object(properties)),
        ])
    }
}
