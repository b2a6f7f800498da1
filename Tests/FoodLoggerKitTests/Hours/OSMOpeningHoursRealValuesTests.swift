import Foundation
import FoodLoggerDomain
import Testing

/// Real `opening_hours` values from public OSM data (Tests/Fixtures/osm/README.md says where
/// each came from), each asked at seven moments of one week; the fixture's answers are a reading
/// of the specification, "unknown" only where the value is outside it or leaves the moment in doubt.
@Suite struct OSMOpeningHoursRealValuesTests {
    struct Entry: Decodable {
        var value: String
        var source: String
        var country: String
        var expect: [String: String]
    }

    static let entries: [Entry] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/osm/opening_hours_real.json")
        return (try? JSONDecoder().decode([Entry].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func theTableHoldsAtLeast150RealValues() {
        #expect(Self.entries.count >= 150, "the fixture holds \(Self.entries.count) values")
        #expect(Set(Self.entries.map(\.value)).count == Self.entries.count, "each value once")
    }

    @Test(arguments: entries) func eachMomentAsTheSpecificationReadsIt(_ entry: Entry) {
        // Given a real value
        let hours = OSMOpeningHours(entry.value)
        for (moment, expected) in entry.expect {
            let parts = moment.split { $0 == "-" || $0 == " " || $0 == ":" }.compactMap { Int($0) }
            // When asked at a moment of the place's clock
            let status = hours?.status(
                on: CivilDate(year: parts[0], month: parts[1], day: parts[2]), minute: parts[3] * 60 + parts[4],
                country: entry.country)
            // Then the answer is the reading's: open (or closing soon), closed, or unknown
            let word = status?.isOpen.map { $0 ? "open" : "closed" } ?? "unknown"
            #expect(word == expected, "\(entry.value) at \(moment) (\(entry.source))")
        }
    }
}

extension OSMOpeningHoursRealValuesTests.Entry: CustomTestStringConvertible {
    var testDescription: String { value }
}
