import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Issue 49's traveller items 8–10, end to end through the command line: what a user abroad or
/// at home saw, on answers served from loopback or the offline stubs.
@MainActor @Suite struct TravellerThirdPassCLITests {
    static let tokyoStation = ["--lat", "35.6812", "--lng", "139.7671"]
    static let shibuya = ["--lat", "35.658", "--lng", "139.7016"]

    // MARK: - 8. OpenStreetMap's --keyword

    @Test func anOpenStreetMapKeywordFindsTheCuisineAndTheAddressAsTheHelpSays() async throws {
        // Given the offline OpenStreetMap, whose sushi bar's name says 鮨 and its cuisine sushi
        // When "sushi" is searched near Tokyo Station, and 道玄坂 (an addr:suburb) in Shibuya
        let sushi = await CLIRun.run(["search", "--stub", "--provider", "osm", "--keyword", "sushi", "--json"] + Self.tokyoStation)
        let street = await CLIRun.run(["search", "--stub", "--provider", "osm", "--keyword", "道玄坂", "--json"] + Self.shibuya)

        // Then each finds the place by the tag the word is in
        let names = { (run: CLIRun) in (run.json?["restaurants"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
        #expect(sushi.code == .success && names(sushi) == ["八重洲 鮨 汐見"], "by its cuisine: \(sushi.stdout) \(sushi.stderr)")
        #expect(street.code == .success && names(street).contains("Ramen Hachiboshi"), "by its address: \(street.stdout)")
        // And the help says where the words are looked for
        let help = await CLIRun.run(["search", "--help"])
        #expect(help.stdout.contains("cuisine, addr:* tags"), "\(help.stdout)")
    }

    // MARK: - 9. Google's "temporarily closed"

    static let closedForNow = #"""
        {"places": [
          {"id": "ChIJtravellerClosed0001", "displayName": {"text": "Kissa Hoshi"}, "location": {"latitude": 35.659, "longitude": 139.7016},
           "businessStatus": "CLOSED_TEMPORARILY", "utcOffsetMinutes": 540}
        ]}
        """#

    func google(_ server: LoopbackServer, home: TemporaryFolder) -> [String: String] {
        [
            "HOME": home.path, "GOOGLE_PLACES_API_KEY": "AIzaTraveller-test-key",
            "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1").absoluteString,
        ]
    }

    @Test func aPlaceGoogleSaysIsClosedForNowIsSaidSoInTheTableAndAsGoogleSaysInJSON() async throws {
        // Given Google on loopback, answering one place closed for a while
        let server = try LoopbackServer(replies: [
            .json(Self.closedForNow, contentType: "application/json"), .json(Self.closedForNow, contentType: "application/json"),
        ])
        let home = try TemporaryFolder()

        // When it is listed at a table, and as JSON
        let table = await CLIRun.run(
            ["search", "--provider", "google", "--format", "table"] + Self.shibuya, environment: google(server, home: home))
        let json = await CLIRun.run(["search", "--provider", "google", "--json"] + Self.shibuya, environment: google(server, home: home))

        // Then the table's Open cell says "closed for now", not "closed" as for the night
        let row = table.stdout.split(separator: "\n").first { $0.contains("Kissa Hoshi") } ?? ""
        #expect(table.code == .success && row.contains("closed for now"), "\(table.stdout) \(table.stderr)")
        // And the JSON keeps Google's status as it is
        let shop = (json.json?["restaurants"] as? [[String: Any]])?.first
        #expect(shop?["business_status"] as? String == "closed_temporarily", "\(json.stdout)")
    }

    @Test func theCardOfAPlaceClosedForNowPointsToNoHours() async throws {
        // Given Google's details of a place closed for a while, without hours
        let place = #"""
            {"id": "ChIJtravellerClosed0001", "displayName": {"text": "Kissa Hoshi"},
             "location": {"latitude": 35.659, "longitude": 139.7016}, "businessStatus": "CLOSED_TEMPORARILY", "utcOffsetMinutes": 540}
            """#
        let server = try LoopbackServer(replies: [.json(place, contentType: "application/json")])
        let home = try TemporaryFolder()

        // When its card is shown
        let run = await CLIRun.run(
            ["show", "places/ChIJtravellerClosed0001", "--format", "table"], environment: google(server, home: home))

        // Then it says the place is closed for now, once, and points to no hours below
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.contains("closed for now"), "the status: \(run.stdout)")
        #expect(run.stdout.components(separatedBy: "closed for now").count == 2, "said once: \(run.stdout)")
        #expect(!run.stdout.contains("see the hours below") && !run.stdout.contains("Open now"), "no pointer: \(run.stdout)")
    }
}
