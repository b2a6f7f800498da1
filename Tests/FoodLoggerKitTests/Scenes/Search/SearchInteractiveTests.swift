import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The `search --interactive` prompt, driven by scripted input through the injected line reader.
@MainActor
@Suite("Search interactive prompt")
struct SearchInteractiveTests {
    /// 25 shops in all; answers the page the query's start and count ask for, and records starts.
    final class WorkerSpy: HotpepperWorking, @unchecked Sendable {
        var provider: Provider = .hotpepper
        private let lock = NSLock()
        private var queries: [RestaurantQuery] = []
        private var lookups: [[String]] = []
        var failing = false
        static let total = 25

        var starts: [Int] { lock.withLock { queries.map(\.start) } }
        var lookedUp: [[String]] { lock.withLock { lookups } }

        func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
            lock.withLock { queries.append(query) }
            if failing { throw .network(.refused, detail: "test") }
            let numbers = Array(query.start..<min(query.start + query.count, Self.total + 1))
            return RestaurantPage(total: Self.total, start: query.start, restaurants: numbers.map(DetailSeeds.numbered))
        }

        func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage {
            lock.withLock { lookups.append(ids) }
            return RestaurantPage(total: 0, start: 1, restaurants: [])
        }
    }

    /// Hands out the script's lines, then nil (end of input), and counts reads.
    final class ScriptedInput: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String]
        private var reads = 0
        init(_ lines: [String]) { self.lines = lines }
        var readCount: Int { lock.withLock { reads } }
        func next() -> String? {
            lock.withLock {
                reads += 1
                return lines.isEmpty ? nil : lines.removeFirst()
            }
        }
    }

    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let worker = WorkerSpy()
    let opener = OpenerSpy()

    /// Runs the prompt over the script and returns the exit code and how many lines were read.
    func run(_ script: [String]) async -> (ExitCode, reads: Int) {
        let input = ScriptedInput(script)
        // NO_COLOR keeps the titles plain, so the expectations read as text.
        let context = ProcessContext(
            arguments: [], environment: ["NO_COLOR": "1"], stdout: stdout, stderr: stderr,
            terminal: Terminal(stdinIsTerminal: true, stdoutIsTerminal: true, columns: 100),
            readLine: { input.next() }, opener: opener)
        let sut = SearchScene.assemble(
            context: context, format: .table, finder: FindPlaces(worker), worker: worker, prompting: true)
        let status = await sut.searchInteractively(RestaurantQuery(keyword: "居酒屋"), open: Seeds.open)
        return (ExitCode(status), input.readCount)
    }

    @Test("l N logs a meal there today and w N wants it, the entries log add writes; l N again that day is refused")
    func logAndWant() async throws {
        // Given a food log of its own, and the prompt over the first page
        let data = try TemporaryFolder("foodlogger-prompt-log")
        let store = FoodLogStore(environment: ["XDG_DATA_HOME": data.path])
        let input = ScriptedInput(["l 2", "l 2", "w 3", "l 99", "q"])
        let context = ProcessContext(
            arguments: [], environment: ["NO_COLOR": "1"], stdout: stdout, stderr: stderr,
            terminal: Terminal(stdinIsTerminal: true, stdoutIsTerminal: true, columns: 100),
            readLine: { input.next() }, opener: opener, now: { CLIRun.friday })
        let sut = SearchScene.assemble(
            context: context, format: .table, finder: FindPlaces(worker), worker: worker, prompting: true,
            foodLog: (store, false))

        // When number 2 is logged twice and number 3 wanted
        let status = await sut.searchInteractively(RestaurantQuery(keyword: "居酒屋"), open: Seeds.open)

        // Then the log holds a meal at number 2 on the day and number 3 on the want list, once each
        #expect(status == .shown, "q ends shown: exit 0")
        let entries = try store.read().newestFirst
        #expect(entries.map(\.shop.id).sorted() == ["J000001002", "J000001003"], "\(entries.map(\.shop.id))")
        #expect(entries.first { $0.shop.id == "J000001002" }?.date == CivilDate(CLIRun.friday, in: .current), "today")
        #expect(entries.first { $0.shop.id == "J000001003" }?.date == nil, "wanted: no date")
        let said = stdout.text + stderr.text
        #expect(said.contains("is logged on") && said.contains("already"), "the second l 2 refused: \(said)")
        #expect(said.contains("There is no number 99 here"), "a number off the page")
        #expect(worker.lookedUp.isEmpty, "the places at hand: no lookup")
    }

    func prompts() -> Int { stderr.text.components(separatedBy: "]> ").count - 1 }

    @Test("a number shows that restaurant's card from the results, with no second request")
    func pickShowsCard() async {
        let (status, _) = await run(["3", "q"])

        #expect(status == .success, "q exits 0")
        #expect(stdout.text.contains("\n店 3\n  ID        J000001003\n"), "the card of number 3")
        #expect(worker.starts == [1], "only the first search was sent")
        #expect(worker.lookedUp.isEmpty, "no lookup by id either")
        #expect(stderr.text.hasPrefix("foodlogger [1-10, o N, n, p, ?, q]> "), "the prompt names the numbers on screen")
    }

    @Test("o N opens that restaurant's page with the opener")
    func openNumber() async {
        let (status, _) = await run(["o 2", "q"])

        #expect(status == .success, "exit 0")
        #expect(opener.urls == ["https://www.hotpepper.jp/strJ2/"], "number 2's page opened")
    }

    @Test("n and p move by one page and search again")
    func paging() async {
        let (status, _) = await run(["n", "11", "p", "q"])

        #expect(status == .success, "exit 0")
        #expect(worker.starts == [1, 11, 1], "start 1, then 11, then back to 1")
        #expect(stdout.text.contains("\n店 11\n"), "number 11 picked from the second page")
        #expect(stderr.text.contains("foodlogger [11-20, o N, n, p, ?, q]> "), "the second page's numbers in the prompt")
        #expect(
            stdout.text.contains("More: n shows 11–20.") && stdout.text.contains("More: n shows 21–25."),
            "each footer points at the prompt's n, not at --start")
        #expect(!stdout.text.contains("--start"), "no flag to retype under a prompt")
    }

    @Test("no page before the first or after the last: a hint, no request")
    func pagingLimits() async {
        let (status, _) = await run(["p", "n", "n", "n", "q"])

        #expect(status == .success, "exit 0")
        #expect(worker.starts == [1, 11, 21], "pages 1, 11, 21 of 25, nothing past them")
        #expect(
            stderr.text.contains("This is the first page.") && stderr.text.contains("This is the last page."),
            "both limits explained")
    }

    @Test("numbers not on screen re-prompt with the range")
    func outOfRange() async {
        let (status, reads) = await run(["11", "0", "o 99", "q"])

        #expect(status == .success, "exit 0")
        #expect(stderr.text.contains("There is no number 11 here: pick from 1 to 10."), "11 is not on the first page")
        #expect(stderr.text.contains("There is no number 0 here"), "0 is never a number")
        #expect(stderr.text.contains("There is no number 99 here"), "o 99 neither")
        #expect(opener.urls.isEmpty, "nothing opened")
        #expect(reads == 4 && prompts() == 4, "asked again after each")
        #expect(!stdout.text.contains("  ID  "), "no card drawn")
    }

    @Test("garbage gets a hint, empty lines just ask again, ? shows help")
    func garbageAndEmpty() async {
        let (status, reads) = await run(["xyz", "", "   ", "o", "o x", "1 2", "?", "q"])

        #expect(status == .success, "exit 0")
        #expect(
            stderr.text.contains("'xyz' is not a choice. Type a number, o N, l N, w N, n, p, q, or ? for help."), "hint for xyz")
        #expect(stderr.text.contains("'o x' is not a choice."), "hint for o x")
        #expect(stderr.text.contains("'1 2' is not a choice."), "hint for two numbers")
        #expect(stderr.text.contains("n / p    next / previous page"), "the help")
        #expect(reads == 8 && prompts() == 8, "one prompt per line read")
        #expect(stderr.text.components(separatedBy: "is not a choice").count - 1 == 4, "no hint for empty lines")
    }

    @Test("end of input quits cleanly with exit 0")
    func endOfInput() async {
        let (status, reads) = await run(["2"])

        #expect(status == .success, "Ctrl-D exits 0")
        #expect(reads == 2, "read until nil")
        #expect(stderr.text.hasSuffix("]> \n"), "the line ended after the last prompt")
    }

    @Test("a failed first search ends at once with its exit code, no prompt")
    func failedFirstSearch() async {
        worker.failing = true
        let (status, reads) = await run(["1"])

        #expect(status == .unavailable, "exit 69 for a refused connection")
        #expect(reads == 0 && prompts() == 0, "never prompted")
    }

    @Test(
        "the prompt understands",
        arguments: [
            ("7", SearchPrompt.Command.pick(7)), (" o 3 ", .open(3)), ("OPEN 4", .open(4)), ("n", .next), ("P", .previous),
            ("?", .help), ("quit", .quit), ("", .empty), ("o", .invalid("o")), ("-1x", .invalid("-1x")),
        ])
    func parse(line: String, command: SearchPrompt.Command) {
        #expect(SearchPrompt.Command(line) == command, "'\(line)' reads as \(command)")
    }
}
