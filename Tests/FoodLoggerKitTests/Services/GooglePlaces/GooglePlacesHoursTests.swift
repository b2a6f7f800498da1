import Foundation
import Testing
@testable import FoodLoggerDomain

/// Google's periods as an OpenStreetMap `opening_hours` value, and that value as the OSM
/// evaluator reads it.
@Suite struct GooglePlacesHoursTests {
    typealias Hours = GooglePlacesHours

    /// A period from `open` to `close`, days counted from Sunday (0) as Google counts them.
    static func period(_ open: (Int, Int, Int), _ close: (Int, Int, Int)?) -> Hours.Period {
        Hours.Period(
            open: .init(day: open.0, hour: open.1, minute: open.2),
            close: close.map { .init(day: $0.0, hour: $0.1, minute: $0.2) })
    }

    @Test func weekdaysWithTheSameHoursAreOneRuleAndClosedDaysAreAbsent() {
        // Given Monday to Friday 11:00-22:00 and Saturday 12:00 to Sunday 02:00, closed on Sunday
        let periods = (1...5).map { Self.period(($0, 11, 0), ($0, 22, 0)) } + [Self.period((6, 12, 0), (0, 2, 0))]
        // When written for OSM
        let value = Hours.week(periods)
        // Then the days group, and Saturday's night runs past midnight
        #expect(value == "Mo-Fr 11:00-22:00; Sa 12:00-02:00", "\(value ?? "nil")")
    }

    @Test func aPeriodWithoutACloseIsAlwaysOpen() {
        #expect(Hours.week([Self.period((0, 0, 0), nil)]) == "24/7", "Google's way of saying always open")
    }

    @Test func splitDaysAndAMidnightClose() {
        // Given lunch and dinner on Tuesday and Thursday, and Wednesday until midnight
        let periods = [
            Self.period((2, 11, 30), (2, 14, 0)), Self.period((2, 17, 30), (2, 22, 0)),
            Self.period((4, 11, 30), (4, 14, 0)), Self.period((4, 17, 30), (4, 22, 0)),
            Self.period((3, 18, 0), (4, 0, 0)),
        ]
        // Then Tuesday and Thursday share one rule, and Wednesday closes at 24:00
        #expect(
            Hours.week(periods) == "Tu,Th 11:30-14:00,17:30-22:00; We 18:00-24:00", "\(Hours.week(periods) ?? "nil")")
    }

    @Test func aPeriodOfMoreThanADayIsCutAtMidnight() {
        // Given open from Friday 08:00 to Sunday 20:00 without a break
        let value = Hours.week([Self.period((5, 8, 0), (0, 20, 0))])
        // Then each day has its part
        #expect(value == "Fr 08:00-24:00; Sa 00:00-24:00; Su 00:00-20:00", "\(value ?? "nil")")
    }

    @Test(arguments: [
        [Hours.Period(open: .init(day: 7, hour: 9, minute: 0), close: .init(day: 0, hour: 10, minute: 0))],
        [Hours.Period(open: .init(day: 1, hour: 25, minute: 0), close: .init(day: 1, hour: 26, minute: 0))],
        [
            Hours.Period(open: .init(day: 1, hour: 9, minute: 0), close: nil),
            GooglePlacesHoursTests.period((2, 9, 0), (2, 10, 0)),
        ],
        [],
    ])
    func periodsThatCannotBeReadGiveNoHours(periods: [Hours.Period]) {
        #expect(Hours.week(periods) == nil, "unreadable hours are no hours, not a guess")
    }

    @Test func specialDaysOfTheCurrentHoursWinOverTheWeek() throws {
        // Given a place open every day 11:00-22:00, which closes on 2026-12-25 and opens late on 2026-12-24
        let regular = Hours.Hours(periods: (0...6).map { Self.period(($0, 11, 0), ($0, 22, 0)) })
        let christmasEve = CivilDate(year: 2026, month: 12, day: 24)
        var eve = Self.period((4, 18, 0), (5, 1, 0))
        eve.open?.date = christmasEve
        let current = Hours.Hours(
            periods: [eve],
            specialDays: [.init(date: .init(year: 2026, month: 12, day: 25)), .init(date: christmasEve)])

        // When written for OSM
        let value = try #require(Hours.osmValue(regular: regular, current: current), "a value")

        // Then the week comes first, then each special day in date order
        #expect(value == "Mo-Su 11:00-22:00; 2026 Dec 24 18:00-01:00; 2026 Dec 25 off", "\(value)")
        // And the evaluator reads the dates over the week
        let hours = try #require(OSMOpeningHours(value), "readable by the OSM evaluator")
        let on = { (month: Int, day: Int, hour: Int) in
            hours.status(on: CivilDate(year: 2026, month: month, day: day), minute: hour * 60, country: nil)
        }
        #expect(on(12, 23, 12) == .open, "an ordinary Wednesday at noon")
        #expect(on(12, 24, 12) == .closed, "Christmas Eve opens at 18:00 only")
        #expect(on(12, 24, 23) == .open, "Christmas Eve's evening")
        #expect(on(12, 25, 12) == .closed, "closed on Christmas Day")
        #expect(on(12, 26, 12) == .open, "open again the day after")
    }

    @Test func withoutRegularHoursTheCurrentOrdinaryDaysMakeTheWeek() {
        // Given only current hours: Monday 09:00-17:00 on 2026-11-30
        var monday = Self.period((1, 9, 0), (1, 17, 0))
        monday.open?.date = .init(year: 2026, month: 11, day: 30)
        // Then Monday's hours make the week
        #expect(Hours.osmValue(regular: nil, current: .init(periods: [monday])) == "Mo 09:00-17:00")
    }

    @Test func pastMidnightIsReadAsTheNightOfTheDayBefore() throws {
        // Given Friday 18:00 to Saturday 02:00
        let value = try #require(Hours.week([Self.period((5, 18, 0), (6, 2, 0))]), "a value")
        let hours = try #require(OSMOpeningHours(value), "readable")
        // Then 01:00 on Saturday (2026-11-28) is open, 03:00 closed
        #expect(hours.status(on: CivilDate(year: 2026, month: 11, day: 28), minute: 60, country: nil) == .open)
        #expect(hours.status(on: CivilDate(year: 2026, month: 11, day: 28), minute: 180, country: nil) == .closed)
    }
}
