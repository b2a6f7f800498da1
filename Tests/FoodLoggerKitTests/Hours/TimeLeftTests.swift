import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// How long a shop stays open, or when it opens, read once in the domain on the shop's own
/// clock: HOT PEPPER's texts (last orders included), OpenStreetMap values, Google's hours.
@Suite struct TimeLeftTests {
    /// An instant given in UTC.
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// A HOT PEPPER shop with hours texts written for these tests.
    static func shop(_ open: String, _ close: String = "") -> Restaurant {
        Restaurant(
            id: "J999", name: "Test", genre: .init(code: "G001", name: "居酒屋", catchCopy: ""),
            coordinate: Coordinate(lat: 35.68, lng: 139.76), open: open, close: close,
            urls: .init(shop: "https://example.com", photo: ""), provider: .hotpepper)
    }

    /// A time of a day in 2026 in Japan (20 November is a Friday, the 23rd a holiday).
    static func japan(_ day: Int, _ hour: Int, _ minute: Int = 0, month: Int = 11) -> OpenClock {
        let time = CivilTime(date: CivilDate(year: 2026, month: month, day: day), minute: hour * 60 + minute)
        return OpenClock(.now(time.instant(secondsFromGMT: HoursClock.japanOffset)), region: nil)
    }

    @Test func openShopClosesAtTheEndOfItsPeriod() {
        // Given a shop open 11:00–23:00 with a food last order, asked on Friday at 21:45
        let sut = Self.japan(20, 21, 45)
        // When its time left is read
        let left = sut.timeLeft(of: Self.shop("月～日: 11:00～23:00 （料理L.O. 22:00 ドリンクL.O. 22:15）"))
        // Then it closes at 23:00 Japan time, 75 minutes on, last order 22:00
        #expect(left.closesAt == Self.utc("2026-11-20T14:00:00Z"), "\(String(describing: left.closesAt))")
        #expect(left.minutesLeft == 75)
        #expect(left.lastOrderAt == Self.utc("2026-11-20T13:00:00Z"), "the food's, not the drink's")
        #expect(left.opensAt == nil && !left.isAlwaysOpen)
        #expect(left.clock == .japan, "Japan's clock")
    }

    @Test(arguments: [
        (20, 23, "2026-11-20T17:00:00Z", 180),  // Friday 23:00: closes Saturday 02:00
        (21, 1, "2026-11-20T17:00:00Z", 60),  // Saturday 01:00, still Friday's night
    ])
    func aNightPastMidnightClosesTheNextDay(day: Int, hour: Int, closes: String, minutes: Int) {
        // Given a shop open 18:00–翌2:00 Monday to Saturday
        let shop = Self.shop("月～土: 18:00～翌2:00", "日")
        // When asked late at night
        let left = Self.japan(day, hour).timeLeft(of: shop)
        // Then it closes at 02:00 the next day
        #expect(left.closesAt == Self.utc(closes), "\(String(describing: left.closesAt))")
        #expect(left.minutesLeft == minutes)
    }

    @Test func aSplitShiftClosesAtLunchsEndAndOpensForDinner() {
        let shop = Self.shop("月～金: 11:30～14:00 17:00～22:00", "土、日、祝日")
        // When asked at lunch and between the shifts
        let lunch = Self.japan(20, 12).timeLeft(of: shop)
        let between = Self.japan(20, 15).timeLeft(of: shop)
        // Then lunch ends at 14:00; between, it opens at 17:00 the same day
        #expect(lunch.closesAt == Self.utc("2026-11-20T05:00:00Z") && lunch.minutesLeft == 120)
        #expect(between.opensAt == Self.utc("2026-11-20T08:00:00Z") && between.closesAt == nil && between.minutesLeft == nil)
    }

    @Test func periodsBackToBackCarryTheOpeningOn() {
        // Given periods that meet (a text runs them together)
        let left = Self.japan(20, 12).timeLeft(of: Self.shop("11:00～15:0015:00～22:00"))
        // Then the shop closes at the second one's end
        #expect(left.closesAt == Self.utc("2026-11-20T13:00:00Z") && left.minutesLeft == 600)
    }

