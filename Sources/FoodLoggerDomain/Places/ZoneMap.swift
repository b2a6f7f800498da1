import Foundation

/// The country and time zone of a coordinate, for an answer that names neither (an Overpass
/// answer without areas, a country area without `timezone`). Read from the nearest of a few
/// thousand places where people live (`ZoneMapData`, generated once): coarse at a border,
/// right where there are restaurants. A country's zones whose clocks have agreed since 2010
/// are one there (`America/Indiana/Indianapolis` reads as `America/New_York`), so a country of
/// one clock needs no coordinate at all.
public enum ZoneMap {
    /// One kept place: a point on the unit sphere, so the nearest is the largest dot product.
    struct Point {
        var x: Double, y: Double, z: Double
        var label: Int

        init(lat: Double, lng: Double, label: Int) {
            let (la, lo) = (lat * .pi / 180, lng * .pi / 180)
            x = cos(la) * cos(lo); y = cos(la) * sin(lo); z = sin(la)
            self.label = label
        }
    }

    /// The kept places on the sphere, worked out the first time a coordinate is asked about.
    static let kept: [Point] = stride(from: 0, to: points.count - 2, by: 3).map { index in
        Point(lat: Double(points[index]) / 100, lng: Double(points[index + 1]) / 100, label: Int(points[index + 2]))
    }

    /// Each country's zones, as `labels` name them.
    static let zonesByCountry: [String: [String]] = Dictionary(grouping: labels, by: \.country).mapValues { $0.map(\.zone) }

    /// The country (ISO 3166-1 alpha-2) and zone where `coordinate` lies; nil for a coordinate
    /// off the Earth.
    public static func locate(_ coordinate: Coordinate) -> (country: String, zone: String)? {
        nearest(coordinate) { _ in true }.map { labels[$0] }
    }

    /// The zone of `country` (ISO 3166-1 alpha-2, any case): its one clock, else the zone of
    /// its kept place nearest `coordinate`, its territories overseas included (France's
    /// area may hold Réunion). Nil for a country the tz database does not know, or one of
    /// several clocks with no coordinate to choose by.
    public static func zone(country: String, near coordinate: Coordinate?) -> String? {
        let code = country.uppercased()
        guard let zones = zonesByCountry[code] else { return nil }
        let codes = [code] + (territories[code] ?? [])
        if let coordinate, codes.count > 1 || zones.count > 1 {
            return nearest(coordinate) { codes.contains(labels[$0].country) }.map { labels[$0].zone }
        }
        return zones.count == 1 ? zones[0] : nil
    }

    /// The lands overseas that the tz database lists under a code of their own but whose
    /// country's OSM area may be the narrowest to name a country around them.
    static let territories: [String: [String]] = [
        "FR": ["GF", "GP", "MQ", "RE", "YT", "NC", "PF", "PM", "WF", "BL", "MF", "TF"],
        "NL": ["AW", "CW", "SX", "BQ"], "US": ["PR", "VI", "GU", "MP", "AS", "UM"], "DK": ["GL", "FO"],
        "NO": ["SJ"], "AU": ["CX", "CC", "NF"], "NZ": ["CK", "NU", "TK"],
        "GB": ["GI", "IM", "JE", "GG", "BM", "KY", "VG", "MS", "TC", "AI", "FK", "SH", "PN", "IO", "GS"],
    ]

    /// The label of the kept place nearest `coordinate` among those `admits`, within
    /// `reach`: a point in the open sea is in no country and on no clock.
    private static func nearest(_ coordinate: Coordinate, admits: (Int) -> Bool) -> Int? {
        guard (-90...90).contains(coordinate.lat), (-180...180).contains(coordinate.lng) else { return nil }
        let point = Point(lat: coordinate.lat, lng: coordinate.lng, label: 0)
        var best = (dot: reach, label: -1)
        for place in kept {
            let dot = place.x * point.x + place.y * point.y + place.z * point.z
            if dot > best.dot, admits(place.label) { best = (dot, place.label) }
        }
        return best.label < 0 ? nil : best.label
    }

    /// 500 km, as the cosine of the angle it spans on the Earth: every place of 5,000 people
    /// lies within 400 km of a kept one (the generator keeps one there if none is).
    static let reach = cos(500.0 / 6371.0)
}
