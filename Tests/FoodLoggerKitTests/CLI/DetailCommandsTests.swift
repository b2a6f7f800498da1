import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `show`, `open` and `search --interactive` run in-process over the stub, whatever shops it has.
@MainActor
@Suite("show, open and search -i commands")
struct DetailCommandsTests {

    struct Run {
        var status: ExitCode
        var stdout: String
        var stderr: String
    }

    func run(
        _ arguments: [String], terminal: Terminal = Terminal(columns: 100),
        opener: any URLOpening = NoURLOpener()
    ) async -> Run {
        let out = CapturedOutput(), err = CapturedOutput()
        let context = ProcessContext(
            arguments: arguments, environment: ["NO_COLOR": "1"], stdout: out, stderr: err,
            terminal: terminal, opener: opener)
        let status = await FoodLogger.main(context: context)
        return Run(status: status, stdout: out.text, stderr: err.text)
    }

    /// The first shop the stub finds near Tokyo Station: (id, name, page URL).
    func stubShop() async throws -> (id: String, name: String, url: String) {
        let search = await run(["search", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any]
        let first = try #require((object?["restaurants"] as? [[String: Any]])?.first, "the stub finds a shop")
        return (
            try #require(first["id"] as? String), try #require(first["name"] as? String),
            try #require(first["url"] as? String)
        )
    }

    @Test("show --json prints the shop with its detail fields")
    func showJSON() async throws {
        let shop = try await stubShop()

        let result = await run(["show", "--stub", shop.id, "--json"])

        #expect(result.status == .success, "exit 0; stderr: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let restaurants = try #require(object?["restaurants"] as? [[String: Any]], "a restaurants array")
        #expect(restaurants.map { $0["name"] as? String } == [shop.name], "the one shop asked for")
        #expect(restaurants.first?["amenities"] is [String: Any], "amenities as an object")
        #expect(restaurants.first?.keys.contains("party_capacity") == true, "detail fields present")
    }

    @Test("show: found shops are printed, a missing id is named on stderr, exit 1")
    func showMissing() async throws {
        let shop = try await stubShop()

        let result = await run(["show", "--stub", shop.id.lowercased(), "J999999999999", "--format", "table"])

        #expect(result.status == .noResults, "exit 1")
        #expect(result.stdout.hasPrefix(shop.name + "\n"), "the found shop's card first")
        #expect(result.stderr == "foodlogger: no restaurant has the id J999999999999\n", "the missing id named")
    }

    @Test(
        "show rejects bad ids with exit 64",
        arguments: [
            ([], "give at least one shop: a number the last search showed (3) or an id like J001234567"),
            (["1.5"], "'1.5' is NEITHER"),
            (["J12,XJ3"], "'XJ3' is NEITHER"),
            (["J\u{1B}[2J\nfoodlogger: fake"], "'J\\u{1B}[2J\\nfoodlogger: fake' is NEITHER"),
            ((1...101).map { "J\($0)" }, "at most 100 shops at a time, got 101"),
        ])
    func showUsage(ids: [String], message: String) async {
        let neither =
            "neither a shop number nor a shop id; give 3 (a number the last search showed) or an id like J001234567 or node/123"
        let message = message.replacingOccurrences(of: "NEITHER", with: neither)
        let result = await run(["show", "--stub"] + ids)

        #expect(result.status == .usage, "exit 64")
        #expect(result.stderr == "foodlogger show: \(message). See 'foodlogger show --help'.\n", "one line saying why")
        #expect(result.stdout.isEmpty, "no data")
    }

    @Test("open with --stub prints the made-up address and says so, never opening it; --print-url just prints it")
    func open() async throws {
        let shop = try await stubShop()
        let opener = OpenerSpy()

        let opened = await run(["open", "--stub", shop.id], opener: opener)
        let printed = await run(["open", "--stub", shop.id, "--print-url"], opener: opener)

        #expect(opened.status == .success && opened.stdout == shop.url + "\n", "the address on stdout")
        #expect(
            opened.stderr.contains("a place the offline stub (--stub) made up"), "says why it was not opened: \(opened.stderr)")
        #expect(opener.urls.isEmpty, "the opener was never called for a stub address")
        #expect(
            printed.status == .success && printed.stdout == shop.url + "\n" && printed.stderr.isEmpty,
            "--print-url prints the URL")
    }

    @Test("open takes exactly one id")
    func openUsage() async {
        let result = await run(["open", "--stub", "J1", "J2"])

        #expect(result.status == .usage, "exit 64")
        #expect(result.stderr == "foodlogger open: open takes one shop, got 2. See 'foodlogger open --help'.\n", "why")
    }

    @Test(
        "search -i needs a terminal on stdin and stdout and a table",
        arguments: [
            (Terminal(stdinIsTerminal: false, stdoutIsTerminal: true), [String](), "stdin is not one"),
            (Terminal(stdinIsTerminal: true, stdoutIsTerminal: false), [], "stdout is not one"),
            (Terminal(stdinIsTerminal: true, stdoutIsTerminal: true), ["--json"], "cannot be combined with --json"),
        ])
    func interactiveNeedsTerminal(terminal: Terminal, extra: [String], reason: String) async {
        let result = await run(
            ["search", "--stub", "--lat", "35.6812", "--lng", "139.7671", "-i"] + extra,
            terminal: terminal)

        #expect(result.status == .usage, "exit 64")
        #expect(result.stderr.hasPrefix("foodlogger search: --interactive") && result.stderr.contains(reason), "says \(reason)")
        #expect(result.stdout.isEmpty, "no search was shown")
    }

    @Test("help for show and open leads with examples; the tool's help lists both")
    func help() async {
        for command in ["show", "open"] {
            let result = await run([command, "--help"])
            #expect(result.status == .success, "\(command) --help exits 0")
            #expect(
                result.stdout.hasPrefix("foodlogger \(command): ")
                    && result.stdout.contains("\n\nExamples:\n  foodlogger \(command) 3 "),
                "\(command) help starts with its examples")
        }
        let tool = await run(["--help"])
        #expect(tool.stdout.contains("\n  show      ") && tool.stdout.contains("\n  open      "), "both commands listed")
    }
}
