/// Outlines of the countries a service keeps to, for a centre given as a bare coordinate (no
/// place search said its country). Each is a polygon drawn through the sea between the country
/// and its neighbours, so it tells Fukuoka from Busan, Tsushima from Geoje, Wakkanai from
/// Sakhalin, Yonaguni from Taiwan and the Gotō islands from Jeju; a box around the country
/// could not. A country with no outline here is taken as covering every coordinate.
enum CountryOutlines {
    /// Corners as (lat, lng), in order around the country.
    static let outlines: [String: [(lat: Double, lng: Double)]] = [
        "jp": [
            (33.5, 128.1), (34.6, 128.95), (34.95, 129.5), (35.8, 130.3), (37.0, 131.4), (40.0, 136.0), (43.0, 138.8),
            (45.6, 140.6), (45.68, 142.2), (44.5, 145.45), (44.0, 145.4), (43.62, 145.42), (43.42, 145.80), (43.37, 145.84),
            (43.33, 145.85),
            (42.5, 146.0), (36.0, 147.0), (27.0, 143.5), (24.0, 143.0), (24.0, 131.8), (23.9, 123.6), (24.25, 122.7),
            (24.8, 122.7), (25.9, 123.3), (28.5, 125.5), (31.8, 127.8),
        ]
    ]

    /// Whether `coordinate` lies in one of `countries`; nil when none of them has an outline.
    static func contains(_ coordinate: Coordinate, countries: [String]) -> Bool? {
        let known = countries.compactMap { outlines[$0] }
        guard !known.isEmpty else { return nil }
        return known.contains { inside(coordinate, $0) }
    }

    /// Even-odd ray casting along the parallel through the point: a polygon this size, far from
    /// the date line and the poles, is drawn well enough on the degrees themselves.
    static func inside(_ point: Coordinate, _ corners: [(lat: Double, lng: Double)]) -> Bool {
        var inside = false
        var previous = corners[corners.count - 1]
        for corner in corners {
            if (corner.lat > point.lat) != (previous.lat > point.lat) {
                let crossing =
                    corner.lng + (point.lat - corner.lat) / (previous.lat - corner.lat) * (previous.lng - corner.lng)
                if point.lng < crossing { inside.toggle() }
            }
            previous = corner
        }
        return inside
    }
}

extension Provider {
    /// Whether the service has places around `place`: its country when the place search said
    /// it, else its coordinate.
    public func covers(_ place: Place) -> Bool {
        guard let country = place.country else { return covers(place.coordinate) }
        return self.countries.isEmpty || self.countries.contains(country)
    }

    /// Whether the service has places around `coordinate`, as far as the countries' outlines
    /// tell (`CountryOutlines`).
    public func covers(_ coordinate: Coordinate) -> Bool {
        self.countries.isEmpty || CountryOutlines.contains(coordinate, countries: self.countries) != false
    }
}
