import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `--provider google` end to end: the key, the request on loopback, the shops with Google's
/// credit, the hours on the place's clock, and what Google cannot do refused before anything is sent.
@MainActor @Suite struct GooglePlacesCLITests {
    static let key = "AIzaCLI-test-key-98765"
    static let shibuya = ["--lat", "35.658", "--lng", "139.7016"]

    static let twoPlaces = #"""
        {"places": [
          {"id": "ChIJfoodloggerCli00001", "displayName": {"text": "Udon Tsukimi"}, "primaryType": "japanese_restaurant",
           "primaryTypeDisplayName": {"text": "Japanese Restaurant"}, "location": {"latitude": 35.6585, "longitude": 139.7016},
           "shortFormattedAddress": "1-2-3 Shibuya", "googleMapsUri": "https://maps.example/1", "rating": 4.4,
           "userRatingCount": 120, "priceLevel": "PRICE_LEVEL_MODERATE", "businessStatus": "OPERATIONAL", "utcOffsetMinutes": 540,
           "regularOpeningHours": {"periods": [{"open": {"day": 5, "hour": 11, "minute": 0}, "close": {"day": 5, "hour": 21, "minute": 0}}]}},
          {"id": "ChIJfoodloggerCli00002", "displayName": {"text": "Kissa Hoshi"}, "location": {"latitude": 35.659, "longitude": 139.7016},
           "businessStatus": "CLOSED_TEMPORARILY", "utcOffsetMinutes": 540}
        ]}
        """#

    func environment(_ server: LoopbackServer, home: TemporaryFolder) -> [String: String] {
        [
            "HOME": home.path, "GOOGLE_PLACES_API_KEY": Self.key,
            "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1").absoluteString,
        ]
    }

    @Test func aSearchAsksGoogleWithTheKeyInAHeaderAndCreditsGoogle() async throws {
        // Given Google on loopback and a key in the environment
        let server = try LoopbackServer(replies: [.json(Self.twoPlaces, contentType: "application/json")])
        let home = try TemporaryFolder()

        // When Shibuya is searched on Google, narrated, at a table
        let run = await CLIRun.run(
            ["search", "--provider", "google", "--verbose", "--format", "table"] + Self.shibuya,
            environment: environment(server, home: home))

        // Then one Nearby Search went to the server, the key in its header only
        #expect(run.code == .success, "found: \(run.stderr)")
        let request = try #require(server.requests.first, "a request")
        #expect(request.method == "POST" && request.path == "/v1/places:searchNearby", "\(request.target)")
        #expect(request.headers["x-goog-api-key"] == Self.key && !request.target.contains(Self.key), "\(request.target)")
        // And the key is nowhere in what was printed, the narration included
        #expect(!run.stderr.contains(Self.key) && !run.stdout.contains(Self.key), "\(run.stderr)")
        #expect(run.stderr.contains("POST http://127.0.0.1:\(server.port)/v1/places:searchNearby"), "narrated: \(run.stderr)")
        // And the places are listed with Google's credit
        #expect(run.stdout.contains("Udon Tsukimi") && run.stdout.contains("Kissa Hoshi"), "\(run.stdout)")
        #expect(run.stdout.contains("Powered by Google"), "credited: \(run.stdout)")
    }

    @Test func pagingOnAtThePromptFollowsTheNextTokenOnly() async throws {
        // Given Text Search with three pages of 20 places, each request counted
        let server = try LoopbackServer(replies: [
            HardenedNetworkCLITests.googlePage(20, from: 1, token: "PAGE-2"),
            HardenedNetworkCLITests.googlePage(20, from: 21, token: "PAGE-3"),
            HardenedNetworkCLITests.googlePage(20, from: 41, token: nil),
        ])
        let home = try TemporaryFolder()

        // When a keyword is searched at the prompt 25 at a time (two of Google's pages), then paged on
        let run = await CLIRun.run(
            ["search", "--provider", "google", "--keyword", "pub", "--limit", "25", "-i"] + Self.shibuya,
            environment: environment(server, home: home).merging(["NO_COLOR": "1"]) { $1 },
            terminal: Terminal(stdinIsTerminal: true, stdoutIsTerminal: true, columns: 120),
            lines: ["n", "n", "q"])

        // Then each of Google's pages was asked once, the later ones by the token before them
        #expect(run.code == .success, "\(run.code) \(run.stderr)")
        let tokens = server.requests.map { request in
            ((try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any])?["pageToken"] as? String ?? "first"
        }
        #expect(tokens == ["first", "PAGE-2", "PAGE-3"], "three billed requests, not the search again: \(tokens)")
        // And the prompt pages on by the whole --limit list, the last page with places of the third
        #expect(run.stdout.contains("26–50 of 60") && run.stdout.contains("51–60 of 60"), "\(run.stdout.suffix(400))")
    }

    @Test func openNowKeepsNoPlaceClosedForAWhile() async throws {
        // Given the two places, asked at Friday 19:30 in Japan, when the udon shop's hours say open
        let server = try LoopbackServer(replies: [.json(Self.twoPlaces, contentType: "application/json")])
        let home = try TemporaryFolder()
        // When the open ones are asked for
        let run = await CLIRun.run(
            ["search", "--provider", "google", "--open-now", "--json"] + Self.shibuya,
            environment: environment(server, home: home))
        // Then the udon shop is kept and the café closed for a while is not
        let names = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(run.code == .success && names == ["Udon Tsukimi"], "\(run.stdout) \(run.stderr)")
    }

    @Test func withoutAKeyItSaysWhereAGoogleKeyGoes() async {
        // When Google is asked with no key anywhere
        let run = await CLIRun.run(["search", "--provider", "google"] + Self.shibuya)
        // Then it stops with one line naming the variable and the key.plist entry
        #expect(run.code == .configuration, "\(run.code)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.stderr)")
        #expect(run.stderr.contains("GOOGLE_PLACES_API_KEY") && run.stderr.contains("googleApiKey"), "\(run.stderr)")
    }

    @Test func aRejectedKeyIsExitSeventySevenWithGooglesWordsAndNoKey() async throws {
        // Given Google refusing the key, quoting it
        let refusal =
            #"{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": "The key AIzaCLI-test-key-98765 is blocked.\nMore."}}"#
        let server = try LoopbackServer(replies: [.json(refusal, status: 403, contentType: "application/json")])
        let home = try TemporaryFolder()
        // When a search is made
        let run = await CLIRun.run(
            ["search", "--provider", "google"] + Self.shibuya, environment: environment(server, home: home))
        // Then it fails as a refused key, on one line, without the key
        #expect(run.code == .permissionDenied, "\(run.code): \(run.stderr)")
        #expect(run.stderr.contains("PERMISSION_DENIED: The key REDACTED is blocked.") && !run.stderr.contains(Self.key))
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
    }

    @Test func showLooksAPlaceUpByItsId() async throws {
        // Given Place Details on loopback
        let place = #"""
            {"id": "ChIJN1t_tDeuEmsRUsoyG83frY4", "displayName": {"text": "Harbour Dumplings"},
             "location": {"latitude": -33.8666, "longitude": 151.1958}, "utcOffsetMinutes": 660}
            """#
        let server = try LoopbackServer(replies: [.json(place, contentType: "application/json")])
        let home = try TemporaryFolder()
        // When the place is shown by Google's id, as its resource name
        let run = await CLIRun.run(
            ["show", "places/ChIJN1t_tDeuEmsRUsoyG83frY4", "--json"], environment: environment(server, home: home))
        // Then one GET of its details answered
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.map(\.path) == ["/v1/places/ChIJN1t_tDeuEmsRUsoyG83frY4"], "\(server.requests.map(\.target))")
        #expect(run.stdout.contains("Harbour Dumplings"), "\(run.stdout)")
    }

    @Test(arguments: ["ChIJN1t_tDeuEmsRUsoyG83frY4", "places/ChIJN1t_tDeuEmsRUsoyG83frY4"])
    func googleIdsAreGooglesAndShortNumbersAreNoIds(text: String) {
        #expect(ShowCommand.idForm(text)?.1 == .google, "\(text)")
        #expect(ShowCommand.idForm(text)?.0 == "ChIJN1t_tDeuEmsRUsoyG83frY4", "the bare id")
        #expect(ShowCommand.idForm("3") == nil && ShowCommand.idForm("12345678901234567890") == nil, "numbers are no ids")
    }

    @Test func moreThanTwentyWithoutAKeywordIsRefusedBeforeAnythingIsSent() async throws {
        let server = try LoopbackServer(replies: [.json("{}", contentType: "application/json")])
        let home = try TemporaryFolder()
        let run = await CLIRun.run(
            ["search", "--provider", "google", "--limit", "30"] + Self.shibuya, environment: environment(server, home: home))
        #expect(run.code == .usage && server.requests.isEmpty, "\(run.code)")
        #expect(
            run.stderr.contains("--limit: Google Places gives at most 20 shops around a centre; add --keyword for up to 60"),
            "\(run.stderr)")
    }

    @Test func theGenresAreGooglesFoodTypesWithDidYouMean() async {
        let list = await CLIRun.run(["genres", "--provider", "google", "--stub", "--json"])
        #expect(list.code == .success && list.stdout.contains("ramen_restaurant"), "\(list.stdout) \(list.stderr)")
        let typo = await CLIRun.run(["search", "--provider", "google", "--stub", "--genre", "ramen_restaurnt"] + Self.shibuya)
        #expect(typo.code == .usage && typo.stderr.contains("ramen restaurant"), "\(typo.stderr)")
    }

    @Test(arguments: [("2026-12-09 12:00", true), ("2026-12-02 12:00", false)])
    func openAtAWednesdayOutsideTheCurrentDatesIsAnsweredByTheRegularWeek(asked: String, listed: Bool) async throws {
        // Given the New York diner whose current hours cover 26 November to 2 December (closed that Wednesday)
        let server = try LoopbackServer(replies: [
            .json(#"{"places": [\#(PeriodHoursTests.diner)]}"#, contentType: "application/json")
        ])
        let home = try TemporaryFolder()
        // When the places open at noon on a Wednesday are asked for
        let run = await CLIRun.run(
            ["search", "--provider", "google", "--lat", "40.7306", "--lng", "-73.9866", "--open-at", asked, "--json"],
            environment: environment(server, home: home))
        // Then Wednesday 9 December, outside those dates, is the regular week's (open); 2 December is closed
        #expect(run.code == (listed ? .success : .noResults), "\(run.code) \(run.stderr)")
        let names = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names == (listed ? ["Liberty Diner"] : []), "\(asked): \(names) \(run.stderr)")
        #expect(server.requests.count == 1, "one request")
    }

    // MARK: - The offline stub

    @Test func openAtIsReadOnThePlacesClockNotTheUsers() async throws {
        // Given Thursday 15:30 UTC: Thursday 10:30 in New York, already Friday 00:30 in Tokyo
        let asked = ISO8601DateFormatter().date(from: "2026-11-19T15:30:00Z")!
        // When the stub's Shibuya places open at 23:30 "today" are asked for
        let run = await CLIRun.run(
            ["search", "--provider", "google", "--stub", "--open-at", "23:30", "--range", "3", "--json"]
                + ["--lat", "35.658", "--lng", "139.7016"],
            environment: ["TZ": "America/New_York"], now: asked)

        // Then today is Tokyo's Friday: the Friday-and-Saturday kushikatsu bar is open (on New
        // York's Thursday it would not be), as are the ramen shop open until 05:00, the yakiniku
        // open late and the one open around the clock
        #expect(run.code == .success, "\(run.stderr)")
        let names = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(
            Set(names) == ["Ramen Hachiboshi", "Shibuya Gyudon 24", "渋谷 焼肉 炎家", "Kushikatsu Center-gai"], "\(names)")
    }

    @Test func aPlaceClosedForGoodIsNeverOpen() async throws {
        // Given Friday noon in Tokyo, when the stub's tempura restaurant's hours say open, but it closed for good
        let run = await CLIRun.run(
            ["search", "--provider", "google", "--stub", "--open-at", "fri 12:00", "--range", "4", "--json"] + Self.shibuya)
        let names = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(run.code == .success && !names.isEmpty, "\(run.stderr)")
        #expect(!names.contains("天ぷら 青葉"), "closed for good: \(names)")
    }
}
