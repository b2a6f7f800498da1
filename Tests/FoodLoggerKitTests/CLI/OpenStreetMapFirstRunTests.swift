import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// A newcomer's first run, abroad and without any key: a place search worldwide, then Overpass,
/// both on loopback; shops with OpenStreetMap's credit.
@MainActor @Suite struct OpenStreetMapFirstRunTests {
    private static let eiffel = #"""
        [{"place_id":1,"lat":"48.8582599","lon":"2.2945006","category":"tourism","type":"attraction",
          "name":"Tour Eiffel","display_name":"Tour Eiffel, 5, Avenue Anatole France, Paris, France","importance":0.7}]
        """#

    private static let champDeMars = #"""
        {"elements":[
          {"type":"node","id":101,"lat":48.8570,"lon":2.2950,"tags":{"amenity":"cafe","name":"Café du Champ",
            "cuisine":"coffee_shop","opening_hours":"Mo-Su 07:00-23:00","website":"https://cafe.example"}},
          {"type":"way","id":202,"center":{"lat":48.8560,"lon":2.2980},"tags":{"amenity":"restaurant",
            "name":"Bistrot de la Tour","cuisine":"french","opening_hours":"Tu-Sa 12:00-14:30,19:00-22:30"}},
          {"type":"area","id":3600002202162,"tags":{"admin_level":"2","ISO3166-1":"FR","name":"France",
            "timezone":"Europe/Paris"}}
        ]}
        """#

    @Test func theEiffelTowerWithNoKeyFindsShopsCreditedToOpenStreetMap() async throws {
        // Given Nominatim and Overpass on loopback, and no HOT PEPPER key anywhere
        let places = try LoopbackServer(replies: [.json(Self.eiffel, contentType: "application/json")])
        let overpass = try LoopbackServer(replies: [.json(Self.champDeMars, contentType: "application/json")])
        let home = try TemporaryFolder()

        // When a newcomer searches near the Eiffel Tower, at a table
        let run = await CLIRun.run(
            ["search", "--near", "Eiffel Tower", "--format", "table"],
            environment: [
                "HOME": home.path, "LANG": "fr_FR.UTF-8",
                "FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString,
                "FOODLOGGER_OVERPASS_URL": overpass.baseURL.appendingPathComponent("api/interpreter").absoluteString,
            ])

        // Then the place was searched worldwide, the food around it on OpenStreetMap
        #expect(run.code == .success, "found: \(run.stderr)")
        let placeQuery = try #require(places.requests.first, "a place search")
        #expect(placeQuery.queryValue("countrycodes") == nil, "the whole world: \(placeQuery.target)")
        #expect(overpass.requests.count == 1, "one Overpass request")
        let ql = overpass.requests.first.map { String(decoding: $0.body, as: UTF8.self).removingPercentEncoding ?? "" }
        #expect(ql?.contains("around:1000,48.8582599,2.2945006") == true, "around the tower: \(ql ?? "")")

        // And the shops are listed nearest first, with OpenStreetMap's credit
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.contains("Café du Champ") }, "the café: \(run.stdout)")
        let second = try #require(lines.firstIndex { $0.contains("Bistrot de la Tour") }, "the bistrot: \(run.stdout)")
        #expect(first < second, "nearest first")
        #expect(run.stdout.contains("© OpenStreetMap contributors"), "credited: \(run.stdout)")
        #expect(!run.stdout.contains("ホットペッパー"), "not HOT PEPPER's credit: \(run.stdout)")
    }
}
