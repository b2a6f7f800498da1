import Foundation

/// A map site that routes a walk from one point to a place: the service's own where it has one
/// (Google Maps for a Google place, which it then knows by id), else OpenStreetMap's.
public enum DirectionsSite: Sendable, Equatable {
    case openStreetMap, googleMaps
}

extension Restaurant {
    /// The way there on foot from `origin` (the search's centre), on the map site its service
    /// declares (`ServiceCapabilities.directions`).
    public func directions(from origin: Coordinate) -> String {
        let (from, to) = (Self.pair(origin), Self.pair(coordinate))
        switch provider.directions {
        case .openStreetMap:
            return "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=\(from)%3B\(to)"
        case .googleMaps:
            let place = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics).map { "&destination_place_id=\($0)" }
            return "https://www.google.com/maps/dir/?api=1&origin=\(from)&destination=\(to)\(place ?? "")&travelmode=walking"
        }
    }

    /// "55.9533%2C-3.1883": a position to a metre (six places), its comma escaped as both sites write it.
    static func pair(_ point: Coordinate) -> String { "\(sixPlaces(point.lat))%2C\(sixPlaces(point.lng))" }

    /// A degree to six places with no trailing zeros ("55.9533", "-3.1883", "0"), in integers:
    /// `String(format:)` and a regular expression took 40–50 k instructions a place (a third of
    /// a 100-shop search's growth, the benchmark's (c)).
    static func sixPlaces(_ degrees: Double) -> String {
        guard degrees.isFinite, abs(degrees) < 1_000 else { return "0" }
        let millionths = Int((degrees * 1_000_000).rounded())
        let whole = String(abs(millionths) / 1_000_000), sign = millionths < 0 ? "-" : ""
        var fraction = String(abs(millionths) % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}