    @Test func aroundTheClockIsAlwaysOpenWithNoClosingTime() {
        let texts = Self.japan(20, 3).timeLeft(of: Self.shop("月～日: 0:00～24:00"))
        let osm = OpenClock(.now(Self.utc("2026-11-20T08:00:00Z")), region: Seeds.OSM.newYorkRegion)
            .timeLeft(of: Seeds.OSM.newYork)
        for left in [texts, osm] {
            #expect(left.isAlwaysOpen && left.closesAt == nil && left.minutesLeft == nil && left.opensAt == nil, "\(left)")
            #expect(left.staysOpen(forMinutes: OpenDuration.maxMinutes), "24/7 stays open any length")
        }
    }

    @Test func aClosedDayWaitsForTheNextOpenOne() {
        // Given a shop closed on Sundays and holidays, asked on Saturday night (Monday the 23rd
        // is a holiday)
        let left = Self.japan(21, 23).timeLeft(of: Self.shop("月～土: 11:00～22:00", "日、祝日"))
        // Then it opens on Tuesday at 11:00
        #expect(left.opensAt == Self.utc("2026-11-24T02:00:00Z"), "\(String(describing: left.opensAt))")
        #expect(left.closesAt == nil && left.minutesLeft == nil)
    }

    @Test func aTextThatCannotBeReadTellsNothing() {
        let left = Self.japan(20, 12).timeLeft(of: Self.shop("お問い合わせください"))
        #expect(left.closesAt == nil && left.opensAt == nil && left.lastOrderAt == nil && left.minutesLeft == nil)
        #expect(!left.isAlwaysOpen && !left.staysOpen(forMinutes: 1))
    }

    @Test func aDayLeftInDoubtStaysUnknown() {
        // Given a shop whose days around the new year are not known, asked on 28 December at 23:30
        let shop = Self.shop("月～日: 18:00～翌2:00", "年末年始")
        let left = Self.japan(28, 23, 30, month: 12).timeLeft(of: shop)
        // Then when it closes (on the 29th) is unknown rather than guessed
        #expect(left.closesAt == nil && left.minutesLeft == nil, "\(left)")
    }

    @Test(
        arguments: [
            ("2026-11-20T19:00:00Z", "2026-11-20T21:30:00Z", nil, 150),  // Friday 20:00 in Paris
            ("2026-11-20T13:20:00Z", "2026-11-20T13:30:00Z", nil, 10),  // 14:20, lunch ends 14:30
            ("2026-11-20T22:00:00Z", nil, "2026-11-21T11:00:00Z", nil),  // 23:00: opens Saturday 12:00
            ("2026-11-21T22:00:00Z", nil, "2026-11-23T11:00:00Z", nil),  // Saturday 23:00: Monday 12:00
        ] as [(String, String?, String?, Int?)])
    func anOSMValueOnTheRegionsClock(asked: String, closes: String?, opens: String?, minutes: Int?) {
        // Given the Paris shop (Mo-Sa 12:00-14:30,19:00-22:30)
        let sut = OpenClock(.now(Self.utc(asked)), region: Seeds.OSM.parisRegion)
        // When its time left is read
        let left = sut.timeLeft(of: Seeds.OSM.paris)
        // Then the times are Paris's
        #expect(left.closesAt == closes.map(Self.utc) && left.opensAt == opens.map(Self.utc), "\(left)")
        #expect(left.minutesLeft == minutes)
        #expect(left.clock == .zone(TimeZone(identifier: "Europe/Paris")!))
    }

    @Test func anOSMNightPastMidnightAndAnOpenEnd() {
        // Given values open into the night, and with an end not given, asked at 00:30 and 19:30 in Paris
        let night = OpenClock(.now(Self.utc("2026-11-20T23:30:00Z")), region: Seeds.OSM.parisRegion)
            .timeLeft(of: Seeds.OSM.shop("node/1", name: "N", lat: 0, lng: 0, cuisine: "", hours: "Mo-Su 18:00-02:00"))
        let openEnd = OpenClock(.now(Self.utc("2026-11-20T18:30:00Z")), region: Seeds.OSM.parisRegion)
            .timeLeft(of: Seeds.OSM.shop("node/2", name: "E", lat: 0, lng: 0, cuisine: "", hours: "Mo-Su 18:00+"))
        // Then the night closes at 02:00 Paris time; the open end stays unknown
        #expect(night.closesAt == Self.utc("2026-11-21T01:00:00Z") && night.minutesLeft == 90, "\(night)")
        #expect(openEnd.closesAt == nil && openEnd.minutesLeft == nil && !openEnd.isAlwaysOpen, "\(openEnd)")
    }

