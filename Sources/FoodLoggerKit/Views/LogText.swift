import FoodLoggerDomain

/// What the food log says of a place, in the words lists and cards use (search's Log column,
/// the `log` JSON key, pick's card), and the lines about what a log filter left out.
enum LogText {
    /// "★4 · 11-02": the latest rating and the last visit's month-day; "want" for a want-list
    /// place, after the rest for one that is visited too ("★4 · 11-02 · want"); "" for a place
    /// the log does not hold.
    static func cell(_ mark: LogMark?) -> String {
        guard let mark else { return "" }
        let lastVisit = mark.lastVisit.map { String($0.description.dropFirst(5)) }
        return [mark.rating.map { "★\($0)" }, lastVisit, mark.want ? "want" : nil].compactMap { $0 }
            .joined(separator: " · ")
    }

    /// The `log` object of a record (`visits`, `last_visit`, `rating`, `want`), or null for a
    /// place the log does not hold.
    static func json(_ mark: LogMark?) -> JSONValue {
        guard let mark else { return .null }
        return .object([
            ("visits", .integer(mark.visits)), ("last_visit", mark.lastVisit.map { .string($0.description) } ?? .null),
            ("rating", mark.rating.map(JSONValue.integer) ?? .null), ("want", .bool(mark.want)),
        ])
    }

    static func flag(_ filter: LogFilter) -> String {
        switch filter {
        case .unvisited: "--unvisited"
        case .visited: "--visited"
        case .want: "--want"
        }
    }

    /// "on your want list": what the places a filter keeps share, after "places".
    static func keptPlaces(_ filter: LogFilter) -> String {
        switch filter {
        case .unvisited: "you have not been to"
        case .visited: "you have been to"
        case .want: "on your want list"
        }
    }

    /// "2 places you have been to", "1 place not on your want list": the places a filter leaves out.
    static func leftOutPlaces(_ count: Int, _ filter: LogFilter) -> String {
        let places = count == 1 ? "place" : "places"
        return switch filter {
        case .unvisited: "\(count) \(places) you have been to"
        case .visited: "\(count) \(places) you have not been to"
        case .want: "\(count) \(places) not on your want list"
        }
    }

    /// Under a list: "--want left out 3 places not on your want list."
    static func leftOut(_ count: Int, _ filter: LogFilter) -> String? {
        count == 0 ? nil : "\(flag(filter)) left out \(leftOutPlaces(count, filter))."
    }
}
