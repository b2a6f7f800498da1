import Testing
@testable import FoodLoggerDomain

@Suite struct OpeningHoursTests {
    func status(_ open: String, _ close: String, _ date: (Int, Int, Int), _ hour: Int, _ minute: Int = 0) -> OpenStatus {
        guard let hours = OpeningHoursParser.parse(open: open, close: close) else { return .unknown }
        let time = CivilTime(date: CivilDate(year: date.0, month: date.1, day: date.2), minute: hour * 60 + minute)
        return hours.status(at: OpeningHours.Moment(time))
    }

    static let lateBar = ("火～木: 19:00～翌4:00 金～日: 18:00～翌4:00", "月")

    @Test func hoursPastMidnightBelongToTheDayBefore() {
        // 2026-11-17 is a Tuesday; 11-16 the Monday it is closed.
        #expect(status(Self.lateBar.0, Self.lateBar.1, (2026, 11, 17), 2) == .closed, "Monday night: closed")
        #expect(status(Self.lateBar.0, Self.lateBar.1, (2026, 11, 21), 3) == .open, "Saturday 3:00, from Friday")
        #expect(status(Self.lateBar.0, Self.lateBar.1, (2026, 11, 16), 3, 45) == .closingSoon, "Monday 3:45, from Sunday")
        #expect(status(Self.lateBar.0, Self.lateBar.1, (2026, 11, 16), 4) == .closed, "Monday 4:00: closed")
    }

    @Test func lunchAndDinner() {
        let open = "月～金: 11:30～14:00 17:00～22:00", close = "土、日、祝日"
        #expect(status(open, close, (2026, 11, 20), 12) == .open, "Friday lunch")
        #expect(status(open, close, (2026, 11, 20), 15) == .closed, "between lunch and dinner")
        #expect(status(open, close, (2026, 11, 20), 21, 40) == .closingSoon, "20 minutes before closing")
        #expect(status(open, close, (2026, 11, 21), 12) == .closed, "Saturday")
        #expect(status(open, close, (2026, 11, 3), 12) == .closed, "文化の日, a Tuesday holiday")
    }

    @Test func namedNewYearDatesCloseThoseAndDecideTheOthers() {
        // Given a shop closed on the new-year dates it names
        let open = "月～日、祝日、祝前日: 11:00～22:00", close = "年末年始（12/31・1/1）"
        // Then those dates are closed, and the days around them and November go by the hours
        #expect(status(open, close, (2026, 12, 31), 12) == .closed, "12/31 named")
        #expect(status(open, close, (2027, 1, 1), 12) == .closed, "1/1 named")
        #expect(status(open, close, (2026, 12, 30), 12) == .open, "12/30 not named")
        #expect(status(open, close, (2027, 1, 2), 12) == .open, "1/2 not named")
        #expect(status(open, close, (2026, 11, 20), 12) == .open, "a Friday in November")
        // and 年末年始 without dates still leaves those days unknown
        #expect(status(open, "年末年始", (2026, 12, 30), 12) == .unknown, "年末年始 alone")
    }

    @Test func closedOnHolidayEves() {
        // Given a shop closed on Sundays, holidays and the days before them
        let open = "月～土: 17:00～23:00", close = "日、祝日、祝前日"
        // Then an eve is closed, an ordinary Friday open
        #expect(status(open, close, (2026, 12, 31), 19) == .closed, "12/31, the eve of 元日")
        #expect(status(open, close, (2026, 11, 20), 19) == .open, "an ordinary Friday")
        // and a holiday that is also an eve follows the holiday (closed here)
        #expect(status(open, close, (2026, 5, 4), 19) == .closed, "5/4: a holiday before 5/5")
        // while one the shop gives holiday hours for is unknown: which wins is not said
        #expect(status("月～日、祝日: 17:00～23:00", "祝前日", (2026, 5, 4), 19) == .unknown, "holiday hours and a closed eve")
    }

    @Test func backToBackPeriodsAreNotClosingSoon() {
        #expect(status("月～日: 11:00～15:00 15:00～22:00", "", (2026, 11, 20), 14, 50) == .open)
    }

    @Test func holidaysAndTheirEves() {
        let open = "月～木: 17:00～23:00 金、土、祝前日: 17:00～翌1:00 日、祝日: 16:00～22:00"
        #expect(status(open, "", (2026, 11, 22), 22, 30) == .open, "Sunday 11-22 is 祝前日: open late")
        #expect(status(open, "", (2026, 11, 15), 22, 30) == .closed, "an ordinary Sunday closes at 22:00")
        #expect(status(open, "", (2026, 11, 23), 16, 30) == .open, "勤労感謝の日, a Monday: holiday hours")
    }

    @Test func aClosingWeekdayOnAHolidayWithHolidayHoursIsUnknown() {
        #expect(status("火～日、祝日、祝前日: 17:00～23:00", "月", (2026, 11, 23), 18) == .unknown, "Monday holiday")
        #expect(status("火～日、祝日、祝前日: 17:00～23:00", "月", (2026, 11, 16), 18) == .closed, "an ordinary Monday")
    }

    @Test func closingDays() {
        let open = "月～日: 11:00～22:00"
        #expect(status(open, "第2・4火曜日", (2026, 11, 10), 12) == .closed, "the 2nd Tuesday")
        #expect(status(open, "第2・4火曜日", (2026, 11, 17), 12) == .open, "the 3rd Tuesday")
        #expect(status(open, "12月31日、1月1日", (2026, 12, 31), 12) == .closed, "a closed date")
        #expect(status(open, "年末年始", (2026, 12, 30), 12) == .unknown, "around the new year")
        #expect(status(open, "年末年始", (2026, 12, 20), 12) == .open, "well before it")
        #expect(status(open, "不定休", (2026, 12, 20), 12) == .open, "irregular closures: the hours still answer")
    }

    @Test func unreadableTextsAreUnknown() {
        #expect(status("ランチ 11:00～14:00", "", (2026, 11, 20), 12) == .unknown)
    }
}
