/// The search's JSON document as an RFC 7946 FeatureCollection, which geojson.io and other
/// GIS tools open as is: one Point per restaurant (properties: its JSON fields and
/// `"role": "restaurant"`), then one for the centre (`"role": "center"`) when there is one.
/// Coordinates are [longitude, latitude], the order RFC 7946 prescribes.
public enum GeoJSONRenderer {
    public static func render(_ document: JSONValue) -> String {
        collection(document).serialized(pretty: true) + "\n"
    }

    static func collection(_ document: JSONValue) -> JSONValue {
        var features = (document["restaurants"]?.items ?? []).map { record in
            guard case .object(let fields) = record else { return JSONValue.null }
            return feature(
                lat: record["lat"] ?? .null, lng: record["lng"] ?? .null,
                properties: [("role", .string("restaurant"))] + fields)
        }
        if let center = document["center"], center != .null {
            features.append(
                feature(
                    lat: center["lat"] ?? .null, lng: center["lng"] ?? .null,
                    properties: [("role", .string("center")), ("range_m", document["range_m"] ?? .null)]))
        }
        return .object([("type", .string("FeatureCollection")), ("features", .array(features))])
    }

    static func feature(lat: JSONValue, lng: JSONValue, properties: [(String, JSONValue)]) -> JSONValue {
        .object([
            ("type", .string("Feature")),
            ("geometry", .object([("type", .string("Point")), ("coordinates", .array([lng, lat]))])),
            ("properties", .object(properties)),
        ])
    }
}
