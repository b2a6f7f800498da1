import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct SearchLimitTests {
    @Test(arguments: [
        (
            ["--limit", "200", "--count", "20"],
            "foodlogger search: --count sets the size of one page and --limit the size of the whole list; use one. See 'foodlogger search --help'.\n"
        ),
        (
            ["--limit", "0"],
            "foodlogger search: --limit must be an integer from 1 to 1000, not '0'. See 'foodlogger search --help'.\n"
        ),
        (
            ["--limit", "1001"],
            "foodlogger search: --limit must be an integer from 1 to 1000, not '1001'. See 'foodlogger search --help'.\n"
        ),
    ])
    func badLimitsExit64(extra: [String], message: String) async {
        let run = await CLIRun.run(["search", "--stub", "--lat", "35.6812", "--lng", "139.7671"] + extra)
        #expect(run.code == .usage, "exit 64 for \(extra)")
        #expect(run.stderr == message, "one line naming the problem")
    }

    @Test func limitBecomesTheQueryLimitWithStart() throws {
        let parsed = try ArgumentParser.parse(["--keyword", "x", "--limit", "250", "--start", "11"], specs: SearchCommand.specs)
        let command = try SearchCommand(
            parsed, context: ProcessContext(arguments: [], stdout: CapturedOutput(), stderr: CapturedOutput()))
        #expect(command.query.limit == 250 && command.query.start == 11, "limit and start both kept")
    }

    @Test func stubSearchWithALimitKeepsTheSchema() async throws {
        let run = await CLIRun.run(
            [
                "search", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--range", "5",
                "--limit", "1000", "--json",
            ], terminal: Terminal(stderrIsTerminal: true))
        #expect(run.code == .success, "exit 0; stderr: \(run.stderr)")
        let json = try #require(run.json, "JSON on stdout")
        let total = try #require(json["total"] as? Int, "total")
        #expect(json["start"] as? Int == 1, "start 1")
        #expect(json["returned"] as? Int == total, "a limit above the total returns every shop there is")
        #expect((json["restaurants"] as? [Any])?.count == total, "returned counts the list")
    }
}
