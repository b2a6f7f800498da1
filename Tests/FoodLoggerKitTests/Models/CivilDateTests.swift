import Foundation
import Testing
@testable import FoodLoggerDomain

/// The one calendar date: its arithmetic, and how it is written and read.
@Suite struct CivilDateTests {
    /// The arithmetic agrees with Foundation's Gregorian calendar at UTC+9, day by day, 1900–2100.
    @Test func datesWeekdaysAndInstantsAgreeWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 9 * 3600)!
        var instant = calendar.date(from: DateComponents(year: 1900, month: 1, day: 1, hour: 23, minute: 59))!
        var date = CivilDate(year: 1900, month: 1, day: 1)
        while date.year <= 2100 {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: instant)
            let time = CivilTime(instant, secondsFromGMT: HoursClock.japanOffset)
            guard time.date == date, time.minute == 23 * 60 + 59, parts.year == date.year, parts.month == date.month,
                parts.day == date.day, parts.weekday == date.weekday.rawValue,
                CivilTime(date: date, minute: 0).instant(secondsFromGMT: HoursClock.japanOffset)
                    == calendar.startOfDay(for: instant)
            else {
                Issue.record("\(date) disagrees with Foundation: \(parts), \(time)")
                return
            }
            instant += 86400
            date = date.adding(days: 1)
        }
    }

    @Test func writtenAsTheFoodLogWritesItAndReadAlsoAsGoogleWritesIt() throws {
        let date = CivilDate(year: 2026, month: 12, day: 9)
        #expect(String(decoding: try JSONEncoder().encode(date), as: UTF8.self) == #""2026-12-09""#, "YYYY-MM-DD")
        #expect(try JSONDecoder().decode(CivilDate.self, from: Data(#""2026-12-09""#.utf8)) == date, "the food log's")
        let google = Data(#"{"year": 2026, "month": 12, "day": 9}"#.utf8)
        #expect(try JSONDecoder().decode(CivilDate.self, from: google) == date, "Google's")
        #expect(throws: DecodingError.self, "a day that does not exist, written as text") {
            try JSONDecoder().decode(CivilDate.self, from: Data(#""2026-02-30""#.utf8))
        }
    }
}
