import Foundation

/// A point on the WGS 84 ellipsoid (the API's default `datum=world`), in decimal degrees.
public struct Coordinate: Sendable, Hashable, Codable {
    public var lat: Double
    public var lng: Double

    public init(lat: Double, lng: Double) {
        self.lat = lat
        self.lng = lng
    }

    /// `35.68,139.76` (a space after the comma allowed), as maps copy a point, or `55.9533 -3.1883`
    /// (spaces between, as some maps and GPS apps copy it): plain decimals, latitude within ±90°
    /// and longitude within ±180°; nil for anything else, such as a place name with a comma in
    /// it. Without a comma both need a decimal point, so a name such as "7 11" stays a name.
    public init?(pair text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let spaced = !trimmed.contains(",")
        let parts =
            spaced
            ? trimmed.split(separator: " ").map(String.init)
            : trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        let decimal = spaced ? #"^-?[0-9]{1,3}\.[0-9]+$"# : #"^-?[0-9]{1,3}(\.[0-9]+)?$"#
        guard parts.count == 2, parts.allSatisfy({ $0.range(of: decimal, options: .regularExpression) != nil }),
            let lat = Double(parts[0]), let lng = Double(parts[1]), abs(lat) <= 90, abs(lng) <= 180
        else { return nil }
        self.init(lat: lat, lng: lng)
    }

    /// A place on the Earth: latitude within ±90°, longitude within ±180°, both finite (NaN and
    /// the infinities fail every comparison or bound). Views divide, project and round
    /// coordinates to screen cells, so a shop anywhere else (`"lat": 1e308`) never reaches them.
    public var isOnEarth: Bool { abs(lat) <= 90 && abs(lng) <= 180 }

    /// Mean Earth radius (IUGG), the usual sphere for great-circle distances.
    public static let earthRadiusMetres = 6_371_008.8

    /// Great-circle (haversine) distance in metres: accurate to well under a metre at the
    /// 3 km radii this tool searches, and symmetric, so ordering by it is stable.
    public func distance(to other: Coordinate) -> Double {
        let phi1 = lat * .pi / 180, phi2 = other.lat * .pi / 180
        let dPhi = phi2 - phi1
        let dLambda = (other.lng - lng) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * Coordinate.earthRadiusMetres * asin(min(1, h.squareRoot()))
    }

    /// The distance in whole metres, as every listing shows it. Never more than half the Earth's
    /// circumference, even from a point off it (`asin` is given at most 1), so it always fits.
    public func roundedMetres(to other: Coordinate) -> Int { Int(distance(to: other).rounded()) }
}
