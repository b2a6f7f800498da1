import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Miles and feet end to end: --radius in them, and the table in the user's units, while the
/// JSON keeps metres (the card's walk: `DetailPresenterTests`).
@MainActor @Suite struct ImperialUnitsCLITests {
    static let tokyoStation = ["--lat", "35.6812", "--lng", "139.7671"]
    static let imperial = ["FOODLOGGER_UNITS": "imperial"]

    private func document(_ run: CLIRun) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "a JSON document: \(run.stderr)")
    }

    @Test(arguments: [("1mi", 1609), ("0.5mi", 805), ("500ft", 152), ("1.2km", 1200)])
    func theRadiusTakesMilesAndFeet(radius: String, metres: Int) async throws {
        let run = await CLIRun.run(["search", "--stub", "--radius", radius, "--json"] + Self.tokyoStation)
        #expect(try document(run)["range_m"] as? Int == metres, "\(radius) is \(metres) m: \(run.stderr)")
    }

    @Test func aRadiusInAnUnknownUnitIsRefused() async {
        let run = await CLIRun.run(["search", "--stub", "--radius", "2yd"] + Self.tokyoStation)
        #expect(run.code == .usage && run.stderr.contains("such as 800, 800m, 2km, 1mi or 500ft, not '2yd'"), "\(run.stderr)")
    }

    @Test func theTableShowsFeetWhileTheJSONKeepsMetres() async throws {
        // When the same search is shown as a table and as JSON to a user of imperial units
        let table = await CLIRun.run(
            ["search", "--stub", "--format", "table"] + Self.tokyoStation, environment: Self.imperial)
        let json = await CLIRun.run(["search", "--stub", "--json"] + Self.tokyoStation, environment: Self.imperial)
        // Then the table's first place is 260 ft away (80 m), and the JSON says 80 metres
        #expect(table.stdout.contains(" 260 ft "), "\(table.stdout)")
        #expect(!table.stdout.contains(" 80 m "), "no metres in the table")
        #expect(table.stdout.contains("within 0.6 mi of 35.6812"), "the footer's radius too: \(table.stdout)")
        let first = try #require((try document(json)["restaurants"] as? [[String: Any]])?.first, "a place")
        #expect(first["distance_m"] as? Int == 80, "metres in the JSON")
    }

    @Test func theStaticAndHTMLMapsGiveTheirScaleAndRadiusInTheUnits() async throws {
        // When the stub's places are mapped at a terminal and as HTML for a user of imperial units
        let map = await CLIRun.run(
            ["map", "--stub", "--static", "--radius", "1mi"] + Self.tokyoStation, environment: Self.imperial)
        let html = await CLIRun.run(
            ["search", "--stub", "--radius", "1mi", "--format", "html"] + Self.tokyoStation, environment: Self.imperial)

        // Then the static map's key has a scale in feet or miles and a radius in miles
        let key = map.stdout.split(separator: "\n").first { $0.hasPrefix("|-") } ?? ""
        #expect(key.contains("1 mi radius") && (key.contains(" ft ") || key.contains(" mi ")), "\(map.stdout) \(map.stderr)")
        // And the HTML map's heading, scale and list do too
        #expect(html.stdout.contains("within 1 mi of 35.6812, 139.7671"), "the heading")
        #expect(html.stdout.contains(" ft</text></g>") || html.stdout.contains(" mi</text></g>"), "the scale bar")
        #expect(!html.stdout.contains(" m · "), "the list's distances")
    }

    @Test func aSearchThatFindsNothingOffersAWiderRadiusInTheUnits() async {
        // When a search of the stub finds nothing in 300 m, for a user of imperial units
        let run = await CLIRun.run(
            ["search", "--stub", "--radius", "300", "--keyword", "nothing-here", "--format", "table"] + Self.tokyoStation,
            environment: Self.imperial)

        // Then the hint's widest radius is in miles, as the rest of the notice
        #expect(run.stderr.contains("within 0.2 mi of 35.6812, 139.7671"), "\(run.stderr)")
        #expect(run.stderr.contains("a wider --radius (up to 1.9 mi)"), "\(run.stderr)")
    }

    @Test func theLocaleChoosesTheUnitsAndMetricStaysTheDefault() async {
        let american = await CLIRun.run(
            ["search", "--stub", "--format", "table"] + Self.tokyoStation, environment: ["LANG": "en_US.UTF-8"])
        let plain = await CLIRun.run(["search", "--stub", "--format", "table"] + Self.tokyoStation)
        #expect(american.stdout.contains(" 260 ft "), "\(american.stdout)")
        #expect(plain.stdout.contains(" 80 m "), "\(plain.stdout)")
    }
}
