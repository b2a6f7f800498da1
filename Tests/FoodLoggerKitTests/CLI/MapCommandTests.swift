import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct MapCommandTests {
    func run(_ arguments: [String], terminal: Terminal = Terminal(), environment: [String: String] = [:])
        async -> (ExitCode, String, String)
    {
        let out = CapturedOutput(), err = CapturedOutput()
        let context = ProcessContext(arguments: arguments, environment: environment, stdout: out, stderr: err, terminal: terminal)
        let code = await FoodLogger.main(context: context)
        return (code, out.text, err.text)
    }

    @Test("draws a map of the terminal's width; every line fits it in display columns")
    func drawsWithinWidth() async {
        let (code, out, _) = await run(
            ["map", "--stub", "--lat", "35.6812", "--lng", "139.7671"],
            terminal: Terminal(stdoutIsTerminal: true, columns: 44, rows: 30))
        #expect(code == .success || code == .noResults, "the stub answered")
        let lines = out.split(separator: "\n").map {
            $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        }
        #expect(lines.first?.hasPrefix("+- N ↑ ") == true, "the frame with north marked")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 44 }, "every line fits 44 columns, wide legend text included")
        #expect(out.contains("\u{1B}["), "colour on a terminal")
    }

    @Test("no colour into a pipe or with NO_COLOR")
    func noColour() async {
        let (_, piped, _) = await run(["map", "--stub", "--lat", "35.6812", "--lng", "139.7671"])
        let (_, noColor, _) = await run(
            ["map", "--stub", "--lat", "35.6812", "--lng", "139.7671"],
            terminal: Terminal(stdoutIsTerminal: true), environment: ["NO_COLOR": "1"])
        #expect(!piped.contains("\u{1B}") && !noColor.contains("\u{1B}"), "plain text")
    }

    @Test(
        "usage errors exit 64 with one line",
        arguments: [
            (["map", "--stub", "--keyword", "ramen"], "a map needs a centre"),
            (["map", "--stub", "--lat", "35", "--lng", "139", "--width", "10"], "--width must be an integer from 30 to 400"),
            (["map", "--stub", "--lat", "35", "--lng", "139", "--height", "999"], "--height must be an integer from 10 to 200"),
            (["map", "--stub", "--lat", "35", "--lng", "139", "--json", "--width", "50"], "no effect with --format json"),
            (["map", "--stub", "--near", "渋谷駅", "--order", "kana"], "unknown option --order"),
            (["map", "--stub", "--near", "渋谷駅", "--no-center"], "unknown option --no-center"),
            (["map", "--stub", "--near", "渋谷駅", "-i"], "unknown option -i"),
        ])
    func usage(arguments: [String], message: String) async {
        let (code, out, err) = await run(arguments)
        #expect(code == .usage, "exit 64")
        #expect(out.isEmpty && err.contains(message) && err.hasSuffix("See 'foodlogger map --help'.\n"), "says: \(err)")
    }

    @Test("help offers only the search options a map can use")
    func helpLeavesOutSearchOnlyOptions() async {
        let (code, help, _) = await run(["map", "--help"])
        #expect(code == .success && help.contains("--keyword") && help.contains("--open-now"), "search's options are there")
        for left in ["--area", "--no-center", "--order", "--interactive", "works without a centre"] {
            #expect(!help.contains(left), "no \(left)")
        }
    }

    @Test("--width and --height set the frame; --format prints search's data instead")
    func sizeAndFormat() async {
        let (_, out, _) = await run(["map", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--width", "50", "--height", "14"])
        let frame = out.split(separator: "\n").prefix { $0.hasPrefix("+") || $0.hasPrefix("|") && $0.hasSuffix("|") }
        #expect(frame.count == 14 && frame.allSatisfy { $0.count == 50 }, "a 50 × 14 frame")
        let (_, geojson, _) = await run(["map", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--format", "geojson"])
        #expect(geojson.contains("\"FeatureCollection\""), "GeoJSON like search's")
    }

    @Test(
        "the default size keeps the ring round; on a terminal of known height the map, legend and footer fit above the prompt",
        arguments: [(80, 24), (60, 20), (100, 40), (200, 60)])
    func fitsTheTerminal(columns: Int, rows: Int) async {
        for range in ["1", "3", "5"] {
            let (code, out, _) = await run(
                ["map", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--range", range, "--color", "never"],
                terminal: Terminal(stdoutIsTerminal: true, columns: columns, rows: rows))
            let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(code == .success, "exit 0")
            #expect(lines.count <= rows - 1, "\(columns)x\(rows), --range \(range): \(lines.count) lines leave the prompt's line")
            #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= columns }, "no line wider than \(columns)")
        }
    }

    @Test("without a terminal height the ring is round and every shop is listed")
    func pipedMapIsRound() async {
        let (_, out, _) = await run(
            ["map", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--range", "5"],
            terminal: Terminal(columns: 300))
        let frame = out.split(separator: "\n").prefix { $0.hasPrefix("+") || $0.hasPrefix("|") && $0.hasSuffix("|") }
        #expect(
            frame.first?.count == MapPresenter.defaultMaxWidth && frame.count == MapPresenter.defaultMaxWidth / 2 + 1,
            "at most \(MapPresenter.defaultMaxWidth) wide, half as tall: \(frame.count)")
        #expect(!out.contains("more (--format table)"), "the whole legend")
    }

    @Test("a map shows every shop within its radius, not the first ten")
    func everyShopByDefault() async {
        let (_, out, _) = await run(["map", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--range", "5", "--json"])
        let search = await CLIRun.run(["search", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--range", "5", "--json"])
        let total = search.json?["total"] as? Int ?? 0
        #expect(total > 10, "more than a page around Tokyo Station: \(total)")
        #expect(out.components(separatedBy: "\"id\"").count - 1 == total, "all \(total) on the map")
    }
}
