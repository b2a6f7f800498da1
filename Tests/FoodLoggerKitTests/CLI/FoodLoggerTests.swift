import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct FoodLoggerTests {
    @Test func helpLeadsWithExamples() async {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let run = await CLIRun.run(arguments)
            #expect(run.code == .success, "\(arguments) exits 0")
            #expect(run.stdout.contains("Examples:\n  foodlogger search --stub"), "examples first")
            #expect(
                run.stdout.range(of: "Examples:")!.lowerBound < run.stdout.range(of: "Usage:")!.lowerBound,
                "examples before usage")
        }
    }

    @Test func searchHelpListsEveryOption() async {
        let run = await CLIRun.run(["search", "--help"], terminal: Terminal(columns: 100))
        #expect(run.code == .success, "exit 0")
        for option in SearchCommand.specs.map(\.name) {
            #expect(run.stdout.contains(option), "help mentions \(option)")
        }
        #expect(run.stdout.hasPrefix("foodlogger search: find restaurants"), "summary first")
        let viaHelp = await CLIRun.run(["help", "search"], terminal: Terminal(columns: 100))
        #expect(viaHelp.stdout == run.stdout, "'help search' prints the same help")
        for line in run.stdout.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 100, "help fits 100 columns: \(line)")
        }
    }

    @Test(arguments: [
        [], ["map"], ["show"], ["open"], ["pick"], ["log"], ["log", "check"], ["log", "map"], ["mcp"], ["genres"],
        ["budgets"], ["areas"], ["completions"], ["manual"],
    ])
    func everyHelpFits100Columns(command: [String]) async {
        let run = await CLIRun.run(command + ["--help"], terminal: Terminal(columns: 100))
        #expect(run.code == .success && !run.stdout.isEmpty, "\(command): \(run.stderr)")
        for line in run.stdout.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 100, "\(command) --help fits 100 columns: \(line)")
        }
    }

    @Test func versionPrintsTheVersion() async {
        let run = await CLIRun.run(["--version"])
        #expect(run.stdout == "foodlogger \(FoodLoggerVersion.current)\n" && run.code == .success, "version on stdout")
    }

    @Test func noArgumentsShowsHelpOnStderrAndExits64() async {
        let run = await CLIRun.run([])
        #expect(run.code == .usage, "exit 64")
        #expect(run.stderr.contains("Usage: foodlogger COMMAND") && run.stdout.isEmpty, "usage on stderr")
    }

    @Test(arguments: [
        (["serch"], "foodlogger: unknown command 'serch' (did you mean search?). See 'foodlogger --help'.\n"),
        (
            ["--stub"],
            "foodlogger: --stub goes with a command, such as 'foodlogger search --stub …'. See 'foodlogger --help'.\n"
        ),
        (["--nonsense"], "foodlogger: unknown option --nonsense. See 'foodlogger --help'.\n"),
        (
            ["search", "--lat", "91", "--lng", "0"],
            "foodlogger search: --lat must be a decimal from -90 to 90, not '91'. See 'foodlogger search --help'.\n"
        ),
        (["search", "--lat", "35"], "foodlogger search: --lat needs --lng. See 'foodlogger search --help'.\n"),
        (
            ["search"],
            "foodlogger search: nothing to search for: give --near PLACE, --lat and --lng (or FOODLOGGER_LAT/LNG), --area or --keyword. See 'foodlogger search --help'.\n"
        ),
        (
            ["search", "--keyword", "x", "--json", "--format", "table"],
            "foodlogger search: --json contradicts --format table; use one. See 'foodlogger search --help'.\n"
        ),
        (
            ["search", "--lat", "35", "--lng", "139", "--order", "kana"],
            "foodlogger search: --order has no effect with a centre: the service always orders by distance then. See 'foodlogger search --help'.\n"
        ),
    ])
    func usageErrorsAreOneLineAndExit64(arguments: [String], message: String) async {
        let run = await CLIRun.run(arguments)
        #expect(run.code == .usage, "\(arguments) exits 64")
        #expect(run.stderr == message, "one line naming the problem")
        #expect(run.stdout.isEmpty, "nothing on stdout")
    }

    @Test func noKeyExplainsWhereItLookedAndExits78() async {
        let run = await CLIRun.run(
            ["search", "--provider", "hotpepper", "--lat", "35.6812", "--lng", "139.7671"], currentDirectory: "/nonexistent-cwd")
        #expect(run.code == .configuration, "exit 78")
        #expect(
            run.stderr.contains(
                "Looked in: HOTPEPPER_API_KEY, /nonexistent-cwd/key.plist, /nonexistent-config/foodlogger/key.plist"),
            "names the places it looked")
        #expect(run.stderr.contains("--stub"), "suggests the stub")
    }

    @Test func stubSearchPrintsJSONWhenPiped() async throws {
        let run = await CLIRun.run(["search", "--stub", "--lat", "35.6812", "--lng", "139.7671"])
        #expect(run.code == .success, "exit 0")
        let json = try #require(run.json, "stdout is JSON when not a terminal")
        #expect((json["restaurants"] as? [Any])?.isEmpty == false, "shops are listed")
        #expect(run.stderr.isEmpty, "nothing on stderr")
    }

    @Test func stubSearchDrawsATableOnATerminal() async {
        let run = await CLIRun.run(
            ["search", "--stub", "--lat", "35.6812", "--lng", "139.7671"],
            terminal: Terminal(stdoutIsTerminal: true, columns: 70))
        #expect(run.stdout.hasPrefix("\u{1B}[1m"), "a bold table header on a terminal")
        #expect(run.stdout.contains("#  Name"), "the table header")
        #expect(run.stdout.contains("Powered by ホットペッパーグルメ Webサービス"), "the credit")
        for line in run.stdout.split(separator: "\n") {
            #expect(
                DisplayWidth.of(
                    String(line).replacingOccurrences(of: "\u{1B}[1m", with: "")
                        .replacingOccurrences(of: "\u{1B}[0m", with: "")) <= 70, "fits 70 columns: \(line)")
        }
    }

    @Test func noColourWhenAskedNot() async {
        let run = await CLIRun.run(
            ["search", "--stub", "--lat", "35.6812", "--lng", "139.7671"], environment: ["NO_COLOR": "1"],
            terminal: Terminal(stdoutIsTerminal: true, columns: 80))
        #expect(!run.stdout.contains("\u{1B}"), "NO_COLOR turns styling off")
    }

    @Test func centreFromTheEnvironment() async throws {
        let run = await CLIRun.run(
            ["search", "--stub", "--json"],
            environment: ["FOODLOGGER_LAT": "35.6812", "FOODLOGGER_LNG": "139.7671"])
        let center = try #require(run.json?["center"] as? [String: Double], "center from FOODLOGGER_LAT/LNG")
        #expect(center == ["lat": 35.6812, "lng": 139.7671], "the environment's point")
    }

    @Test func stubFromTheEnvironmentNeedsNoKey() async {
        let run = await CLIRun.run(["search", "--lat", "35.6812", "--lng", "139.7671"], environment: ["FOODLOGGER_STUB": "1"])
        #expect(run.code == .success, "FOODLOGGER_STUB=1 is --stub")
    }
}
