import Foundation
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Entries written for these tests: a visit or a want, with a rating, for a shop id.
enum LogSeeds {
    static func entry(
        _ number: Int, _ id: String, on day: String?, rating: Int? = nil, provider: Provider = .hotpepper
    ) -> FoodLogEntry {
        FoodLogEntry(
            number: number, date: day.flatMap(CivilDate.init), note: nil, rating: rating,
            writtenAt: Date(timeIntervalSince1970: 1_790_000_000), shop: .init(provider: provider, id: id))
    }
}

@Suite struct FoodLogSummaryTests {
    @Test func aPlaceIsSummedUpFromAllItsEntries() {
        // Given two visits (the later one rated 3, the earlier 5, written in the other order) and a want
        let summary = FoodLogSummary([
            LogSeeds.entry(1, "J0000000001", on: "2026-11-02", rating: 3),
            LogSeeds.entry(2, "J0000000001", on: "2026-10-01", rating: 5),
            LogSeeds.entry(3, "J0000000001", on: nil),
        ])

        // When the place is asked about
        let mark = summary.mark(for: Seeds.Restaurants.near)

        // Then it counts both visits, the last day, the latest day's rating, and the want
        #expect(
            mark == LogMark(visits: 2, lastVisit: CivilDate("2026-11-02"), rating: 3, want: true), "\(String(describing: mark))")
    }

    @Test func placesAreMatchedByProviderAndId() {
        // Given a visit to an OpenStreetMap node whose id a HOT PEPPER shop cannot have, and one to J0000000002
        let summary = FoodLogSummary([
            LogSeeds.entry(1, "node/1001", on: "2026-11-02", provider: .osm), LogSeeds.entry(2, "J0000000002", on: "2026-11-03"),
        ])

        // Then the OSM place and J0000000002 are found, J0000000001 is not
        #expect(summary.mark(for: Seeds.OSM.paris)?.visits == 1, "node/1001 on OpenStreetMap")
        #expect(summary.mark(for: Seeds.Restaurants.middle)?.lastVisit == CivilDate("2026-11-03"), "J0000000002")
        #expect(summary.mark(for: Seeds.Restaurants.near) == nil, "J0000000001 is not in the log")
        #expect(FoodLogSummary([]).isEmpty && FoodLogSummary.empty.mark(for: Seeds.Restaurants.near) == nil, "empty")
    }

    @Test(arguments: [
        (LogFilter.unvisited, [true, false, true, false]), (.visited, [false, true, false, true]),
        (.want, [false, false, true, true]),
    ])
    func aFilterKeepsWhatItsFlagSays(filter: LogFilter, expected: [Bool]) {
        // Given no mark, a visit, a want, and a visited place also wanted
        let marks: [LogMark?] = [
            nil, LogMark(visits: 1, lastVisit: CivilDate("2026-11-02")), LogMark(visits: 0, want: true),
            LogMark(visits: 2, lastVisit: CivilDate("2026-11-02"), want: true),
        ]
        // Then the filter keeps exactly those its flag names
        #expect(marks.map(filter.keeps) == expected, "\(filter)")
    }

    @Test func aLogWithNowhereToLiveIsAnEmptyOneAndAnUnreadableOneAnError() {
        // Given stores that have no folder, and one whose file cannot be read
        let noFolder = FoodLogInteractorTests.StoreSpy()
        noFolder.contents = .failure(.noFolder)
        let unreadable = FoodLogInteractorTests.StoreSpy()
        unreadable.contents = .failure(.unreadable(path: "/x/log.jsonl", reason: "Permission denied"))

        // Then the first sums up to nothing, the second throws
        #expect((try? noFolder.summary()) == .empty, "no folder: no log")
        #expect(throws: FoodLogError.unreadable(path: "/x/log.jsonl", reason: "Permission denied")) {
            try unreadable.summary()
        }
    }
}
