import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The places a new user stumbled (issue 15), each with what they expected.
@MainActor
@Suite struct NewcomerTests {
    nonisolated static let tokyo = ["--lat", "35.6812", "--lng", "139.7671"]

    @Test func aBareWordAfterSearchSuggestsAPlaceOrAKeyword() async {
        let run = await CLIRun.run(["search", "ramen", "--stub"])
        #expect(run.code == .usage, "exit 64")
        #expect(
            run.stderr.contains("unexpected argument 'ramen' (did you mean --near 'ramen' or --keyword 'ramen'?)"),
            "HOT PEPPER searches by either: \(run.stderr)")
    }

    /// Issue 49, item 5: a service that needs a centre is never told to search by a keyword alone.
    @Test(arguments: [["--provider", "osm"], ["--provider", "google"], ["--provider", "osm,google"]])
    func aBareWordSuggestsOnlyWhatTheServiceCanDo(provider: [String]) async {
        let run = await CLIRun.run(["search", "Edinburgh", "--stub"] + provider)
        #expect(run.code == .usage, "exit 64")
        #expect(
            run.stderr.hasPrefix("foodlogger search: unexpected argument 'Edinburgh' (did you mean --near 'Edinburgh'?)"),
            "only --near: \(run.stderr)")
    }

    @Test func aBareWordChosenForLackOfAKeySuggestsNear() async {
        // Given no HOT PEPPER key, so OpenStreetMap answers
        let run = await CLIRun.run(["search", "Edinburgh", "Scotland"])
        #expect(
            run.code == .usage && run.stderr.contains("(did you mean --near 'Edinburgh Scotland'?)"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["--near", "Tokyo", "Station"], "unexpected argument 'Station' (did you mean --near 'Tokyo Station'?)"),
        (["--keyword", "ラーメン", "新宿"], "unexpected argument '新宿' (did you mean --keyword 'ラーメン 新宿'?)"),
        (["--near", "渋谷駅", "--keyword", "ラーメン", "新宿"], "(did you mean --keyword 'ラーメン 新宿'?)"),
        (["ramen", "--near", "渋谷駅"], "unexpected argument 'ramen' (did you mean --keyword 'ramen'?)"),
        (["--near", "渋谷駅", "--range", "2", "x"], "unexpected argument 'x'. See"),
        (["--", "--keyword", "x"], "unexpected argument '--keyword'. See"),
    ])
    func wordsOfOneValueLeftUnquotedSuggestTheQuotes(arguments: [String], message: String) async {
        let run = await CLIRun.run(["search", "--stub"] + arguments)
        #expect(run.code == .usage && run.stderr.contains(message), "\(run.stderr)")
    }

    @Test(arguments: [("--lgn", "--lng"), ("--lta", "--lat"), ("--rnage", "--range"), ("--jsno", "--json")])
    func aTranspositionSuggestsTheOptionItSwapped(typo: String, meant: String) async {
        let run = await CLIRun.run(["search", "--stub", typo, "1"])
        #expect(
            run.stderr.contains("unknown option \(typo) (did you mean \(meant)?)"), "\(typo) is \(meant) swapped: \(run.stderr)")
    }

    @Test func aSwapCountsAsOneEdit() {
        #expect("--lgn".editDistance(to: "--lng") == 1, "one transposition")
        #expect("--lgn".editDistance(to: "--lat") == 2, "two substitutions")
        #expect("".editDistance(to: "abc") == 3 && "abc".editDistance(to: "abc") == 0, "the edges")
    }

    @Test(arguments: [["--stub"], ["--stub", "--json"], ["--json", "--stub", "--count", "3"]])
    func optionsBeforeTheCommandAreTheCommandsOwn(leading: [String]) async {
        let before = await CLIRun.run(leading + ["search"] + Self.tokyo)
        let after = await CLIRun.run(["search"] + leading + Self.tokyo)
        #expect(before.code == .success, "\(leading) before search works: \(before.stderr)")
        #expect(before.stdout == after.stdout && before.stderr == after.stderr, "the same as after the command")
    }

    @Test(arguments: [
        (["--key-file", "search", "search"], "foodlogger search: --key-file needs a value (--key-file PATH)."),
        (["--lat", "search", "--stub"], "foodlogger search: --lat needs a value (--lat DEG)."),
        (["--nonsense", "search", "--stub"], "foodlogger search: unknown option --nonsense."),
        (["--stub", "--stub", "search"], "foodlogger search: --stub given twice."),
        (["--near", "--stub", "search"], "foodlogger search: --near needs a value (--near PLACE), not the option --stub."),
        (["--static"], "foodlogger: --static goes with a command, such as 'foodlogger map --static …'."),
    ])
    func optionsBeforeTheCommandThatCannotBeItsOwnAreRefusedByItsParser(arguments: [String], message: String) async {
        let run = await CLIRun.run(arguments + Self.tokyo)
        #expect(run.code == .usage, "\(arguments): exit 64, \(run.stderr)")
        #expect(run.stderr.hasPrefix(message), "says why: \(run.stderr)")
    }

    @Test func anEnvironmentCentreIsNamedAndCanBeLeftOut() async {
        let environment = ["FOODLOGGER_LAT": "35.6812", "FOODLOGGER_LNG": "139.7671"]
        let refused = await CLIRun.run(["search", "--stub", "--keyword", "ラーメン", "--order", "kana"], environment: environment)
        #expect(refused.code == .usage, "exit 64")
        #expect(
            refused.stderr.contains("FOODLOGGER_LAT/LNG, from the environment; --no-center leaves it out"),
            "says where the centre came from and how to leave it out: \(refused.stderr)")
        let keywordOnly = await CLIRun.run(
            ["search", "--stub", "--keyword", "ラーメン", "--order", "kana", "--no-center", "--json"],
            environment: environment)
        #expect(keywordOnly.code == .success || keywordOnly.code == .noResults, "searches: \(keywordOnly.stderr)")
        #expect((keywordOnly.json?["center"] as? NSNull) != nil, "without a centre")
        let both = await CLIRun.run(["search", "--stub", "--no-center"] + Self.tokyo)
        #expect(both.stderr.contains("--no-center contradicts --lat and --lng"), "one or the other: \(both.stderr)")
    }

    @Test func verboseRedactsTheKeyParameterOnlyEvenWhenTheKeyIsShort() async throws {
        let run = await CLIRun.run(
            ["search", "--keyword", "kk", "--verbose", "--retries", "0", "--timeout", "1"],
            environment: ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": "http://127.0.0.1:9/"])
        let request = try #require(
            run.stderr.split(separator: "\n").first { $0.contains("GET ") }, "a request line: \(run.stderr)")
        #expect(
            request.hasSuffix("GET http://127.0.0.1:9/gourmet/v1/?key=REDACTED&format=json&keyword=kk&start=1&count=10"),
            "only the key's value is replaced: \(request)")
    }

    @Test(arguments: [(ColorChoice.always, false, true), (.never, true, false), (.auto, true, true), (.auto, false, false)])
    func colorFollowsTheFlagOverTheTerminal(choice: ColorChoice, onTerminal: Bool, styled: Bool) {
        var context = ProcessContext(arguments: [], stdout: CapturedOutput(), stderr: CapturedOutput())
        context.color = choice
        #expect(context.allowsStyle(onTerminal: onTerminal) == styled, "--color \(choice) on a terminal: \(onTerminal)")
    }

    @Test func colorAlwaysStylesAPipedTable() async {
        let plain = await CLIRun.run(["search", "--stub", "--format", "table"] + Self.tokyo)
        let always = await CLIRun.run(["search", "--stub", "--format", "table", "--color", "always"] + Self.tokyo)
        let never = await CLIRun.run(
            ["search", "--stub", "--format", "table", "--color", "never"] + Self.tokyo,
            terminal: Terminal(stdoutIsTerminal: true))
        #expect(!plain.stdout.contains("\u{1B}["), "no styling in a pipe by default")
        #expect(always.stdout.contains("\u{1B}["), "styled on request")
        #expect(!never.stdout.contains("\u{1B}["), "never, even on a terminal")
        let bad = await CLIRun.run(["search", "--stub", "--color", "sometimes"] + Self.tokyo)
        #expect(bad.stderr.contains("--color must be one of auto, always, never"), "the choices: \(bad.stderr)")
    }

    @Test func openHelpUsesNoPlatformOnlyTool() async {
        let run = await CLIRun.run(["open", "--help"])
        #expect(!run.stdout.contains("pbcopy"), "no macOS-only example")
    }

    @Test(arguments: [
        (
            ["--keyword", "ramen"],
            "No restaurants found. Try another --keyword. The service matches Japanese text: write the keyword in Japanese (ラーメン rather than ramen).\n"
        ),
        (
            ["--lat", "43.0621", "--lng", "141.3544"],
            "No restaurants found within 1000 m of 43.0621, 141.3544. The offline stub knows only Tokyo Station, Shibuya, Shinjuku, Umeda (Osaka) and Kyoto Station; search around one of them, or leave out --stub for the real service.\n"
        ),
        (
            tokyo + ["--range", "5", "--budget", "B014"],
            "No restaurants found within 3000 m of 35.6812, 139.7671. Try leaving out --budget.\n"
        ),
        (
            tokyo + ["--range", "5", "--budget", "B014", "--wifi"],
            "No restaurants found within 3000 m of 35.6812, 139.7671. Try fewer conditions.\n"
        ),
        (
            tokyo + ["--range", "1", "--keyword", "存在しない店"],
            "No restaurants found within 300 m of 35.6812, 139.7671. Try a wider --radius (up to 3000 m) or another --keyword.\n"
        ),
    ])
    func nothingFoundSaysWhyAndWhatFits(arguments: [String], notice: String) async {
        let run = await CLIRun.run(["search", "--stub", "--format", "table"] + arguments)
        #expect(run.code == .noResults, "exit 1")
        #expect(run.stderr == notice, "the hint fits what was asked: \(run.stderr)")
    }
}

extension NewcomerTests {
    @Test(arguments: [["search", "--stub", "--format", "table"] + tokyo, ["show", "--stub", "J900000001", "--format", "table"]])
    func theCreditIsWrappedNeverCut(arguments: [String]) async {
        let run = await CLIRun.run(arguments, terminal: Terminal(stdoutIsTerminal: true, columns: 40))
        #expect(
            run.stdout.contains("Powered by ホットペッパーグルメ\nWebサービス\n(http://webservice.recruit.co.jp/)\n"),
            "the whole credit, wrapped at 40 columns: \(run.stdout.suffix(120))")
        #expect(run.stdout.split(separator: "\n").suffix(5).allSatisfy { !$0.hasSuffix("…") }, "no footer line cut")
    }
}
