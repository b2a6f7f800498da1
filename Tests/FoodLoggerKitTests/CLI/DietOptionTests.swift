import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `--diet` end to end: its words and did-you-mean, each service's answer or refusal (nothing
/// sent), and the walk and diet keys every record carries.
@MainActor @Suite struct DietOptionTests {
    static let tokyoStation = ["--lat", "35.6812", "--lng", "139.7671"]

    private func restaurants(_ run: CLIRun) throws -> [[String: Any]] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "a JSON document: \(run.stderr)")
        return document["restaurants"] as? [[String: Any]] ?? []
    }

    @Test func osmKeepsThePlacesTaggedVeganAndSaysTheirDiets() async throws {
        // When the offline OpenStreetMap is searched for vegan places around Tokyo Station
        let run = await CLIRun.run(["search", "--stub", "--provider", "osm", "--diet", "vegan", "--json"] + Self.tokyoStation)

        // Then only the place tagged diet:vegan=yes is kept, vegetarian too
        #expect(run.code == .success, "found: \(run.stderr)")
        let shops = try restaurants(run)
        #expect(shops.map { $0["name"] as? String } == ["カレーの店 Nihonbashi Spice"], "the vegan curry house only")
        #expect(shops.first?["diet"] as? [String] == ["vegetarian", "vegan", "halal"], "its diets, vegan implying vegetarian")
    }

    @Test func repeatedDietsMustAllHold() async throws {
        let one = await CLIRun.run(
            ["search", "--stub", "--provider", "osm", "--diet", "vegetarian", "--json"] + Self.tokyoStation)
        let both = await CLIRun.run(
            ["search", "--stub", "--provider", "osm", "--diet", "vegetarian", "--diet", "gluten_free", "--json"]
                + Self.tokyoStation)
        #expect(try restaurants(one).count == 3, "yes, only and vegan count; no and limited do not: \(one.stdout)")
        #expect(try restaurants(both).map { $0["name"] as? String } == ["Station Burger Works"], "both diets: \(both.stdout)")
    }

    @Test func googleKeepsThePlacesItSaysServeVegetarianFood() async throws {
        let run = await CLIRun.run(
            ["search", "--stub", "--provider", "google", "--diet", "vegetarian", "--json"] + Self.tokyoStation)
        #expect(run.code == .success, "found: \(run.stderr)")
        let shops = try restaurants(run)
        #expect(shops.count == 3 && shops.allSatisfy { $0["diet"] as? [String] == ["vegetarian"] }, "\(shops)")
        let plain = await CLIRun.run(["search", "--stub", "--provider", "google", "--json"] + Self.tokyoStation)
        #expect(try restaurants(plain).allSatisfy { $0["diet"] is NSNull }, "not asked, not said")
    }

    @Test(arguments: [
        (
            ["--provider", "hotpepper", "--diet", "vegetarian"],
            "--diet vegetarian: HOT PEPPER Gourmet does not say which places are vegetarian; use --provider osm (OpenStreetMap) or --provider google (Google Places) for it"
        ),
        (
            ["--provider", "hotpepper", "--diet", "halal"],
            "--diet halal: HOT PEPPER Gourmet does not say which places are halal; use --provider osm (OpenStreetMap) for it"
        ),
        (
            ["--provider", "google", "--diet", "vegetarian,kosher"],
            "--diet kosher: Google Places does not say which places are kosher; use --provider osm (OpenStreetMap) for it"
        ),
    ])
    func aDietTheServiceCannotSayIsRefusedWithNothingSent(options: [String], message: String) async throws {
        // Given servers that would answer, and keys for both
        let server = try LoopbackServer(replies: [.json(#"{"places": []}"#, contentType: "application/json")])
        let base = server.baseURL.absoluteString
        let environment = [
            "HOTPEPPER_API_KEY": "a-key", "HOTPEPPER_BASE_URL": base, "GOOGLE_PLACES_API_KEY": "g-key",
            "GOOGLE_PLACES_BASE_URL": base,
        ]

        // When a search asks the service for a diet it cannot say
        let run = await CLIRun.run(["search"] + Self.tokyoStation + options, environment: environment)

        // Then one line names what and who has it, exit 64, nothing sent
        #expect(run.code == .usage, "exit 64: \(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(server.requests.isEmpty && run.stdout.isEmpty, "nothing sent, nothing printed")
    }

    @Test(arguments: [
        ("vegitarian", " (did you mean vegetarian?)"), ("gluten-free", " (did you mean gluten_free?)"), ("paleo", ""),
    ])
    func anotherWordIsRefusedWithTheLikeliestDiet(word: String, hint: String) async {
        let run = await CLIRun.run(["search", "--stub", "--provider", "osm", "--diet", word] + Self.tokyoStation)
        #expect(run.code == .usage, "exit 64: \(run.stderr)")
        #expect(
            run.stderr.contains("--diet takes vegetarian, vegan, halal, kosher, gluten_free, not '\(word)'\(hint)."),
            "\(run.stderr)")
    }

    @Test func everyRecordCarriesItsWalkAndWayFromTheCentreOrNullsWithout() async throws {
        // When Tokyo Station is searched offline, and then by keyword without a centre
        let near = await CLIRun.run(["search", "--stub", "--json"] + Self.tokyoStation)
        let without = await CLIRun.run(["search", "--stub", "--keyword", "ラーメン", "--no-center", "--json"])

        // Then each shop has whole minutes matching its metres and a bearing, after business_status
        let shops = try restaurants(near)
        #expect(!shops.isEmpty, "found")
        for shop in shops {
            let metres = try #require(shop["distance_m"] as? Int), minutes = try #require(shop["walk_minutes"] as? Int)
            #expect(minutes == (metres + 79) / 80, "\(metres) m → \(minutes) min")
            #expect((shop["bearing_deg"] as? Int).map { (0..<360).contains($0) } == true, "a bearing: \(shop)")
            #expect(shop["diet"] is NSNull, "HOT PEPPER says nothing of diets")
        }
        // Appended after business_status (other keys of #28 may come between), every older key in its place
        let keys = RestaurantRecord.fieldNames
        let status = try #require(keys.firstIndex(of: "business_status"))
        let walk = try #require(keys.firstIndex(of: "walk_minutes"))
        #expect(status < walk && Array(keys[walk...].prefix(3)) == ["walk_minutes", "bearing_deg", "diet"], "\(keys)")
        #expect(keys.firstIndex(of: "distance_m") == 11, "distance_m where it was: \(keys)")
        #expect(
            try restaurants(without).allSatisfy { $0["walk_minutes"] is NSNull && $0["bearing_deg"] is NSNull },
            "no centre, no walk")
    }

    @Test func theTableHasAWalkColumnInLettersWithoutUTF8() async throws {
        // Given a terminal 100 columns wide (at 60 the walk gives way to whole names) whose locale is not UTF-8
        let run = await CLIRun.run(
            ["search", "--stub", "--provider", "osm", "--diet", "vegan", "--format", "table"] + Self.tokyoStation,
            environment: ["LANG": "C"], terminal: Terminal(columns: 100))

        // Then the curry house is 6 minutes north-east, in letters
        #expect(run.stdout.contains("Walk") && run.stdout.contains("472 m  6 min NE"), "\(run.stdout)")
    }
}
