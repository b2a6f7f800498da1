import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Whether a shop is open, read on the place's own clock whatever this machine's zone.
@Suite struct OpenClockTests {
    /// An instant given in UTC: `2026-11-22T23:30Z`.
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func fridayAtEightInTheEveningIsParisTimeWhateverTheMachinesZone() {
        // Given a Paris shop open Mo-Sa 12:00-14:30,19:00-22:30, asked about "fri 20:00" from a
        // moment when it is already Saturday in Tokyo
        let sut = OpenClock(
            .wallClock(day: .weekday(.friday), minute: 20 * 60, asked: Self.utc("2026-11-19T23:30:00Z")),
            region: Seeds.OSM.parisRegion)
        // When its status is read
        let status = sut.status(of: Seeds.OSM.paris)
        // Then it is open: 20:00 on Friday where the shop is
        #expect(status == .open, "\(status)")
        #expect(sut.moment(for: Seeds.OSM.paris)?.today.weekday == .friday, "the coming Friday in Paris")
    }

    @Test func todayIsTheDayWhereTheShopsAre() {
        // Given Sunday 23:30 UTC, which is already Monday 00:30 in Paris
        let asked = Self.utc("2026-11-22T23:30:00Z")
        // When "20:00" (today) is asked about in Paris and on a clock that reads UTC
        let paris = Seeds.OSM.paris.openStatus(
            at: .wallClock(day: .today, minute: 20 * 60, asked: asked), region: Seeds.OSM.parisRegion)
        let utc = Seeds.OSM.paris.openStatus(
            at: .wallClock(day: .today, minute: 20 * 60, asked: asked),
            region: .init(timeZone: "UTC", countryCode: "FR"))
        // Then Paris's Monday is open, UTC's Sunday closed
        #expect(paris == .open && utc == .closed, "Paris \(paris), UTC \(utc)")
    }

    @Test(arguments: [
        ("2026-11-20T11:20:00Z", OpenStatus.open),  // 12:20 in Paris (CET)
        ("2026-11-20T10:20:00Z", .closed),  // 11:20
        ("2026-07-03T10:20:00Z", .open),  // 12:20 in summer (CEST)
        ("2026-11-20T13:20:00Z", .closingSoon),  // 14:20, closing at 14:30
    ])
    func nowIsReadOnParissClock(instant: String, expected: OpenStatus) {
        // Given an instant (--open-now)
        let moment = OpenQuestion.Moment.now(Self.utc(instant))
        // When the Paris shop is asked about it
        let status = Seeds.OSM.paris.openStatus(at: moment, region: Seeds.OSM.parisRegion)
        // Then it answers for the wall clock in Paris, summer time included
        #expect(status == expected, "\(instant): \(status)")
    }

    @Test func withoutATimeZoneOSMHoursAreUnknownAndJapanesesTextsAreNot() {
        // Given a region with a country and no zone, and no region at all
        let moment = OpenQuestion.Moment.now(CLIRun.friday)
        let noZone = RestaurantPage.Region(timeZone: nil, countryCode: "FR")
        // When an OSM shop open 24/7 and a HOT PEPPER shop are asked
        let osm = [noZone, nil].map { Seeds.OSM.newYork.openStatus(at: moment, region: $0) }
        let hotpepper = Seeds.Restaurants.near.openStatus(at: moment, region: nil)
        // Then the OSM shop is unknown (never read on this machine's clock), HOT PEPPER's is read in Japan
        #expect(osm == [.unknown, .unknown], "\(osm)")
        #expect(hotpepper == .open, "Friday 19:30 in Japan, open 11:00–23:00: \(hotpepper)")
        #expect(OpenClock(moment, region: noZone).moment(for: Seeds.OSM.newYork) == nil, "no clock")
    }

    @Test func aroundTheClockIsOpenAndAnUnreadableValueUnknown() {
        let moment = OpenQuestion.Moment.now(Self.utc("2026-11-22T08:00:00Z"))
        #expect(Seeds.OSM.newYork.openStatus(at: moment, region: Seeds.OSM.newYorkRegion) == .open, "24/7")
        #expect(Seeds.OSM.unreadable.openStatus(at: moment, region: Seeds.OSM.parisRegion) == .unknown, "unreadable")
    }

    @Test func aWeeklyOSMValueHasTheSameWeekAsJapanesesTexts() throws {
        // When the Paris shop's week is read
        let week = try #require(Seeds.OSM.paris.openingHours, "a weekly value has a week")
        // Then Monday has both periods and Sunday none; an unreadable value has no week
        #expect(week[.weekday(.monday)] == [.init(start: 720, end: 870), .init(start: 1140, end: 1350)])
        #expect(week[.weekday(.sunday)] == [], "closed on Sunday")
        #expect(Seeds.OSM.unreadable.openingHours == nil, "no week")
    }

    @Test func japanKeepsItsClockForHotPepperWhateverTheRegion() {
        // Given a HOT PEPPER page's shop and a region it never has
        let moment = OpenQuestion.Moment.wallClock(day: .weekday(.friday), minute: 19 * 60 + 30, asked: CLIRun.friday)
        let clock = OpenClock(moment, region: Seeds.OSM.parisRegion)
        // Then the moment is Friday 19:30 in Japan
        let time = clock.moment(for: Seeds.Restaurants.near)
        #expect(
            time?.today.date == CivilDate(year: 2026, month: 11, day: 20) && time?.minute == 1170, "\(String(describing: time))")
    }
}
