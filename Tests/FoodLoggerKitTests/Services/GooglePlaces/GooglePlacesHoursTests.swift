import Foundation
import Testing
@testable import FoodLoggerDomain

/// Google's periods read as Google means them (`PeriodHours`): the regular week, the current
/// hours' dated days over it, and periods that cannot be read; never through another service's
/// syntax.
@Suite struct GooglePlacesHoursTests {
    typealias Hours = GooglePlacesHours

    /// A period from `open` to `close`, days counted from Sunday (0) as Google counts them.
    static func period(_ open: (Int, Int, Int), _ close: (Int, Int, Int)?) -> Hours.Period {
        Hours.Period(
            open: .init(day: open.0, hour: open.1, minute: open.2),
            close: close.map { .init(day: $0.0, hour: $0.1, minute: $0.2) })
    }

    /// The week of `periods` alone.
    static func week(_ periods: [Hours.Period]) -> PeriodHours? {
        Hours.periodHours(regular: .init(periods: periods), current: nil)
    }

    /// The status at `hour:minute` of `day` (of `month`, 2026; 23 November is a Monday).
    static func status(_ hours: PeriodHours?, month: Int = 11, _ day: Int, _ hour: Int, _ minute: Int = 0) -> OpenStatus? {
        hours?.status(on: CivilDate(year: 2026, month: month, day: day), minute: hour * 60 + minute)
    }

    @Test func weekdaysAndANightPastMidnight() {
        // Given Monday to Friday 11:00-22:00 and Saturday 12:00 to Sunday 02:00, closed on Sunday
        let hours = Self.week((1...5).map { Self.period(($0, 11, 0), ($0, 22, 0)) } + [Self.period((6, 12, 0), (0, 2, 0))])
        // Then each moment is answered by its day, and Saturday's night runs into Sunday
        #expect(Self.status(hours, 23, 12) == .open, "Monday at noon")
        #expect(Self.status(hours, 28, 23) == .open, "Saturday at 23:00")
        #expect(Self.status(hours, 29, 1) == .open, "Saturday's night at 01:00 on Sunday")
        #expect(Self.status(hours, 29, 12) == .closed, "Sunday at noon")
        #expect(hours?.weekly?[.weekday(.saturday)] == [.init(start: 720, end: 1560)], "the night written past 24:00")
        #expect(hours?.weekly?[.weekday(.sunday)] == [], "closed on Sunday")
    }

    @Test func aPeriodWithoutACloseIsAlwaysOpen() {
        let hours = Self.week([Self.period((0, 0, 0), nil)])
        #expect(
            hours?.nextChange(on: CivilDate(year: 2026, month: 11, day: 25), minute: 600) == .alwaysOpen,
            "Google's way of saying always open")
    }

    @Test func splitDaysAndAMidnightClose() {
        // Given lunch and dinner on Tuesday and Thursday, and Wednesday until midnight
        let hours = Self.week([
            Self.period((2, 11, 30), (2, 14, 0)), Self.period((2, 17, 30), (2, 22, 0)),
            Self.period((4, 11, 30), (4, 14, 0)), Self.period((4, 17, 30), (4, 22, 0)),
            Self.period((3, 18, 0), (4, 0, 0)),
        ])
        // Then the break is closed, and Wednesday closes at 24:00
        #expect(Self.status(hours, 24, 15) == .closed, "Tuesday between lunch and dinner")
        #expect(Self.status(hours, 24, 18) == .open, "Tuesday's dinner")
        #expect(
            hours?.nextChange(on: CivilDate(year: 2026, month: 11, day: 25), minute: 19 * 60)
                == .closes(at: 1440, lastOrder: nil),
            "Wednesday until midnight")
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
        let hours = Self.week(periods)
        #expect(hours?.isReadable == false, "unreadable hours are no hours, not a guess")
        #expect(Self.status(hours, 23, 12) == .unknown, "and answer nothing")
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

        // When read
        let hours = try #require(Hours.periodHours(regular: regular, current: current), "hours")

        // Then the dates answer for themselves, the week for the rest
        #expect(Self.status(hours, month: 12, 23, 12) == .open, "an ordinary Wednesday at noon")
        #expect(Self.status(hours, month: 12, 24, 12) == .closed, "Christmas Eve opens at 18:00 only")
        #expect(Self.status(hours, month: 12, 24, 23) == .open, "Christmas Eve's evening")
        #expect(Self.status(hours, month: 12, 25, 12) == .closed, "closed on Christmas Day")
        #expect(Self.status(hours, month: 12, 26, 12) == .open, "open again the day after")
    }

    @Test func withoutRegularHoursTheCurrentDaysAnswerOnlyTheDatesTheyCover() {
        // Given only current hours: Monday 09:00-17:00 on 2026-11-30
        var monday = Self.period((1, 9, 0), (1, 17, 0))
        monday.open?.date = .init(year: 2026, month: 11, day: 30)
        let hours = Hours.periodHours(regular: nil, current: .init(periods: [monday]))
        // Then that Monday is answered, and a Monday the current hours do not reach is not guessed
        #expect(Self.status(hours, 30, 10) == .open, "the dated Monday")
        #expect(Self.status(hours, month: 12, 7, 10) == .unknown, "a week later: unknown")
    }

    @Test func theWeekAsGoogleWroteItIsItsText() {
        // Given Google's own words for the week beside its periods
        var regular = Hours.Hours(periods: [Self.period((1, 9, 0), (1, 17, 0))])
        regular.weekdayDescriptions = ["Monday: 9:00 AM – 5:00 PM", "Tuesday: Closed"]
        // Then the hours carry those words, as given
        #expect(
            Hours.periodHours(regular: regular, current: nil)?.text == "Monday: 9:00 AM – 5:00 PM; Tuesday: Closed",
            "the text as the service gave it")
    }
}
