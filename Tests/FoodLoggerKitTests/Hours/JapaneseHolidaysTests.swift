import Foundation
import Testing
@testable import FoodLoggerDomain

/// Against the Cabinet Office's published lists (内閣府「国民の祝日について」).
@Suite struct JapaneseHolidaysTests {
    static let published: [Int: [(Int, Int)]] = [
        2019: [
            (1, 1), (1, 14), (2, 11), (3, 21), (4, 29), (4, 30), (5, 1), (5, 2), (5, 3), (5, 4), (5, 5), (5, 6), (7, 15),
            (8, 11), (8, 12), (9, 16), (9, 23), (10, 14), (10, 22), (11, 3), (11, 4), (11, 23),
        ],
        2020: [
            (1, 1), (1, 13), (2, 11), (2, 23), (2, 24), (3, 20), (4, 29), (5, 3), (5, 4), (5, 5), (5, 6), (7, 23), (7, 24),
            (8, 10), (9, 21), (9, 22), (11, 3), (11, 23),
        ],
        2024: [
            (1, 1), (1, 8), (2, 11), (2, 12), (2, 23), (3, 20), (4, 29), (5, 3), (5, 4), (5, 5), (5, 6), (7, 15), (8, 11),
            (8, 12), (9, 16), (9, 22), (9, 23), (10, 14), (11, 3), (11, 4), (11, 23),
        ],
        2025: [
            (1, 1), (1, 13), (2, 11), (2, 23), (2, 24), (3, 20), (4, 29), (5, 3), (5, 4), (5, 5), (5, 6), (7, 21), (8, 11),
            (9, 15), (9, 23), (10, 13), (11, 3), (11, 23), (11, 24),
        ],
        2026: [
            (1, 1), (1, 12), (2, 11), (2, 23), (3, 20), (4, 29), (5, 3), (5, 4), (5, 5), (5, 6), (7, 20), (8, 11), (9, 21),
            (9, 22), (9, 23), (10, 12), (11, 3), (11, 23),
        ],
    ]

    @Test(arguments: [2019, 2020, 2024, 2025, 2026])
    func everyHolidayOfTheYear(year: Int) {
        let expected = Set(Self.published[year]!.map { CivilDate(year: year, month: $0.0, day: $0.1) })
        let computed = JapaneseHolidays.holidays(in: year)
        #expect(computed.subtracting(expected).sorted().isEmpty, "no extra holidays in \(year)")
        #expect(expected.subtracting(computed).sorted().isEmpty, "no missing holidays in \(year)")
    }

    @Test func laborThanksgivingMakesTheDayBeforeAHolidayEve() {
        let moment = OpeningHours.Moment(CivilTime(date: CivilDate(year: 2026, month: 11, day: 22), minute: 12 * 60))
        #expect(!moment.today.isHoliday && moment.today.isHolidayEve, "2026-11-22 is 祝前日 (11-23 is 勤労感謝の日)")
    }

    /// A moment's days reach into the next year (and back into the last): New Year's Day is
    /// found from December's days, and the day before it is its eve.
    @Test func theDaysOfAMomentCrossTheYear() {
        func moment(_ year: Int, _ month: Int, _ day: Int) -> OpeningHours.Moment {
            OpeningHours.Moment(CivilTime(date: CivilDate(year: year, month: month, day: day), minute: 10 * 60))
        }
        #expect(moment(2026, 12, 31).today.isHolidayEve, "2027-01-01 is 元日")
        #expect(moment(2026, 12, 25).following[6].isHoliday, "seven days on is 2027-01-01")
        #expect(moment(2027, 1, 2).yesterday.isHoliday, "the day before is 2027-01-01")
        let late = moment(2026, 12, 28)
        for offset in -1...8 {
            let day = late.day(offset)
            #expect(day.isHoliday == JapaneseHolidays.isHoliday(day.date), "\(day.date)")
            #expect(day.isHolidayEve == JapaneseHolidays.isHoliday(day.date.adding(days: 1)), "\(day.date)")
        }
    }
}
