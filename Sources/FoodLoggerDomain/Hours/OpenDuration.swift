/// How long a shop must stay open from the moment asked: `90m`, `1h30m`, `2h`. Between a minute
/// and a day: a shop open longer than that is open around the clock.
public struct OpenDuration: Sendable, Equatable {
    public let minutes: Int

    /// The longest duration that can be asked: a day.
    public static let maxMinutes = 24 * 60

    public init?(minutes: Int) {
        guard (1...Self.maxMinutes).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Hours then minutes, each a number followed by `h` or `m` (either may be left out, not
    /// both); nil for anything else, for nothing at all, or beyond a day.
    public init?(_ text: String) {
        var total = 0
        var number: Int? = nil
        var units: [Character] = []
        for character in text.lowercased() {
            if let digit = character.wholeNumberValue, character.isASCII {
                let value = (number ?? 0) * 10 + digit
                // No more digits than a day's minutes has: a longer run is too long anyway.
                guard value <= 100_000 else { return nil }
                number = value
            } else if character == "h" || character == "m", let value = number, !units.contains(character),
                units.last != "m"
            {
                total += character == "h" ? value * 60 : value
                units.append(character)
                number = nil
            } else {
                return nil
            }
        }
        guard number == nil, !units.isEmpty else { return nil }
        self.init(minutes: total)
    }
}
