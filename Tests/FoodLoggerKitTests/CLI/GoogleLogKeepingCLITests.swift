import Foundation
import LoopbackHTTP
import TestSupport
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// #49 item 3: the food log keeps a Google place's name and position for the 30 days Google's
/// terms allow (`kept_until`), shows them while they hold, shows the id and what to do after,
/// and `log check` writes Google's answer back. Run whole, in-process, over Google on loopback,
/// with the clock moved.
@MainActor
@Suite struct GoogleLogKeepingCLITests {
    let folder: TemporaryFolder
    var logURL: URL { folder.url.appendingPathComponent("foodlogger/log.jsonl") }

    init() throws { folder = try TemporaryFolder("foodlogger-google-log") }

    nonisolated static let placeID = "ChIJ25PyVfxHh0gRzB2B0kqVvGE"

    /// Google's Place Details of one place in Edinburgh, named `name`, whatever id is asked.
    static func google(named name: String = "The Dome") throws -> (LoopbackServer, [String: String]) {
        let server = try LoopbackServer { _ in
            .json(
                #"{"id":"\#(placeID)","displayName":{"text":"\#(name)"},"location":{"latitude":55.9533,"longitude":-3.1883},"businessStatus":"OPERATIONAL","utcOffsetMinutes":0}"#,
                contentType: "application/json")
        }
        return (
            server,
            [
                "GOOGLE_PLACES_API_KEY": "test-google-key",
                "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1").absoluteString,
            ]
        )
    }

    func run(_ arguments: [String], _ service: [String: String] = [:], now: Date) async -> CLIRun {
        await CLIRun.run(arguments, environment: ["XDG_DATA_HOME": folder.path].merging(service) { $1 }, now: now)
    }

    static let day: TimeInterval = 86_400

    /// The output with its lines joined: the footer is wrapped at the table's width.
    static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
    static let added = CLIRun.friday

    /// A Google place logged today, as `log add` writes it.
    func addThePlace() async throws -> LoopbackServer {
        let (server, google) = try Self.google()
        let add = await run(["log", "add", "places/\(Self.placeID)", "--provider", "google"], google, now: Self.added)
        #expect(add.code == .success, "\(add.stderr)")
        #expect(add.stdout == "Logged entry 1: The Dome, eaten 2026-11-20.\n", "the name, not the id: \(add.stdout)")
        return server
    }

    @Test func aGooglePlaceLoggedIsShownByItsNameWithin30Days() async throws {
        // Given a Google place logged today
        let server = try await addThePlace()
        defer { server.stop() }

        // Then the line keeps its name, position and until when: 30 days on
        let line = try String(contentsOf: logURL, encoding: .utf8)
        #expect(line.contains(#""name":"The Dome""#) && line.contains(#""lat":55.9533"#), "\(line)")
        #expect(line.contains(#""kept_until":"2026-12-20T10:30:00Z""#), "30 days from 10:30 UTC: \(line)")

        // When the log is listed on the 29th day, as a table and as JSON
        let table = await run(["log", "--format", "table"], now: Self.added + 29 * Self.day)
        let json = await run(["log", "--json"], now: Self.added + 29 * Self.day)

        // Then the name is shown, with no hint; JSON says until when
        #expect(table.stdout.contains("The Dome") && !table.stdout.contains("log check"), "\(table.stdout)")
        let shop = ((json.json?["entries"] as? [[String: Any]])?.first?["shop"]) as? [String: Any]
        #expect(shop?["name"] as? String == "The Dome" && shop?["lat"] as? Double == 55.9533, "\(json.stdout)")
        #expect(shop?["kept_until"] as? String == "2026-12-20T10:30:00Z", "\(json.stdout)")
    }

    @Test func past30DaysTheIdIsShownWithTheHintAndTheMapSaysWhatToDo() async throws {
        // Given a Google place logged 31 days ago
        let server = try await addThePlace()
        defer { server.stop() }
        let later = Self.added + 31 * Self.day

        // When the log is listed and mapped
        let table = await run(["log", "--format", "table"], now: later)
        let json = await run(["log", "--json"], now: later)
        let map = await run(["log", "map", "--static"], now: later)

        // Then the table shows the id (with the hint, as far as the width allows) and, under it, how to
        // bring the name back; never the name
        let row = table.stdout.split(separator: "\n").first { $0.contains(Self.placeID) } ?? ""
        #expect(row.contains("(run `foodlogg"), "\(table.stdout)")
        #expect(Self.oneLine(table.stdout).contains("1 entry shows its id"), "\(table.stdout)")
        #expect(Self.oneLine(table.stdout).contains("run `foodlogger log check` to refresh."), "\(table.stdout)")
        #expect(!table.stdout.contains("The Dome"), "the name is not shown: \(table.stdout)")
        // And JSON gives neither the name nor the position, and says when they lapsed
        let shop = ((json.json?["entries"] as? [[String: Any]])?.first?["shop"]) as? [String: Any]
        #expect(shop?["name"] as? String == "" && shop?["lat"] is NSNull, "\(json.stdout)")
        #expect(shop?["kept_until"] as? String == "2026-12-20T10:30:00Z", "\(json.stdout)")
        // And the map draws nothing, says why and what to do, and never calls the log empty
        #expect(map.code == .noResults, "\(map.code) \(map.stderr)")
        #expect(map.stderr.contains("run `foodlogger log check` to refresh its name and position"), "\(map.stderr)")
        #expect(!map.stderr.contains("empty") && !map.stdout.contains("The Dome"), "\(map.stderr)")
    }

    @Test func logCheckWritesGooglesAnswerBackAndTheNameReturns() async throws {
        // Given a Google place logged 31 days ago, and Google now naming it otherwise
        let server = try await addThePlace()
        server.stop()
        let (renamed, google) = try Self.google(named: "The Dome Grill")
        defer { renamed.stop() }
        let later = Self.added + 31 * Self.day
        let before = try FileManager.default.attributesOfItem(atPath: logURL.path)[.posixPermissions] as? Int

        // When the log is checked, then listed
        let check = await run(["log", "check", "--format", "table"], google, now: later)
        let table = await run(["log", "--format", "table"], now: later)

        // Then the check said so, the line holds Google's new name, position and a new date
        #expect(check.code == .success, "\(check.code) \(check.stderr)")
        #expect(check.stderr.contains("refreshed the name and position of 1 log entry"), "\(check.stderr)")
        let line = try String(contentsOf: logURL, encoding: .utf8)
        #expect(line.contains(#""name":"The Dome Grill""#), "\(line)")
        #expect(line.contains(#""kept_until":"2027-01-20T10:30:00Z""#), "30 days from the check: \(line)")
        #expect(line.split(separator: "\n").count == 1, "one entry still: \(line)")
        // And the log keeps its permissions
        let after = try FileManager.default.attributesOfItem(atPath: logURL.path)[.posixPermissions] as? Int
        #expect(before == after, "same permissions")
        // And the name is shown again, without the hint
        #expect(table.stdout.contains("The Dome Grill") && !table.stdout.contains("log check"), "\(table.stdout)")
    }

    @Test func aLogThatCannotBeWrittenIsLeftAsItWasAndTheCheckSaysSo() async throws {
        // Given a Google place logged 31 days ago, in a folder that cannot be written
        let server = try await addThePlace()
        defer { server.stop() }
        let (_, google) = try Self.google()
        let before = try Data(contentsOf: logURL)
        let logFolder = logURL.deletingLastPathComponent()
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: logFolder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: logFolder.path) }
        // (root writes anywhere: nothing to show there)
        guard access(logFolder.path, W_OK) != 0 else { return }

        // When the log is checked
        let check = await run(["log", "check", "--format", "table"], google, now: Self.added + 31 * Self.day)

        // Then the log is as it was, and the check says its answer could not be kept
        #expect(try Data(contentsOf: logURL) == before, "the log as it was")
        #expect(check.stderr.contains("could not be written to the log, which is as it was"), "\(check.stderr)")
    }

    @Test func anOlderLineWithoutKeptUntilStillReads() async throws {
        // Given a log written before names were kept: a Google id alone, and a HOT PEPPER shop
        try FileManager.default.createDirectory(at: logURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lines = [
            #"{"date":"2026-11-01","number":1,"shop":{"address":"","genre":"","id":"\#(Self.placeID)","name":"","provider":"google","url":""},"want":false,"written_at":"2026-11-01T11:06:40Z"}"#,
            #"{"date":"2026-11-02","number":2,"shop":{"address":"東京都","genre":"居酒屋","id":"J900100001","lat":35.6,"lng":139.7,"name":"ともしび","provider":"hotpepper","url":""},"want":false,"written_at":"2026-11-02T11:06:40Z"}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: logURL)

        // When it is listed
        let table = await run(["log", "--format", "table"], now: Self.added)
        let json = await run(["log", "--json"], now: Self.added)

        // Then both are entries: the Google one by its id with the hint, HOT PEPPER's by its name, kept for good
        #expect(table.code == .success && !table.stderr.contains("not an entry"), "\(table.stderr)")
        #expect(table.stdout.contains(Self.placeID), "\(table.stdout)")
        #expect(Self.oneLine(table.stdout).contains("1 entry shows its id"), "\(table.stdout)")
        #expect(table.stdout.contains("ともしび"), "\(table.stdout)")
        let shops = (json.json?["entries"] as? [[String: Any]])?.compactMap { $0["shop"] as? [String: Any] } ?? []
        #expect(shops.count == 2 && shops.allSatisfy { $0["kept_until"] is NSNull }, "null where not kept for a while")
    }
}
