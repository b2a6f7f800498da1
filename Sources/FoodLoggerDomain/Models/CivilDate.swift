import Foundation

/// A day on the calendar, wherever it is: the day a meal was eaten (in the user's zone), a day a
/// place's hours speak of (on its own clock), a date a service names. Its arithmetic is plain
/// days since 1970-01-01, so it holds for any place; a minute on a clock is `CivilTime`.
///
/// Written `YYYY-MM-DD` (the food log, the cache); read from that, or from an object with
/// `year`, `month` and `day` as Google writes dates.
public struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// `2026-11-24`, a day that exists (no 2026-02-30); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), parts[0].count == 4,
            (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `instant` falls on in `zone`, `offset` days later (-1: the day before).
    public init(_ instant: Date, in zone: TimeZone, offset: Int = 0) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let shifted = calendar.date(byAdding: .day, value: offset, to: instant) ?? instant
        let parts = calendar.dateComponents([.year, .month, .day], from: shifted)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

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

    /// 1970-01-01 was a Thursday.
    public var weekday: Weekday {
        Weekday(rawValue: ((daysSinceEpoch + 4) % 7 + 7) % 7 + 1)!
    }

    /// Which of the month's `weekday`s this is: 1 for the first, 2 for the second…
    public var weekdayOrdinal: Int { (day - 1) / 7 + 1 }

    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    public var description: String {
        let digits = { (value: Int, width: Int) in
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private enum Key: String, CodingKey { case year, month, day }

    /// `YYYY-MM-DD` (a day that exists), or Google's `{"year", "month", "day"}` as written: a
    /// service's date is checked where it is read (`GooglePlacesHours.civil`).
    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            guard let date = CivilDate(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not YYYY-MM-DD"))
            }
            self = date
            return
        }
        let container = try decoder.container(keyedBy: Key.self)
        self.init(
            year: try container.decode(Int.self, forKey: .year), month: try container.decode(Int.self, forKey: .month),
            day: try container.decode(Int.self, forKey: .day))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
