import Foundation

/// A day on the calendar in Japan, where every shop is.
public struct JapanDate: Sendable, Hashable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// Japan has kept UTC+9 without summer time since 1952, so a fixed offset needs no time-zone
    /// database (which a minimal Linux machine may lack).
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 9 * 3600)!
        return calendar
    }()

    /// Midnight at the start of the day, as an instant.
    public var start: Date {
        Self.calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    public var weekday: Weekday {
        Weekday(rawValue: Self.calendar.component(.weekday, from: start))!
    }

    /// Which of the month's `weekday`s this is: 1 for the first, 2 for the second…
    public var weekdayOrdinal: Int { (day - 1) / 7 + 1 }

    public func adding(days: Int) -> JapanDate {
        JapanDate(Self.calendar.date(byAdding: .day, value: days, to: start)!)
    }

    public init(_ instant: Date) {
        let parts = Self.calendar.dateComponents([.year, .month, .day], from: instant)
        self.init(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    public static func < (lhs: JapanDate, rhs: JapanDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// The days of the week, numbered as Foundation's Gregorian calendar numbers them.
public enum Weekday: Int, Sendable, CaseIterable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

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
        let parts = JapanDate.calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        self.init(
            date: JapanDate(year: parts.year!, month: parts.month!, day: parts.day!), minute: parts.hour! * 60 + parts.minute!)
    }

    public var instant: Date { date.start.addingTimeInterval(TimeInterval(minute * 60)) }
}
