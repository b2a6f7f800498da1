import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct JSONValueTests {
    @Test func keysKeepTheirOrderAndTextIsEscaped() {
        let value = JSONValue.object([
            ("z", .string("引用\"符\"\n\t\u{1}")), ("a", .array([.integer(1), .number(35.6812), .null, .bool(true)])),
        ])
        #expect(value.serialized() == #"{"z":"引用\"符\"\n\t\u0001","a":[1,35.6812,null,true]}"#, "compact")
        #expect(
            value.serialized(pretty: true) == """
                {
                  "z": "引用\\"符\\"\\n\\t\\u0001",
                  "a": [
                    1,
                    35.6812,
                    null,
                    true
                  ]
                }
                """, "pretty, two spaces")
    }

    @Test func outputParsesBackWithFoundation() throws {
        let text = "ﾒﾄﾛ 🍜 \\ / \u{2028}"
        let value = JSONValue.object([("t", .string(text)), ("n", .number(-0.000123)), ("e", .array([])), ("o", .object([]))])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(value.serialized().utf8)) as? [String: Any])
        #expect(parsed["t"] as? String == text, "strings round-trip")
        #expect(parsed["n"] as? Double == -0.000123, "numbers round-trip")
    }

    @Test func wholeNumbersHaveNoFraction() {
        #expect(JSONValue.number(3000).serialized() == "3000", "no .0")
        #expect(JSONValue.number(.nan).serialized() == "null", "never invalid JSON")
    }

    @Test func lineSeparatorsDeleteAndCarriageReturnsAreEscapedAndTheRestIsKept() throws {
        let text = "a\u{2028}b\u{2029}c\u{7F}d\re\u{2027}🍣"
        let written = JSONValue.string(text).serialized()
        #expect(written == #""a\u2028b\u2029c\u007fd\re‧🍣""#)
        #expect(try JSONDecoder().decode(String.self, from: Data(written.utf8)) == text, "reads back as written")
    }

    @Test func c1AndBidiControlsAreEscapedToo() throws {
        let text = "a\u{85}b\u{9B}c\u{202E}d\u{2066}e\u{200F}f\u{61C}g\u{A0}h\u{2030}"
        let written = JSONValue.string(text).serialized()
        #expect(written == #""a\u0085b\u009bc\u202ed\u2066e\u200ff\u061cg\#u{A0}h‰""#, "no raw control; NBSP and ‰ kept")
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8), options: []) as? [String]
        #expect(parsed == [text], "reads back to the same text")
    }

    /// One value type reads what the program writes: MCP's requests, its lines, the CLI's JSON.
    @Test func whatIsWrittenReadsBackAsTheSameValueWhateverTheKeyOrder() throws {
        let written: JSONValue = ["z": "引\u{2028}", "a": [1, .number(35.5), .null, true], "m": ["b": 2, "a": .array([])]]
        let read = try #require(JSONValue.decode(Data(written.serialized(pretty: true).utf8)))
        #expect(read == written, "objects are equal whatever their keys' order")
        #expect(read != ["z": "引\u{2028}"], "but not with members missing")
        #expect(read.line == #"{"a":[1,35.5,null,true],"m":{"a":[],"b":2},"z":"引\u2028"}"#, "one line, keys sorted")
        #expect(read["m"]?["b"] == 2 && read.object?.count == 3 && read["a"]?.array?.count == 4)
        #expect(JSONValue.decode(Data("{\"a\":".utf8)) == nil, "not JSON")
    }
}
