import Foundation
import LoopbackHTTP
import Testing
import TestSupport

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The last list on the command line: a search remembers the numbers it showed, and `show 3`,
/// `open 3` and `map --last` take them, with no request when the shops are kept.
@MainActor @Suite struct LastListCLITests {
    let state: TemporaryFolder
    init() throws { state = try TemporaryFolder("foodlogger-last") }

    static let tokyo = ["--lat", "35.6812", "--lng", "139.7671"]

    /// One run with the suite's state folder, so runs share the last list as a user's do.
    func run(_ arguments: [String], _ environment: [String: String] = [:], terminal: Terminal = Terminal(columns: 100))
        async -> CLIRun
    {
        await CLIRun.run(
            arguments, environment: ["XDG_STATE_HOME": state.path, "NO_COLOR": "1"].merging(environment) { $1 },
            terminal: terminal)
    }

    /// The ids of a JSON listing's shops, in order.
    func ids(_ run: CLIRun) -> [String] {
        (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    }

    @Test func showByNumberAfterASearchSendsNoRequest() async throws {
        // Given HOT PEPPER on loopback, counting requests, and a search that listed its shops
        let server = try LoopbackServer(replies: [try .file(Fixtures.url("gourmet/v1.30_full_3shops.json").path)])
        let service = ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString]
        let search = await run(["search", "--json"] + Self.tokyo, service)
        let listed = ids(search)
        try #require(search.code == .success && listed.count == 3, "the search listed three shops: \(search.stderr)")

        // When the second and the first are shown by number, and the third by "3"
        let shown = await run(["show", "2,1", "--json"], service)
        let third = await run(["show", "3", "--json"], service)

        // Then they are the shops listed with those numbers, and only the search asked the service
        #expect(shown.code == .success, "shown: \(shown.stderr)")
        #expect(ids(shown) == [listed[1], listed[0]], "in the order asked")
        #expect(ids(third) == [listed[2]])
        #expect(server.requests.count == 1, "the search's request only: \(server.requests.count)")
    }

    @Test func refreshAsksTheServiceAgainForAKeptShop() async throws {
        // Given HOT PEPPER on loopback, counting requests, and a search that listed its shops
        let fixture = try Reply.file(Fixtures.url("gourmet/v1.30_full_3shops.json").path)
        let server = try LoopbackServer(replies: [fixture, fixture])
        let service = ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString]
        let listed = ids(await run(["search", "--json"] + Self.tokyo, service))
        try #require(listed.count == 3, "the search listed three shops")

        // When the third is shown with --refresh
        let third = await run(["show", "3", "--json", "--refresh"], service)

