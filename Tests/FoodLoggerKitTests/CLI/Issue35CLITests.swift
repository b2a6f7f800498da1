import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// What a new user tripped over in issue 35, each through the command line where they met it.
@MainActor @Suite struct Issue35CLITests {
    nonisolated static let tokyo = ["--lat", "35.6812", "--lng", "139.7671"]

    // MARK: 3. The no-key notice: once per user, never for a command that searches nothing

    private func overpass(answers: Int) throws -> LoopbackServer {
        try LoopbackServer(
            replies: (0..<answers).map { _ in
                try .file(Fixtures.overpass("lisbon_food_and_areas.json").path, contentType: "application/json")
            })
    }

    private var stderrTerminal: Terminal {
        var terminal = Terminal()
        terminal.stderrIsTerminal = true
        return terminal
    }

    @Test func theNoKeyNoticeIsSaidOncePerUser() async throws {
        // Given no key, Overpass on loopback and one state folder for both runs
        let server = try overpass(answers: 2)
        let state = try TemporaryFolder("foodlogger-state")
        let environment = [
            "FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString,
            "XDG_STATE_HOME": state.path, "GOOGLE_PLACES_API_KEY": "AIzaRealGoogleKey123",
        ]
        let baixa = ["search", "--json", "--refresh", "--lat", "38.711", "--lng", "-9.137"]

        // When the user searches twice at a terminal
        let first = await CLIRun.run(baixa, environment: environment, terminal: stderrTerminal)
        let second = await CLIRun.run(baixa, environment: environment, terminal: stderrTerminal)

        // Then the first run says why OpenStreetMap answered, and the second does not again
        #expect(first.code == .success && second.code == .success, "both found: \(first.stderr) \(second.stderr)")
        // (Lisbon is abroad: the Google key found is named, HOT PEPPER is not: issue 49, item 4)
        #expect(first.stderr.contains("Searching OpenStreetMap: a Google key was found"), "said the first time: \(first.stderr)")
        #expect(!second.stderr.contains("a Google key was found"), "remembered: \(second.stderr)")
        #expect(!first.stderr.contains("HOT PEPPER"), "\(first.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: state.url.appendingPathComponent("foodlogger/told-no-key").path),
            "remembered in the state folder")
    }

    @Test(arguments: ["genres", "budgets", "areas"])
    func theCodeListsNeverSayTheNoKeyNotice(command: String) async {
        // Given no key and stderr at a terminal
        // When a code list is asked for, which searches nothing
        let run = await CLIRun.run([command, "--json"], terminal: stderrTerminal)

        // Then no notice is given (OpenStreetMap lists genres, and says budgets and areas are HOT PEPPER's)
        #expect(!run.stderr.contains("No HOT PEPPER key"), "\(command) searches nothing: \(run.stderr)")
    }

    // MARK: 4. --open-at's everyday forms, and --near with a lat,lng pair

    @Test(arguments: [
        ("7:30pm", 19 * 60 + 30), ("7:30 PM", 19 * 60 + 30), ("7pm", 19 * 60), ("12am", 0), ("12:15pm", 12 * 60 + 15),
        ("19:30", 19 * 60 + 30), ("0:05", 5),
    ])
    func twelveAndTwentyFourHourTimesAreRead(text: String, minute: Int) throws {
        let moment = try OpenAtOption.moment(text, now: CLIRun.friday)
        #expect(moment == .wallClock(day: .today, minute: minute, asked: CLIRun.friday), "\(text) is minute \(minute)")
    }

    @Test(arguments: ["13pm", "0am", "7:3pm", "19", "24:00", "7:60pm", "+7pm", "tomorow 12:00"])
    func impossibleTimesAreRefused(text: String) async {
        let run = await CLIRun.run(["search", "--stub", "--open-at", text] + Self.tokyo)
        #expect(run.code == .usage, "\(text) refused: \(run.stderr)")
        #expect(run.stderr.contains("7:30pm, tomorrow 12:00"), "the forms it takes: \(run.stderr)")
    }

    @Test func tomorrowAndAWeekdayWithATwelveHourTimeAreTaken() async throws {
        // Given Friday 2026-11-20 in Japan
        // When the user asks about tomorrow noon, and Thursday at 7 in the evening
        let tomorrow = await CLIRun.run(["search", "--stub", "--json", "--open-at", "tomorrow 12:00"] + Self.tokyo)
        let thursday = await CLIRun.run(["search", "--stub", "--json", "--open-at", "Thu 7pm"] + Self.tokyo)

        // Then each is read on the shops' clock
        #expect(tomorrow.code == .success || tomorrow.code == .noResults, "taken: \(tomorrow.stderr)")
        #expect(tomorrow.json?["open_at"] as? String == "2026-11-21T12:00+09:00", "Saturday noon: \(tomorrow.stdout.prefix(300))")
        #expect(thursday.json?["open_at"] as? String == "2026-11-26T19:00+09:00", "the coming Thursday, 19:00")
    }

    @Test(arguments: ["35.6812,139.7671", "35.6812, 139.7671", "35.6812 139.7671"])
    func aLatLngPairIsACentreNotAPlaceName(pair: String) async {
        // Given Nominatim unreachable (the harness points it at a closed port)
        // When --near is given a pair of coordinates
        let run = await CLIRun.run(["search", "--json", "--provider", "osm", "--stub", "--near", pair])
        let center = run.json?["center"] as? [String: Any]

        // Then it is the centre, with no place search
        #expect(run.code == .success, "searched: \(run.stderr)")
        #expect(
            center?["lat"] as? Double == 35.6812 && center?["lng"] as? Double == 139.7671,
            "the pair: \(String(describing: center))")
        #expect(center?["name"] == nil, "no place was looked up")
    }

    @Test(arguments: ["91,139", "35.6,181", "1e1,2", "Paris, France", "35,139,1", "7 11", "35.6 139.7 12", "Hanoi 21.0"])
    func notAPairIsStillAPlaceName(text: String) {
        #expect(Coordinate(pair: text) == nil, "\(text) is no pair")
    }

    // MARK: 5. Help asked for after the command, or before it

    @Test(arguments: [["--help", "search"], ["-h", "search"], ["search", "help"], ["help", "search"]])
    func everyWayOfAskingForASearchsHelpShowsIt(arguments: [String]) async {
        let run = await CLIRun.run(arguments)
        let expected = await CLIRun.run(["search", "--help"])
        #expect(run.code == .success, "\(arguments): \(run.stderr)")
        #expect(
            run.stdout == expected.stdout && run.stdout.contains("Usage: foodlogger search"), "\(arguments) shows search's help")
    }

    @Test func logHelpIsTheLogsHelp() async {
        let run = await CLIRun.run(["log", "help"])
        #expect(run.code == .success && run.stdout.contains("Usage: foodlogger log"), "\(run.stdout.prefix(200)) \(run.stderr)")
    }

    // MARK: 8. The food log: its map's centre, its dates, one want per place, no invented place

    /// Runs with a data and a state folder of the test's own.
    private func logRun(_ arguments: [String], in folder: TemporaryFolder) async -> CLIRun {
        await CLIRun.run(
            arguments,
            environment: ["XDG_DATA_HOME": folder.path, "XDG_STATE_HOME": folder.path + "/state", "TZ": "Asia/Tokyo"])
    }

    @Test(arguments: [
        ("2030-01-01", "--date 2030-01-01 is after today (2026-11-20)"),
        ("2026-11-21", "--date 2026-11-21 is after today (2026-11-20)"),
        ("1900-01-01", "--date 1900-01-01 is before 2000-01-01"),
    ])
    func aDayInTheFutureOrLongAgoIsRefused(date: String, message: String) async throws {
        let folder = try TemporaryFolder("foodlogger-log")
        let run = await logRun(["log", "add", "--stub", "J900000001", "--date", date], in: folder)
        #expect(run.code == .usage && run.stderr.contains(message), "\(date): \(run.stderr)")
        #expect(await logRun(["log", "add", "--stub", "J900000001", "--date", "2026-11-20"], in: folder).code == .success)
    }

    @Test func aPlaceIsWantedOnce() async throws {
        // Given a place on the want list
        let folder = try TemporaryFolder("foodlogger-log")
        let first = await logRun(["log", "add", "--stub", "J900000001", "--want"], in: folder)

        // When it is wanted again
        let second = await logRun(["log", "add", "--stub", "J900000001", "--want"], in: folder)

        // Then the second is refused in one line, and the log holds one entry
        #expect(first.code == .success, "\(first.stderr)")
        #expect(second.code == .usage, "exit 64: \(second.stderr)")
        #expect(second.stderr == "foodlogger: 'J900000001' is on your want list already, as entry 1; nothing was logged\n")
        let listed = await logRun(["log", "--stub", "--json"], in: folder)
        #expect((listed.json?["entries"] as? [[String: Any]])?.count == 1, "one entry: \(listed.stdout)")
    }

    @Test func anInventedPlaceNeverReachesTheRealLog() async throws {
        // Given a stub search, kept as the last list
        let folder = try TemporaryFolder("foodlogger-log")
        let search = await logRun(["search", "--stub", "--json"] + Self.tokyo, in: folder)
        try #require(search.code == .success, "\(search.stderr)")

        // When its first place is logged without --stub, then with it
        let refused = await logRun(["log", "add", "1"], in: folder)
        let apart = await logRun(["log", "add", "1", "--stub"], in: folder)

        // Then the real log is not written; the stub's own log takes it
        #expect(refused.code == .usage, "exit 64: \(refused.stderr)")
        #expect(
            refused.stderr.contains("is a place the offline stub made up, and your food log keeps real places only"),
            "one line says why: \(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "one line")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/foodlogger/log.jsonl"), "no real log written")
        #expect(apart.code == .success, "\(apart.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/foodlogger/stub/log.jsonl"), "the stub's log")
        let real = await logRun(["log", "--json"], in: folder)
        #expect((real.json?["entries"] as? [[String: Any]])?.isEmpty ?? true, "the real log is empty: \(real.stdout)")
    }

    @Test func theLogMapsCentreIsSaidToBeTheMiddleOfThePlaces() async throws {
        // Given two logged places
        let folder = try TemporaryFolder("foodlogger-log")
        _ = await logRun(["log", "add", "--stub", "J900000001"], in: folder)
        _ = await logRun(["log", "add", "--stub", "J900000002"], in: folder)

        // When their map is drawn
        let map = await logRun(["log", "map", "--stub", "--static", "--width", "80", "--height", "20"], in: folder)

        // Then "@" is named for what it is
        #expect(map.code == .success, "\(map.stderr)")
        #expect(map.stdout.contains("@ middle of the places"), "\(map.stdout)")
        #expect(!map.stdout.contains("you are here"), "nobody stands there")
    }

    // MARK: 9. Narrow terminals keep the columns a user decides with

    private func table(_ arguments: [String], columns: Int) async -> [String] {
        let terminal = Terminal(stdoutIsTerminal: true, columns: columns)
        let run = await CLIRun.run(["search", "--stub", "--color", "never"] + arguments + Self.tokyo, terminal: terminal)
        return run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func atFortyColumnsTheOpenColumnStaysAndTheWalkGoes() async {
        let lines = await table(["--open-now"], columns: 40)
        let header = lines.first ?? ""
        #expect(header.contains("Name") && header.contains("Dist.") && header.contains("Open"), "kept: \(header)")
        #expect(!header.contains("Walk") && !header.contains("Hours") && !header.contains("Genre"), "dropped: \(header)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "within 40 columns: \(lines)")
    }

    @Test func atEightyColumnsGooglesNamesAreNotCutToSixteen() async {
        let lines = await table(["--provider", "google"], columns: 80)
        #expect(lines.contains { $0.contains("Station Burger Works") }, "the name whole: \(lines.joined(separator: "\n"))")
        #expect(lines.first?.contains("Open") == true && lines.first?.contains("Dist.") == true, "\(lines.first ?? "")")
    }

    // MARK: 12. --fields picks the columns, by their JSON keys

    @Test func fieldsPickTheCsvColumnsAndTheNDJSONKeysInTheirOrder() async {
        let csv = await CLIRun.run(
            ["search", "--stub", "--format", "csv", "--count", "2", "--fields", "url,name,distance_m"] + Self.tokyo)
        let ndjson = await CLIRun.run(
            ["search", "--stub", "--format", "ndjson", "--count", "2", "--fields", "name,hours"] + Self.tokyo)

        let rows = csv.stdout.components(separatedBy: "\r\n")
        #expect(rows.first == "url,name,distance_m", "the header: \(rows.first ?? "")")
        #expect(rows.count == 4 && rows[1].hasSuffix(",80"), "two shops, the nearest 80 m away: \(rows)")
        let first = ndjson.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(#"{"name":"#) && first.contains(#""hours":"#) && !first.contains(#""id":"#), "\(first)")
    }

    @Test func fieldsPickTheTablesColumns() async {
        let terminal = Terminal(stdoutIsTerminal: true, columns: 120)
        let run = await CLIRun.run(
            ["search", "--stub", "--color", "never", "--fields", "name,distance_m", "--count", "2"] + Self.tokyo,
            terminal: terminal)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["name", "distance_m"], "\(lines)")
        #expect(lines.count > 2 && lines[1].hasSuffix("80"), "the first shop's distance: \(lines)")
    }

    @Test(arguments: [
        ("name,distance,url", "no field is called 'distance' (did you mean distance_m?)"),
        ("nmae", "no field is called 'nmae' (did you mean name?)"),
    ])
    func anUnknownFieldIsRefusedWithTheLikeliestOne(fields: String, message: String) async {
        let run = await CLIRun.run(["search", "--stub", "--format", "csv", "--fields", fields] + Self.tokyo)
        #expect(run.code == .usage, "exit 64")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty, "nothing searched or printed")
    }
}

