import FoodLoggerDomain

/// A walk as the terminal writes it: "6 min ↗", or "6 min NE" where the locale cannot show
/// arrows (`ProcessContext.isUTF8`, as the map's braille); "0 min" at the centre itself.
enum WalkText {
    static func short(_ walk: Walk, unicode: Bool) -> String {
        guard let point = walk.compass else { return "\(walk.minutes) min" }
        return "\(walk.minutes) min \(unicode ? point.arrow : point.rawValue)"
    }
}
