import Foundation
import Testing

@testable import FoodLoggerDomain

@Suite struct FoodLogEntryTextTests {
    static func entry(date: CivilDate?, written: TimeInterval) -> FoodLogEntry {
        FoodLogEntry(
            date: date, note: nil, rating: nil, writtenAt: Date(timeIntervalSince1970: written),
            shop: .init(provider: .osm, id: "node/1"))
    }

    @Test(arguments: [0, 59, 86_399, 951_782_400, 1_795_000_000, 253_402_300_799, 1_795_000_000.5, -1, 253_402_300_800])
    func writtenAtIsTheISO8601Text(seconds: TimeInterval) {
        // Given an entry written at `seconds` since 1970
        let entry = Self.entry(date: nil, written: seconds)

        // When its time is given as text
        let text = entry.writtenAtText

        // Then it is the ISO 8601 format style's text
        #expect(text == entry.writtenAt.formatted(.iso8601), "\(seconds): \(text)")
    }

    @Test(arguments: [
        CivilDate(year: 2026, month: 11, day: 20), CivilDate(year: 26, month: 1, day: 5),
        CivilDate(year: 9999, month: 12, day: 31),
        CivilDate(year: 12_345, month: 2, day: 3), CivilDate(year: 0, month: 10, day: 10),
    ])
    func dateIsTheCivilDatesText(date: CivilDate) {
        #expect(Self.entry(date: date, written: 0).dateText == date.description, "\(date)")
    }
}
