import FoodLoggerDomain
extension Double {
    /// Rounded to a whole number of screen cells or dots, held within ±`Double.cellLimit` (NaN
    /// as 0): `Int(_:)` traps on what does not fit, and a map's numbers come from a service and
    /// a user. The limit is far beyond any screen and far from overflowing when a screen's
    /// offsets are added.
    var cells: Int {
        guard !isNaN else { return 0 }
        return Int(min(max(rounded(), -Self.cellLimit), Self.cellLimit))
    }

    static let cellLimit = 1_000_000.0
}