/// Item 10: the HTML page and the static map's list, in the table's words.
@MainActor @Suite struct Issue35MapWordsCLITests {
    /// The Bar Lantern's row as the table writes it on the tests' Friday evening.
    static let barLantern = (walk: "9 min ↗", when: "until sat 02:00", left: "390 min")
    static let utf8 = ["LANG": "C.UTF-8"]

    @Test func theHTMLPageMapsEveryPlaceFoundAndSaysTheWalkAndTimeLeftAsTheTableDoes() async throws {
        // Given the stub's 14 places within 3 km, and the table's row for the Bar Lantern
        let table = await CLIRun.run(
            ["search", "--stub", "--range", "5", "--limit", "100"] + Issue35CLITests.tokyo, environment: Self.utf8,
            terminal: Terminal(stdoutIsTerminal: true, columns: 160))
        let row = try #require(table.stdout.split(separator: "\n").first { $0.contains("Bar Lantern") }, "\(table.stdout)")
        let words = Self.barLantern
        #expect(row.contains(words.walk) && row.contains(words.when) && row.contains(words.left), "the table's row: \(row)")

        // When the same places are drawn as an HTML page by `map`, without --limit (`search` gives
        // its page of 10 in every format, HTML too: issue 49)
        let run = await CLIRun.run(["map", "--stub", "--range", "5", "--format", "html"] + Issue35CLITests.tokyo)

        // Then every place found is mapped, not the first page of 10
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "<g class=\"marker\"").count - 1 == 14, "14 markers")
        #expect(run.stdout.contains("<h1>14 restaurants within 3 km"), "the heading counts them all")
        // And the Bar Lantern's info window has its walk and time left in the table's words
        let marker = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("<g class=\"marker\"") && $0.contains("Bar Lantern") })
        #expect(marker.contains("data-walk=\"\(words.walk)\""), "the walk: \(marker)")
        #expect(marker.contains("data-time=\"\(words.when) · \(words.left)\""), "the time left: \(marker)")
        #expect(run.stdout.contains("m.getAttribute(\"data-time\")"), "the info window shows it")
    }

    @Test func theStaticMapsListSaysTheWalkAndTimeLeftAsTheTableDoes() async throws {
        // When the stub's places around Tokyo station are drawn
        let run = await CLIRun.run(
            ["map", "--static", "--stub", "--width", "100"] + Issue35CLITests.tokyo, environment: Self.utf8)

        // Then the list has the table's Walk, Open and Left columns, the Bar Lantern's row in its words
        #expect(run.code == .success, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        let heading = try #require(lines.first { $0.hasPrefix("#   Name") }, "\(run.stdout)")
        #expect(heading.contains("Walk") && heading.contains("Open") && heading.contains("Left"), "\(heading)")
        let row = try #require(lines.first { $0.contains("Bar Lantern") }, "\(run.stdout)")
        let words = Self.barLantern
        #expect(row.contains(words.walk) && row.contains(words.when) && row.contains(words.left), "\(row)")
    }
}

