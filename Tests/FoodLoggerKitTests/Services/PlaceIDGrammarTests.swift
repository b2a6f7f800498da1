import Foundation
import Testing

@testable import FoodLoggerDomain

/// Each service's id grammar (`ServiceCapabilities.placeIDs`): what is an id, as requests carry
/// it, and every kind of text that must never become one (#50: `places/../../admin…` sent as
/// `GET /admin…`, `node/99999999999999999999` called closed).
@Suite struct PlaceIDGrammarTests {
    /// Text that is the service's id, and the id as requests carry it.
    struct Valid: Sendable, CustomTestStringConvertible {
        var provider: Provider
        var text: String
        var sent: String
        var testDescription: String { "\(provider.rawValue) \(text)" }
    }

    static let valid: [Valid] = [
        .init(provider: .google, text: "ChIJN1t_tDeuEmsRUsoyG83frY4", sent: "ChIJN1t_tDeuEmsRUsoyG83frY4"),
        .init(provider: .google, text: "places/ChIJN1t_tDeuEmsRUsoyG83frY4", sent: "ChIJN1t_tDeuEmsRUsoyG83frY4"),
        .init(
            provider: .google,
            text: "EicxMyBNYXJrZXQgU3QsIFdpbG1pbmd0b24sIE5DIDI4NDAxLCBVU0EiGhIYChQKEgnRTo6ixx-qiRHo_bbmkCm7ZRAN",
            sent: "EicxMyBNYXJrZXQgU3QsIFdpbG1pbmd0b24sIE5DIDI4NDAxLCBVU0EiGhIYChQKEgnRTo6ixx-qiRHo_bbmkCm7ZRAN"),
        .init(provider: .google, text: String(repeating: "a", count: 1024), sent: String(repeating: "a", count: 1024)),
        .init(provider: .osm, text: "node/2750164437", sent: "node/2750164437"),
        .init(provider: .osm, text: "way/1", sent: "way/1"),
        .init(provider: .osm, text: "relation/9223372036854775807", sent: "relation/9223372036854775807"),
        .init(provider: .hotpepper, text: "J001234567", sent: "J001234567"),
        .init(provider: .hotpepper, text: "J1", sent: "J1"),
        .init(provider: .hotpepper, text: "J999999999999999", sent: "J999999999999999"),
    ]

    @Test(arguments: valid)
    func anIdIsReadAsRequestsCarryIt(_ valid: Valid) {
        // When the service's grammar reads it
        let id = valid.provider.placeIDs.id(valid.text)

        // Then it is an id, in the form requests carry it
        #expect(id == valid.sent, "\(String(describing: id))")
    }

    /// Text that is no id of each service (why, in the comment beside it).
    static let notIDs: [Provider: [String]] = [
        .google: [
            "", "places/",  // empty; the resource name alone
            String(repeating: "a", count: 1025),  // too long
            "places/../../admin0000000000000", "ChIJ/../../v1/places:searchText?x=",  // the issue's: `..`, `/`, `:`, `?`
            "ChIJabc/def", "ChIJabc?key=x", "ChIJabc#x", "ChIJ%2e%2e",  // `/`, `?`, `#`, `%`
            "ChIJ abc", "ChIJabc\n", "ChIJabc\u{1B}[2J",  // whitespace, a line break, an escape
            "ChIJé", "ChIJ\u{FF0F}abc",  // non-ASCII, a full-width slash
            "ChIJa+b=", "places/places/ChIJabc",  // standard Base64's + and =; the resource name twice
        ],
        .osm: [
            "", "node/", "1", "area/1", "Node/1",  // empty; no number; no type; no element type; another case
            "node/99999999999999999999", "node/9223372036854775808", "node/12345678901234567890",  // past UInt64, Int64
            "way/-1", "node/+1", "node/0", "node/007",  // negative, a leading +, zero, a leading zero
            "node/1x", "node/1/../2", "node/1?x", "node/1%30",  // a letter, `/` and `..`, `?`, `%`
            "node/ 1", "node/1\u{301}", "node/١",  // whitespace, a combining mark, a non-ASCII digit
        ],
        .hotpepper: [
            "", "J", "J0000000000000000", "001234567", "j001234567",  // empty; no digits; too long; no J; a lower-case j
            "J12/../x", "J12?key=x", "J12%26key", "J12 3",  // `/` and `..`, `?`, `%`, whitespace
            "J１２", "J-1", "J+1",  // full-width digits, negative, a leading +
        ],
    ]

    /// One text that is no id of one service.
    struct Invalid: Sendable, CustomTestStringConvertible {
        var provider: Provider
        var text: String
        var testDescription: String { "\(provider.rawValue) \(text.debugDescription)" }
    }

    static let invalid = Provider.allCases.flatMap { provider in
        (notIDs[provider] ?? []).map { Invalid(provider: provider, text: $0) }
    }

    @Test(arguments: invalid)
    func textThatIsNoIdIsRefused(_ invalid: Invalid) {
        // When the service's grammar reads it
        let id = invalid.provider.placeIDs.id(invalid.text)

        // Then it is no id
        #expect(id == nil, "\(String(describing: id))")
    }

    @Test func sortingKeepsTheIdsAndNamesTheRestWithTheService() {
        // Given ids of OSM's form and text that is not
        let grammar = Provider.osm.placeIDs

        // When they are sorted
        let (ids, refused) = grammar.sorting(["node/1", "way/-1", "relation/2", "node/1x"], service: .osm)

        // Then the ids are kept in order, and each other text is named with the service
        #expect(ids == ["node/1", "relation/2"], "\(ids)")
        #expect(
            refused == [
                .init(id: "way/-1", error: .notAnID("way/-1", service: .osm)),
                .init(id: "node/1x", error: .notAnID("node/1x", service: .osm)),
            ], "\(refused)")
    }

    @Test(arguments: ["a", "a/b", "..", ".", "a?b#c", "%zz", "x y", "é", "", "~"])
    func aPathSegmentHoldsNoCharacterThatMeansSomethingInAPath(_ value: String) {
        // When any text is encoded as one path segment
        let segment = PathSegment.encode(value)

        // Then only letters, digits, `-`, `_` and %XX escapes are left
        let allowed = segment.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_%".unicodeScalars.contains(scalar))
        }
        #expect(allowed && !segment.contains(".") && !segment.contains("/"), "\(segment)")
        #expect(segment.removingPercentEncoding == value, "decodes back: \(segment)")
    }
}
