import Foundation

/// How far a place is on foot from the search's centre and which way to set off: the straight
/// line, not a route (no map of streets is read), so the minutes are the least the walk takes.
public struct Walk: Sendable, Equatable {
    /// The straight-line distance in whole metres, as every listing shows it.
    public var metres: Int
    /// Minutes at `metresPerMinute`, rounded up, as Japanese listings write 徒歩N分: 1 m is one
    /// minute, 0 m (the very spot) none; nil past `longestWalk`, where nobody walks (a log's
    /// places in two cities are not "35646 min" apart).
    public var minutes: Int?
    /// The initial great-circle bearing in whole degrees from north, clockwise, 0..<360; nil
    /// when the place is at the centre (under half a metre away), where no way is the way, or
    /// off the Earth.
    public var bearing: Int?

    /// The walking speed the Japanese real-estate rules fix for 徒歩N分: 80 m a minute.
    public static let metresPerMinute = 80
    /// The farthest a place is still a walk: 10 km, about two hours.
    public static let longestWalk = 10_000

    public init(from centre: Coordinate, to place: Coordinate) {
        metres = centre.roundedMetres(to: place)
        // From the whole metres shown beside them, so "80 m" is always "1 min".
        minutes = metres > Self.longestWalk ? nil : (metres + Self.metresPerMinute - 1) / Self.metresPerMinute
        bearing = metres == 0 ? nil : Self.bearing(from: centre, to: place)
    }

    /// The initial bearing of the great circle from `a` to `b`, rounded to a whole degree
    /// (360 becomes 0). Longitudes are differenced as angles, so a step across the antimeridian
    /// (179.9° to -179.9°) is a short step east. Nil from or to a point off the Earth (NaN,
    /// the infinities), which no view places anyway.
    static func bearing(from a: Coordinate, to b: Coordinate) -> Int? {
        let phi1 = a.lat * .pi / 180, phi2 = b.lat * .pi / 180
        let dLambda = (b.lng - a.lng) * .pi / 180
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        let angle = atan2(y, x) * 180 / .pi
        guard angle.isFinite else { return nil }
        let degrees = Int(angle.rounded())
        return (degrees % 360 + 360) % 360
    }

    /// The bearing as one of eight compass points; nil at the centre.
    public var compass: CompassPoint? { bearing.map(CompassPoint.init(degrees:)) }
}

/// The eight points of the compass, each the 45° sector centred on it (N is 337.5°–22.5°).
public enum CompassPoint: String, Sendable, CaseIterable {
    case north = "N", northEast = "NE", east = "E", southEast = "SE"
    case south = "S", southWest = "SW", west = "W", northWest = "NW"

    /// The point whose sector holds `degrees` (any whole number, taken modulo 360).
    public init(degrees: Int) {
        let normalised = (degrees % 360 + 360) % 360
        // Sectors are 45° wide and centred on their point: shift by half a sector, then divide.
        self = Self.allCases[(normalised * 2 + 45) / 90 % 8]
    }

    /// The arrow pointing that way on a terminal that shows Unicode.
    public var arrow: String {
        switch self {
        case .north: "↑"
        case .northEast: "↗"
        case .east: "→"
        case .southEast: "↘"
        case .south: "↓"
        case .southWest: "↙"
        case .west: "←"
        case .northWest: "↖"
        }
    }
}
