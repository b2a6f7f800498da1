import Foundation
import LoopbackHTTP
import TestSupport
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `foodlogger log …` run whole, in-process, against the stub and a log in a temporary folder:
/// the stub's own log, every run being a stub run (FOODLOGGER_STUB) unless it is given a server.
@MainActor
@Suite struct LogCommandTests {
    let folder: TemporaryFolder
    var logURL: URL { folder.url.appendingPathComponent("foodlogger/stub/log.jsonl") }

    init() throws { folder = try TemporaryFolder("foodlogger-log") }

    func run(
        _ arguments: [String], terminal: Terminal = Terminal(), zone: String = "Asia/Tokyo", service: [String: String] = [:]
    ) async -> CLIRun {
        let environment = [
            "XDG_DATA_HOME": folder.path, "XDG_STATE_HOME": folder.path + "/state", "TZ": zone,
            "FOODLOGGER_STUB": service["HOTPEPPER_BASE_URL"] == nil ? "1" : "",
        ]
        return await CLIRun.run(arguments, environment: environment.merging(service) { $1 }, terminal: terminal)
    }

    /// Three entries: J900000001 on the 20th rated 4, J900000102 to go to, J900000104 on the 1st.
    func logThree() async {
        _ = await run(["log", "add", "--stub", "J900000001", "--rating", "4", "--note", "good tonkotsu"])
        _ = await run(["log", "add", "--stub", "J900000102", "--want"])
        _ = await run(["log", "add", "--stub", "J900000104", "--date", "2026-11-01"])
    }

