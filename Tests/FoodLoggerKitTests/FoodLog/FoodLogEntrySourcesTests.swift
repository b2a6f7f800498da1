import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

/// The food log keeps every service's id of a merged place (`sources`), and reads the lines
/// written before it did.
@Suite struct FoodLogEntrySourcesTests {
    static let written = Date(timeIntervalSince1970: 1_795_000_000)

    /// A place two services described, OpenStreetMap's record first, Google's id beside it.
    static var merged: Restaurant {
        var place = Seeds.Restaurants.near
        place.provider = .osm
        place.id = "node/123"
        place.sources = [
            PlaceSource(provider: .osm, id: "node/123", fields: ["hours"]),
            PlaceSource(provider: .google, id: "ChIJmerged", fields: ["rating"]),
        ]
        return place
    }

    @Test func aMergedEntryKeepsEveryIdAndReadsBack() async throws {
        // Given a merged place logged as a want
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        let entry = FoodLogEntry(
            date: nil, note: nil, rating: nil, writtenAt: Self.written, shop: .init(Self.merged, at: Self.written))

        // When it is added and read back
        let added = try await sut.add(entry).entry
        let read = try sut.read().entries

        // Then both ids are in the line's `sources` and in the entry read back
        let text = try String(contentsOf: #require(sut.url), encoding: .utf8)
        #expect(
            text.contains(#""sources":[{"id":"node/123","provider":"osm"},{"id":"ChIJmerged","provider":"google"}]"#),
            "the line names both services' ids: \(text)")
        #expect(read == [added], "read back as written")
        #expect(
            read.first?.shop.ids == [.init(provider: .osm, id: "node/123"), .init(provider: .google, id: "ChIJmerged")],
            "every id, the shop's own first: \(String(describing: read.first?.shop.ids))")
    }

    @Test func aMergedPlaceWithAServiceThatKeepsNothingKeepsItsNameAndPositionForItsWhile() {
        // When a place merged from OpenStreetMap and Google is turned into what the log keeps
        let shop = FoodLogEntry.Shop(Self.merged, at: Self.written)

        // Then Google's terms hold for the whole record: the name and position for 30 days, nothing else
        #expect(shop.address.isEmpty && shop.genre.isEmpty && shop.url.isEmpty, "no other content kept: \(shop)")
        #expect(shop.name == Self.merged.name && shop.coordinate == Self.merged.coordinate, "name and position: \(shop)")
        #expect(shop.keptUntil == Self.written + 30 * 86_400, "kept 30 days: \(String(describing: shop.keptUntil))")
        #expect(shop.sources.count == 2, "both ids kept: \(shop.sources)")
    }

    @Test func aSingleServicesPlaceWritesNoSources() throws {
        // When a place one service answered is encoded
        let line = FoodLogStore.encode(
            FoodLogEntry(
                number: 1, date: nil, note: nil, rating: nil, writtenAt: Self.written,
                shop: .init(Seeds.Restaurants.near, at: Self.written)))

        // Then the line has no `sources` key, as before
        #expect(!line.contains("sources"), "no sources key: \(line)")
    }

    @Test func aLineWrittenBeforeSourcesStillReads() throws {
        // Given a line of an earlier version, without `sources`
        let line =
            #"{"number":4,"want":true,"written_at":"2026-11-18T11:06:40Z","shop":{"provider":"osm","id":"node/9","name":"Kissa","genre":"","lat":35.68,"lng":139.76,"address":"","url":""}}"#

        // When it is read
        let folder = try TemporaryFolder()
        try Data((line + "\n").utf8).write(to: folder.url.appendingPathComponent(FoodLogStore.fileName))
        let entries = try FoodLogStore(folder: folder.url).read().entries

        // Then it is an entry whose only id is its shop's
        #expect(entries.map(\.number) == [4], "the old line is an entry: \(entries)")
        #expect(entries.first?.shop.ids == [.init(provider: .osm, id: "node/9")], "one id")
    }

    @Test func theSummaryFindsAMergedEntryByAnyOfItsIds() {
        // Given a log holding the merged place as a visit
        let entry = FoodLogEntry(
            number: 1, date: CivilDate(year: 2026, month: 11, day: 1), note: nil, rating: 3, writtenAt: Self.written,
            shop: .init(Self.merged, at: Self.written))
        let summary = FoodLogSummary([entry])

        // When a Google-only search finds the place by its Google id
        var google = Seeds.Restaurants.near
        google.provider = .google
        google.id = "ChIJmerged"

        // Then the log's mark is found
        #expect(summary.mark(for: google)?.visits == 1, "marked by its Google id")
    }

    @Test func aPlacesMarksCombineAcrossAllItsIds() {
        // Given an OSM visit rated 3, then a later visit of the same place merged with Google, rated 5
        let osmOnly = FoodLogEntry(
            number: 1, date: CivilDate(year: 2026, month: 10, day: 1), note: nil, rating: 3, writtenAt: Self.written,
            shop: .init(provider: .osm, id: "node/123"))
        let merged = FoodLogEntry(
            number: 2, date: CivilDate(year: 2026, month: 11, day: 1), note: nil, rating: 5, writtenAt: Self.written,
            shop: .init(
                provider: .google, id: "ChIJmerged",
                sources: [.init(provider: .google, id: "ChIJmerged"), .init(provider: .osm, id: "node/123")]))

        // When the log is summed up and a Google-only and an OSM-only record are asked about
        let summary = FoodLogSummary([osmOnly, merged])
        var google = Seeds.Restaurants.near
        (google.provider, google.id, google.sources) = (.google, "ChIJmerged", nil)
        var osm = Seeds.Restaurants.near
        (osm.provider, osm.id, osm.sources) = (.osm, "node/123", nil)

        // Then each finds both visits and the latest rating, whichever id is the entry's own
        for place in [google, osm] {
            let mark = summary.mark(for: place)
            #expect(mark?.visits == 2 && mark?.rating == 5, "\(place.provider): \(String(describing: mark))")
        }
    }
}
