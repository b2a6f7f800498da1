import Foundation

extension CivilDate {
    /// Japan has kept UTC+9 without summer time since 1952, so dates are plain arithmetic on
    /// days since 1970-01-01 (in Japan): no calendar or time-zone database to set up, which
    /// took a quarter of a stub search's start-up.
    static let offset = 9 * 3600

    /// Midnight at the start of the day in Japan, as an instant.
    public var start: Date {
        Date(timeIntervalSince1970: TimeInterval(daysSinceEpoch * 86400 - Self.offset))
    }

    /// The day `instant` falls on in Japan.
    public init(_ instant: Date) {
        self = JapanTime(instant).date
    }
}

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

/// A moment as a clock in Japan shows it: the day and the minute of that day.
public struct JapanTime: Sendable, Equatable {
    public var date: CivilDate
    /// Minutes since midnight, 0..<1440.
    public var minute: Int

    public init(date: CivilDate, minute: Int) {
        self.date = date; self.minute = minute
    }

    public init(_ instant: Date) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + CivilDate.offset
        let days = Int((Double(seconds) / 86400).rounded(.down))
        self.init(date: CivilDate(daysSinceEpoch: days), minute: (seconds - days * 86400) / 60)
    }

    public var instant: Date { date.start.addingTimeInterval(TimeInterval(minute * 60)) }
}

extension JapanTime {
    /// What a clock in `timeZone` shows at `instant`. `CivilDate` and `JapanTime` serve as a
    /// plain calendar day and minute here, as `OSMOpeningHours` reads them: their arithmetic
    /// holds for any place.
    public init(_ instant: Date, timeZone: TimeZone) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        let days = Int((Double(seconds) / 86400).rounded(.down))
        self.init(date: CivilDate(daysSinceEpoch: days), minute: (seconds - days * 86400) / 60)
    }
}

extension JapanTime {
    /// The instant a clock in `timeZone` shows this time (the first, where summer time ends and
    /// repeats an hour; the hour after, where it begins and skips one).
    public func instant(in timeZone: TimeZone) -> Date {
        let asUTC = instant.addingTimeInterval(TimeInterval(CivilDate.offset))
        let guess = asUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: asUTC)))
        return asUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: guess)))
    }
}
