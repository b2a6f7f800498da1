import FoodLoggerDomain

/// A walk as the terminal writes it: "6 min ↗", or "6 min NE" where the locale cannot show
/// arrows (`ProcessContext.isUTF8`, as the map's braille); "0 min" at the centre itself; "far ↗"
/// past a walk (`Walk.longestWalk`).
enum WalkText {
    static func short(_ walk: Walk, unicode: Bool) -> String {
        let time = walk.minutes.map { "\($0) min" } ?? "far"
        guard let point = walk.compass else { return time }
        return "\(time) \(unicode ? point.arrow : point.rawValue)"
    }
}
