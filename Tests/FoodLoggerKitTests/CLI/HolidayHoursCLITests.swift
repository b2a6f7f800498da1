import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// A public holiday in OpenStreetMap's hours, end to end from a loopback Overpass: the card
/// names the holiday whose rule gives today's answer, and a region the holiday rules do not
/// know is said once under `--verbose`.
@MainActor @Suite struct HolidayHoursCLITests {
    /// An Overpass answer of one Edinburgh-style place (`PH off`) inside the areas named.
    private static func answer(country: String, subdivision: String, zone: String, hours: String) -> String {
        """
        {"version":0.6,"elements":[
        {"type":"area","id":3600058446,"tags":{"admin_level":"2","ISO3166-1":"\(country)","timezone":"\(zone)"}},
        {"type":"area","id":3600058447,"tags":{"admin_level":"4","ISO3166-2":"\(subdivision)"}},
        {"type":"node","id":101,"lat":55.9500,"lon":-3.1880,"tags":{"amenity":"restaurant","name":"Old Town Bistro",\
        "opening_hours":"\(hours)"}}]}
        """
    }

    private static let christmasNoon = CivilTime(date: CivilDate(year: 2026, month: 12, day: 25), minute: 12 * 60)
        .instant(secondsFromGMT: 0)

    /// A search with `arguments` then, with the same state, `show 1`'s card, answered by `body`.
    private func searchAndShow(_ body: String, now: Date, _ arguments: [String] = []) async throws -> (CLIRun, CLIRun) {
        let server = try LoopbackServer(replies: [.json(body, contentType: "application/json")])
        let state = try TemporaryFolder("foodlogger-state"), cache = try TemporaryFolder("foodlogger-cache")
        let environment = [
            "FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString,
            "XDG_STATE_HOME": state.path, "XDG_CACHE_HOME": cache.path,
        ]
        let search = await CLIRun.run(
            ["search", "--provider", "osm", "--lat", "55.9500", "--lng", "-3.1880"] + arguments, environment: environment,
            now: now)
        let show = await CLIRun.run(["show", "1", "--format", "table"], environment: environment, now: now)
        return (search, show)
    }

    @Test func theCardNamesTheHolidayWhoseRuleGivesTodaysAnswer() async throws {
        // Given a place closed on public holidays in Scotland, asked on Christmas Day
        let body = Self.answer(
            country: "GB", subdivision: "GB-SCT", zone: "Europe/London", hours: "Mo-Th 08:30-24:00; Fr,Sa 08:30-23:00; PH off")

        // When it is found and shown
        let (search, show) = try await searchAndShow(body, now: Self.christmasNoon)

        // Then the card says it is closed for the holiday, named as the region's calendar names it
        #expect(search.code == .success && show.code == .success, "\(search.stderr)\(show.stderr)")
        #expect(show.stdout.contains("closed · public holiday (Christmas, GB-SCT)"), "\(show.stdout)")
    }

    @Test func anOrdinaryDayNamesNoHoliday() async throws {
        // Given the same place on an ordinary Saturday
        let body = Self.answer(
            country: "GB", subdivision: "GB-SCT", zone: "Europe/London", hours: "Mo-Th 08:30-24:00; Fr,Sa 08:30-23:00; PH off")
        let saturday = CivilTime(date: CivilDate(year: 2026, month: 11, day: 21), minute: 12 * 60).instant(secondsFromGMT: 0)

        // When it is shown
        let (_, show) = try await searchAndShow(body, now: saturday)

        // Then it is open until 23:00 and no holiday is named
        #expect(show.stdout.contains("open · see the hours below"), "\(show.stdout)")
        #expect(show.stdout.contains("until 23:00") && !show.stdout.contains("public holiday"), "\(show.stdout)")
    }

    @Test func aRegionTheRulesDoNotKnowFallsBackToTheCountryAndSaysSoWhenVerbose() async throws {
        // Given an Austrian place whose areas name a region by a code the holiday rules do not use
        let body = Self.answer(country: "AT", subdivision: "AT-9", zone: "Europe/Vienna", hours: "Mo-Su 10:00-22:00; PH off")

        // When it is searched for with and without --verbose
        let (verbose, _) = try await searchAndShow(body, now: Self.christmasNoon, ["--verbose"])
        let (quiet, _) = try await searchAndShow(body, now: Self.christmasNoon)

        // Then --verbose says once that the country's holidays stand in; a plain run says nothing
        let said = verbose.stderr.split(separator: "\n").filter { $0.contains("AT-9") }
        #expect(said.count == 1, "one line: \(verbose.stderr)")
        #expect(said.first?.contains("the holiday rules do not know; AT's are used") == true, "\(said)")
        #expect(!quiet.stderr.contains("AT-9"), "\(quiet.stderr)")
        // And Christmas Day, a holiday in every Austrian region, still answers: closed
        #expect(verbose.code == .success && verbose.stdout.contains("Old Town Bistro"), "\(verbose.stdout)")
    }

    @Test func aRegionTheRulesKnowIsNotMentioned() async throws {
        let body = Self.answer(country: "GB", subdivision: "GB-SCT", zone: "Europe/London", hours: "Mo-Su 10:00-22:00; PH off")
        let (verbose, _) = try await searchAndShow(body, now: Self.christmasNoon, ["--verbose"])
        #expect(!verbose.stderr.contains("holiday rules do not know"), "\(verbose.stderr)")
    }
}
