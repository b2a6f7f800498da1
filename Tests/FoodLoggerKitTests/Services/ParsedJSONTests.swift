import Foundation
import Testing
import TestSupport
@testable import FoodLoggerKit

@Suite struct ParsedJSONTests {
    /// Every captured response in samples/ (gourmet, errors, masters, Google, Overpass) parses to
    /// the same values as JSONSerialization reads: the parser agrees with Foundation on real text.
    @Test(Samples.required, arguments: ["gourmet", "errors", "masters", "google", "overpass"].flatMap { Samples.files($0) })
    func agreesWithJSONSerializationOnEveryCapture(file: URL) throws {
        let data = try Data(contentsOf: file)
        let expected = Self.canonical(try JSONSerialization.jsonObject(with: data))
        let parsed = try ParsedJSON([UInt8](data))
        #expect(try Self.canonical(parsed, parsed.root) == expected, "\(file.lastPathComponent)")
    }

    @Test(arguments: [
        #"{"a":[1,-2.5e3,0,true,false,null,"x"],"b":{},"c":[]}"#,
        " \t\r\n{ \"a\" : [ 1 , { } ] } \n",
        #""just a string""#, "0", "-0.5", "1E+2", "null", "[[[[]]]]",
        #"{"dup":1,"dup":2}"#,
    ])
    func acceptsValidJSON(text: String) throws {
        let data = Data(text.utf8)
        let parsed = try ParsedJSON([UInt8](data))
        let expected = Self.canonical(try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
        #expect(try Self.canonical(parsed, parsed.root) == expected, "\(text)")
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "[,1]", #"{"a":1,}"#, #"{"a" 1}"#, #"{a:1}"#, "{'a':1}", "[1 2]", "[1]]", "[1] x",
        "01", "1.", ".5", "-", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", "tru", "nul", "True",
        "\"unterminated", "\"tab\there\"", "\"bad \\x escape\"", "\"short \\u12\"", "\"\\u12G4\"",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func rejectsWhatIsNotJSON(text: String) {
        #expect(throws: ParsedJSON.SyntaxError.self, "\(text.prefix(40))") { try ParsedJSON([UInt8](text.utf8)) }
    }

    @Test func nestingUpToTheLimitIsFineAndDeeperIsRefusedWithoutRecursion() throws {
        let deepest = String(repeating: "[", count: ParsedJSON.maxDepth) + String(repeating: "]", count: ParsedJSON.maxDepth)
        #expect(throws: Never.self) { try ParsedJSON([UInt8](deepest.utf8)) }
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(throws: ParsedJSON.SyntaxError.self) { try ParsedJSON([UInt8](hostile.utf8)) }
    }

    @Test func escapesAreResolved() throws {
        let parsed = try ParsedJSON([UInt8](#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u3042", "\ud83c\udf5c ramen"]"#.utf8))
        let texts = parsed.elements(of: parsed.root).map(parsed.string)
        #expect(texts == ["a\"b\\c/d\u{08}\u{0C}\n\r\t", "éあ", "🍜 ramen"])
    }

    @Test(arguments: [(#""\ud83c""#, "\u{FFFD}"), (#""\udf5c!""#, "\u{FFFD}!"), (#""\ud83c\u0041""#, "\u{FFFD}A")])
    func loneSurrogatesBecomeReplacementCharacters(text: String, expected: String) throws {
        let parsed = try ParsedJSON([UInt8](text.utf8))
        #expect(parsed.string(parsed.root) == expected)
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() throws {
        let parsed = try ParsedJSON([UInt8(ascii: "\""), UInt8(ascii: "a"), 0xFF, UInt8(ascii: "b"), UInt8(ascii: "\"")])
        #expect(parsed.string(parsed.root) == "a\u{FFFD}b", "one bad byte does not lose the text around it")
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let parsed = try ParsedJSON([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(parsed.elements(of: parsed.root).map(parsed.numberText) == ["1"])
    }

    @Test func membersAndElementsSkipNestedValues() throws {
        let parsed = try ParsedJSON([UInt8](#"{"a":{"x":[1,[2]]},"b":[{"y":null}],"c":"z"}"#.utf8))
        let keys = parsed.members(of: parsed.root).map { parsed.string($0.key) }
        #expect(keys == ["a", "b", "c"], "only the top level's members")
        let c = try #require(Array(parsed.members(of: parsed.root)).last)
        #expect(parsed.string(c.value) == "z")
    }

    /// One text for equal values, keys sorted and every number (and Bool) a Double, so the
    /// parser's tokens and JSONSerialization's objects can be compared on Linux as on macOS.
    /// Numbers keep 12 digits: Foundation on Linux reads some decimals one unit in the last
    /// place off (-33.86741351970849 as -33.867413519708485); `Double(String)` rounds correctly.
    static func canonical(_ json: ParsedJSON, _ index: Int) throws -> String {
        switch json.kind(index) {
        case .object:
            let members = try json.members(of: index).map { (json.string($0.key), try canonical(json, $0.value)) }
            let unique = Dictionary(members, uniquingKeysWith: { _, last in last })
            return "{" + unique.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value)" }.joined(separator: ",") + "}"
        case .array: return "[" + (try json.elements(of: index).map { try canonical(json, $0) }).joined(separator: ",") + "]"
        case .string, .escapedString: return json.string(index).debugDescription
        case .number: return number(Double(json.numberText(index))!)
        case .true: return number(1)
        case .false: return number(0)
        case .null: return "null"
        }
    }

    static func canonical(_ value: Any) -> String {
        switch value {
        case let text as String: text.debugDescription
        case is NSNull: "null"
        case let object as [String: Any]:
            "{" + object.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\(canonical($0.value))" }.joined(separator: ",") + "}"
        case let array as [Any]: "[" + array.map(canonical).joined(separator: ",") + "]"
        case let flag as Bool: number(flag ? 1 : 0)
        case let value as NSNumber: number(value.doubleValue)
        default: "?\(type(of: value))"
        }
    }

    static func number(_ value: Double) -> String { "n:" + String(format: "%.12g", value) }
}