/// Item 6: midnight written one way in every view (README, "Time left").
@MainActor @Suite struct Issue35MidnightCLITests {
    /// The stub's Spanish bar (17:00～翌0:00) and ramen shop (11:00～翌4:00).
    static let ids = ["J900000012", "J900000101"]

    @Test func aCloseAtMidnightIs24AndOnePastItIsTheNextDaysClock() async throws {
        // When the two are shown as cards on the tests' Friday evening
        let card = await CLIRun.run(["show", "--stub"] + Self.ids, terminal: Terminal(stdoutIsTerminal: true, columns: 120))

        // Then the bar's day ends at 24:00 in its hours and its time left alike
        #expect(card.code == .success, "\(card.stderr)")
        #expect(card.stdout.contains("17:00–24:00") && card.stdout.contains("until 24:00 · 270 min"), "\(card.stdout)")
        // And the ramen shop's hours and time left both say 04:00 of the next day
        #expect(card.stdout.contains("11:00–04:00") && card.stdout.contains("until 04:00 (next day) · 510 min"), "\(card.stdout)")
        #expect(!card.stdout.contains("28:00") && !card.stdout.contains("sat 00:00"), "no other way: \(card.stdout)")
    }

    @Test func theTableSaysMidnightAsTheCardDoesAndTheJSONKeepsItsValues() async throws {
        // When the bar is searched as a table, and both are shown as JSON
        let table = await CLIRun.run(
            ["search", "--stub", "--lat", "35.6755", "--lng", "139.7858", "--range", "1", "--format", "table"],
            terminal: Terminal(stdoutIsTerminal: true, columns: 120))
        let json = await CLIRun.run(["show", "--stub", "--json"] + Self.ids)

        // Then the table's time left is until 24:00, not the next day's 00:00
        #expect(table.stdout.contains("until 24:00") && !table.stdout.contains("00:00"), "\(table.stdout)")
        // And the JSON's hours keep the values scripts already read: 24:00, and 28:00 past midnight
        #expect(json.stdout.contains(#""close": "24:00""#), "\(json.stdout)")
        #expect(json.stdout.contains(#""close": "28:00""#), "the count past 24:00, as before: \(json.stdout)")
    }
}
