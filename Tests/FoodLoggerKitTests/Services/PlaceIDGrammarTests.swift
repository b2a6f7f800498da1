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

    /// Text that is no id of the service, and why.
    struct Invalid: Sendable, CustomTestStringConvertible {
        var provider: Provider
        var text: String
        var why: String
        var testDescription: String { "\(provider.rawValue): \(why)" }
    }

    static let invalid: [Invalid] = [
        // Google
        .init(provider: .google, text: "", why: "empty"),
        .init(provider: .google, text: "places/", why: "the resource name alone"),
        .init(provider: .google, text: String(repeating: "a", count: 1025), why: "too long"),
        .init(provider: .google, text: "places/../../admin0000000000000", why: "`..`"),
        .init(provider: .google, text: "ChIJ/../../v1/places:searchText?x=", why: "`/`, `:` and `?`"),
        .init(provider: .google, text: "ChIJabc/def", why: "`/`"),
        .init(provider: .google, text: "ChIJabc?key=x", why: "`?`"),
        .init(provider: .google, text: "ChIJabc#x", why: "`#`"),
        .init(provider: .google, text: "ChIJ%2e%2e", why: "`%`"),
        .init(provider: .google, text: "ChIJ abc", why: "a space"),
        .init(provider: .google, text: "ChIJabc\n", why: "a line break"),
        .init(provider: .google, text: "ChIJabc\u{1B}[2J", why: "an escape"),
        .init(provider: .google, text: "ChIJé", why: "non-ASCII"),
        .init(provider: .google, text: "ChIJ\u{FF0F}abc", why: "a full-width slash"),
        .init(provider: .google, text: "ChIJa+b=", why: "standard Base64's + and ="),
        .init(provider: .google, text: "places/places/ChIJabc", why: "the resource name twice"),
        // OpenStreetMap
        .init(provider: .osm, text: "", why: "empty"),
        .init(provider: .osm, text: "node/", why: "no number"),
        .init(provider: .osm, text: "node/99999999999999999999", why: "past UInt64"),
        .init(provider: .osm, text: "node/9223372036854775808", why: "Int64 overflow"),
        .init(provider: .osm, text: "node/12345678901234567890", why: "20 digits"),
        .init(provider: .osm, text: "way/-1", why: "negative"),
        .init(provider: .osm, text: "node/+1", why: "a leading +"),
        .init(provider: .osm, text: "node/0", why: "zero"),
        .init(provider: .osm, text: "node/007", why: "a leading zero"),
        .init(provider: .osm, text: "node/1x", why: "a letter after the digits"),
        .init(provider: .osm, text: "node/1/../2", why: "`/` and `..`"),
        .init(provider: .osm, text: "node/1?x", why: "`?`"),
        .init(provider: .osm, text: "node/1%30", why: "`%`"),
        .init(provider: .osm, text: "node/ 1", why: "a space"),
        .init(provider: .osm, text: "node/1\u{301}", why: "a combining mark"),
        .init(provider: .osm, text: "node/١", why: "a non-ASCII digit"),
        .init(provider: .osm, text: "Node/1", why: "another case"),
        .init(provider: .osm, text: "area/1", why: "no element type"),
        .init(provider: .osm, text: "1", why: "no type"),
        // HOT PEPPER
        .init(provider: .hotpepper, text: "", why: "empty"),
        .init(provider: .hotpepper, text: "J", why: "no digits"),
        .init(provider: .hotpepper, text: "J0000000000000000", why: "too long"),
        .init(provider: .hotpepper, text: "J12/../x", why: "`/` and `..`"),
        .init(provider: .hotpepper, text: "J12?key=x", why: "`?`"),
        .init(provider: .hotpepper, text: "J12%26key", why: "`%`"),
        .init(provider: .hotpepper, text: "J12 3", why: "a space"),
        .init(provider: .hotpepper, text: "J１２", why: "full-width digits"),
        .init(provider: .hotpepper, text: "J-1", why: "negative"),
        .init(provider: .hotpepper, text: "J+1", why: "a leading +"),
        .init(provider: .hotpepper, text: "j001234567", why: "a lower-case j"),
        .init(provider: .hotpepper, text: "001234567", why: "no J"),
    ]

    @Test(arguments: invalid)
    func textThatIsNoIdIsRefused(_ invalid: Invalid) {
        // When the service's grammar reads it
        let id = invalid.provider.placeIDs.id(invalid.text)

        // Then it is no id
        #expect(id == nil, "\(invalid.why): \(String(describing: id))")
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
        let allowed = segment.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_%".unicodeScalars.contains($0)) }
        #expect(allowed && !segment.contains(".") && !segment.contains("/"), "\(segment)")
        #expect(segment.removingPercentEncoding == value, "decodes back: \(segment)")
    }
}
