import Foundation

/// A day on the calendar in Japan, where every shop is.
public struct JapanDate: Sendable, Hashable, Comparable, Codable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// Japan has kept UTC+9 without summer time since 1952, so dates are plain arithmetic on
    /// days since 1970-01-01 (in Japan): no calendar or time-zone database to set up, which
    /// took a quarter of a stub search's start-up.
    static let offset = 9 * 3600

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (civil_from_days).
    init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(
            year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    }

    /// Midnight at the start of the day, as an instant.
    public var start: Date {
        Date(timeIntervalSince1970: TimeInterval(daysSinceEpoch * 86400 - Self.offset))
    }

    /// 1970-01-01 was a Thursday.
    public var weekday: Weekday {
        Weekday(rawValue: ((daysSinceEpoch + 4) % 7 + 7) % 7 + 1)!
    }

    /// Which of the month's `weekday`s this is: 1 for the first, 2 for the second…
    public var weekdayOrdinal: Int { (day - 1) / 7 + 1 }

    public func adding(days: Int) -> JapanDate {
        JapanDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    public init(_ instant: Date) {
        self = JapanTime(instant).date
    }

    public static func < (lhs: JapanDate, rhs: JapanDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
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
    public var date: JapanDate
    /// Minutes since midnight, 0..<1440.
    public var minute: Int

    public init(date: JapanDate, minute: Int) {
        self.date = date; self.minute = minute
    }

    public init(_ instant: Date) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + JapanDate.offset
        let days = Int((Double(seconds) / 86400).rounded(.down))
        self.init(date: JapanDate(daysSinceEpoch: days), minute: (seconds - days * 86400) / 60)
    }

    public var instant: Date { date.start.addingTimeInterval(TimeInterval(minute * 60)) }
}

extension JapanTime {
    /// What a clock in `timeZone` shows at `instant`. `JapanDate` and `JapanTime` serve as a
    /// plain calendar day and minute here, as `OSMOpeningHours` reads them: their arithmetic
    /// holds for any place.
    public init(_ instant: Date, timeZone: TimeZone) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        let days = Int((Double(seconds) / 86400).rounded(.down))
        self.init(date: JapanDate(daysSinceEpoch: days), minute: (seconds - days * 86400) / 60)
    }
}

extension JapanTime {
    /// The instant a clock in `timeZone` shows this time (the first, where summer time ends and
    /// repeats an hour; the hour after, where it begins and skips one).
    public func instant(in timeZone: TimeZone) -> Date {
        let asUTC = instant.addingTimeInterval(TimeInterval(JapanDate.offset))
        let guess = asUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: asUTC)))
        return asUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: guess)))
    }
}