    @Test func publicHolidaysAreKnownInFranceAndInDoubtWhereNoRulesAre() {
        // Given places closed on public holidays, in Paris and in a country without holiday rules
        func left(_ hours: String, at instant: String, region: RestaurantPage.Region = Seeds.OSM.parisRegion) -> TimeLeft {
            OpenClock(.now(Self.utc(instant)), region: region)
                .timeLeft(of: Seeds.OSM.shop("node/3", name: "H", lat: 0, lng: 0, cuisine: "", hours: hours))
        }
        // When asked on an ordinary Friday evening, and on a Saturday (closed either way)
        let today = left("Mo-Su 11:00-22:00; PH off", at: "2026-11-20T18:00:00Z")
        let monday = left("Mo-Fr 11:00-22:00; PH off", at: "2026-11-21T11:00:00Z")
        // Then in France neither day is a holiday: it closes at 22:00 and opens on Monday at 11:00
        #expect(today.closesAt == Self.utc("2026-11-20T21:00:00Z") && today.minutesLeft == 180, "\(today)")
        #expect(monday.opensAt == Self.utc("2026-11-23T10:00:00Z"), "\(monday)")
        // And where no rules say, Monday may be a holiday: the opening is not guessed
        let bangkok = RestaurantPage.Region(timeZone: "Asia/Bangkok", countryCode: "TH")
        let elsewhere = left("Mo-Fr 11:00-22:00; PH off", at: "2026-11-21T11:00:00Z", region: bangkok)
        #expect(elsewhere.opensAt == nil && elsewhere.closesAt == nil && !elsewhere.isAlwaysOpen, "\(elsewhere)")
    }

    @Test func aGooglePlaceIsReadOnItsOwnOffsetWhateverTheUsersZone() {
        // Given Google's Kyoto place (Mo-Su 11:00-22:00) on UTC+9, asked at 12:00 UTC
        let sut = OpenClock(.now(Self.utc("2026-11-20T12:00:00Z")), region: Seeds.Google.region)
        // When its time left is read
        let left = sut.timeLeft(of: Seeds.Google.kyoto)
        // Then it is 21:00 there: an hour left
        #expect(left.closesAt == Self.utc("2026-11-20T13:00:00Z") && left.minutesLeft == 60, "\(left)")
        #expect(left.clock.secondsFromGMT(at: Self.utc("2026-11-20T12:00:00Z")) == 9 * 3600, "the place's own offset")
    }

    @Test func aPlaceClosedForGoodNeverOpens() {
        let left = OpenClock(.now(Self.utc("2026-11-20T03:00:00Z")), region: Seeds.Google.region).timeLeft(of: Seeds.Google.gone)
        #expect(left.closesAt == nil && left.opensAt == nil && !left.isAlwaysOpen, "\(left)")
    }

    @Test func withoutAClockNothingIsKnown() {
        let left = OpenClock(.now(Self.utc("2026-11-20T03:00:00Z")), region: nil).timeLeft(of: Seeds.OSM.paris)
        #expect(left == .unknown)
    }

    @Test(arguments: [(75, true), (76, false), (1, true)])
    func stayingOpenCountsExactlyTheTimeLeft(minutes: Int, expected: Bool) {
        // Given a shop with 75 minutes left
        let left = Self.japan(20, 21, 45).timeLeft(of: Self.shop("月～日: 11:00～23:00"))
        // Then 75 minutes is enough, 76 is not
        #expect(left.staysOpen(forMinutes: minutes) == expected, "\(minutes) of \(String(describing: left.minutesLeft))")
    }
}
