import Foundation

/// Reading JSON into the same value the program writes: the MCP server's requests carry
/// free-form members (a tool's arguments, a client's `_meta`), so they are decoded to this
/// rather than to fixed types. Codable keeps booleans and numbers apart, which
/// JSONSerialization's NSNumbers do not. An object read has its keys sorted (the decoder gives
/// them in no order), and two objects are equal whatever their keys' order.
extension JSONValue: Decodable, Equatable {
    public init(from decoder: any Decoder) throws {
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
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = JSONValue(try container.decode([String: JSONValue].self))
        }
    }

    /// One JSON text, or nil when `data` is not one.
    public static func decode(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// An object of these members, their keys sorted: one order for a dictionary built in code.
    public init(_ members: [String: JSONValue]) {
        self = .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object, .object): left.object == right.object
        default: false
        }
    }

    /// An object's members by key (the first of a repeated key), nil for anything else.
    public var object: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return Dictionary(members) { first, _ in first }
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }

    /// The same value with every object's keys sorted: one text for one value.
    public var sortedKeys: JSONValue {
        switch self {
        case .array(let items): .array(items.map(\.sortedKeys))
        case .object(let members): .object(members.map { ($0.0, $0.1.sortedKeys) }.sorted { $0.0 < $1.0 })
        default: self
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}