        // Then the service was asked for it again, by its id
        #expect(third.code == .success && ids(third) == [listed[2]], "\(third.stderr)")
        #expect(server.requests.count == 2, "the search, then the shop asked again: \(server.requests.count)")
        #expect(server.requests.last?.target.contains(listed[2]) == true, "\(server.requests.last?.target ?? "")")
    }

    @Test func openByNumberOpensTheShopListedWithIt() async throws {
        // Given a search over the stub
        let search = await run(["search", "--stub", "--json", "--count", "5"] + Self.tokyo)
        let third = try #require((search.json?["restaurants"] as? [[String: Any]])?[2]["url"] as? String)

        // When the third shop's page is asked for
        let opened = await run(["open", "3", "--stub", "--print-url"])

        // Then it is that shop's address
        #expect(opened.code == .success && opened.stdout == third + "\n", "\(opened.stdout) \(opened.stderr)")
    }

    @Test func mapLastDrawsTheListedShopsWithTheirNumbersAndAsksNothing() async throws {
        // Given HOT PEPPER on loopback and a search that listed its shops
        let server = try LoopbackServer(replies: [try .file(Fixtures.url("gourmet/v1.30_full_3shops.json").path)])
        let service = ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString]
        let search = await run(["search", "--format", "table"] + Self.tokyo, service)
        try #require(search.code == .success, "listed: \(search.stderr)")

        // When the last list is drawn
        let map = await run(["map", "--last", "--static", "--width", "60", "--height", "15"], service)

        // Then its table numbers the shops as the search did, and nothing more was asked
        #expect(map.code == .success, "drawn: \(map.stderr)")
        let rows = { (text: String) in
            text.split(separator: "\n").map { $0.split(separator: " ").prefix(2) }.filter { Int($0.first ?? "") != nil }
        }
        #expect(rows(map.stdout).count == 3 && rows(map.stdout) == rows(search.stdout), "\(map.stdout)\n\(search.stdout)")
        #expect(server.requests.count == 1, "the search's request only")
    }

    @Test func keptShopsNeedNeitherTheStubNorAKey() async throws {
        // Given a list from the offline stub
        let search = await run(["search", "--stub", "--json", "--count", "3"] + Self.tokyo)

        // When its shops are shown, opened and drawn without --stub, and with no key anywhere
        let shown = await run(["show", "2", "--json"])
        let opened = await run(["open", "1", "--print-url"])
        let drawn = await run(["map", "--last", "--static", "--width", "60", "--height", "15"])

        // Then they are the listed shops, as kept
        #expect(shown.code == .success && ids(shown) == [ids(search)[1]], "\(shown.stderr)")
        #expect(opened.code == .success && opened.stdout.contains(ids(search)[0]), "\(opened.stdout) \(opened.stderr)")
        #expect(drawn.code == .success && drawn.stdout.contains("1–3 of 3"), "\(drawn.stdout) \(drawn.stderr)")
    }

    @Test func numbersFollowStartAsTheTableShowsThem() async throws {
        // Given a table that began at --start 4
        let search = await run(["search", "--stub", "--format", "table", "--start", "4", "--count", "3"] + Self.tokyo)
        #expect(search.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("4 ") == true, "\(search.stdout)")
        let json = await run(["search", "--stub", "--json", "--start", "4", "--count", "3"] + Self.tokyo)

        // When 4 is shown, and then 3
        let four = await run(["show", "4", "--stub", "--json"])
        let three = await run(["show", "3", "--stub"])

        // Then 4 is the table's first shop, and 3 is not in the list
        #expect(ids(four) == [ids(json)[0]])
        #expect(three.code == .usage)
        #expect(
            three.stderr
                == "foodlogger show: the last list has the shops numbered 4 to 6; there is no 3. See 'foodlogger show --help'.\n")
    }

    @Test(arguments: [
        (["12"], "the last list has 5 shops; there is no 12"),
        (["2", "99999999999999999999999"], "the last list has 5 shops; there is no such number"),
        (["0"], "'0' is not a shop number: the last list's numbers start at 1"),
        (["-1"], "'-1' is not a shop number: the last list's numbers start at 1"),
    ])
    func aNumberTheListDoesNotHaveIsAUsageError(words: [String], message: String) async {
        // Given a list of five shops
        _ = await run(["search", "--stub", "--json", "--count", "5"] + Self.tokyo)

        // When a number it does not have is asked for
        let shown = await run(["show", "--stub"] + words)

        // Then one line says why, exit 64, nothing on stdout
        #expect(shown.code == .usage)
        #expect(shown.stderr == "foodlogger show: \(message). See 'foodlogger show --help'.\n")
        #expect(shown.stdout.isEmpty)
    }

    @Test(arguments: [["show", "3"], ["open", "1"], ["map", "--last"]])
    func withoutAListANumberSaysToSearchFirst(arguments: [String]) async {
        // Given no last list
        // When a number or --last is used
        let result = await run(arguments + ["--stub"])

        // Then one line says to search first, exit 64
        #expect(result.code == .usage)
        #expect(
            result.stderr.hasPrefix("foodlogger \(arguments[0]): no last list yet: search first, e.g. foodlogger search --near"),
            "\(result.stderr)")
    }

    @Test(arguments: [["show", "3"], ["open", "1"], ["map", "--last"]])
    func aCorruptListSaysSoAndToSearchAgain(arguments: [String]) async throws {
        // Given a last-list file that a hand or a crash left broken
        let file = state.url.appendingPathComponent("foodlogger/last-list.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let broken = Data(#"{"provider":"hotpepper","shops":"#.utf8)
        try broken.write(to: file)

        // When a number or --last is used
        let result = await run(arguments + ["--stub"])

        // Then one line says the list cannot be read and why, not that there is none; exit 64;
        // the file is left for the next search to replace
        #expect(result.code == .usage, "exit 64: \(result.code)")
        #expect(
            result.stderr
                == "foodlogger \(arguments[0]): the last list \(file.path) cannot be read (not a list this foodlogger wrote); run a search again to number the shops anew. See 'foodlogger \(arguments[0]) --help'.\n",
            "\(result.stderr)")
        #expect(try Data(contentsOf: file) == broken, "the file as it was")
    }

    @Test func numbersAndIdsMixAndIdsStillWork() async throws {
        // Given a stub list of five shops, and the id of a stub shop outside it
        let five = ids(await run(["search", "--stub", "--json", "--count", "5"] + Self.tokyo))
        let all = ids(await CLIRun.run(["search", "--stub", "--json", "--count", "10"] + Self.tokyo))
        let outside = try #require(all.last)
        try #require(!five.contains(outside))

        // When a number and an id are shown together, and then the id alone
        let mixed = await run(["show", "--stub", "2", outside.lowercased(), "--json"])
        let id = await run(["show", "--stub", outside, "--json"])

        // Then the number is the listed shop and the id is that shop, in the order given
        #expect(ids(mixed) == [five[1], outside])
        #expect(ids(id) == [outside])
    }

    @Test func anEmptyResultLeavesTheListAsItWas() async throws {
        // Given a list of five shops
        let five = ids(await run(["search", "--stub", "--json", "--count", "5"] + Self.tokyo))

        // When a search finds nothing
        let nothing = await run(["search", "--stub", "--json", "--keyword", "zzzzqqqq"] + Self.tokyo)
        #expect(nothing.code == .noResults)

        // Then 1 is still the first shop of the five
        #expect(ids(await run(["show", "1", "--stub", "--json"])) == [five[0]])
    }

    @Test func aListThatCannotBeKeptWarnsOnceAndTheSearchSucceeds() async throws {
        // Given a state folder under a regular file, where nothing can be written (even by root)
        let blocker = state.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        let plain = await run(["search", "--stub", "--json"] + Self.tokyo)

        // When a search is made
        let search = await run(["search", "--stub", "--json"] + Self.tokyo, ["XDG_STATE_HOME": blocker.path])

        // Then it prints its list and succeeds, with one warning line on stderr
        #expect(search.code == .success && search.stdout == plain.stdout)
        #expect(
            search.stderr.split(separator: "\n").count == 1 && search.stderr.contains("warning: the numbers shown cannot be kept")
        )
    }
}
