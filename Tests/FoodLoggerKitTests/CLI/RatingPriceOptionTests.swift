import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `--min-rating` and `--price` end to end: what each service keeps or refuses (nothing sent),
/// what was left out under the list, and the MCP arguments that stand for them.
@MainActor @Suite struct RatingPriceOptionTests {
    static let tokyoStation = ["--lat", "35.6812", "--lng", "139.7671"]

    private func restaurants(_ run: CLIRun) throws -> [[String: Any]] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "a JSON document: \(run.stderr)")
        return document["restaurants"] as? [[String: Any]] ?? []
    }

    @Test func googleKeepsThePlacesRatedAtLeastSoAndSaysWhatItLeftOut() async throws {
        // Given Google's offline places around Tokyo Station, some rated below 4.2 or unrated
        let all = try restaurants(
            await CLIRun.run(["search", "--stub", "--provider", "google", "--limit", "20", "--json"] + Self.tokyoStation))
        let rated = all.filter { ($0["rating"] as? Double ?? 0) >= 4.2 }
        // When only those rated 4.2 or more are asked for
        let run = await CLIRun.run(
            ["search", "--stub", "--provider", "google", "--min-rating", "4.2", "--limit", "20", "--json"] + Self.tokyoStation)
        // Then those are listed, and stderr counts what was left out
        let shops = try restaurants(run)
        #expect(
            run.code == .success && !shops.isEmpty && shops.count < all.count, "\(shops.count) of \(all.count): \(run.stderr)")
        #expect(shops.map { $0["id"] as? String } == rated.map { $0["id"] as? String }, "the rated ones, in order")
        #expect(run.stderr.contains("--min-rating 4.2 left out \(all.count - rated.count) places ("), "\(run.stderr)")
    }

    @Test func hotPeppersBudgetBandsAnswerAPriceSpan() async throws {
        // When the HOT PEPPER stub is asked for price levels 1 to 2 (dinner up to 4,000 yen)
        let run = await CLIRun.run(["search", "--stub", "--price", "-2", "--limit", "100", "--json"] + Self.tokyoStation)
        // Then every place kept has a band of at most 4,000 yen
        let shops = try restaurants(run)
        let bands = shops.compactMap { $0["budget"] as? String }
        #expect(run.code == .success && !shops.isEmpty && bands.count == shops.count, "\(run.stderr)")
        #expect(
            bands.allSatisfy { (HotpepperDetails.Budget(code: "", name: $0, average: "").priceLevel ?? 9) <= 2 },
            "\(bands)")
    }

    @Test(arguments: [
        (
            ["--provider", "osm", "--price", "1-2"],
            "--price: OpenStreetMap has no prices; use --provider hotpepper (HOT PEPPER Gourmet) or --provider google (Google Places) for it"
        ),
        (
            ["--provider", "hotpepper", "--min-rating", "4"],
            "--min-rating: HOT PEPPER Gourmet has no ratings; use --provider google (Google Places) for it"
        ),
        (["--price", "5"], "--price takes price levels from 0 (free) to 4 (very expensive) such as 2, 1-2, -2 or 3-, not '5'"),
        (
            ["--price", "3-1"],
            "--price takes price levels from 0 (free) to 4 (very expensive) such as 2, 1-2, -2 or 3-, not '3-1'"
        ),
        (["--min-rating", "6"], "--min-rating must be a decimal from 1 to 5, not '6'"),
    ])
    func whatCannotBeAnsweredIsRefusedBeforeAnythingIsSent(options: [String], message: String) async {
        let run = await CLIRun.run(["search", "--stub"] + options + Self.tokyoStation)
        #expect(run.code == .usage && run.stdout.isEmpty, "refused: \(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func nothingLeftSaysWhatToLoosen() async {
        // When no place is rated 5
        let run = await CLIRun.run(["search", "--stub", "--provider", "google", "--min-rating", "5"] + Self.tokyoStation)
        // Then the notice names the option and what to try
        #expect(run.code == .noResults, "\(run.stderr)")
        #expect(run.stderr.contains("No restaurants left: --min-rating 5 left out all "), "\(run.stderr)")
        #expect(run.stderr.contains("Try a lower --min-rating."), "\(run.stderr)")
    }

    @Test func theHelpSaysWhichServicesAnswer() async {
        let run = await CLIRun.run(["search", "--help"])
        #expect(run.stdout.contains("--min-rating STARS"), "\(run.stdout)")
        #expect(run.stdout.contains("--price LEVELS"), "\(run.stdout)")
    }

    @Test(arguments: [
        (["min_rating": .number(4.2), "price": 2] as JSONValue, "4.2", "2"),
        (["min_rating": 4, "price": [1, 2]] as JSONValue, "4", "1-2"),
    ])
    func anAgentsRatingAndPriceBecomeTheOptions(given: JSONValue, rating: String, price: String) throws {
        let parsed = try MCPCatalog.search.arguments(given, defaults: ParsedArguments(), provider: nil).get()
        #expect(parsed.values["--min-rating"] == [rating] && parsed.values["--price"] == [price], "\(parsed.values)")
    }

    @Test(arguments: [
        (["price": 5] as JSONValue, MCPTool.ArgumentError.outOfRange(name: "price", range: 0...4)),
        (["price": [1, 2, 3]] as JSONValue, MCPTool.ArgumentError.wrongType(name: "price", expected: .span(within: 0...4))),
        (["min_rating": .number(0.5)] as JSONValue, MCPTool.ArgumentError.numberOutOfRange(name: "min_rating", range: 1...5)),
    ])
    func anAgentsOutOfRangeRatingOrPriceIsRefused(given: JSONValue, expected: MCPTool.ArgumentError) {
        #expect(MCPCatalog.search.arguments(given, defaults: ParsedArguments(), provider: nil).failure == expected)
    }

    @Test func theSchemaBoundsThePrice() {
        let schema = MCPSchemas.input(MCPCatalog.search)
        let price = schema["properties"]?["price"]
        #expect(price?["maximum"] == .integer(4) && price?["items"]?["maximum"] == .integer(4), "\(String(describing: price))")
        #expect(price?["maxItems"] == .integer(2), "a level, or the lowest and highest")
    }
}