    @Test func addByIdLooksTheShopUpAndSaysWhatWasLogged() async throws {
        // When a stub shop is logged by id, with a note and a rating
        let result = await run(["log", "add", "--stub", "j900000001", "--rating", "4", "--note", "good tonkotsu"])

        // Then one line says so, and the file holds one entry, dated today in Tokyo
        #expect(result.code == .success, "exit 0; stderr: \(result.stderr)")
        #expect(
            result.stdout == "Logged entry 1: 炉端 かがり火 丸の内店, eaten 2026-11-20, rated 4/5.\n", "one line: \(result.stdout)")
        let entries = try FoodLogStore(folder: logURL.deletingLastPathComponent()).read().entries
        #expect(entries.map(\.shop.id) == ["J900000001"] && entries[0].note == "good tonkotsu", "the entry kept: \(entries)")
    }

    @Test func addByNumberTakesTheLastListsShopWithoutARequest() async throws {
        // Given HOT PEPPER on loopback, counting requests, and a search that listed three shops
        let server = try LoopbackServer(replies: [try .file(Fixtures.url("gourmet/v1.30_full_3shops.json").path)])
        let service = ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString]
        let search = await run(["search", "--json", "--lat", "35.6812", "--lng", "139.7671"], service: service)
        let listed = (search.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        try #require(search.code == .success && listed.count == 3, "the search listed three shops: \(search.stderr)")

        // When shop 2 is logged by its number (the key gone meanwhile), and 4 (past the list's end) is tried
        let added = await run(["log", "add", "2", "--want"])
        let past = await run(["log", "add", "4"], service: service)

        // Then the second listed shop is logged, with only the search's request sent
        #expect(added.code == .success, "exit 0: \(added.stderr)")
        let entries = try FoodLogStore(folder: logURL.deletingLastPathComponent()).read().entries
        #expect(entries.map(\.shop.id) == [listed[1]], "shop 2 of the list: \(entries.map(\.shop.id))")
        #expect(server.requests.count == 1, "the search's request only: \(server.requests.count)")
        #expect(past.code == .usage && past.stderr.contains("the last list has 3 shops; there is no 4"), "\(past.stderr)")
    }

    @Test(arguments: [
        ("today", "Asia/Tokyo", "2026-11-20"), ("yesterday", "Asia/Tokyo", "2026-11-19"),
        ("today", "Pacific/Pago_Pago", "2026-11-19"), ("2025-12-31", "UTC", "2025-12-31"),
    ])
    func theDayIsTheUsers(date: String, zone: String, expected: String) async throws {
        // When a meal is logged with --date in a time zone (Friday 19:30 in Tokyo)
        let result = await run(["log", "add", "--stub", "J900000001", "--date", date], zone: zone)

        // Then it is dated on that zone's calendar
        #expect(result.stdout.contains("eaten \(expected)"), "\(date) in \(zone) is \(expected): \(result.stdout)")
    }

    @Test func theListIsATableOnATerminalJSONInAPipeAndCSVWhenAsked() async throws {
        // Given three entries
        await logThree()

        // When the log is listed three ways
        let table = await run(["log", "--color", "never"], terminal: Terminal(stdoutIsTerminal: true, columns: 100))
        let json = await run(["log", "list"])
        let csv = await run(["log", "--format", "csv"])

        // Then the table is newest first, the JSON has the entries and CSV a header and three rows
        let rows = table.stdout.split(separator: "\n").map(String.init)
        #expect(table.code == .success && rows[0].hasPrefix("#  Date"), "a table: \(table.stdout)")
        #expect(
            rows[1].hasPrefix("2  want") && rows[2].hasPrefix("1  2026-11-20") && rows[3].hasPrefix("3  2026-11-01"), "\(rows)")
        let numbers = (json.json?["entries"] as? [[String: Any]])?.compactMap { $0["number"] as? Int }
        #expect(numbers == [2, 1, 3], "JSON newest first: \(String(describing: numbers))")
        let lines = csv.stdout.split(separator: "\r\n")
        #expect(lines.count == 4 && lines[0].hasPrefix("number,date,want,rating,note"), "CSV: \(csv.stdout)")
    }

    @Test(arguments: [("--want", [2]), ("--visited", [1, 3])])
    func filters(flag: String, numbers: [Int]) async throws {
        // Given three entries
        await logThree()

        // When one kind is asked for
        let result = await run(["log", flag])

        // Then only those are listed
        let listed = (result.json?["entries"] as? [[String: Any]])?.compactMap { $0["number"] as? Int }
        #expect(listed == numbers, "\(flag): \(String(describing: listed))")
    }

    @Test func anEmptyLogExitsOneAndSaysHowToAdd() async {
        // When an empty log is listed on a terminal
        let result = await run(["log"], terminal: Terminal(stdoutIsTerminal: true, stderrIsTerminal: true))

        // Then nothing on stdout, exit 1, a hint, and no word about which service would answer
        #expect(result.code == .noResults && result.stdout.isEmpty, "exit 1, no output: \(result.stdout)")
        #expect(result.stderr.contains("the food log is empty. Add a shop: foodlogger log add"), "\(result.stderr)")
        #expect(!result.stderr.contains("HOT PEPPER key"), "no service chosen: \(result.stderr)")
    }

    @Test func removeTakesTheNumberTheListShows() async throws {
        // Given three entries
        await logThree()

        // When 2 is removed, then 2 again
        let removed = await run(["log", "remove", "2"])
        let again = await run(["log", "remove", "2"])

        // Then the first says what it removed, the second exits 64 in one line
        #expect(
            removed.code == .success && removed.stdout == "Removed entry 2: Cafe & Books ことのは, to go to.\n", "\(removed.stdout)")
        #expect(again.code == .usage && again.stdout.isEmpty, "exit 64: \(again.code)")
        #expect(
            again.stderr
                == "foodlogger: there is no entry 2 in the food log (its entries are numbered up to 3; see 'foodlogger log')\n",
            "one line: \(again.stderr)")
    }

    @Test func aRemovedNewestEntrysNumberIsNeverGivenAgain() async throws {
        // Given two entries, the newest removed
        _ = await run(["log", "add", "--stub", "J900000001"])
        _ = await run(["log", "add", "--stub", "J900000104"])
        let removed = await run(["log", "remove", "2"])
        try #require(removed.code == .success, "entry 2 removed: \(removed.stderr)")

        // When another is added
        let added = await run(["log", "add", "--stub", "J900000102", "--want"])

        // Then it is entry 3, and `log` lists 1 and 3
        #expect(
            added.code == .success && added.stdout.hasPrefix("Logged entry 3: "),
            "entry 3, not 2 again: \(added.stdout)\(added.stderr)")
        let listed = await run(["log", "--json"])
        let numbers = (listed.json?["entries"] as? [[String: Any]])?.compactMap { $0["number"] as? Int }
        #expect(numbers?.sorted() == [1, 3], "the log holds 1 and 3: \(String(describing: numbers))")
    }

    @Test(arguments: [
        (["log", "add", "--stub", "J900000001", "--rating", "0"], "--rating must be an integer from 1 to 5"),
        (["log", "add", "--stub", "J900000001", "--rating", "6"], "--rating must be an integer from 1 to 5"),
        (["log", "add", "--stub", "J900000001", "--date", "2026-02-30"], "--date must be YYYY-MM-DD, today or yesterday"),
        (["log", "add", "--stub", "J900000001", "--date", "tomorrow"], "--date must be YYYY-MM-DD"),
        (["log", "add", "--stub", "J900000001", "--note", " "], "--note is empty"),
        (["log", "add", "--stub", "J900000001", "--want", "--date", "today"], "--want is for a shop you have not been to"),
        (["log", "add", "--stub"], "give the shop to log"),
        (["log", "add", "--stub", "J900000001", "J900000102"], "log one shop at a time"),
        (["log", "add", "--stub", "ramen"], "is neither a shop number nor a shop id"),
        (["log", "add", "--stub", "3"], "no last list yet: search first"),
        (["log", "add", "--stub", "J900000001", "--visited"], "--visited has no effect with 'log add'"),
        (["log", "--note", "x"], "--note has no effect with 'log list'"),
        (["log", "--want", "--visited"], "--want and --visited exclude each other"),
        (["log", "--format", "html"], "'log list' prints table, json or csv"),
        (["log", "remove"], "'log remove' takes one entry's number"),
        (["log", "remove", "0"], "'log remove' takes one entry's number"),
        (["log", "remove", "+1"], "'log remove' takes one entry's number"),
        (["log", "remove", "1", "--provider", "osm"], "--provider has no effect with 'log remove'"),
        (["log", "eat"], "'eat' is not a log command"),
        (["log", "map", "--json", "--width", "60"], "no effect with --format json"),
    ])
    func badValuesExit64WithOneLine(arguments: [String], words: String) async {
        // When the command is given a bad value
        let result = await run(arguments)

        // Then exit 64, one line naming it, and nothing written
        #expect(result.code == .usage, "exit 64 for \(arguments): \(result.code)")
        #expect(result.stderr.contains(words) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: logURL.path), "no log written")
    }

    @Test func anUnknownIdIsNotLogged() async {
        // When an id the stub does not know is logged
        let result = await run(["log", "add", "--stub", "J000000009"])

        // Then exit 1, one line, and no log
        #expect(result.code == .noResults, "exit 1: \(result.code)")
        #expect(result.stderr == "foodlogger: no shop has the id 'J000000009'; nothing was logged\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: logURL.path), "no log written")
    }

    @Test func aLogThatCannotBeWrittenExits74WithOneLine() async throws {
        // Given a data folder whose foodlogger folder is a file
        try Data().write(to: folder.url.appendingPathComponent("foodlogger"))

        // When a shop is logged, and the log listed
        let added = await run(["log", "add", "--stub", "J900000001"])
        let listed = await run(["log"])

        // Then both exit 74 with one line naming the file
        #expect(added.code == .ioError && added.stdout.isEmpty, "exit 74: \(added.code)")
        // (an entry is added after the log is read for the same place that day, so reading fails first)
        #expect(
            added.stderr.hasPrefix("foodlogger: cannot read the food log ") && added.stderr.split(separator: "\n").count == 1,
            "\(added.stderr)")
        #expect(listed.code == .ioError && listed.stderr.contains("cannot read the food log"), "\(listed.stderr)")
    }

    @Test func anUnreadableLineIsReportedOnceAndKept() async throws {
        // Given a log with one entry and a line a user typed
        await logThree()
        let typed = "remember: the place by the station"
        let before = try String(contentsOf: logURL, encoding: .utf8)
        try (before + typed + "\n").write(to: logURL, atomically: true, encoding: .utf8)

        // When the log is listed and added to
        let listed = await run(["log"])
        let added = await run(["log", "add", "--stub", "J900000001", "--again"])

        // Then each run warns once, and the line is still there
        let warning = "foodlogger: \(logURL.path): line 4 is not an entry foodlogger can read; it is kept as it is\n"
        #expect(listed.stderr == warning && added.stderr == warning, "one warning each: \(listed.stderr) / \(added.stderr)")
        #expect(try String(contentsOf: logURL, encoding: .utf8).contains(typed + "\n"), "the line kept")
    }

    @Test func anEntryNumberedIntMaxIsALineKeptAndTheNextAddGoesOn() async throws {
        // Given a log of three entries and a hand-edited copy numbered Int.max
        await logThree()
        let text = try String(contentsOf: logURL, encoding: .utf8)
        let edited = try #require(text.split(separator: "\n").first)
            .replacingOccurrences(of: #""number":1"#, with: #""number":\#(Int.max)"#)
        try (text + edited + "\n").write(to: logURL, atomically: true, encoding: .utf8)

        // When an entry is added (a second meal there that day)
        let added = await run(["log", "add", "--stub", "J900000001", "--again"])

        // Then it is entry 4, exit 0, with the edited line named and kept
        #expect(added.code == .success && added.stdout.hasPrefix("Logged entry 4: "), "\(added.stdout) \(added.stderr)")
        #expect(
            added.stderr == "foodlogger: \(logURL.path): line 4 is not an entry foodlogger can read; it is kept as it is\n",
            "\(added.stderr)")
        #expect(try String(contentsOf: logURL, encoding: .utf8).hasPrefix(text + edited + "\n"), "every line before kept")
    }

    @Test func aLogAtTheLastNumberRefusesAnEntryInOneLineAndStaysAsItWas() async throws {
        // Given a log whose one entry has the highest number an entry takes
        await logThree()
        let line = try #require(try String(contentsOf: logURL, encoding: .utf8).split(separator: "\n").first)
        let before = line.replacingOccurrences(of: #""number":1"#, with: #""number":999999999"#) + "\n"
        try before.write(to: logURL, atomically: true, encoding: .utf8)

        // When an entry is added (a second meal there that day)
        let added = await run(["log", "add", "--stub", "J900000001", "--again"])

        // Then exit 74 and one line saying why; the log as it was
        #expect(added.code == .ioError && added.stdout.isEmpty, "exit 74: \(added.code)")
        #expect(
            added.stderr
                == "foodlogger: the food log \(logURL.path) has an entry numbered 999999999, the highest number an entry takes; nothing was added (remove that entry, or give it a lower number by hand)\n",
            "\(added.stderr)")
        #expect(try String(contentsOf: logURL, encoding: .utf8) == before, "the log as it was")
    }

    @Test func aLockHeldByAnotherRunIsSaidInOneLineAndTheLogStaysAsItWas() async throws {
        // Given a log of three entries whose lock another run holds, and the scene over a store
        // that waits a second for it (a run waits 30 s)
        await logThree()
        let before = try Data(contentsOf: logURL)
        let holder = try await SharedFile(logURL).lock()
        defer { close(holder) }
        let stdout = CapturedOutput(), stderr = CapturedOutput()
        let context = ProcessContext(arguments: [], stdout: stdout, stderr: stderr)
        let store = FoodLogStore(folder: logURL.deletingLastPathComponent(), lockWait: .seconds(1))
        let sut = FoodLogScene.assemble(context: context, presentation: .table, store: store)

        // When entry 2 is removed
        let code = ExitCode(await sut.remove(number: 2))

        // Then exit 74, one line naming the lock and how long it was held; the log as it was
        #expect(code == .ioError, "exit 74: \(code)")
        #expect(
            stderr.text
                == "foodlogger: cannot write the food log (another foodlogger run has held the lock \(logURL.path).lock for 1 s); nothing was changed\n",
            "\(stderr.text)")
        #expect(stdout.text.isEmpty, "nothing printed: \(stdout.text)")
        #expect(try Data(contentsOf: logURL) == before, "the log as it was")
    }

    @Test func textFromAShopOrANoteNeverReachesTheTerminalRaw() async throws {
        // Given a log whose shop name and note hold escape sequences (a hand edit, a hostile service)
        await logThree()
        let text = try String(contentsOf: logURL, encoding: .utf8)
            .replacingOccurrences(of: "good tonkotsu", with: #"\u001b]0;owned\u0007"#)
            .replacingOccurrences(of: "炉端 かがり火 丸の内店", with: #"\u001b[2J店"#)
        try text.write(to: logURL, atomically: true, encoding: .utf8)

        // When it is listed on a terminal, removed, and drawn
        let table = await run(["log", "--color", "never"], terminal: Terminal(stdoutIsTerminal: true, columns: 100))
        let removed = await run(["log", "remove", "1"])

        // Then no escape character is printed
        for output in [table.stdout, table.stderr, removed.stdout, removed.stderr] {
            #expect(!output.unicodeScalars.contains("\u{1B}") && !output.unicodeScalars.contains("\u{07}"), "escaped: \(output)")
        }
        #expect(removed.code == .success, "removed")
    }

    @Test func logMapStaticDrawsTheLoggedShopsWithoutARequest() async throws {
        // Given three logged shops (the services are unreachable in tests: any request would fail)
        await logThree()

        // When the map is drawn, and the HTML map made
        let drawing = await run(["log", "map", "--static", "--width", "60"])
        let html = await run(["log", "map", "--format", "html"])
        let want = await run(["log", "map", "--want", "--static"])

        // Then the drawing's legend names the shops, and the HTML holds them
        #expect(drawing.code == .success, "exit 0; stderr: \(drawing.stderr)")
        #expect(drawing.stdout.hasPrefix("+- N ↑ "), "the map's frame: \(drawing.stdout.prefix(80))")
        for name in ["炉端 かがり火 丸の内店", "Cafe & Books ことのは", "ル・コワン"] {
            #expect(drawing.stdout.contains(name), "\(name) in the legend")
            #expect(
                html.stdout.contains(name) || html.stdout.contains(name.replacingOccurrences(of: "&", with: "&amp;")),
                "\(name) in the HTML")
        }
        #expect(html.stdout.hasPrefix("<!doctype html>"), "an HTML page")
        #expect(
            want.code == .success && want.stdout.contains("Cafe & Books ことのは") && !want.stdout.contains("丸の内店"), "only the want")
    }

    @Test func aMapOfShopsFromTwoServicesCreditsBoth() async {
        // Given a HOT PEPPER shop and an OpenStreetMap one in the log
        _ = await run(["log", "add", "--stub", "J900000001"])
        _ = await run(["log", "add", "--stub", "node/99000000101"])

        // When the map is drawn, and its HTML page made
        let drawing = await run(["log", "map", "--static", "--width", "80"])
        let html = await run(["log", "map", "--format", "html"])

        // Then both services are credited
        for output in [drawing.stdout, html.stdout] {
            #expect(
                output.contains("ホットペッパーグルメ") && output.contains("OpenStreetMap contributors"),
                "both credits: \(output.suffix(300))")
        }
    }

    @Test func logMapAtADumbTerminalDrawsAndSaysWhy() async {
        // Given a logged shop, and a terminal that cannot show the interactive map
        _ = await run(["log", "add", "--stub", "J900000001"])
        let terminal = Terminal(stdinIsTerminal: true, stdoutIsTerminal: true, columns: 80)

        // When the map is asked for
        let result = await run(["log", "map", "--color", "never"], terminal: terminal, service: ["TERM": "dumb"])

        // Then the drawing is printed, with the note on why
        #expect(result.code == .success && result.stdout.hasPrefix("+- N ↑ "), "the drawing: \(result.stdout.prefix(80))")
        #expect(result.stderr.contains("TERM=dumb cannot show the interactive map"), "\(result.stderr)")
    }

    @Test func logMapOfAnEmptyLogExitsOne() async {
        // When the map of an empty log is asked for
        let result = await run(["log", "map", "--static"])

        // Then exit 1 with the hint, and no drawing
        #expect(result.code == .noResults && result.stdout.isEmpty, "exit 1: \(result.stdout)")
        #expect(result.stderr.contains("the food log is empty"), "\(result.stderr)")
    }

    @Test func helpAndCompletionsKnowTheLog() async {
        // When the help and a completion script are asked for
        let help = await run(["log", "--help"])
        let completion = await run(["completions", "bash"])

        // Then the help leads with examples and the completions offer the subcommands and flags
        #expect(help.code == .success && help.stdout.contains("foodlogger log add 3 --rating 4"), "\(help.stdout)")
        #expect(completion.stdout.contains("log)") && completion.stdout.contains("--rating"), "log completes")
        #expect(completion.stdout.contains("add list remove map") || completion.stdout.contains("list add remove map"), "actions")
    }
}

