import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct NDJSONRendererTests {
    @Test("one restaurant object per line, the same records as the JSON output")
    func onePerLine() throws {
        let text = NDJSONRenderer.render(MapSeeds.trickyListing)
        #expect(text.hasSuffix("\n"), "every line ends with a newline")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == MapSeeds.tricky.count, "one line per restaurant, even with line breaks in the data")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(MapSeeds.trickyListing.json.serialized(pretty: true).utf8)) as? [String: Any])
        let expected = try #require(json["restaurants"] as? [NSDictionary])
        for (line, record) in zip(lines, expected) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary)
            #expect(object == record, "the line is the JSON output's restaurant")
        }
    }
}
