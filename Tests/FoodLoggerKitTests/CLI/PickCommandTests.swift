import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `foodlogger pick` and search's log options run whole, in-process, against the stub (Friday
/// 19:30 in Tokyo: around Tokyo Station J900000003's hours cannot be read, J900000004 is closed,
/// the other eight of the ten nearest are open) and a log in a temporary folder.
@MainActor
@Suite struct PickCommandTests {
    let folder: TemporaryFolder
    static let centre = ["--stub", "--lat", "35.6812", "--lng", "139.7671"]

    init() throws { folder = try TemporaryFolder("foodlogger-pick") }

    func run(_ arguments: [String], terminal: Terminal = Terminal()) async -> CLIRun {
        let environment = ["XDG_DATA_HOME": folder.path, "XDG_STATE_HOME": folder.path + "/state", "TZ": "Asia/Tokyo"]
        return await CLIRun.run(arguments, environment: environment, terminal: terminal)
    }

    func pick(_ extra: [String] = [], terminal: Terminal = Terminal()) async -> CLIRun {
        await run(["pick"] + Self.centre + extra, terminal: terminal)
    }

    @Test func inAPipeThePickIsOneJSONObjectAndTheLastList() async throws {
        // When pick runs in a pipe, then show 1
        let picked = await pick(["--seed", "3"])
        let shown = await run(["show", "1", "--json"])

        // Then stdout is the place's object (jq .name), stderr says why, and show 1 is that place
        let object = try #require(picked.json, "an object: \(picked.stdout)")
        #expect(picked.code == .success && object["name"] is String && object["log"] is NSNull, "\(picked.stderr)")
        #expect(
            picked.stderr.hasPrefix(
                "Picked from 8 places open at fri 19:30 (Japan time), not visited in the last 14 days; this one: never visited."),
            "\(picked.stderr)")
        let shownID = (shown.json?["restaurants"] as? [[String: Any]])?.first?["id"] as? String
        #expect(shownID == object["id"] as? String, "show 1 is the pick: \(String(describing: shownID))")
    }

    @Test func theSameSeedPicksTheSamePlace() async {
        let first = await pick(["--seed", "12345"]), second = await pick(["--seed", "12345"])
        #expect(first.code == .success && first.stdout == second.stdout, "one seed, one place")
    }

    @Test func aWantedPlaceIsPickedAndAPlaceVisitedYesterdayIsNot() async {
        // Given J900000008 on the want list, then a visit to it yesterday
        _ = await run(["log", "add", "--stub", "J900000008", "--want"])
        let wanted = await pick(["--seed", "1"])
        _ = await run(["log", "add", "--stub", "J900000008", "--date", "yesterday"])
        let visited = await pick(["--seed", "1", "--count", "8", "--want"])

        // Then the wanted place is picked; once visited yesterday, --want has nothing left
        #expect(wanted.json?["id"] as? String == "J900000008", "\(wanted.stdout)")
        #expect(wanted.stderr.contains("on your want list"), "\(wanted.stderr)")
        #expect(visited.code == .noResults, "exit 1")
        #expect(
            visited.stderr
                == "foodlogger: Nothing to pick among 8 places: 7 places not on your want list, 1 visited in the last 14 days.\n",
            "\(visited.stderr)")
    }

    @Test func nothingOpenEndsWithOneLineAndExitOne() async {
        let result = await pick(["--open-at", "sun 04:00"])
        #expect(result.code == .noResults && result.stdout.isEmpty, "exit 1, nothing on stdout")
        #expect(
            result.stderr
                == "foodlogger: Nothing to pick among 10 places: 9 closed at sun 04:00 (Japan time), 1 with hours that cannot be read (--include-unknown keeps those).\n",
            "\(result.stderr)")
    }

    @Test func theHintForPlacesOfUnknownHoursWorks() async {
        // Given nothing open at 04:00 on Sunday but one place whose hours cannot be read
        let refused = await pick(["--open-at", "sun 04:00"])

        // When the hint is followed
        let followed = await pick(["--open-at", "sun 04:00", "--include-unknown"])

        // Then that place is picked, with a word to check its hours
        #expect(refused.stderr.contains("--include-unknown keeps those"), "the hint: \(refused.stderr)")
        #expect(followed.code == .success, "the hint works: \(followed.stderr)")
        #expect(followed.json?["id"] as? String == "J900000003", "the place of unknown hours: \(followed.stdout)")
        #expect(followed.stderr.contains("; hours unknown: check before you go."), "\(followed.stderr)")
    }

    @Test func pickTakesIncludeUnknownWithoutAnOpenOption() async {
        let result = await pick(["--include-unknown", "--seed", "3"])
        #expect(result.code == .success, "pick is always open-only: \(result.stderr)")
    }

    @Test func onATerminalThePickIsItsCard() async {
        let result = await pick(["--seed", "3", "--color", "never"], terminal: Terminal(stdoutIsTerminal: true, columns: 90))
        #expect(
            result.code == .success && result.stdout.contains("  ID  ") && result.stdout.contains("Open now"), "\(result.stdout)")
    }

    @Test(arguments: ["0d", "-5d", "abc", "14", "1.5d", "3651d", "14 d", "", "9999999w"])
    func aBadNotWithinIsOneLineAndExit64(value: String) async {
        let result = await pick(["--not-within", value])
        #expect(result.code == .usage, "\(value): \(result.stderr)")
        #expect(
            result.stderr.hasPrefix("foodlogger pick: --not-within ") && result.stderr.filter { $0 == "\n" }.count == 1,
            "\(result.stderr)")
    }

    @Test(arguments: ["36h", "14d", "2w", "3650d", "1H"])
    func aGoodNotWithinIsTaken(value: String) async {
        let result = await pick(["--not-within", value, "--seed", "1"])
        #expect(result.code == .success, "\(value): \(result.stderr)")
    }

    @Test(arguments: ["-1", "x", "18446744073709551616"])
    func aBadSeedIsExit64(value: String) async {
        let result = await pick(["--seed", value])
        #expect(result.code == .usage && result.stderr.contains("--seed takes a whole number"), "\(result.stderr)")
    }

    @Test func pickTakesNoPrompt() async {
        let result = await pick(["-i"])
        #expect(result.code == .usage && result.stderr.contains("-i"), "\(result.stderr)")
    }

    // MARK: - search and the log

    @Test func searchShowsALogColumnOnlyWhenTheLogHoldsAPlaceShown() async {
        // Given a meal at J900000001 rated 4 on the 2nd, and J900000002 on the want list
        let terminal = Terminal(stdoutIsTerminal: true, columns: 140)
        let before = await run(["search"] + Self.centre + ["--count", "3", "--color", "never"], terminal: terminal)
        _ = await run(["log", "add", "--stub", "J900000001", "--rating", "4", "--date", "2026-11-02"])
        _ = await run(["log", "add", "--stub", "J900000002", "--want"])

        // When the search runs again, as a table and as JSON
        let table = await run(["search"] + Self.centre + ["--count", "3", "--color", "never"], terminal: terminal)
        let json = await run(["search"] + Self.centre + ["--count", "3"])

        // Then the table has a Log column, and each JSON record a log object or null
        #expect(!before.stdout.contains(" Log"), "no column before: \(before.stdout)")
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.hasSuffix("Log") == true, "\(table.stdout)")
        #expect(lines.count > 2 && lines[1].hasSuffix("★4 · 11-02") && lines[2].hasSuffix("want"), "\(table.stdout)")
        let logs = (json.json?["restaurants"] as? [[String: Any]])?.map { $0["log"] }
        #expect((logs?[0] as? [String: Any])?["rating"] as? Int == 4, "\(String(describing: logs))")
        #expect((logs?[1] as? [String: Any])?["want"] as? Bool == true && logs?[2] is NSNull, "\(String(describing: logs))")
    }

    @Test func searchsLogFiltersNarrowTheWholeListAndSaySo() async {
        // Given a meal at J900000001 and J900000002 on the want list
        _ = await run(["log", "add", "--stub", "J900000001", "--date", "2026-11-02"])
        _ = await run(["log", "add", "--stub", "J900000002", "--want"])

        // When the first three are searched with each filter, among the stub's ten places
        func ids(_ flag: String) async -> ([String], String) {
            let result = await run(["search"] + Self.centre + ["--count", "3", flag])
            return (((result.json?["restaurants"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }, result.stderr)
        }
        let (visited, visitedNote) = await ids("--visited")
        let (unvisited, _) = await ids("--unvisited")
        let (want, wantNote) = await ids("--want")

        // Then each keeps what its flag says of the whole list, and says how many it left out of it
        #expect(
            visited == ["J900000001"] && visitedNote == "--visited left out 9 places you have not been to.\n", "\(visitedNote)")
        #expect(unvisited == ["J900000002", "J900000003", "J900000004"], "a page of three of the nine: \(unvisited)")
        #expect(want == ["J900000002"] && wantNote == "--want left out 9 places not on your want list.\n", "\(wantNote)")
    }

    @Test func searchsLogFiltersExcludeEachOtherAndMapHasNone() async {
        let both = await run(["search"] + Self.centre + ["--want", "--visited"])
        let map = await run(["map"] + Self.centre + ["--want", "--static"])
        #expect(both.code == .usage && both.stderr.contains("--visited and --want exclude each other"), "\(both.stderr)")
        #expect(map.code == .usage, "map takes no log filter: \(map.stderr)")
    }

    @Test func anUnreadableLogFailsAFilterAndOnlyWarnsWithout() async throws {
        // Given a log that is a folder, not a file (the stub's own log: these are stub runs)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("foodlogger/stub/log.jsonl"), withIntermediateDirectories: true)

        // When a search runs with and without --want
        let filtered = await run(["search"] + Self.centre + ["--want"])
        let plain = await run(["search"] + Self.centre)

        // Then the filter fails with the log's exit code; the plain search warns and lists
        #expect(filtered.code == .ioError && filtered.stderr.contains("cannot read the food log"), "\(filtered.stderr)")
        #expect(plain.code == .success && plain.stderr.contains("the Log column is left out"), "\(plain.stderr)")
    }

    @Test func csvKeepsItsColumnsWhetherOrNotAPlaceIsLogged() async {
        _ = await run(["log", "add", "--stub", "J900000001", "--rating", "4"])
        let csv = await run(["search"] + Self.centre + ["--count", "2", "--format", "csv"])
        let rows = csv.stdout.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).count }
        #expect(
            csv.stdout.hasPrefix("id,") && csv.stdout.contains("log.visits,log.last_visit,log.rating,log.want,directions_url\r\n")
        )
        #expect(Set(rows).count == 1 || csv.stdout.contains("\""), "every row as wide as the header: \(rows)")
    }
}
