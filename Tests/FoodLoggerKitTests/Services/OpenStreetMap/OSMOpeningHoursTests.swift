import Foundation
import FoodLoggerDomain
import Testing

/// The evaluator's own questions: the clock it answers on, holidays, closing soon, the weekly
/// shape, and what it refuses to read.
@Suite struct OSMOpeningHoursTests {
    /// Monday 2026-11-23.
    static let monday = CivilDate(year: 2026, month: 11, day: 23)

    static func status(_ value: String, _ date: CivilDate, _ hour: Int, _ minute: Int = 0, country: String? = "DE")
        -> OpenStatus?
    {
        OSMOpeningHours(value)?.status(on: date, minute: hour * 60 + minute, country: country)
    }

    @Test(arguments: ["Mo-Fr 8-17", "Mo-Fr 08:00", "10:00-16:00/01:30", "Montag 10:00-18:00", "", ";", "Mo-Fr 10:00-12:00 ,"])
    func valuesOutsideTheSpecificationAreNotRead(_ value: String) {
        #expect(OSMOpeningHours(value) == nil, "\(value) is not read")
    }

    @Test func aValueLongerThanOSMAllowsIsNotRead() {
        let rules = Array(repeating: "Mo 10:00-12:00", count: 20).joined(separator: "; ")
        #expect(OSMOpeningHours(String(rules.prefix(OSMOpeningHours.maxLength))) != nil, "255 characters are read")
        #expect(OSMOpeningHours(rules) == nil, "\(rules.count) characters are not")
    }

    @Test func aNightRunsIntoTheNextMorningAndClosesThere() {
        // Given a bar open Friday and Saturday nights
        let value = "Fr-Sa 18:00-02:00"
        let saturday = Self.monday.adding(days: 5), sunday = Self.monday.adding(days: 6)
        // Then it is open early Saturday and Sunday, closing soon at 01:45, closed at 02:00
        #expect(Self.status(value, saturday, 1) == .open)
        #expect(Self.status(value, sunday, 1, 45) == .closingSoon)
        #expect(Self.status(value, sunday, 2) == .closed)
        #expect(Self.status(value, Self.monday, 1) == .closed, "Sunday night is not Saturday's")
    }

    @Test func closingSoonLooksPastMidnight() {
        #expect(Self.status("Mo-Su 11:00-24:00", Self.monday, 23, 40) == .closingSoon)
        #expect(Self.status("24/7", Self.monday, 23, 50) == .open, "24/7 never closes")
        #expect(Self.status("24/7", Self.monday, 24) == .unknown, "a minute beyond the day is no moment")
    }

    @Test func publicHolidaysAreKnownWhereTheCountryIsInDoubtWhereItIsNot() {
        // Given a shop closed on public holidays; 2026-11-23 is 勤労感謝の日 in Japan, no holiday in Germany
        let value = "Mo-Fr 10:00-18:00; PH off"
        // Then in Japan it is closed that Monday and open the next day
        #expect(Self.status(value, Self.monday, 12, country: "JP") == .closed)
        #expect(Self.status(value, Self.monday.adding(days: 1), 12, country: "JP") == .open)
        // And in Germany it is open; where the country is unknown any weekday might be a holiday
        #expect(Self.status(value, Self.monday, 12, country: "DE") == .open)
        #expect(Self.status(value, Self.monday.adding(days: 5), 12, country: "DE") == .closed)
        #expect(Self.status(value, Self.monday, 12, country: nil) == .unknown)
        #expect(Self.status(value, Self.monday, 12, country: "TH") == .unknown, "no rules for Thailand")
    }

