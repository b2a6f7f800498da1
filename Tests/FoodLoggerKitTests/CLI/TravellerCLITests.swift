import Foundation
import LoopbackHTTP
import Testing
import TestSupport

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// What a user abroad tripped over (issue 49), run whole and in-process against the stubs.
@MainActor
@Suite struct TravellerCLITests {
    static let tokyo = ["--stub", "--lat", "35.6812", "--lng", "139.7671"]

    // MARK: 6. A point written with a space, as GPS apps copy it

    @Test func aPointWithASpaceIsACentreNotAPlaceName() async {
        // Given Nominatim unreachable (the harness points it at a closed port)
        // When --near is given Edinburgh's point as "55.9533 -3.1883"
        let run = await CLIRun.run(["search", "--json", "--provider", "osm", "--stub", "--near", "55.9533 -3.1883"])
        let center = run.json?["center"] as? [String: Any]

        // Then it is the centre, with no place search
        #expect(run.code == .success || run.code == .noResults, "searched (the stub has no places there): \(run.stderr)")
        #expect(
            center?["lat"] as? Double == 55.9533 && center?["lng"] as? Double == -3.1883,
            "the point: \(String(describing: center))")
    }

    // MARK: 6. Two places of one name: the one taken is named, in a pipe too

    /// Nominatim's answer for "Edinburgh" as it ranks it for an English speaker in the US: Indiana's first.
    nonisolated static let twoEdinburghs = #"""
        [{"lat":"39.3534","lon":"-85.9664","name":"Edinburgh","display_name":"Edinburgh, Johnson County, Indiana, United States","address":{"town":"Edinburgh","county":"Johnson County","state":"Indiana","country":"United States","country_code":"us"}},
         {"lat":"55.9533","lon":"-3.1883","name":"Edinburgh","display_name":"Edinburgh, City of Edinburgh, Scotland, United Kingdom","address":{"city":"Edinburgh","state":"Scotland","country":"United Kingdom","country_code":"gb"}}]
        """#

    @Test func theMatchTakenOfTwoIsNamedWithItsRegionAndTheOtherWithWhatToSay() async throws {
        // Given a place search that finds two Edinburghs, and OpenStreetMap with nothing there
        let places = try LoopbackServer { _ in .json(Self.twoEdinburghs, contentType: "application/json") }
        let overpass = try LoopbackServer { _ in .json(#"{"elements":[]}"#, contentType: "application/json") }
        let environment = [
            "FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString,
            "FOODLOGGER_OVERPASS_URL": overpass.baseURL.appendingPathComponent("api/interpreter").absoluteString,
        ]

        // When a search near Edinburgh runs in a pipe
        let run = await CLIRun.run(["search", "--provider", "osm", "--json", "--near", "Edinburgh"], environment: environment)

        // Then stderr names the one taken, and the other with what to say for it
        #expect(
            run.stderr.contains(
                "near Edinburgh, Indiana, United States (the first of 2; others: Edinburgh, Scotland, United Kingdom: "
                    + "say --near 'Edinburgh, Scotland'), 39.3534, -85.9664"), "\(run.stderr)")
    }

    @Test func aPlaceNotFoundGetsAdviceThatFitsAnywhere() async throws {
        let places = try LoopbackServer { _ in .json("[]", contentType: "application/json") }
        let run = await CLIRun.run(
            ["search", "--provider", "osm", "--near", "Edinburgh Castel"],
            environment: ["FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString])
        #expect(!run.stderr.contains("渋谷駅") && !run.stderr.contains("romaji"), "no Japanese advice abroad: \(run.stderr)")
        #expect(run.stderr.contains("a point: 55.9533,-3.1883"), "\(run.stderr)")
    }

    // MARK: 7. No home, or a home that is not there

    @Test func withoutHomeTheLostListIsWarnedOnceAndShowSaysWhy() async {
        // Given neither HOME nor XDG_STATE_HOME
        let bare = ["HOME": "", "XDG_STATE_HOME": ""]

        // When a search lists places, then show 1 asks for the first
        let search = await CLIRun.run(["search"] + Self.tokyo, environment: bare)
        let show = await CLIRun.run(["show", "1"], environment: bare)

        // Then the search says once that its numbers cannot be kept, and show says why
        let warning = "warning: the numbers shown cannot be kept for show 3 (HOME is not set, nor XDG_STATE_HOME: set one)"
        #expect(search.code == .success, "the search itself works: \(search.stderr)")
        #expect(search.stderr.components(separatedBy: warning).count == 2, "one warning: \(search.stderr)")
        #expect(
            show.code == .usage && show.stderr.contains("no last list can be kept: HOME is not set, nor XDG_STATE_HOME"),
            "not 'search first': \(show.stderr)")
        #expect(!show.stderr.contains("search first"), "\(show.stderr)")
    }

    @Test func aHomeThatIsNotThereIsNeverMade() async throws {
        // Given HOME naming a folder that is not there
        let folder = try TemporaryFolder("foodlogger-home")
        let home = folder.path + "/nonexistent/home"

        // When a search runs, and a place is logged
        let environment = ["HOME": home, "XDG_STATE_HOME": "", "XDG_CACHE_HOME": "", "XDG_DATA_HOME": ""]
        let search = await CLIRun.run(["search"] + Self.tokyo, environment: environment)
        let logged = await CLIRun.run(["log", "add", "--stub", "J900000008"], environment: environment)

        // Then the search warns as an unreadable home does, and the home is still not there
        #expect(search.code == .success, "\(search.stderr)")
        #expect(
            search.stderr.contains("warning: the numbers shown cannot be kept for show 3 (HOME \(home) is not there"),
            "\(search.stderr)")
        #expect(logged.code != .success, "nowhere to keep the log: \(logged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/nonexistent"), "no home was made")
    }
}
