import Foundation
import Testing

@testable import FoodLoggerDomain

@Suite struct FoodLogLineReaderTests {
    /// The entry JSONDecoder reads from `line`, as the store read every line before the reader.
    static func decoded(_ line: String) -> FoodLogEntry? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(FoodLogEntry.self, from: Data(line.utf8))
    }

    static func read(_ line: String) -> FoodLogEntry? {
        Array(line.utf8).withUnsafeBytes(FoodLogLineReader.entry)
    }

    static func scanned(_ line: String) -> FoodLogEntry? {
        Array(line.utf8).withUnsafeBytes(FoodLogScanner().entry)
    }

    static let merged = Restaurant(
        id: "node/9", name: "Café Ａｂｃ e\u{301} 👍🏽", genre: .init(code: "", name: "カフェ", catchCopy: ""),
        coordinate: Coordinate(lat: -33.8568, lng: 151.2153), address: "1 \\ Macquarie St",
        urls: .init(shop: "https://x.invalid/a?b=1", photo: ""),
        provider: .osm, sources: [PlaceSource(provider: .osm, id: "node/9"), PlaceSource(provider: .google, id: "ChIJx")])

    @Test(arguments: [
        FoodLogEntry(
            number: 1, date: CivilDate(year: 2026, month: 11, day: 20), note: "塩ラーメン, \"good\"\n\tand\\more/", rating: 4,
            writtenAt: Date(timeIntervalSince1970: 1_795_000_000),
            shop: .init(Seeds.Restaurants.near, at: Date(timeIntervalSince1970: 1_795_000_000))),
        FoodLogEntry(
            number: 999_999_999, date: nil, note: nil, rating: nil, writtenAt: Date(timeIntervalSince1970: 0),
            shop: .init(provider: .google, id: "ChIJbench")),
        FoodLogEntry(
            number: 42, date: CivilDate(year: 2024, month: 2, day: 29), note: "", rating: 1,
            writtenAt: Date(timeIntervalSince1970: 1_709_251_199),
            shop: .init(merged, at: Date(timeIntervalSince1970: 1_709_251_199))),
        FoodLogEntry(
            number: 43, date: CivilDate(year: 2026, month: 11, day: 29), note: nil, rating: nil,
            writtenAt: Date(timeIntervalSince1970: 1_795_000_000),
            shop: .init(
                provider: .google, id: "ChIJ25PyVfxHh0gRzB2B0kqVvGE", name: "The Dome",
                coordinate: .init(lat: 55.9533, lng: -3.1883), keptUntil: Date(timeIntervalSince1970: 1_797_592_000))),
    ])
    func aLineFoodloggerWroteReadsAsJSONDecoderReadsIt(entry: FoodLogEntry) throws {
        // Given an entry as the store writes it
        let line = FoodLogStore.encode(entry) + "\n"

        // When the reader reads it
        let read = try #require(Self.read(line), "the reader takes the plain form: \(line)")

        // Then it is the entry JSONDecoder reads, and the one written
        #expect(read == Self.decoded(line), "as JSONDecoder reads it: \(line)")
        #expect(read == entry, "the entry written: \(read)")
    }

    static let plain =
        #"{"date":"2026-11-20","number":7,"rating":4,"shop":{"address":"東京","genre":"居酒屋","id":"J1","lat":35.5,"lng":139.5,"name":"しずく亭","provider":"hotpepper","url":""},"want":false,"written_at":"2026-11-18T11:06:40Z"}"#

    @Test(arguments: [
        (#""J1""#, #""J\u0031""#, "a \\u escape"),
        (#""lat":35.5"#, #""lat":3.55e1"#, "an exponent"),
        (#""number":7"#, #""number":7.0"#, "a fraction where an integer goes"),
        (#""number":7"#, #""number":07"#, "a leading zero"),
        (#""rating":4,"#, #""rating":4,"rating":5,"#, "a key twice"),
        (#""rating":4,"#, #""rating":4,"stars":5,"#, "a key this version does not write"),
        (#"11:06:40Z"#, #"11:06:40.5Z"#, "a fraction of a second"),
        (#"2026-11-18T11:06:40Z"#, #"2026-11-18T20:06:40+09:00"#, "an offset"),
        (#"2026-11-18T11:06:40Z"#, #"1969-12-31T23:59:59Z"#, "a time before 1970"),
        (#""2026-11-20""#, #""2026-02-30""#, "a day that does not exist"),
        (#""2026-11-20""#, #""2026-+1-20""#, "a month CivilDate reads with its sign"),
        (#""want":false"#, #""want":true"#, "a want with a date"),
        (#""rating":4"#, #""rating":7"#, "a rating out of range"),
        (#""lat":35.5"#, #""lat":95.5"#, "a position off the Earth"),
        (#""url":"""#, #""url":null"#, "null for text"),
        (#""lat":35.5,"lng":139.5,"#, "", "no position"),
        (#""id":"J1""#, #""id":"""#, "an empty id"),
        (#"{"date""#, #" { "date" "#, "white space"),
        (#""name":"しずく亭""#, #""name":"\/\b\f\r""#, "the short escapes"),
        (#""written_at":"2026-11-18T11:06:40Z"}"#, #""written_at":"2026-11-18T11:06:40Z"} x"#, "text after the object"),
        (#""provider":"hotpepper""#, #""provider":"yelp""#, "a service foodlogger does not know"),
        (#""url":"""#, #""url":"","sources":[{"provider":"osm","id":"node/1"},{"id":"J1","provider":"hotpepper"}]"#, "sources"),
        (#""url":"""#, #""url":"","sources":[{"provider":"osm","id":""}]"#, "a source without an id"),
        (#""url":"""#, #""url":"","kept_until":"2026-12-29T07:30:00Z""#, "a kept-until date"),
        (#""url":"""#, #""url":"","kept_until":null"#, "no kept-until date, said null"),
        (#""url":"""#, #""url":"","kept_until":"2026-12-29T07:30:00.5Z""#, "a kept-until date with a fraction"),
        (#""url":"""#, #""url":"","kept_until":"2026-12-29""#, "a kept-until day without a time"),
    ])
    func anOddLineIsReadAsJSONDecoderReadsIt(plain: String, odd: String, what: String) throws {
        // Given a line foodlogger wrote, changed in one way
        let line = Self.plain.replacingOccurrences(of: plain, with: odd)
        try #require(line != Self.plain, "\(what) changes the line")

        // When the scanner reads it (the reader first)
        let read = Self.read(line)

        // Then the scanner's entry is JSONDecoder's, and any entry the reader takes is JSONDecoder's too
        #expect(Self.scanned(line) == Self.decoded(line), "\(what): \(line)")
        if let read { #expect(read == Self.decoded(line), "\(what): the reader's entry is JSONDecoder's") }
    }

    @Test func bytesThatAreNotUTF8AreLeftToJSONDecoder() {
        // Given the plain line with a lone continuation byte in the shop's name
        var bytes = Array(Self.plain.utf8)
        let name = bytes.indices.first { bytes[$0] == 0xE3 }!
        bytes[name] = 0x80

        // When the reader reads it
        let read = bytes.withUnsafeBytes(FoodLogLineReader.entry)

        // Then it takes no entry
        #expect(read == nil, "not UTF-8: no entry of the reader's")
    }
}
