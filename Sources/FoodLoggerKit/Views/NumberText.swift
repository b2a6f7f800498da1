import FoodLoggerDomain
extension Double {
    /// Whole numbers without a fraction ("3000"), others in the shortest form that reads back
    /// exactly ("35.6812"): how JSON, messages, footers and scale labels write a number.
    var plainText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return "\(self)"
    }
}

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
