import Foundation
import Testing

import FoodLoggerDomain
@testable import FoodLoggerKit

/// The tools in an agent's terms (issue #49, items 17 to 19).
@MainActor
@Suite struct MCPCatalogTests {
    @Test func descriptionsNameNoFlagNorEnvironmentVariable() {
        for tool in MCPCatalog.tools {
            for text in [tool.description] + tool.arguments.map(\.description) {
                #expect(
                    !text.contains("--") && !text.contains("FOODLOGGER_") && !text.contains("foodlogger "),
                    "\(tool.name): \(text)")
            }
        }
    }

    @Test func aSearchsOutputSchemaListsTheDirectionsLink() {
        // The search's places carry directions_url (null without a centre); other tools' places need not
        let listing = MCPCatalog.search.outputSchema["properties"]?["restaurants"]?["items"]?["properties"]
        #expect(listing?["directions_url"] == MCPSchemas.nullable("string"), "\(String(describing: listing))")
    }

    @Test func theToolListStaysUnder12KB() {
        let answer = MCPPresenter.message(.tools(.init(id: .integer(1), tools: MCPCatalog.tools, revision: .v2026_07_28)))

        let tools = answer["result"]?["tools"] ?? .null
        #expect(tools.line.utf8.count < 12 * 1024, "\(tools.line.utf8.count) bytes")
    }

    @Test func anAgentsNumbersBecomeTheCommandsOptions() throws {
        // When a search gives metres, minutes, yen and a list of services
        let parsed = try MCPCatalog.search.arguments(
            ["radius": 800, "open_for": 60, "min_budget_yen": 2000, "max_budget_yen": 3000, "provider": ["osm", "google"]],
            defaults: ParsedArguments(), provider: nil
        ).get()

        // Then they are the command's own words for them
        #expect(parsed.values["--radius"] == ["800"], "\(parsed.values)")
        #expect(parsed.values["--open-for"] == ["60m"], "\(parsed.values)")
        #expect(parsed.values["--budget"] == ["2000-3000"], "\(parsed.values)")
        #expect(parsed.values["--provider"] == ["osm,google"], "\(parsed.values)")
    }

    @Test(arguments: [
        (["max_budget_yen": 1500] as JSONValue, "-1500"), (["min_budget_yen": 25000] as JSONValue, "25000-"),
    ])
    func oneEndOfTheBudgetIsAnOpenBand(given: JSONValue, expected: String) throws {
        let parsed = try MCPCatalog.search.arguments(given, defaults: ParsedArguments(), provider: nil).get()

        #expect(parsed.values["--budget"] == [expected], "\(parsed.values)")
    }

    @Test(arguments: [
        (["radius": 0] as JSONValue, MCPTool.ArgumentError.outOfRange(name: "radius", range: 1...MCPCatalog.maxRadius)),
        (["lat": 91] as JSONValue, MCPTool.ArgumentError.numberOutOfRange(name: "lat", range: -90...90)),
        (
            ["min_budget_yen": 3000, "max_budget_yen": 1000] as JSONValue,
            MCPTool.ArgumentError.outOfOrder(lower: "min_budget_yen", upper: "max_budget_yen")
        ),
        (
            ["provider": "yelp"] as JSONValue,
            MCPTool.ArgumentError.notAChoice(name: "provider", value: "yelp", choices: ["hotpepper", "osm", "google"])
        ),
        (["open_for": 2000] as JSONValue, MCPTool.ArgumentError.outOfRange(name: "open_for", range: 1...1440)),
    ])
    func outOfBoundsArgumentsAreRefusedBeforeAnythingRuns(given: JSONValue, expected: MCPTool.ArgumentError) {
        let result = MCPCatalog.search.arguments(given, defaults: ParsedArguments(), provider: nil)

        #expect(result.failure == expected, "\(result)")
    }

    @Test func removeLogEntryIsDestructiveAndLogVisitTakesAgain() {
        #expect(MCPCatalog.removeLogEntry.destructive && !MCPCatalog.removeLogEntry.readOnly, "destructive")
        #expect(MCPCatalog.logVisit.arguments.contains { $0.name == "again" && $0.form == .flag("--again") }, "again")
    }

    @Test func aPlacesSummaryCarriesBudgetRatingHoursAddressAndURL() throws {
        // Given a place closing at 21:00 on a Monday in Tokyo, at 12:00 that day
        let shop = try #require(
            JSONValue.decode(
                Data(
                    #"{"id":"J1","name":"一","genre":"洋食","distance_m":80,"walk_minutes":1,"budget":"1001～1500円","rating":4.5,"open_now":true,"closes_at":"2026-11-30T21:00:00+09:00","hours":{"mon":[{"open":"11:00","close":"21:00"}]},"address":"東京都千代田区","url":"https://example.invalid/J1"}"#
                        .utf8)))
        let noon = try #require(ISO8601DateFormatter().date(from: "2026-11-30T03:00:00Z"))

        let text = MCPPresenter.place(shop, now: noon)

        #expect(
            text
                == "一 [J1] · 洋食 · 80 m, 1 min walk · budget 1001～1500円 · rated 4.5 · open until 21:00 · today 11:00–21:00\n   東京都千代田区 · https://example.invalid/J1",
            "\(text)")
    }
}
