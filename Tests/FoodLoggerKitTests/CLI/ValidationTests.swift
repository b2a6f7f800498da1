import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Bad command lines end before any request: exit 64 and one line naming the flag.
@MainActor
@Suite struct ValidationTests {
    nonisolated static let at = ["--lat", "35.6812", "--lng", "139.7671"]

    /// The arguments after `search`, and the flag the message must name.
    nonisolated static let badSearches: [([String], String)] = [
        (["--lat", "90.5", "--lng", "139"], "--lat"), (["--lat", "-91", "--lng", "139"], "--lat"),
        (["--lat", "nan", "--lng", "139"], "--lat"), (["--lat", "inf", "--lng", "139"], "--lat"),
        (["--lat", "0x1p3", "--lng", "139"], "--lat"), (["--lat", "9.1e1", "--lng", "139"], "--lat"),
        (["--lat", "", "--lng", "139"], "--lat"), (["--lat", "35,68", "--lng", "139"], "--lat"),
        (["--lat", "３５", "--lng", "139"], "--lat"),
        (["--lat", "35", "--lng", "180.01"], "--lng"), (["--lat", "35", "--lng", "-Infinity"], "--lng"),
        (["--lat", "35", "--lng", "1_39"], "--lng"),
        (at + ["--range", "0"], "--range"), (at + ["--range", "6"], "--range"), (at + ["--range", "two"], "--range"),
        (at + ["--count", "0"], "--count"), (at + ["--count", "101"], "--count"), (at + ["--count", "1.5"], "--count"),
        (at + ["--start", "0"], "--start"), (at + ["--start", "-3"], "--start"),
        (at + ["--genre", "X001"], "--genre"), (at + ["--genre", "G01"], "--genre"),
        (at + ["--genre", "g1"], "--genre"), (at + ["--genre", "B002"], "--genre"), (at + ["--genre", ""], "--genre"),
        (at + ["--budget", "cheap"], "--budget"), (at + ["--budget", "3000-2000"], "--budget"),
        (["--area", "SS10"], "--area"), (["--area", "渋谷", "--near", "渋谷"], "--area"),
        (["--area", "渋谷"] + at, "--area"), (["--area", " "], "--area"),
        (at + ["--budget", "B1"], "--budget"), (at + ["--budget", "B001,B002,B003"], "--budget"),
        (at + ["--timeout", "0"], "--timeout"), (at + ["--timeout", "-1"], "--timeout"),
        (at + ["--timeout", "301"], "--timeout"),
        (at + ["--timeout", "nan"], "--timeout"), (at + ["--timeout", "soon"], "--timeout"),
        (at + ["--retries", "-1"], "--retries"), (at + ["--retries", "11"], "--retries"), (at + ["--retries", "x"], "--retries"),
        (at + ["--latt", "1"], "--latt"), (at + ["--wifi=1"], "--wifi"), (at + ["--format", "xml"], "--format"),
        (["--keyword"], "--keyword"), (at + ["--count"], "--count"),
        (at + ["--count", "1", "--count", "2"], "--count"), (["--lat", "1", "--lat", "2", "--lng", "3"], "--lat"),
        (["--lat", "35.6"], "--lng"), (["--lng", "139.7"], "--lat"),
        ([], "--lat"), (["--wifi"], "--keyword"), (["--keyword", "  "], "--keyword"),
        (at + ["--order", "kana"], "--order"), (["--keyword", "ramen", "--range", "2"], "--range"),
        (["--stub", "--key-file", "k.plist", "--keyword", "x"], "--key-file"),
    ]

    @Test(arguments: badSearches)
    func badSearchIsExit64NamingTheFlag(arguments: [String], flag: String) async {
        let run = await FaultSeeds.run(["search"] + arguments, environment: ["HOTPEPPER_API_KEY": FaultSeeds.canary])
        #expect(run.exitCode == .usage, "\(arguments) is a usage error")
        #expect(run.stderr.hasPrefix("foodlogger search: ") && run.stderr.contains(flag), "names \(flag): \(run.stderr)")
        #expect(run.stderr.hasSuffix("See 'foodlogger search --help'.\n"), "points at the help")
        #expect(run.stderr.filter(\.isNewline).count == 1 && run.stdout.isEmpty, "one line on stderr, nothing on stdout")
    }

    @Test(
        arguments: [
            (["--count", "0"], "from 1 to 100"), (["--range", "9"], "from 1 to 5"), (["--start", "0"], "from 1 to 1000000"),
            (["--lat", "99", "--lng", "0"], "from -90 to 90"), (["--lat", "0", "--lng", "999"], "from -180 to 180"),
            (["--genre", "g1"], "like G001"), (["--budget", "x"], "like B002"), (["--budget", "x"], "2000-3000"),
            (["--budget", "B001,B002,B003"], "at most 2"),
            (["--timeout", "0"], "at most 300"), (["--retries", "20"], "from 0 to 10"),
        ] as [([String], String)])
    func messageStatesTheAcceptedRange(arguments: [String], range: String) async {
        let center = arguments.contains("--lat") ? [] : Self.at
        let run = await FaultSeeds.run(["search"] + center + arguments)
        #expect(run.exitCode == .usage && run.stderr.contains(range), "says \(range): \(run.stderr)")
    }

    @Test(arguments: [
        ["serch"], ["--frobnicate"], ["search", "extra"],
    ])
    func unknownCommandsAndArgumentsAreExit64(arguments: [String]) async {
        let run = await FaultSeeds.run(arguments)
        #expect(run.exitCode == .usage, "\(arguments) is a usage error")
        #expect(run.stderr.contains(arguments.last!), "names '\(arguments.last!)': \(run.stderr)")
    }

    @Test func environmentCentreMustComeInPairs() async {
        let run = await FaultSeeds.run(["search"], environment: ["FOODLOGGER_LAT": "35.6"])
        #expect(run.exitCode == .usage && run.stderr.contains("FOODLOGGER_LNG"), "names the missing variable")
    }

    @Test func outsideTextIsEchoedOnOneSafeLine() async {
        let run = await FaultSeeds.run(["search"] + Self.at + ["--count", "5\n\u{1B}[2J" + String(repeating: "9", count: 300)])
        #expect(run.exitCode == .usage, "a bad count")
        #expect(!run.stderr.contains("\u{1B}") && run.stderr.filter(\.isNewline).count == 1, "no escape, one line")
        #expect(run.stderr.count < 250, "a huge value is cut short")
    }
}
