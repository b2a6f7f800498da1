import Foundation

/// Any JSON value read from or written to the client. The protocol's messages carry free-form
/// members (a tool's arguments, a schema, a command's `--json` document), so they are decoded
/// to this rather than to fixed types; Codable keeps booleans and numbers apart, which
/// JSONSerialization's NSNumbers do not.
enum MCPJSON: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([MCPJSON])
    case object([String: MCPJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([MCPJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: MCPJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value.isFinite ? value : 0)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// A document as the CLI's JSON writes it (`--json`), as the client is sent it.
    init(_ value: JSONValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .integer(let number): self = .integer(number)
        case .number(let number): self = number.isFinite ? .number(number) : .null
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        case .array(let items): self = .array(items.map(MCPJSON.init))
        case .object(let members): self = .object(Dictionary(members.map { ($0.0, MCPJSON($0.1)) }) { first, _ in first })
        }
    }

    /// One JSON text, or nil when `data` is not one.
    static func decode(_ data: Data) -> MCPJSON? {
        try? JSONDecoder().decode(MCPJSON.self, from: data)
    }

    /// One line of JSON: sorted keys (the same message is the same bytes), `/` unescaped, and no
    /// newline inside, since a newline ends a message on stdio.
    var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every case encodes; nothing here can throw.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    subscript(key: String) -> MCPJSON? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    var array: [MCPJSON]? { if case .array(let value) = self { value } else { nil } }
    var object: [String: MCPJSON]? { if case .object(let value) = self { value } else { nil } }

    /// The same value with every string longer than `limit` characters cut to it, ending in `…`:
    /// a shop's memo or a note must not fill an agent's context.
    func capped(at limit: Int) -> MCPJSON {
        switch self {
        case .string(let text) where text.count > limit: .string(String(text.prefix(limit - 1)) + "…")
        case .array(let items): .array(items.map { $0.capped(at: limit) })
        case .object(let members): .object(members.mapValues { $0.capped(at: limit) })
        default: self
        }
    }
}

extension MCPJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: MCPJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, MCPJSON)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }
}
