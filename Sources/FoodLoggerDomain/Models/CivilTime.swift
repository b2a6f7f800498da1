import Foundation

/// The days of the week, numbered as Foundation's Gregorian calendar numbers them.
public enum Weekday: Int, Sendable, CaseIterable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// "mon", "tue"…: the JSON's and the footers' names.
    public var short: String {
        switch self {
        case .sunday: "sun"
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        }
    }

    /// Monday first, as Japanese hours texts list them (月～日).
    public static let mondayFirst: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
}

/// A moment as a wall clock shows it, wherever the clock is: the day and the minute of that
/// day. Plain arithmetic on days since 1970 once the clock's offset from UTC is known, so no
/// calendar or time-zone database is set up for a clock with a fixed offset (Japan's), which
/// took a quarter of a stub search's start-up.
public struct CivilTime: Sendable, Equatable {
    public var date: CivilDate
    /// Minutes since midnight, 0..<1440.
    public var minute: Int

    public init(date: CivilDate, minute: Int) {
        self.date = date; self.minute = minute
    }

    /// What a clock `offset` seconds ahead of UTC shows at `instant`.
    public init(_ instant: Date, secondsFromGMT offset: Int) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86400).rounded(.down))
        self.init(date: CivilDate(daysSinceEpoch: days), minute: (seconds - days * 86400) / 60)
    }

    /// What a clock in `timeZone` shows at `instant` (its offset then, summer time included).
    public init(_ instant: Date, timeZone: TimeZone) {
        self.init(instant, secondsFromGMT: timeZone.secondsFromGMT(for: instant))
    }

    /// The instant a clock `offset` seconds ahead of UTC shows this time.
    public func instant(secondsFromGMT offset: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch * 86400 + minute * 60 - offset))
    }

    /// The instant a clock in `timeZone` shows this time (the first, where summer time ends and
    /// repeats an hour; the hour after, where it begins and skips one).
    public func instant(in timeZone: TimeZone) -> Date {
        let asUTC = instant(secondsFromGMT: 0)
        let guess = asUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: asUTC)))
        return asUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: guess)))
    }
}
