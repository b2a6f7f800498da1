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
        let sushi = await CLIRun.run(
            ["search", "--stub", "--provider", "osm", "--keyword", "sushi", "--json"] + Self.tokyoStation)
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
        let json = await CLIRun.run(
            ["search", "--provider", "google", "--json"] + Self.shibuya, environment: google(server, home: home))

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

    // MARK: - 10. Small things

    @Test func htmlGivesTheSamePageAsEveryOtherFormat() async throws {
        // Given the offline stub around Tokyo Station, which has more than ten shops within 3 km
        let json = await CLIRun.run(["search", "--stub", "--range", "5", "--json"] + Self.tokyoStation)
        let html = await CLIRun.run(["search", "--stub", "--range", "5", "--format", "html"] + Self.tokyoStation)

        // Then the HTML page draws the same ten as the JSON lists, not every shop in the radius
        let shops = json.json?["restaurants"] as? [[String: Any]] ?? []
        let total = json.json?["total"] as? Int ?? 0
        #expect(shops.count == 10 && total > 10, "a page of ten of \(total)")
        let markers = html.stdout.components(separatedBy: "class=\"marker\"").count - 1
        #expect(html.code == .success && markers == 10, "ten markers, not \(markers)")
    }

    @Test func csvHasOneHeaderForACommandWhateverThePlacesSayAndADietIsOneCell() async throws {
        // Given two Overpass answers: a place with a Chinese name and two diets, and a bare one
        let named =
            #"{"elements":[{"type":"node","id":1,"lat":21.03,"lon":105.85,"tags":{"amenity":"restaurant","name":"Phở Thử","name:zh":"河粉","diet:vegetarian":"yes","diet:vegan":"yes"}}]}"#
        let bare =
            #"{"elements":[{"type":"node","id":2,"lat":21.03,"lon":105.85,"tags":{"amenity":"restaurant","name":"Bún Chả"}}]}"#
        func csv(_ answer: String) async throws -> CLIRun {
            let server = try LoopbackServer(replies: [.json(answer, contentType: "application/json")])
            return await CLIRun.run(
                ["search", "--provider", "osm", "--format", "csv", "--lat", "21.03", "--lng", "105.85"],
                environment: ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString])
        }
        let first = try await csv(named), second = try await csv(bare)

        // Then both headers are the search fields' CSV columns: no column for one language
        let header = { (run: CLIRun) in run.stdout.split(separator: "\r\n").first.map(String.init) ?? "" }
        #expect(first.code == .success && second.code == .success, "\(first.stderr) \(second.stderr)")
        #expect(
            header(first) == header(second) && header(first) == RestaurantRecord.csvColumns.joined(separator: ","), "one header")
        #expect(!header(first).contains("names."), "names in one cell: \(header(first))")
        // And the diets are words joined by ";", the names "language=name"
        let row = first.stdout.split(separator: "\r\n").dropFirst().first.map(String.init) ?? ""
        #expect(row.contains(",vegetarian;vegan,") && row.contains(",zh=河粉,"), "\(row)")
    }

    @Test func fieldsTakeTheCSVHeadersDottedKeysAndSuggestOnlyANearField() async throws {
        // When --fields names a dotted CSV key, in CSV and NDJSON
        let csv = await CLIRun.run(["search", "--stub", "--format", "csv", "--fields", "name,hours.fri"] + Self.tokyoStation)
        let ndjson = await CLIRun.run(
            ["search", "--stub", "--format", "ndjson", "--fields", "name,hours.fri"] + Self.tokyoStation)
        // Then the column is there, with the day's hours
        let lines = csv.stdout.split(separator: "\r\n")
        #expect(csv.code == .success && lines.first == "name,hours.fri", "\(csv.stdout.prefix(200)) \(csv.stderr)")
        #expect(lines.dropFirst().contains { $0.contains(":") }, "Friday's hours: \(lines.prefix(3))")
        #expect(ndjson.stdout.split(separator: "\n").first?.contains("\"hours.fri\"") == true, "\(ndjson.stdout.prefix(200))")

        // And a key near nothing is not told to be "log"; one near a field is
        let foo = await CLIRun.run(["search", "--stub", "--format", "csv", "--fields", "name,foo"] + Self.tokyoStation)
        #expect(foo.code == .usage && !foo.stderr.contains("did you mean log"), "\(foo.stderr)")
        #expect(foo.stderr.contains("distance_m"), "the fields listed: \(foo.stderr)")
        let dist = await CLIRun.run(["search", "--stub", "--format", "csv", "--fields", "name,dist"] + Self.tokyoStation)
        #expect(dist.stderr.contains("did you mean distance_m?"), "\(dist.stderr)")
    }

    @Test func anOverpassFailureNamesOpenStreetMap() async throws {
        // Given Overpass answering 504, then a remark that it gave up
        let remark =
            #"{"version":0.6,"elements":[],"remark":"runtime error: Query timed out in \"query\" at line 3 after 26 seconds."}"#
        for reply in [Reply.status(504), .json(remark, contentType: "application/json")] {
            let server = try LoopbackServer(replies: [reply, reply, reply, reply])
            // When a search is made there
            let run = await CLIRun.run(
                ["search", "--provider", "osm", "--retries", "0"] + Self.tokyoStation,
                environment: ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString])
            // Then the line names the service that failed
            #expect(run.code != .success && run.stderr.hasPrefix("foodlogger: OpenStreetMap "), "\(run.stderr)")
        }
    }

    @Test func aGoogleKeyRefusedInAMergeIsSaidOnce() async throws {
        // Given OpenStreetMap answering with a place, and Google refusing the key
        let overpass = try LoopbackServer(replies: [
            .json(
                #"{"elements":[{"type":"node","id":1,"lat":35.6812,"lon":139.7671,"tags":{"amenity":"cafe","name":"Kissa"}}]}"#,
                contentType: "application/json")
        ])
        let google = try LoopbackServer(replies: [
            .json(
                #"{"error":{"code":403,"message":"The key is blocked.","status":"PERMISSION_DENIED"}}"#, status: 403,
                contentType: "application/json")
        ])
        let home = try TemporaryFolder()
        var environment = self.google(google, home: home)
        environment["FOODLOGGER_OVERPASS_URL"] = overpass.baseURL.appendingPathComponent("api/interpreter").absoluteString

        // When both are asked at once
        let run = await CLIRun.run(
            ["search", "--provider", "osm,google", "--json"] + Self.tokyoStation, environment: environment)

        // Then OpenStreetMap's place is listed, and Google's refusal is one line naming Google once
        #expect(run.stdout.contains("Kissa") && google.requests.count == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("Google Places rejected the API key"), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "Google Places").count == 2, "said once: \(run.stderr)")
    }

    @Test func anUnknownBudgetCodeIsRefusedBeforeAnythingIsSent() async throws {
        let server = try LoopbackServer(replies: [.json("{}")])
        let run = await CLIRun.run(
            ["search", "--budget", "B099"] + Self.tokyoStation,
            environment: ["HOTPEPPER_API_KEY": "traveller-key", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        #expect(run.code == .usage && server.requests.isEmpty, "\(run.code) \(run.stderr)")
        #expect(run.stderr.contains("B099") && run.stderr.contains("foodlogger budgets"), "\(run.stderr)")
    }

    @Test func sushiUnderHotPepperPointsToWashokuAndTheKeyword() async throws {
        let run = await CLIRun.run(["search", "--stub", "--genre", "sushi"] + Self.tokyoStation)
        #expect(run.code == .usage, "\(run.code)")
        #expect(
            run.stderr.contains("和食") && run.stderr.contains("--genre G004") && run.stderr.contains("--keyword 寿司"),
            "\(run.stderr)")
    }

    @Test(arguments: ["1.5h", "1h30"])
    func openForReadsDecimalHoursAndMinutesWithoutTheirM(duration: String) async throws {
        let given = await CLIRun.run(["search", "--stub", "--open-for", duration, "--json"] + Self.tokyoStation)
        let minutes = await CLIRun.run(["search", "--stub", "--open-for", "90m", "--json"] + Self.tokyoStation)
        #expect(given.code == minutes.code && given.stdout == minutes.stdout, "\(duration) is 90 min: \(given.stderr)")
    }

    @Test func nothingFoundForCafesSaysCafes() async throws {
        let run = await CLIRun.run(
            ["search", "--stub", "--provider", "osm", "--kind", "cafe", "--keyword", "zzzz", "--format", "table"] + Self.shibuya)
        #expect(run.stderr.contains("No cafés found") || run.stdout.contains("No cafés found"), "\(run.stdout) \(run.stderr)")
    }

    @Test func showAfterASearchGivesTheWalkFromItsCentre() async throws {
        // Given a search, its list kept
        let state = try TemporaryFolder()
        let environment = ["XDG_STATE_HOME": state.path]
        let search = await CLIRun.run(["search", "--stub", "--json"] + Self.tokyoStation, environment: environment)
        let first = (search.json?["restaurants"] as? [[String: Any]])?.first
        // When its first shop is shown by number
        let card = await CLIRun.run(["show", "1", "--stub", "--format", "table"], environment: environment)
        let json = await CLIRun.run(["show", "1", "--stub", "--json"], environment: environment)
        // Then the card says how far and how long a walk, as the map's card does, and the JSON the distance
        let metres = first?["distance_m"] as? Int ?? -1
        #expect(card.stdout.contains("Walk") && card.stdout.contains("\(metres) m ·"), "\(card.stdout)")
        let shown = (json.json?["restaurants"] as? [[String: Any]])?.first
        #expect(shown?["distance_m"] as? Int == metres, "\(json.stdout.prefix(300))")
    }

    @Test func theHotPepperCardSaysANoteOnceWhenBothNotesHoldIt() {
        var shop = StubRestaurants.all[0]
        shop.hotpepper?.otherMemo = "貸切可"
        shop.hotpepper?.shopDetailMemo = "貸切可"
        let card = DetailPresenter.card(shop, on: OpenClock(.now(CLIRun.friday), region: nil))
        let fields = card.sections.flatMap(\.fields)
        #expect(fields.filter { $0.value == "貸切可" }.map(\.label) == ["Other"], "\(fields)")
    }

    @Test func aGooglePriceLevelIsInTheCurrencyOfThePlacesCountry() async throws {
        // Given Google's places in Shibuya, none naming its country (no postalAddress asked back)
        let server = try LoopbackServer(replies: [.json(GooglePlacesCLITests.twoPlaces, contentType: "application/json")])
        let home = try TemporaryFolder()
        // When they are listed
        let run = await CLIRun.run(
            ["search", "--provider", "google", "--format", "table"] + Self.shibuya, environment: google(server, home: home),
            terminal: Terminal(columns: 160))
        // Then the price level is in yen, not Google's default dollar
        let row = run.stdout.split(separator: "\n").first { $0.contains("Udon Tsukimi") } ?? ""
        #expect(row.contains("¥¥") && !row.contains("$"), "\(run.stdout) \(run.stderr)")
    }
}
