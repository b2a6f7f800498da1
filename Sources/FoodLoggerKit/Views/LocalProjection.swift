import Foundation
import FoodLoggerDomain

/// A flat map around one point (a local equirectangular projection): metres east and north of
/// the centre. Within the few kilometres this tool searches it is off by well under a metre,
/// and the terminal map and the HTML map share it, so both place a shop in the same spot.
struct LocalProjection: Sendable, Equatable {
    var center: Coordinate

    /// Metres east (x) and north (y) of the centre.
    func offset(of point: Coordinate) -> (east: Double, north: Double) {
        let metresPerDegree = Coordinate.earthRadiusMetres * .pi / 180
        let dLng = (point.lng - center.lng + 540).truncatingRemainder(dividingBy: 360) - 180
        return (
            east: dLng * metresPerDegree * cos(center.lat * .pi / 180),
            north: (point.lat - center.lat) * metresPerDegree
        )
    }

    /// The lengths a scale bar may show: round numbers a reader takes in at a glance.
    static let scaleSteps = [10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000]

    /// The longest round length (in metres) no longer than `metres`, or the shortest step.
    static func scaleLength(atMost metres: Double) -> Int {
        scaleSteps.last { Double($0) <= metres } ?? scaleSteps[0]
    }

    /// "250 m", "1 km", "2.5 km".
    static func scaleLabel(_ metres: Int) -> String {
        metres < 1000 ? "\(metres) m" : "\((Double(metres) / 1000).plainText) km"
    }
}
