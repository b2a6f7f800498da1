import Foundation
import LoopbackHTTP
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `--genre`, `--budget` and `--area` are capped before any list is read or request is made:
/// repeats count once, there are at most as many as the service has or takes, and a name is at
/// most `CodeNames.maxLength` characters.
@Suite struct NameLimitsTests {
    static let at = ["search", "--lat", "35.6812", "--lng", "139.7671", "--json"]

    func environment(_ server: LoopbackServer) -> [String: String] {
        ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString]
    }

    @Test func aGenreCodeGivenTenThousandTimesIsSentOnce() async throws {
        // Given a loopback service and --genre G001 ten thousand times, in every spelling
        let server = try LoopbackServer { _ in .json(FaultSeeds.oneShop) }
        let genres = (0..<10_000).flatMap { n in ["--genre", ["G001", "g001", "Ｇ００１"][n % 3]] }

        // When the search runs
        let run = await FaultSeeds.run(Self.at + genres, environment: environment(server))

        // Then one request names the genre once
        #expect(run.exitCode == .success, "\(run.stderr)")
        let sent = server.requests.first?.queryItems.filter { $0.name == "genre" }.map(\.value)
        #expect(server.requests.count == 1 && sent == ["G001"], "genre=G001 once: \(String(describing: sent))")
    }

    @Test func repeatedBudgetsCountOnce() async throws {
        // Given the same budget code three times, which used to be three of at most two
        let server = try LoopbackServer { _ in .json(FaultSeeds.oneShop) }

        // When the search runs
        let run = await FaultSeeds.run(
            Self.at + ["--budget", "B002", "--budget", "b002,B002"], environment: environment(server))

        // Then it is sent once
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(server.requests.first?.queryItems.filter { $0.name == "budget" }.map(\.value) == ["B002"])
    }

    @Test(arguments: [
        ((1...21).map { String(format: "G%03d", $0) }.joined(separator: ","), "--genre accepts at most 20 values, got 21"),
        (String(repeating: "ramen", count: 26_000), "--genre takes names of at most 100 characters, not one of 130000"),
        (String(repeating: "x", count: 101), "--genre takes names of at most 100 characters, not one of 101"),
    ])
    func tooManyOrTooLongGenresAreUsageErrorsBeforeAnyRequest(genre: String, message: String) async throws {
        // Given a loopback service that would answer
        let server = try LoopbackServer { _ in .json(FaultSeeds.oneShop) }

        // When a search names too many genres, or one too long to be a name
        let run = await FaultSeeds.run(Self.at + ["--genre", genre], environment: environment(server))

        // Then it is exit 64 with one line saying the limit, and nothing is asked
        #expect(run.exitCode == .usage && run.stderr.contains(message), "\(run.stderr.prefix(300))")
        #expect(run.stderr.filter(\.isNewline).count == 1 && server.requests.isEmpty, "one line, no request")
    }

    @Test func aLongAreaOrBudgetIsAUsageErrorToo() async {
        let area = await FaultSeeds.run(["search", "--area", String(repeating: "渋", count: 101)])
        #expect(area.exitCode == .usage && area.stderr.contains("--area takes a name of at most 100 characters"))
        let budget = await FaultSeeds.run(Self.at + ["--budget", String(repeating: "1", count: 101)])
        #expect(budget.exitCode == .usage && budget.stderr.contains("--budget takes names of at most 100"))
    }

    @Test func aPlaceLongerThanAnyAddressIsAUsageErrorBeforeAnyRequest() async throws {
        // Given a loopback place search, and a place name of 201 characters
        let places = try LoopbackServer { _ in .json("[]") }
        let long = String(repeating: "渋", count: 201)
        let environment = ["HOTPEPPER_API_KEY": "k", "FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString]

        // When it is given with --near, or in FOODLOGGER_NEAR
        let flag = await FaultSeeds.run(["search", "--near", long], environment: environment)
        var fromEnvironment = environment
        fromEnvironment["FOODLOGGER_NEAR"] = long
        let variable = await FaultSeeds.run(["search"], environment: fromEnvironment)

        // Then both are exit 64 naming where it came from, and nothing is asked
        #expect(flag.exitCode == .usage && flag.stderr.contains("--near takes a place of at most 200 characters"))
        #expect(variable.exitCode == .usage && variable.stderr.contains("FOODLOGGER_NEAR takes a place of at most 200"))
        #expect(places.requests.isEmpty, "no request")
    }

    @Test func theDidYouMeanSearchSkipsANameTooLongToBeOne() {
        // Given a name longer than any (as a caller other than the command line might pass)
        let long = String(repeating: "ramen", count: 1000)

        // When the closest entries are sought
        let closest = CodeMatching.closest(long, in: StubCodeLists.genres) { [$0.name] }

        // Then there are none, without comparing it with every entry
        #expect(closest.isEmpty)
    }
}
