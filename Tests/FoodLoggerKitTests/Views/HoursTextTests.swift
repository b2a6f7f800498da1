import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The hours in words (the card's line) and in the JSON schema.
@Suite struct HoursTextTests {
    /// Friday 2026-11-20 at 12:30 in Japan.
    static let friday = OpenClock(
        .now(
            CivilTime(date: CivilDate(year: 2026, month: 11, day: 20), minute: 750).instant(
                secondsFromGMT: HoursClock.japanOffset)), region: nil)

    static func shop(close: String) -> Restaurant {
        var shop = Seeds.restaurant("J0000000009", name: "試験亭", lat: 35.6812, lng: 139.7671)
        shop.hours = .given(open: "月～日: 11:00～22:00", close: close)
        return shop
    }

    /// The members of `hours` as pairs, for reading one back.
    static func members(_ value: JSONValue) -> [(String, JSONValue)] {
        guard case .object(let members) = value else { return [] }
        return members
    }

    /// `closing_days_unstated` of an `hours` object: true, false, or nil when null or missing.
    static func unstated(_ value: JSONValue) -> Bool? {
        guard case .bool(let flag)? = members(value).first(where: { $0.0 == "closing_days_unstated" })?.1 else { return nil }
        return flag
    }

    static func isNull(_ value: JSONValue) -> Bool {
        if case .null = value { return true }
        return false
    }

    @Test func noHoursGivenIsNotHoursThatCouldNotBeRead() {
        // Given a shop with no hours at all, one whose hours cannot be read, and one whose hours
        // are plain but whose closing-days note cannot be read
        var none = Self.shop(close: "")
        none.hours = .given(open: "", close: none.close)
        var unreadable = Self.shop(close: "日")
        unreadable.hours = .given(open: "気が向いたら", close: unreadable.close)
        let closingNote = Self.shop(close: "毎月(土日は除く)")
        // When the card's line, the table's cells and the JSON's state are worded
        // Then each says what it is
        #expect(HoursText.today(none, on: Self.friday) == "? · no hours given", "\(HoursText.today(none, on: Self.friday))")
        #expect(HoursText.today(unreadable, on: Self.friday) == "? · the hours below could not be read")
        #expect(
            HoursText.today(closingNote, on: Self.friday) == "? · the closing days below could not be read",
            "\(HoursText.today(closingNote, on: Self.friday))")
        #expect(
            HoursText.openCells(of: none, on: Self.friday) == ("–", ""),
            "the table's Open cell: no hours given")
        #expect(
            HoursText.openCells(of: unreadable, on: Self.friday) == ("?", ""),
            "the table's Open cell")
        #expect(
            [none, unreadable, closingNote, Self.shop(close: "日")].map(\.hoursState)
                == [.none, .unreadable, .unreadable, .given], "hours_state")
        #expect(Seeds.OSM.unreadable.hoursState == .unreadable && Seeds.OSM.paris.hoursState == .given, "OSM's values")
    }

    @Test func aCloseTextNamingNoDayIsSaidOnTheCardAndInJSON() {
        // Given a shop whose close text is an invitation to call, and one with a closing day
        let unstated = Self.shop(close: "お気軽にお問い合わせください。")
        let sunday = Self.shop(close: "日")
        // When its hours are worded
        let line = HoursText.today(unstated, on: Self.friday)
        let json = HoursText.json(unstated.openingHours)
        // Then the card says the hours alone answered, and the JSON carries the flag
        #expect(line == "open · today 11:00–22:00 (no closing days given)", "\(line)")
        #expect(Self.unstated(json) == true, "closing_days_unstated: true")
        // while a shop that names its closing day has neither
        #expect(HoursText.today(sunday, on: Self.friday) == "open · today 11:00–22:00")
        #expect(Self.unstated(HoursText.json(sunday.openingHours)) == false, "closing_days_unstated: false")
    }

    @Test func unreadHoursKeepEveryMemberNull() {
        // Given texts that cannot be read
        let json = Self.members(HoursText.json(nil))
        // Then the new member is there too, null, so a CSV keeps its columns
        #expect(json.map(\.0).contains("closing_days_unstated"), "member present")
        #expect(json.allSatisfy { Self.isNull($0.1) }, "all null")
    }

    /// Friday 2026-11-20 at 21:45 in Japan, and an instant that many minutes later.
    static let japan = HoursClock.japan
    static let asked = CivilTime(date: CivilDate(year: 2026, month: 11, day: 20), minute: 21 * 60 + 45).instant(
        secondsFromGMT: HoursClock.japanOffset)
    static func later(_ minutes: Int) -> Date { asked.addingTimeInterval(TimeInterval(minutes * 60)) }

    static let timeLeft: [(TimeLeft, String?)] = [
        (TimeLeft(closesAt: later(60), minutesLeft: 60, asked: asked, clock: japan), "until 22:45 · 60 min"),
        (
            TimeLeft(closesAt: later(75), lastOrderAt: later(15), minutesLeft: 75, asked: asked, clock: japan),
            "until 23:00 · 75 min · L.O. 22:00"
        ),
        (
            TimeLeft(closesAt: later(30), lastOrderAt: later(-15), minutesLeft: 30, asked: asked, clock: japan),
            "until 22:15 · 30 min · L.O. 21:30 passed"
        ),
        (TimeLeft(closesAt: later(255), minutesLeft: 255, asked: asked, clock: japan), "until 02:00 (next day) · 255 min"),
        (TimeLeft(isAlwaysOpen: true, asked: asked, clock: japan), "open 24 hours"),
        (TimeLeft(opensAt: later(15), asked: asked, clock: japan), "opens 22:00"),
        (TimeLeft(opensAt: later(615), asked: asked, clock: japan), "opens 08:00 tomorrow"),
        (TimeLeft(opensAt: later(4 * 1440 - 645), asked: asked, clock: japan), "opens tue 11:00"),
        (TimeLeft(asked: asked, clock: japan), nil),
        (.unknown, nil),
    ]

    @Test(arguments: timeLeft.indices)
    func timeLeftInWords(index: Int) {
        // Given what the domain told of a shop at Friday 21:45
        let (left, expected) = Self.timeLeft[index]
        // When it is worded
        let words = HoursText.left(left)
        // Then it says the time on the place's clock, and the day when it is not today
        #expect(words == expected, "\(left)")
    }

    @Test func theTablesCellsAreShortAndNameADayByItsWeekday() {
        let cells = [75, 255].map { minutes in
            HoursText.cells(
                TimeLeft(
                    closesAt: Self.later(minutes), lastOrderAt: Self.later(15), minutesLeft: minutes, asked: Self.asked,
                    clock: Self.japan))
        }
        #expect(cells[0]?.when == "until 23:00" && cells[0]?.left == "75 min · L.O. 22:00", "\(String(describing: cells[0]))")
        #expect(cells[1]?.when == "until sat 02:00" && cells[1]?.left == "255 min · L.O. 22:00")
        let opens = HoursText.cells(TimeLeft(opensAt: Self.later(615), asked: Self.asked, clock: Self.japan))
        #expect(opens?.when == "opens sat 08:00" && opens?.left == "")
        #expect(HoursText.cells(TimeLeft(isAlwaysOpen: true, asked: Self.asked, clock: Self.japan))?.when == "24 hours")
        #expect(HoursText.cells(.unknown) == nil)
    }

    @Test func instantsAreWrittenWithThePlacesOffsetThen() {
        let paris = TimeZone(identifier: "Europe/Paris")!
        #expect(HoursText.iso(Self.later(75), on: Self.japan) == "2026-11-20T23:00:00+09:00")
        #expect(HoursText.iso(Self.later(75), on: .zone(paris)) == "2026-11-20T15:00:00+01:00", "winter time")
        let summer = Self.later(75).addingTimeInterval(-140 * 86400)
        #expect(HoursText.iso(summer, on: .zone(paris)) == "2026-07-03T16:00:00+02:00", "summer time")
        let tokyo = HoursClock.zone(TimeZone(identifier: "Asia/Tokyo")!)
        #expect(HoursText.iso(summer, on: tokyo) == HoursText.iso(summer, on: .japan), "Japan's arithmetic is Tokyo's zone")
        #expect(HoursText.iso(summer, on: .unknown) == nil)
    }
}