    /// Edinburgh's values (#48): a `PH` rule answers an ordinary Saturday, and Christmas 2026 as
    /// Scotland's holiday.
    @Test(arguments: [
        ("Mo-Th 08:30-24:00; Fr,Sa 08:30-23:00; PH,Su 08:30-24:00", OpenStatus.closingSoon, OpenStatus.open),
        ("Mo-Th 08:30-24:00; Fr,Sa 08:30-23:00; PH,Su 08:30-24:00; PH off", .closingSoon, .closed),
    ])
    func edinburghsHoursOnAnOrdinarySaturdayAndOnChristmas(value: String, saturday: OpenStatus, christmas: OpenStatus) {
        let ordinary = CivilDate(year: 2026, month: 11, day: 28), christmasDay = CivilDate(year: 2026, month: 12, day: 25)
        let hours = OSMOpeningHours(value)
        // An ordinary Saturday: open until 23:00, in GB-SCT or GB alike
        #expect(hours?.status(on: ordinary, minute: 12 * 60, country: "GB-SCT") == .open, "\(value) at noon")
        #expect(hours?.status(on: ordinary, minute: 22 * 60 + 40, country: "GB-SCT") == saturday, "\(value) at 22:40")
        #expect(hours?.status(on: ordinary, minute: 23 * 60 + 30, country: "GB") == .closed, "\(value) at 23:30")
        #expect(
            hours?.nextChange(on: ordinary, minute: 12 * 60, country: "GB-SCT") == .closes(at: 23 * 60, lastOrder: nil),
            "\(value) closes at 23:00")
        // Friday 25 December 2026 is a public holiday in Scotland: the PH rule speaks, not Friday's
        #expect(hours?.status(on: christmasDay, minute: 23 * 60 + 15, country: "GB-SCT") == christmas, "\(value) on 25 December")
    }

    @Test func schoolHolidaysAreReadWhereOpeningHoursJsHasThemNeverGuessed() {
        let value = "Mo-Fr 09:00-17:00; SH off"
        let summer = CivilDate(year: 2025, month: 8, day: 4)
        #expect(Self.status(value, summer, 12, country: "DE-BW") == .closed, "Baden-Württemberg's summer holidays")
        #expect(Self.status(value, Self.monday, 12, country: "DE-BW") == .open, "a school day")
        #expect(Self.status(value, CivilDate(year: 1990, month: 8, day: 6), 12, country: "DE-BW") == .unknown, "no dates")
        #expect(Self.status(value, Self.monday, 20) == .closed)
    }

    @Test func openEndsAndSunsetAreUnknownAfterTheirStart() {
        #expect(Self.status("Mo-Sa 18:00+", Self.monday, 18) == .open)
        #expect(Self.status("Mo-Sa 18:00+", Self.monday, 21) == .unknown)
        #expect(Self.status("Mo-Sa 18:00+", Self.monday, 12) == .closed)
        #expect(Self.status("sunset-sunrise", Self.monday, 12) == .unknown)
    }

    @Test func theSunIsWorkedOutWhereThePlacesPositionAndClockAreKnown() throws {
        // Given Berlin on the summer solstice: dawn 03:52, sunrise 04:43, sunset 21:33, dusk 22:25 (CEST)
        let berlin = HoursPlace(
            holidays: "DE-BE", coordinate: Coordinate(lat: 52.52, lng: 13.405), timeZone: TimeZone(identifier: "Europe/Berlin"))
        let solstice = CivilDate(year: 2026, month: 6, day: 21)
        func status(_ value: String, _ hour: Int, _ minute: Int) -> OpenStatus? {
            OSMOpeningHours(value)?.status(on: solstice, minute: hour * 60 + minute, at: berlin)
        }
        // Then the events open and close as the sun does, offsets included
        #expect(status("sunrise-sunset", 4, 30) == .closed && status("sunrise-sunset", 5, 0) == .open)
        #expect(status("sunrise-sunset", 21, 40) == .closed && status("sunrise-sunset", 21, 10) == .closingSoon)
        #expect(status("dawn-dusk", 4, 0) == .open && status("dawn-dusk", 22, 40) == .closed)
        #expect(status("(sunset-01:00)-24:00", 20, 45) == .open && status("(sunset-01:00)-24:00", 20, 15) == .closed)
        #expect(status("sunset-sunrise", 23, 0) == .open && status("sunset-sunrise", 12, 0) == .closed)
        // And without the place's position the sun stays unknown
        #expect(Self.status("sunrise-sunset", solstice, 12) == .unknown)
    }

    @Test func datesMonthsAndNthWeekdays() {
        // Given a beer garden open from April to October, closed on 24 December, and a
        // market on the month's first Saturday
        let summer = "Apr-Oct Mo-Su 11:00-22:00"
        let july = CivilDate(year: 2026, month: 7, day: 1)
        #expect(Self.status(summer, july, 12) == .open)
        #expect(Self.status(summer, Self.monday, 12) == .closed)
        let christmas = "Mo-Su 10:00-20:00; Dec 24 off"
        #expect(Self.status(christmas, CivilDate(year: 2026, month: 12, day: 24), 12) == .closed)
        #expect(Self.status(christmas, CivilDate(year: 2026, month: 12, day: 23), 12) == .open)
        let market = "Sa[1] 08:00-13:00"
        #expect(Self.status(market, CivilDate(year: 2026, month: 11, day: 7), 9) == .open)
        #expect(Self.status(market, CivilDate(year: 2026, month: 11, day: 14), 9) == .closed)
        // And a fifth Sunday falls only in months that have one: November 2026 does, December not
        let fifth = "Mo-Su 10:00-20:00; Nov Su[5] off; Dec Su[5] off"
        #expect(Self.status(fifth, CivilDate(year: 2026, month: 11, day: 29), 12) == .closed, "the fifth Sunday of November")
        #expect(Self.status(fifth, CivilDate(year: 2026, month: 12, day: 27), 12) == .open, "the fourth and last of December")
        #expect(Self.status(fifth, CivilDate(year: 2027, month: 1, day: 3), 12) == .open, "not December's fifth Sunday")
    }

    @Test func aFallbackSpeaksOnlyForDaysTheRulesBeforeItLeaveOut() {
        let value = "Mo-Fr 09:00-17:00 || \"by appointment\""
        #expect(Self.status(value, Self.monday, 12) == .open)
        #expect(Self.status(value, Self.monday, 20) == .closed)
        #expect(Self.status(value, Self.monday.adding(days: 5), 12) == .unknown)
    }

    @Test func anInstantIsReadOnThePlacesClock() throws {
        // Given 2026-11-23 11:30 UTC, which is 12:30 in Berlin and 20:30 in Tokyo
        let instant = try #require(ISO8601DateFormatter().date(from: "2026-11-23T11:30:00Z"))
        let hours = try #require(OSMOpeningHours("Mo-Fr 12:00-14:00"))
        // Then the same value is open in Berlin and closed in Tokyo
        #expect(hours.status(at: instant, timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), country: "DE") == .open)
        #expect(hours.status(at: instant, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")), country: "JP") == .closed)
    }

    @Test func aWeeklyValueGivesTheWeekTheRenderersShow() throws {
        // Given a weekly value with a night past midnight and a closed day
        let hours = try #require(OSMOpeningHours("Mo-Th 11:00-14:00, 17:00-22:00; Fr-Sa 17:00-02:00; Su off"))
        let week = try #require(hours.weekly)
        // Then each weekday holds its periods, past midnight beyond 24:00
        #expect(
            week[.weekday(.monday)] == [OpeningHours.Period(start: 660, end: 840), OpeningHours.Period(start: 1020, end: 1320)])
        #expect(week[.weekday(.saturday)] == [OpeningHours.Period(start: 1020, end: 1560)])
        #expect(week[.weekday(.sunday)] == [])
    }

    @Test func daysTheRulesSetApartKeepTheirOwnPeriodsInTheWeek() throws {
        // Given every day's hours, then Wednesday's own, then the weekend's
        let hours = try #require(OSMOpeningHours("Mo-Su 08:00-20:00; We 12:00-14:00; Sa,Su 10:00-16:00"))
        let week = try #require(hours.weekly)
        // Then days the same rules select share their periods, and the others keep their own
        let day = [OpeningHours.Period(start: 480, end: 1200)]
        #expect(week[.weekday(.monday)] == day && week[.weekday(.thursday)] == day, "every day's hours")
        #expect(week[.weekday(.wednesday)] == [OpeningHours.Period(start: 720, end: 840)], "Wednesday's own hours")
        #expect(week[.weekday(.sunday)] == [OpeningHours.Period(start: 600, end: 960)], "the weekend's hours")
    }

    @Test(arguments: ["Mo-Fr 10:00-18:00; PH off", "Apr-Oct 10:00-18:00", "Mo-Sa 18:00+", "Sa[1] 08:00-13:00", "sunrise-sunset"])
    func aValueThatChangesFromWeekToWeekHasNoWeeklyShape(_ value: String) throws {
        #expect(try #require(OSMOpeningHours(value)).weekly == nil, "\(value) is not the same every week")
    }
}