extension LogCommandTests {
    /// The list written as it is read is the document the whole log made at once: the same bytes
    /// as the renderers give for every entry newest first, odd lines, wide and combining text too.
    @Test(arguments: ["table", "json", "csv"])
    func aListWrittenAsItIsReadIsTheWholeDocument(format: String) async throws {
        // Given the odd log as the stub's log
        try FileManager.default.createDirectory(at: logURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FoodLogListingTests.oddLog().write(to: logURL, atomically: true, encoding: .utf8)

        // When it is listed
        let result = await run(["log", "--format", format], terminal: Terminal(columns: 70))

        // Then stdout is what the renderers make of the whole log
        let entries = try FoodLogStore(folder: logURL.deletingLastPathComponent()).read().newestFirst
        let expected: String
        switch format {
        case "table":
            let table = TextTable(
                columns: FoodLogPresenter.tableColumns, rows: entries.map { FoodLogPresenter.row($0, at: CLIRun.friday) })
            let footer = FoodLogPresenter.footer(
                FoodLogListing(FoodLogContents(entries: entries), wants: nil, at: CLIRun.friday), file: logURL)
            expected = DisplayWidth.withFooter(TableRenderer.render(table, width: 70), footer, width: 70)
        case "json":
            let document = JSONValue.object([
                ("entries", .array(entries.map { FoodLogPresenter.record($0, at: CLIRun.friday) })),
                ("count", .integer(entries.count)),
                ("file", .string(logURL.path)),
            ])
            expected = document.serialized(pretty: true) + "\n"
        default:
            expected = CSVRenderer.render(
                columns: FoodLogPresenter.csvColumns,
                rows: entries.map { FoodLogPresenter.record($0, at: CLIRun.friday).cells().map(\.1) })
        }
        #expect(result.code == .success, "exit 0: \(result.stderr)")
        #expect(result.stdout == expected, "the whole document's bytes:\n\(result.stdout)\n---\n\(expected)")
        #expect(entries.count == 5, "five entries: \(entries.map(\.number))")
    }
}
