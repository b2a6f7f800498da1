import Foundation
import Testing
@testable import FoodLoggerDomain

/// Google's hours as Google means them, read into the one hours model: `currentOpeningHours`
/// answers the dates its periods and special days cover, `regularOpeningHours` every other
/// moment, on the place's named zone.
@Suite struct PeriodHoursTests {
    /// A diner in New York open 11:00-22:00 every day, as Place Details answers in Thanksgiving
    /// week: the current hours cover Thursday 26 November to Wednesday 2 December 2026, with
    /// Thanksgiving closed, a short Friday, a late Saturday night, and Wednesday 2 December closed
    /// for a private event (special days); the days in between as usual.
    static let diner = #"""
        {"id": "ChIJfoodloggerDiner001", "displayName": {"text": "Liberty Diner", "languageCode": "en"},
         "primaryType": "diner", "location": {"latitude": 40.7306, "longitude": -73.9866},
         "businessStatus": "OPERATIONAL", "utcOffsetMinutes": -300,
         "timeZone": {"id": "America/New_York", "version": "2025b"},
         "postalAddress": {"regionCode": "US"},
         "regularOpeningHours": {"openNow": true, "periods": [
           {"open": {"day": 0, "hour": 11, "minute": 0}, "close": {"day": 0, "hour": 22, "minute": 0}},
           {"open": {"day": 1, "hour": 11, "minute": 0}, "close": {"day": 1, "hour": 22, "minute": 0}},
           {"open": {"day": 2, "hour": 11, "minute": 0}, "close": {"day": 2, "hour": 22, "minute": 0}},
           {"open": {"day": 3, "hour": 11, "minute": 0}, "close": {"day": 3, "hour": 22, "minute": 0}},
           {"open": {"day": 4, "hour": 11, "minute": 0}, "close": {"day": 4, "hour": 22, "minute": 0}},
           {"open": {"day": 5, "hour": 11, "minute": 0}, "close": {"day": 5, "hour": 22, "minute": 0}},
           {"open": {"day": 6, "hour": 11, "minute": 0}, "close": {"day": 6, "hour": 22, "minute": 0}}],
           "weekdayDescriptions": ["Monday: 11:00 AM – 10:00 PM"]},
         "currentOpeningHours": {"openNow": false, "periods": [
           {"open": {"day": 5, "hour": 8, "minute": 0, "date": {"year": 2026, "month": 11, "day": 27}},
            "close": {"day": 5, "hour": 14, "minute": 0, "date": {"year": 2026, "month": 11, "day": 27}}},
           {"open": {"day": 6, "hour": 11, "minute": 0, "date": {"year": 2026, "month": 11, "day": 28}},
            "close": {"day": 0, "hour": 1, "minute": 0, "date": {"year": 2026, "month": 11, "day": 29}}},
           {"open": {"day": 0, "hour": 11, "minute": 0, "date": {"year": 2026, "month": 11, "day": 29}},
            "close": {"day": 0, "hour": 22, "minute": 0, "date": {"year": 2026, "month": 11, "day": 29}}},
           {"open": {"day": 1, "hour": 11, "minute": 0, "date": {"year": 2026, "month": 11, "day": 30}},
            "close": {"day": 1, "hour": 22, "minute": 0, "date": {"year": 2026, "month": 11, "day": 30}}},
           {"open": {"day": 2, "hour": 11, "minute": 0, "date": {"year": 2026, "month": 12, "day": 1}},
            "close": {"day": 2, "hour": 22, "minute": 0, "date": {"year": 2026, "month": 12, "day": 1}}}],
           "specialDays": [{"date": {"year": 2026, "month": 11, "day": 26}}, {"date": {"year": 2026, "month": 11, "day": 27}},
                           {"date": {"year": 2026, "month": 11, "day": 28}}, {"date": {"year": 2026, "month": 12, "day": 2}}],
           "weekdayDescriptions": ["Thursday: Closed"]}}
        """#

    static func shop(_ json: String = diner) throws -> (shop: Restaurant, region: RestaurantPage.Region?) {
        let page = try GooglePlacesDecoder.decodePlace(Data(json.utf8))
        return (try #require(page.restaurants.first, "the diner is a shop"), page.region)
    }

    /// The diner's status at `minute` of a day on New York's wall clock.
    static func status(_ year: Int, _ month: Int, _ day: Int, _ minute: Int) throws -> OpenStatus {
        let (shop, region) = try shop()
        let moment = OpenQuestion.Moment.wallClock(
            day: .date(CivilDate(year: year, month: month, day: day)), minute: minute, asked: Date(timeIntervalSince1970: 0))
        return shop.openStatus(at: moment, region: region)
    }

    @Test(arguments: [
        // Thanksgiving, a special day with no period: closed, though the week says open.
        (2026, 11, 26, 12 * 60, OpenStatus.closed),
        // Friday's own hours: open at 09:00 before the week would be, closed at 15:00 when it would not.
        (2026, 11, 27, 9 * 60, .open), (2026, 11, 27, 15 * 60, .closed),
        // Saturday's late night runs past midnight into Sunday.
        (2026, 11, 29, 15, .open),
        // Wednesday 2 December is covered and closed.
        (2026, 12, 2, 12 * 60, .closed),
        // Wednesday 9 December is outside the dates the current hours cover: the week answers.
        (2026, 12, 9, 12 * 60, .open), (2026, 12, 9, 23 * 60, .closed),
        // So does the day before the dates covered.
        (2026, 11, 25, 12 * 60, .open),
    ])
    func currentHoursAnswerTheirDatesAndTheWeekTheRest(
        year: Int, month: Int, day: Int, minute: Int, expected: OpenStatus
    ) throws {
        let status = try Self.status(year, month, day, minute)
        #expect(status == expected, "\(year)-\(month)-\(day) minute \(minute): \(status)")
    }

    @Test func aDatedPeriodThatCannotBeReadLeavesItsDateToTheWeek() throws {
        // Given Monday 30 November's current period without its opening time
        let broken = Self.diner.replacingOccurrences(
            of: #"{"open": {"day": 1, "hour": 11, "minute": 0, "date": {"year": 2026, "month": 11, "day": 30}},"#,
            with: #"{"open": {"day": 1, "date": {"year": 2026, "month": 11, "day": 30}},"#)
        #expect(broken != Self.diner, "the period was changed")
        let (shop, region) = try Self.shop(broken)
        func status(_ day: Int, _ minute: Int) -> OpenStatus {
            shop.openStatus(
                at: .wallClock(
                    day: .date(CivilDate(year: 2026, month: 11, day: day)), minute: minute,
                    asked: Date(timeIntervalSince1970: 0)), region: region)
        }
        // Then that date is answered by the week (open at noon), not taken as closed; the others as before
        #expect(status(30, 12 * 60) == .open, "Monday by the week: \(status(30, 12 * 60))")
        #expect(status(26, 12 * 60) == .closed, "Thanksgiving still closed")
    }

    @Test func theNextChangeCrossesFromTheCoveredDatesIntoTheWeek() throws {
        // Given the closed Wednesday 2 December, the last date covered
        let (shop, _) = try Self.shop()
        let hours = try #require(shop.periodHours, "Google's periods fill the model")
        // When asked at noon what comes next
        let change = hours.nextChange(on: CivilDate(year: 2026, month: 12, day: 2), minute: 12 * 60)
        // Then Thursday's regular opening, at 11:00 the next day
        #expect(change == .opens(at: 1440 + 11 * 60), "\(change)")
    }

    @Test func thePlacesNamedZoneIsItsClockAcrossSummerTime() throws {
        // Given the diner's zone named America/New_York, fetched in winter (UTC-5)
        let (shop, region) = try Self.shop()
        #expect(region?.timeZone == "America/New_York", "\(String(describing: region))")
        // When asked about 21:00 on 1 July 2027, in summer time
        let moment = OpenQuestion.Moment.wallClock(
            day: .date(CivilDate(year: 2027, month: 7, day: 1)), minute: 21 * 60, asked: Date(timeIntervalSince1970: 0))
        let left = OpenClock(moment, region: region).timeLeft(of: shop)
        // Then it closes at 22:00 New York summer time, 02:00 UTC (not 03:00, as UTC-5 would have it)
        #expect(
            left.closesAt == ISO8601DateFormatter().date(from: "2027-07-02T02:00:00Z"), "\(String(describing: left.closesAt))")
    }

    @Test func withoutANamedZoneTheOffsetIsTheClock() throws {
        let json = Self.diner.replacingOccurrences(of: #""timeZone": {"id": "America/New_York", "version": "2025b"},"#, with: "")
        #expect(json != Self.diner, "the zone was taken out")
        let (_, region) = try Self.shop(json)
        #expect(region?.timeZone == "GMT-0500", "\(String(describing: region))")
    }

    @Test func onlyCurrentHoursLeaveOtherDatesUnknown() throws {
        // Given current hours and no regular week
        let json = try #require(
            Self.diner.range(of: #""regularOpeningHours""#).flatMap { start in
                Self.diner.range(of: #""currentOpeningHours""#).map { end in
                    Self.diner.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
                }
            })
        let (shop, _) = try Self.shop(json)
        let hours = try #require(shop.periodHours)
        // Then a covered date is answered, and a date outside is not guessed
        #expect(hours.status(on: CivilDate(year: 2026, month: 11, day: 30), minute: 12 * 60) == .open, "covered Monday")
        #expect(hours.status(on: CivilDate(year: 2026, month: 12, day: 9), minute: 12 * 60) == .unknown, "uncovered")
    }

    @Test func theWeekForTheViewsIsTheRegularOne() throws {
        let (shop, _) = try Self.shop()
        let week = try #require(shop.openingHours, "a week to show")
        #expect(week[.weekday(.wednesday)] == [.init(start: 660, end: 1320)], "\(String(describing: week[.weekday(.wednesday)]))")
    }

    @Test func alwaysOpenIsOpenAWeekAhead() {
        let hours = PeriodHours(week: [.init(start: 0, end: PeriodHours.minutesPerWeek)])
        #expect(hours.nextChange(on: CivilDate(year: 2026, month: 12, day: 6), minute: 1439) == .alwaysOpen, "24/7")
    }
}
