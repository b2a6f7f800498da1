import Foundation
import FoodLoggerDomain
import TestSupport
import Testing

/// The probes drawn from opening_hours.js's own test suite (shared/osm, see its README): one
/// moment per interval and per gap its maintainers expect, kept where the Rust crate agrees.
/// The evaluator may say unknown; it may never say the opposite.
@Suite struct OSMOpeningHoursProbeTests {
    struct Probe: Decodable {
        var value: String
        var country: String
        var at: String
        var expect: String
    }

    static let url = Samples.root.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("osm/opening_hours_js_suite_probes.json")

    static let present = Prerequisite.enabled(
        FileManager.default.fileExists(atPath: url.path), "the opening_hours.js probes are not at \(url.path)")

    @Test(present) func neverTheOppositeOfTheReferenceImplementations() throws {
        // Given every probe
        let probes = try JSONDecoder().decode([Probe].self, from: Data(contentsOf: Self.url))
        var answered = 0
        var wrong: [String] = []
        // When each is asked at its moment on the place's clock
        for probe in probes {
            let parts = probe.at.split { $0 == "-" || $0 == " " || $0 == ":" }.compactMap { Int($0) }
            let date = CivilDate(year: parts[0], month: parts[1], day: parts[2])
            let status = OSMOpeningHours(probe.value)?.status(on: date, minute: parts[3] * 60 + parts[4], country: probe.country)
            guard let isOpen = status?.isOpen else { continue }
            answered += 1
            if isOpen != (probe.expect == "open") {
                wrong.append("\(probe.value) at \(probe.at): \(status!), expected \(probe.expect)")
            }
        }
        // Then none is wrong, and the share left unknown is told
        let unknown = probes.count - answered
        print(
            "OSM probes: \(probes.count), answered \(answered), unknown \(unknown) (\(unknown * 100 / probes.count)%), wrong \(wrong.count)"
        )
        #expect(wrong.isEmpty, "answered the opposite of opening_hours.js: \(wrong.joined(separator: "\n"))")
        #expect(probes.count == 1545, "the probe file holds 1,545 probes")
    }
}
