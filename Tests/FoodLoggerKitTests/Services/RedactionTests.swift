import Foundation
import Testing
@testable import FoodLoggerDomain

/// The key out of any text a server sends back, in whatever form it echoes it.
@Suite struct RedactionTests {
    static let key = "Zq7Ab9Cd3Ef5Gh1Jk"

    /// Each character percent-encoded, as `%5A%71…`.
    static func percentEncoded(_ text: String) -> String {
        text.utf8.map { String(format: "%%%02X", $0) }.joined()
    }

    /// Each character as a JSON `\uXXXX` escape.
    static func jsonEscaped(_ text: String) -> String {
        text.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
    }

    static let forms: [(String, String)] = {
        let key = RedactionTests.key
        let prefix5 = String(key.prefix(5)), next4 = String(key.dropFirst(5).prefix(4)), rest = String(key.dropFirst(9))
        var forms: [(String, String)] = [("as it is", key), ("upper case", key.uppercased()), ("lower case", key.lowercased())]
        forms.append(("percent-encoded", percentEncoded(key)))
        forms.append(("percent-encoded in lower-case hex", percentEncoded(key).lowercased()))
        forms.append(("JSON-escaped", jsonEscaped(key)))
        forms.append(("split by zero-width spaces", key.map(String.init).joined(separator: "\u{200B}")))
        forms.append(("split by a BOM and a word joiner", prefix5 + "\u{FEFF}" + next4 + "\u{2060}" + rest))
        forms.append(("its first 9 characters", String(key.prefix(9))))
        forms.append(("its middle 8", String(key.dropFirst(4).prefix(8))))
        forms.append(("half plain, half escaped", String(key.prefix(6)) + percentEncoded(String(key.dropFirst(6)))))
        return forms
    }()

    @Test(arguments: forms)
    func everyFormOfTheKeyIsRedacted(form: String, echoed: String) {
        // Given an error body echoing the key in this form
        let body = #"{"error": "bad key \#(echoed), try again"}"#
        // When it is redacted
        let shown = Redaction.redact(body, key: Self.key)
        // Then the echo is gone and the rest of the text stays
        #expect(shown == #"{"error": "bad key REDACTED, try again"}"#, "\(form): \(shown)")
    }

    @Test func sevenCharactersOfTheKeyAreOrdinaryText() {
        let text = "code \(Self.key.prefix(7)) ok"
        #expect(Redaction.redact(text, key: Self.key) == text, "a run shorter than 8 is left: it recurs in ordinary text")
    }

    @Test func aShortKeyIsRedactedWhole() {
        #expect(Redaction.redact("key=abc123&x=1 ABC123", key: "abc123") == "key=REDACTED&x=1 REDACTED")
    }

    @Test func textWithoutTheKeyIsReturnedAsItIs() {
        let text = "日本語 %ZZ \\u12 \u{200B} Zq7Ab9C"
        #expect(Redaction.redact(text, key: Self.key) == text)
        #expect(Redaction.redact(text, key: "") == text, "no key, nothing to take out")
    }

    @Test func twoEchoesAreTwoRedactions() {
        let text = "\(Self.key) and \(Self.key.uppercased())"
        #expect(Redaction.redact(text, key: Self.key) == "REDACTED and REDACTED")
    }

    @Test func theKeyReversedIsRedacted() {
        let echoed = "yek dab: " + String(Self.key.reversed()) + "."
        #expect(Redaction.redact(echoed, key: Self.key) == "yek dab: REDACTED.", "a server echoing the key backwards")
    }

    /// The key inside a longer base64 text, after 0 to 5 bytes of something else (all three
    /// alignments in a 3-byte group, twice), in standard and URL-safe base64, plain and
    /// percent-encoded.
    @Test(arguments: 0..<6)
    func theKeyInBase64IsRedactedAtEveryAlignment(prefixBytes: Int) {
        let whole = Data((String(repeating: "~", count: prefixBytes) + "key=\(Self.key)&ok=1").utf8)
        let standard = whole.base64EncodedString()
        let urlSafe = String(standard.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
        for (form, echoed) in [
            ("standard", standard), ("URL-safe", urlSafe),
            ("percent-encoded", standard.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!),
        ] {
            let shown = Redaction.redact("token \(echoed) refused", key: Self.key)
            #expect(shown.contains("REDACTED"), "\(form) after \(prefixBytes) bytes: \(shown)")
            let left = shown.replacingOccurrences(of: "REDACTED", with: " ").split(separator: " ").map(String.init)
            let decodable = left.compactMap { Data(base64Encoded: $0 + String(repeating: "=", count: (4 - $0.count % 4) % 4)) }
            #expect(
                !decodable.contains { String(decoding: $0, as: UTF8.self).contains(Self.key.prefix(8)) },
                "\(form) after \(prefixBytes) bytes: nothing left decodes to the key: \(shown)")
            #expect(shown.hasPrefix("token ") && shown.hasSuffix(" refused"), "the words around it stay: \(shown)")
        }
    }

    @Test func theNarratedAddressHidesTheKeyWhateverTheParameter() {
        // Given a request whose keyword is the key (a slip: `--keyword "$KEY"`)
        let url = URL(string: "http://127.0.0.1:8080/gourmet/v1/?key=\(Self.key)&keyword=\(Self.key)&format=json")!
        // When the narration shows it
        let shown = Redaction.shown(url, key: Self.key)
        // Then the key is in no parameter, and the rest is kept
        #expect(shown == "http://127.0.0.1:8080/gourmet/v1/?key=REDACTED&keyword=REDACTED&format=json", "\(shown)")
    }

    @Test func aPercentSignJustBeforeTheKeyDoesNotHideIt() {
        // Given a key that starts with two hex digits, after a stray % (found by the redaction fuzz target)
        let key = "cc4c1e0f3"
        // When a text echoes it there
        let shown = Redaction.redact("The key %82%\(key) is blocked", key: key)
        // Then the key is still taken out, though "%cc" reads as an escape
        #expect(shown == "The key %82%REDACTED is blocked", "\(shown)")
    }
}
