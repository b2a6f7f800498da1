import Foundation

/// The form of a service's place ids (`ServiceCapabilities.placeIDs`), declared by each
/// service beside its client: an id is checked against it wherever one is read (the command
/// line, the food log, the last list) and again by the service's client before it builds a
/// request, so that no text which is not an id (`places/../../admin`, `node/1x`, `way/-1`)
/// reaches a request's path, body or query.
///
/// Only ASCII passes: each part is checked byte by byte, never by `Character`, so no combining
/// mark or look-alike can stand for a `/` or a digit.
public struct PlaceIDGrammar: Sendable, Equatable {
    /// The bytes an id's part after its kind may hold.
    public enum Characters: Sendable, Equatable {
        /// 0-9.
        case digits
        /// Base64's URL-safe alphabet without padding: A-Z, a-z, 0-9, `-` and `_` (Google's ids).
        case urlSafeBase64

        func contains(_ byte: UInt8) -> Bool {
            switch (self, byte) {
            case (_, UInt8(ascii: "0")...UInt8(ascii: "9")): true
            case (.digits, _): false
            case (.urlSafeBase64, UInt8(ascii: "A")...UInt8(ascii: "Z")), (.urlSafeBase64, UInt8(ascii: "a")...UInt8(ascii: "z")),
                (.urlSafeBase64, UInt8(ascii: "-")), (.urlSafeBase64, UInt8(ascii: "_")):
                true
            default: false
            }
        }
    }

    /// What every id starts with, one of these (`node/`, `way/`, `relation/`; HOT PEPPER's `J`);
    /// `[""]` where ids have no fixed start.
    public var kinds: [String]
    /// A prefix some ids are written with that requests leave out (Google's resource name
    /// `places/ChIJ…`): read, and dropped from the id as requests carry it.
    public var resourcePrefix: String?
    public var characters: Characters
    /// How many bytes the part after the kind holds.
    public var length: ClosedRange<Int>
    /// For ids that are a number after their kind: the numbers the service gives, written without
    /// a leading zero (OpenStreetMap's 1 to Int64.max); nil where any digits are an id.
    public var numbers: ClosedRange<UInt64>?

    public init(
        kinds: [String] = [""], resourcePrefix: String? = nil, characters: Characters, length: ClosedRange<Int>,
        numbers: ClosedRange<UInt64>? = nil
    ) {
        self.kinds = kinds; self.resourcePrefix = resourcePrefix; self.characters = characters; self.length = length
        self.numbers = numbers
    }

    /// `text` as requests carry it (`places/` dropped), or nil when it is no id of the service.
    public func id(_ text: String) -> String? {
        var bytes = Substring(text).utf8[...]
        if let prefix = resourcePrefix, bytes.starts(with: prefix.utf8) { bytes = bytes.dropFirst(prefix.utf8.count) }
        guard let kind = kinds.first(where: { bytes.starts(with: $0.utf8) }) else { return nil }
        let rest = bytes.dropFirst(kind.utf8.count)
        guard length.contains(rest.count), rest.allSatisfy(characters.contains) else { return nil }
        if let numbers {
            // Read from the digits checked above: `UInt64("+1")` alone would take a sign.
            guard rest.first != UInt8(ascii: "0"), let number = UInt64(String(decoding: rest, as: UTF8.self)),
                numbers.contains(number)
            else { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `ids` split into those that are the service's, as requests carry them, and those that
    /// are not, each with the error that says so: what a client sends and what it never does.
    public func sorting(_ ids: [String], service: Provider) -> (ids: [String], refused: [RestaurantPage.UnaskedID]) {
        var valid: [String] = []
        var refused: [RestaurantPage.UnaskedID] = []
        for text in ids {
            if let id = id(text) {
                valid.append(id)
            } else {
                refused.append(.init(id: text, error: .notAnID(text, service: service)))
            }
        }
        return (valid, refused)
    }
}

/// Percent-encoding of one path segment: everything but letters, digits, `-` and `_` is
/// encoded, `.` and `/` included, so no value can add a segment, climb with `..`, or start a
/// query or fragment.
enum PathSegment {
    private static let kept = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: kept) ?? ""
    }
}
