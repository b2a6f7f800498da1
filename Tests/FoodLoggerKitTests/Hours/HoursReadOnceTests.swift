import Foundation
import Testing
import TestSupport

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// A place's hours are read once, by its service's reader, when the answer is decoded: every
/// question after that (the open filter, the record a presenter shows, the card, the merge)
/// asks the stored reading and never reads the text again.
@Suite struct HoursReadOnceTests {
    /// A reading that says open until 23:00 whatever it is asked, and counts the questions.
    final class ReadingSpy: HoursReading, @unchecked Sendable {
        private let lock = NSLock()
        private var asked = 0
        var questions: Int { lock.withLock { asked } }

        func status(at moment: OpeningHours.Moment, in place: HoursPlace) -> OpenStatus {
            lock.withLock { asked += 1 }
            return .open
        }

        func nextChange(after moment: OpeningHours.Moment, in place: HoursPlace) -> HoursChange {
            lock.withLock { asked += 1 }
            return .closes(at: 23 * 60, lastOrder: nil)
        }

        var weekly: OpeningHours? { nil }
    }

    /// Friday 2026-11-20 at 12:30 in Japan.
    static let friday = OpenClock(
        .now(
            CivilTime(date: CivilDate(year: 2026, month: 11, day: 20), minute: 750).instant(
                secondsFromGMT: HoursClock.japanOffset)), region: nil)

    /// A place whose stored reading is `spy`, beside a text that no reader can read: read
    /// again, it would be unknown.
    static func place(reading spy: ReadingSpy) -> Restaurant {
        var place = Seeds.restaurant("J0000000042", name: "読めない亭", lat: 35.6812, lng: 139.7671)
        place.hours = PlaceHours(syntax: .japaneseText, open: "気が向いたら", close: "", reading: spy, state: .given)
        return place
    }

    @Test func theFilterTheRecordAndTheCardAskTheStoredReading() {
        // Given a place whose stored reading says open, and whose text, read again, would not
        let spy = ReadingSpy()
        let place = Self.place(reading: spy)
        #expect(PlaceHours.japaneseText(open: place.open, close: place.close).reading == nil, "the text is unreadable")

        // When the open filter, the record a presenter shows and the card ask of it
        let verdict = OpenFilter(includeUnknown: false, openFor: OpenDuration(minutes: 60)).keeps(place, on: Self.friday)
        let record = RestaurantRecord(place, from: nil, detailed: true, on: Self.friday)
        let cells = HoursText.openCells(of: place, on: Self.friday)
        let card = HoursText.today(place, on: Self.friday)

        // Then each answered from the stored reading
        #expect(verdict == .kept, "open for an hour more, as the reading says")
        #expect(record.openStatus == .open && record.timeLeft.closesAt != nil, "\(record.openStatus) \(record.timeLeft)")
        #expect(cells.when != "?" && cells.when != "–", "the table's Open cell: \(cells)")
        #expect(card.hasPrefix("open"), "the card's line: \(card)")
        #expect(spy.questions >= 5, "every answer came from the stored reading: \(spy.questions) questions")
    }

    @Test func aMergedPlaceCarriesTheChosenReadingAsItIs() {
        // Given an OpenStreetMap place whose stored reading is a spy, and HOT PEPPER's place of it
        let spy = ReadingSpy()
        var osm = MergeSeeds.place("node/1", "Cafe Mira", provider: .osm, kind: .cafe)
        osm.hours = PlaceHours(syntax: .openingHours, openingHours: "not hours", reading: spy, state: .given)
        var hotpepper = MergeSeeds.place("J001", "カフェ ミラ", provider: .hotpepper, north: 3)
        hotpepper.hours = .japaneseText(open: "月～日: 10:00～20:00", close: "")

        // When they are merged
        let merged = PlaceMerge.merge([osm, hotpepper])

        // Then the merged place holds that very reading, with HOT PEPPER's texts beside it
        #expect(merged.hours.reading as? ReadingSpy === spy, "the chosen reading, not read again")
        #expect(merged.hours.state == .given && merged.open == "月～日: 10:00～20:00" && merged.osmOpeningHours == "not hours")
    }

    @Test func eachDecoderStoresItsReadersReading() throws {
        // Given an answer of HOT PEPPER and one of OpenStreetMap, decoded
        let hotpepper = try GourmetResponseDecoder.decode(Fixtures.data("gourmet/v1.30_full_3shops.json")).restaurants
        let osm = try OverpassDecoder.decode(
            Data(
                #"{"elements":[{"type":"node","id":1,"lat":48.85,"lon":2.35,"tags":{"amenity":"restaurant","name":"A","opening_hours":"Mo-Su 11:00-22:00"}}]}"#
                    .utf8)
        ).restaurants

        // Then each place holds its reader's reading, in its syntax
        #expect(!hotpepper.isEmpty && hotpepper.allSatisfy { $0.hours.syntax == .japaneseText })
        #expect(hotpepper.contains { $0.hours.reading is OpeningHours }, "HOT PEPPER's week, read by its reader")
        #expect(osm.count == 1 && osm[0].hours.syntax == .openingHours && osm[0].hours.reading is OSMOpeningHours)
    }

    @Test func aKeptPlaceIsReadBackByItsSyntaxsReader() throws {
        // Given a place kept (the last list's record) with HOT PEPPER's texts beside OSM's value
        let hours = PlaceHours.openingHours("Mo-Su 11:00-22:00").keeping(open: "月～日: 10:00～20:00", close: "無休")
        let data = try JSONEncoder().encode(hours)

        // When it is read back
        let read = try JSONDecoder().decode(PlaceHours.self, from: data)

        // Then OSM's reader read the value, and the texts stay beside it
        #expect(read == hours, "\(String(decoding: data, as: UTF8.self))")
        #expect(read.reading is OSMOpeningHours && read.state == .given && read.weekly == hours.weekly)
        #expect(read.open == "月～日: 10:00～20:00" && read.close == "無休" && read.text == "Mo-Su 11:00-22:00")
    }
}
