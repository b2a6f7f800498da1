import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The search options every service answers in its own way (#33): --kind, --radius and --sort,
/// asked of each service as it can be asked, refused in one line where it cannot.
@MainActor @Suite struct NeutralSearchOptionsTests {
    static let tokyo = ["--lat", "35.6812", "--lng", "139.7671"]
    let base = URL(string: "https://places.example/v1/")!

    /// The QL a request to Overpass carried in its form.
    private func sentQL(_ request: RecordedRequest) -> String {
        String(decoding: request.body, as: UTF8.self).dropFirst("data=".count).removingPercentEncoding ?? ""
    }

    // MARK: --kind

    @Test func aKindIsAskedOfOverpassAsItsAmenity() throws {
        let ql = try OverpassRequest.search(
            RestaurantQuery(center: Coordinate(lat: 21, lng: 105), range: .m500, kinds: [.bar, .beerGarden]))
        #expect(ql.contains(#"nwr["amenity"~"^(bar|biergarten)$"]"#), "\(ql)")
    }

    @Test func aKindIsAskedOfGoogleAsItsTypes() throws {
        let center = Coordinate(lat: 35.658, lng: 139.7016)
        let nearby = try GooglePlacesRequest.nearby(
            RestaurantQuery(center: center, kinds: [.cafe, .pub]), key: "k", baseURL: base, language: "en")
        let body = try #require(JSONSerialization.jsonObject(with: nearby.body ?? Data()) as? [String: Any])
        #expect(body["includedTypes"] as? [String] == ["cafe", "coffee_shop", "pub"], "\(body)")
        // And a text search takes the one type of a kind that has one
        let text = try GooglePlacesRequest.text(
            RestaurantQuery(center: center, keyword: "ale", kinds: [.pub]), pageToken: nil, key: "k", baseURL: base,
            language: "en")
        let textBody = try #require(JSONSerialization.jsonObject(with: text.body ?? Data()) as? [String: Any])
        #expect(textBody["includedType"] as? String == "pub" && textBody["strictTypeFiltering"] as? Bool == true)
    }

    @Test func aKindIsAskedOfHotpepperAsGenres() {
        let query = RestaurantQuery(center: Coordinate(lat: 35.6812, lng: 139.7671), kinds: [.bar, .cafe])
        let genres = GourmetRequest.parameters(for: query, key: "k").filter { $0.name == "genre" }.map(\.value)
        #expect(genres == ["G012", "G014"], "\(genres)")
        var restaurants = query
        restaurants.kinds = [.restaurant]
        let others = GourmetRequest.parameters(for: restaurants, key: "k").filter { $0.name == "genre" }.map(\.value)
        #expect(others.count == 15 && !others.contains("G012") && !others.contains("G014"), "\(others)")
    }

    @Test(arguments: [
        (["--provider", "osm", "--kind", "cafe"], ["Kissa Marunouchi"]),
        (["--kind", "bar"], ["Bar Lantern 日本橋"]),
    ])
    func kindsKeepOnlyThoseKinds(options: [String], names: [String]) async {
        let run = await CLIRun.run(["search", "--stub", "--json"] + options + Self.tokyo)
        let found = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(found == names, "\(options): \(run.stderr)")
        let kinds = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds?.allSatisfy { options.contains($0) } == true, "\(kinds ?? [])")
    }

    @Test(arguments: [
        (["--kind", "pub"], "--kind pub: HOT PEPPER Gourmet cannot tell which places are a pub; use --provider osm"),
        (["--provider", "google", "--kind", "beer_garden"], "Google Places cannot tell which places are a beer garden"),
        (["--kind", "bar", "--genre", "ramen"], "give --kind or --genre, not both"),
        (["--kind", "bistro"], "--kind takes restaurant, cafe, bar"),
        (["--kind", "resturant"], "(did you mean restaurant?)"),
    ])
    func aKindAServiceCannotAskIsRefusedBeforeAnythingIsSent(options: [String], line: String) async {
        let run = await CLIRun.run(["search", "--stub"] + options + Self.tokyo)
        #expect(run.code == .usage && run.stderr.contains(line), "\(options): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line")
    }

    @Test func overpassKeepsOnlyTheKindsAskedWhateverTheServerSends() async throws {
        // Given an Overpass server that answers a café and a bar to a search for bars
        let elements = [("cafe", "Cà Phê"), ("bar", "Quán Bar")].enumerated().map { index, place in
            #"{"type": "node", "id": \#(index + 1), "lat": 35.6813, "lon": 139.7671, "tags": {"amenity": "\#(place.0)", "name": "\#(place.1)"}}"#
        }
        let server = try LoopbackServer(replies: [
            .json(#"{"elements": [\#(elements.joined(separator: ","))]}"#, contentType: "application/json")
        ])
        // When bars are asked for
        let run = await CLIRun.run(
            ["search", "--provider", "osm", "--kind", "bar", "--json"] + Self.tokyo,
            environment: ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString])
        // Then the query asked for bars, and only the bar is listed
        #expect(sentQL(try #require(server.requests.first)).contains(#"["amenity"~"^(bar)$"]"#))
        let names = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Quán Bar"] && run.json?["total"] as? Int == 1, "\(run.stdout) \(run.stderr)")
    }

    @Test(arguments: [["--keyword", "zzqx"], ["--open-at", "mon 04:00"]])
    func googlesWordsCarryNoneOfHOTPEPPERs(options: [String]) async {
        // When a Google search near Paris finds nothing, or nothing open, on the place's own clock
        let run = await CLIRun.run(
            ["search", "--stub", "--provider", "google", "--near", "Eiffel Tower", "--format", "table"] + options)

        // Then its hints speak of Google's search on Paris's clock, never of HOT PEPPER's Japanese or codes
        #expect(run.code == .noResults && !run.stderr.isEmpty, "\(run.code): \(run.stderr)")
        for word in ["Japanese", "ラーメン", "HOT PEPPER", "Japan time", "error 3000", "--range 5"] {
            #expect(!(run.stdout + run.stderr).contains(word), "\(word) in: \(run.stderr)")
        }
        #expect(options[0] != "--open-at" || run.stderr.contains("(Europe/Paris time)"), "\(run.stderr)")
    }

    @Test func anAreaWithNoTimeZoneSaysSoOnceWithoutPagingAdvice() async throws {
        // Given Overpass answering a place with hours, no area, and a position far out in the Pacific
        // that no country's clock reaches
        let server = try LoopbackServer(replies: [
            .json(
                #"{"elements": [{"type": "node", "id": 1, "lat": 30.0, "lon": -140.0, "tags": {"amenity": "cafe", "name": "Cà Phê", "opening_hours": "Mo-Su 07:00-22:00"}}]}"#,
                contentType: "application/json")
        ])
        // When the places open now are asked for
        let run = await CLIRun.run(
            ["search", "--provider", "osm", "--open-now", "--format", "table", "--lat", "30.0", "--lng", "-140.0"],
            environment: ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString])
        // Then one line says why nothing can be told and what to do; no other time or page is offered
        #expect(run.code == .noResults, "\(run.code)")
        #expect(
            run.stderr.contains("OpenStreetMap names no time zone for this area")
                && run.stderr.contains("--include-unknown") && !run.stderr.contains("--start")
                && !run.stderr.contains("another time"), "\(run.stderr)")
    }

    @Test func genreBarOnOpenStreetMapSaysKindIsMeant() async {
        let run = await CLIRun.run(["search", "--stub", "--provider", "osm", "--genre", "bar"] + Self.tokyo)
        #expect(run.code == .usage && run.stderr.contains("bar is a kind of place, which --kind bar keeps"), "\(run.stderr)")
    }

    // MARK: --radius

    @Test(arguments: [("800", 800), ("800m", 800), ("2km", 2000), ("1.5km", 1500), ("2 KM", 2000)])
    func aRadiusIsReadInMetres(text: String, metres: Int) async {
        let run = await CLIRun.run(["search", "--stub", "--provider", "osm", "--json", "--radius", text] + Self.tokyo)
        #expect(run.code == .success && run.json?["range_m"] as? Int == metres, "\(text): \(run.stderr)")
    }

    @Test(arguments: [
        (["--radius", "0"], "--radius takes metres from 1 to 50000"), (["--radius", "60km"], "from 1 to 50000"),
        (["--radius", "1e3"], "such as 800, 800m, 2km, 1mi or 500ft"), (["--radius", "800", "--range", "2"], "give one"),
        (["--radius", "4000"], "--radius 4000: HOT PEPPER Gourmet searches at most 3000 m around a centre; use --provider osm"),
        (["--radius", "6km", "--provider", "osm"], "OpenStreetMap searches at most 5000 m"),
    ])
    func aRadiusNoServiceTakesIsRefused(options: [String], line: String) async {
        let run = await CLIRun.run(["search", "--stub"] + options + Self.tokyo)
        #expect(run.code == .usage && run.stderr.contains(line), "\(options): \(run.stderr)")
    }

    @Test func overpassIsAskedTheRadiusItself() throws {
        let ql = try OverpassRequest.search(RestaurantQuery(center: Coordinate(lat: 21, lng: 105), radius: 800))
        #expect(ql.contains("(around:800,"), "\(ql)")
    }

    @Test func hotpepperAsksTheRangeCoveringTheRadiusAndKeepsThoseWithin() async throws {
        // Given HOT PEPPER answering 3 shops nearest first, at about 100, 600 and 900 m, of 3 in all
        let shops = [0.0009, 0.0054, 0.0081].enumerated().map { index, offset in
            #"{"id":"J00000000\#(index)","name":"店\#(index)","lat":\#(35.6812 + offset),"lng":139.7671}"#
        }
        let server = try LoopbackServer(replies: [
            .json(
                #"{"results":{"results_available":3,"results_returned":"3","results_start":1,"shop":[\#(shops.joined(separator: ","))]}}"#
            )
        ])
        // When the places within 700 m are asked for
        let run = await CLIRun.run(
            ["search", "--json", "--radius", "700"] + Self.tokyo,
            environment: ["HOTPEPPER_API_KEY": "radius-test-key", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        // Then range 3 (1000 m) was asked, and the two within 700 m kept, the total with them
        #expect(server.requests.first?.queryValue("range") == "3", "the smallest range covering 700 m")
        let names = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["店0", "店1"] && run.json?["total"] as? Int == 2, "\(run.stdout) \(run.stderr)")
    }

    // MARK: --sort

    @Test func ratingPutsTheBestRatedFirstTiesNearestFirst() {
        func place(_ id: String, _ rating: Double?) -> Restaurant {
            Restaurant(
                id: id, name: id, genre: .init(code: "", name: "", catchCopy: ""), coordinate: Coordinate(lat: 0, lng: 0),
                urls: .init(shop: "", photo: ""), provider: .google, rating: rating)
        }
        let nearestFirst = [place("a", 4.0), place("b", nil), place("c", 4.5), place("d", 4.0), place("e", nil)]
        #expect(nearestFirst.sorted(by: .rating).map(\.id) == ["c", "a", "d", "b", "e"])
        #expect(nearestFirst.sorted(by: .distance).map(\.id) == ["a", "b", "c", "d", "e"])
    }

    @Test func nameIgnoresCaseAndAccents() {
        let names = ["école", "Bar", "apple", "Éclair"].map {
            Restaurant(
                id: $0, name: $0, genre: .init(code: "", name: "", catchCopy: ""), coordinate: Coordinate(lat: 0, lng: 0),
                urls: .init(shop: "", photo: ""), provider: .osm)
        }
        #expect(names.sorted(by: .name).map(\.name) == ["apple", "Bar", "Éclair", "école"])
    }

    @Test func sortRatingWithGoogleListsTheBestFirst() async {
        let run = await CLIRun.run(["search", "--stub", "--provider", "google", "--json", "--sort", "rating"] + Self.tokyo)
        let ratings = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["rating"] as? Double } ?? []
        #expect(run.code == .success && ratings.count > 3 && ratings == ratings.sorted(by: >), "\(ratings) \(run.stderr)")
    }

    @Test func sortRatingWhereNoServiceRatesIsRefused() async {
        let run = await CLIRun.run(["search", "--stub", "--provider", "osm", "--sort", "rating"] + Self.tokyo)
        #expect(
            run.code == .usage
                && run.stderr.contains("--sort rating: OpenStreetMap has no ratings; use --provider google (Google Places)"),
            "\(run.stderr)")
    }
}
