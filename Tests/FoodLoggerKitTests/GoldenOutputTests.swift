import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Every output format, byte for byte, for the stub and for the project's fixtures served over
/// loopback: what a redesign of the inside must leave as it is. FOODLOGGER_UPDATE_GOLDEN=1
/// writes the files (Tests/Golden) instead of comparing; review their diff before committing it.
@MainActor
@Suite struct GoldenOutputTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")
    nonisolated static let formats = ["table", "json", "ndjson", "geojson", "csv", "html"]

    /// name, arguments; each run at 80 columns on a terminal without colour.
    nonisolated static let stubRuns: [(String, [String])] = {
        let tokyo = ["--lat", "35.6812", "--lng", "139.7671"]
        var runs: [(String, [String])] = []
        for format in formats {
            runs.append(("search-" + format, ["search", "--stub", "--format", format, "--range", "2"] + tokyo))
            runs.append(("show-" + format, ["show", "--stub", "--format", format, "J900000001", "J900000102"]))
        }
        runs.append(("map", ["map", "--stub"] + tokyo))
        runs.append(("map-geojson", ["map", "--stub", "--format", "geojson"] + tokyo))
        runs.append(("search-keyword", ["search", "--stub", "--keyword", "ラーメン", "--format", "table"]))
        runs.append(("search-nothing", ["search", "--stub", "--format", "table", "--lat", "43.0621", "--lng", "141.3544"]))
        runs.append(("search-bad-flag", ["search", "--stub", "--rnage", "2"]))
        runs.append(("search-no-key", ["search", "--provider", "hotpepper"] + tokyo))
        return runs
    }()

    @Test(arguments: stubRuns)
    func stubOutputIsUnchanged(name: String, arguments: [String]) async throws {
        let run = await CLIRun.run(arguments, terminal: Terminal(stdoutIsTerminal: true, columns: 80, rows: 40))
        try Self.compare(name, run)
    }

    @Test(arguments: formats)
    func fixtureOutputIsUnchanged(format: String) async throws {
        for fixture in Fixtures.gourmetWithShops {
            let server = try LoopbackServer(replies: [try .file(Fixtures.url(fixture).path)])
            let run = await CLIRun.run(
                ["search", "--keyword", "x", "--format", format],
                environment: ["HOTPEPPER_API_KEY": "golden", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString],
                terminal: Terminal(stdoutIsTerminal: true, columns: 80, rows: 40))
            server.stop()
            try Self.compare("fixture-\(URL(fileURLWithPath: fixture).deletingPathExtension().lastPathComponent)-\(format)", run)
        }
    }

    static func compare(_ name: String, _ run: CLIRun) throws {
        let actual = "exit \(run.code.rawValue)\n--- stdout\n\(run.stdout)--- stderr\n\(run.stderr)"
        let file = folder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["FOODLOGGER_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return
        }
        let expected = try #require(
            try? String(contentsOf: file, encoding: .utf8),
            "no golden file \(file.lastPathComponent); FOODLOGGER_UPDATE_GOLDEN=1 writes it")
        guard actual != expected else { return }
        let lines = (
            actual: actual.split(separator: "\n", omittingEmptySubsequences: false),
            expected: expected.split(separator: "\n", omittingEmptySubsequences: false)
        )
        let first =
            zip(lines.actual, lines.expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(lines.actual.count, lines.expected.count)
        Issue.record(
            """
            \(name) differs from \(file.lastPathComponent) at line \(first + 1):
              expected: \(first < lines.expected.count ? String(lines.expected[first]) : "(end)")
              actual:   \(first < lines.actual.count ? String(lines.actual[first]) : "(end)")
            """)
    }
}
