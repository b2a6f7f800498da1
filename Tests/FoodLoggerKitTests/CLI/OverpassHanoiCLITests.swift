import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The real Overpass answer in shared/ (826 elements around Hoàn Kiếm lake, Hanoi), replayed on
/// loopback to a search with no key: every named place within the range, ways included, nearest
/// first, in every format.
@MainActor @Suite(Samples.required) struct OverpassHanoiCLITests {
    private static let lake = Coordinate(lat: 21.0287, lng: 105.8524)
    private static let metres = SearchRange.m2000.metres

    /// The named elements within the range, nearest first, read from the capture without the decoder.
    private static func expected() throws -> [(id: String, name: String)] {
        let data = try Samples.data("overpass/hanoi_826_elements_out_center.json")
        let elements = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["elements"] as? [[String: Any]] ?? []
        let places = elements.compactMap { element -> (id: String, name: String, distance: Double)? in
            let tags = element["tags"] as? [String: String] ?? [:]
            let point = element["center"] as? [String: Double] ?? [:]
            guard let name = OSMNameRule.name(tags),
                let lat = element["lat"] as? Double ?? point["lat"], let lng = element["lon"] as? Double ?? point["lon"]
            else { return nil }
            let distance = Coordinate(lat: lat, lng: lng).distance(to: lake)
            return distance <= Double(metres) ? ("\(element["type"]!)/\(element["id"]!)", name, distance) : nil
        }
        return places.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .map { ($0.element.id, $0.element.name) }
    }

    private func search(_ format: String) async throws -> CLIRun {
        try await search(["--range", "4", "--limit", "1000", "--format", format]).run
    }

    /// A search around the lake with `options`, answered by the capture; the run and the QL sent.
    private func search(_ options: [String]) async throws -> (run: CLIRun, ql: String) {
        let server = try LoopbackServer(replies: [
            try .file(
                Samples.root.appendingPathComponent("overpass/hanoi_826_elements_out_center.json").path,
                contentType: "application/json")
        ])
        let run = await CLIRun.run(
            ["search", "--lat", "21.0287", "--lng", "105.8524"] + options,
            environment: ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString])
        #expect(server.requests.count == 1, "\(options): one Overpass request for every page")
        let form = server.requests.first.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        return (run, String(form.dropFirst("data=".count)).removingPercentEncoding ?? "")
    }

    @Test func everyPlaceSaysItsKindAndTheGenreCellIsNeverEmptyForIt() async throws {
        let (run, _) = try await search(["--range", "4", "--limit", "1000", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let shops = object?["restaurants"] as? [[String: Any]] ?? []
        let kinds = Dictionary(grouping: shops, by: { $0["kind"] as? String ?? "none" }).mapValues(\.count)
        #expect(shops.count > 700 && kinds["none"] == nil, "every place has a kind: \(kinds)")
        #expect(kinds["bar"] ?? 0 > 50 && kinds["cafe"] ?? 0 > 100, "bars and cafés told apart: \(kinds)")
    }

    @Test func kindAndRadiusAreAskedOfOverpassAndHeld() async throws {
        // When bars within 800 m are asked for
        let (run, ql) = try await search(["--kind", "bar", "--radius", "800", "--limit", "1000", "--json"])

        // Then the query asks Overpass for them, and every place listed is one
        #expect(ql.contains("(around:800,") && ql.contains(#"["amenity"~"^(bar)$"]"#), "\(ql)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let shops = object?["restaurants"] as? [[String: Any]] ?? []
        #expect(!shops.isEmpty && shops.allSatisfy { $0["kind"] as? String == "bar" }, "bars only: \(shops.count)")
        #expect(shops.allSatisfy { ($0["distance_m"] as? Int ?? .max) <= 800 }, "within 800 m")
    }

    @Test func openStreetMapsWordsCarryNoneOfHOTPEPPERs() async throws {
        // When a keyword finds nothing, and an open-only search finds nothing open at 4 in the morning
        let (none, _) = try await search(["--keyword", "zzqx", "--radius", "800"])
        let (closed, _) = try await search(["--radius", "300", "--open-at", "mon 04:00"])

        // Then the hints speak of OpenStreetMap's search, never of HOT PEPPER's Japanese or codes
        for run in [none, closed] {
            let said = run.stdout + run.stderr
            #expect(!said.isEmpty, "something is said")
            for word in ["Japanese", "ラーメン", "HOT PEPPER", "error 3000", "--range 5"] {
                #expect(!said.contains(word), "\(word) in: \(said)")
            }
        }
    }

    @Test func everyNamedPlaceWithinTheRangeNearestFirstInJSON() async throws {
        let expected = try Self.expected()
        #expect(expected.count > 400 && expected.contains { $0.id.hasPrefix("way/") }, "the capture's places, ways among them")
        let run = try await search("json")
        #expect(run.code == .success, "found: \(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let shops = object?["restaurants"] as? [[String: Any]] ?? []
        #expect(shops.compactMap { $0["id"] as? String } == expected.map(\.id), "every named place, nearest first")
    }

    @Test(arguments: ["ndjson", "geojson", "csv", "html", "table"])
    func everyFormatHasEveryPlace(format: String) async throws {
        let expected = try Self.expected()
        let run = try await search(format)
        #expect(run.code == .success, "\(format): \(run.stderr)")
        switch format {
        case "ndjson":
            let ids = run.stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
            }
            #expect(ids == expected.map(\.id), "one line per place, nearest first")
        case "geojson":
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            let features = object?["features"] as? [[String: Any]] ?? []
            let ids = features.compactMap { ($0["properties"] as? [String: Any])?["id"] as? String }
            #expect(ids == expected.map(\.id), "one feature per place, nearest first")
        case "csv":
            let rows = run.stdout.split(whereSeparator: \.isNewline).dropFirst()
            #expect(rows.count >= expected.count, "a row per place at least (a name may hold a line break)")
            #expect(rows.first?.contains(expected[0].id) == true, "the nearest first: \(rows.first ?? "")")
        case "html":
            #expect(expected.allSatisfy { run.stdout.contains($0.id) }, "every place on the page")
        default:
            let rows = run.stdout.split(separator: "\n").filter { $0.first?.isNumber == true || $0.hasPrefix(" ") }
            #expect(rows.count >= expected.count, "a row per place: \(rows.count) of \(expected.count)")
        }
    }
}
