/// How long a shop must stay open from the moment asked: `90m`, `1h30m`, `1h30`, `1.5h`, `2h`. Between a minute
/// and a day: a shop open longer than that is open around the clock.
public struct OpenDuration: Sendable, Equatable {
    public let minutes: Int

    /// The longest duration that can be asked: a day.
    public static let maxMinutes = 24 * 60

    public init?(minutes: Int) {
        guard (1...Self.maxMinutes).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Hours then minutes: `2h`, `1.5h` (hours in decimals, to the nearest minute), `90m`,
    /// `1h30m`, or `1h30` (minutes after hours need no `m`, as people write them); either part
    /// may be left out, not both. Nil for anything else, for nothing at all, or beyond a day.
    public init?(_ text: String) {
        var rest = Substring(text.lowercased())
        var total = 0.0
        var hoursGiven = false
        if let h = rest.firstIndex(of: "h") {
            guard let hours = Self.number(rest[..<h], decimals: true) else { return nil }
            total = hours * 60
            hoursGiven = true
            rest = rest[rest.index(after: h)...]
        }
        if !rest.isEmpty || !hoursGiven {
            let digits = rest.last == "m" ? rest.dropLast() : hoursGiven ? rest : nil
            guard let digits, let minutes = Self.number(digits, decimals: false) else { return nil }
            total += minutes
        }
        self.init(minutes: Int(total.rounded()))
    }

    /// ASCII digits, with one decimal point where `decimals` allows it; no more than a day's
    /// minutes needs, so a long run of digits is no number rather than an overflow.
    private static func number(_ text: Substring, decimals: Bool) -> Double? {
        guard (1...8).contains(text.count), text.filter({ $0 == "." }).count <= (decimals ? 1 : 0),
            text.allSatisfy({ $0 == "." || ($0.isASCII && $0.isWholeNumber) })
        else { return nil }
        return Double(text)
    }
}
