import Testing
@testable import FoodLoggerKit

@MainActor
@Suite struct MapCommandTests {
    func run(_ arguments: [String], terminal: Terminal = Terminal(), environment: [String: String] = [:])
        async -> (ExitCode, String, String) {
        let out = CapturedOutput(), err = CapturedOutput()
        let context = ProcessContext(arguments: arguments, environment: environment, stdout: out, stderr: err, terminal: terminal)
        let code = await FoodLogger.main(context: context)
        return (code, out.text, err.text)
    }

    @Test("draws a map of the terminal's width; every line fits it in display columns")
    func drawsWithinWidth() async {
        let (code, out, _) = await run(["map", "--stub", "--lat", "35.6812", "--lng", "139.7671"],
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
        let (_, noColor, _) = await run(["map", "--stub", "--lat", "35.6812", "--lng", "139.7671"],
                                        terminal: Terminal(stdoutIsTerminal: true), environment: ["NO_COLOR": "1"])
        #expect(!piped.contains("\u{1B}") && !noColor.contains("\u{1B}"), "plain text")
    }

    @Test("usage errors exit 64 with one line", arguments: [
        (["map", "--stub", "--keyword", "ramen"], "a map needs a centre"),
        (["map", "--stub", "--lat", "35", "--lng", "139", "--width", "10"], "--width must be an integer from 30 to 400"),
        (["map", "--stub", "--lat", "35", "--lng", "139", "--height", "999"], "--height must be an integer from 10 to 200"),
        (["map", "--stub", "--lat", "35", "--lng", "139", "--json", "--width", "50"], "no effect with --format json"),
    ])
    func usage(arguments: [String], message: String) async {
        let (code, out, err) = await run(arguments)
        #expect(code == .usage, "exit 64")
        #expect(out.isEmpty && err.contains(message) && err.hasSuffix("See 'foodlogger map --help'.\n"), "says: \(err)")
    }

    @Test("--width and --height set the frame; --format prints search's data instead")
    func sizeAndFormat() async {
        let (_, out, _) = await run(["map", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--width", "50", "--height", "14"])
        let frame = out.split(separator: "\n").prefix { $0.hasPrefix("+") || $0.hasPrefix("|") && $0.hasSuffix("|") }
        #expect(frame.count == 14 && frame.allSatisfy { $0.count == 50 }, "a 50 × 14 frame")
        let (_, geojson, _) = await run(["map", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--format", "geojson"])
        #expect(geojson.contains("\"FeatureCollection\""), "GeoJSON like search's")
    }

    @Test("the default height keeps the ring round and fits the terminal")
    func defaultViewport() {
        #expect(MapCommand.viewport(width: nil, height: nil, terminal: Terminal(columns: 80, rows: 24)) == .init(width: 80, height: 22),
                "the terminal's rows, less the key line and prompt")
        #expect(MapCommand.viewport(width: nil, height: nil, terminal: Terminal(columns: 300)) == .init(width: 120, height: 61),
                "at most 120 wide; round when the rows are unknown")
    }
}
