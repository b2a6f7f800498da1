/// A JSON document with its keys in the order written, so output reads the way the README
/// documents it. Written by hand rather than with JSONEncoder: key order is part of the format.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Pretty (two-space indented) or compact (one line, for NDJSON) text.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .string(let text): JSONValue.writeString(text, to: &out)
        case .integer(let value): out += String(value)
        case .number(let value): out += value.isFinite ? JSONValue.format(value) : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            writeContainer(items, open: "[", close: "]", to: &out, indent: indent) { item, out, inner in
                item.write(to: &out, indent: inner)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &out, indent: indent) { member, out, inner in
                JSONValue.writeString(member.0, to: &out)
                out += inner == nil ? ":" : ": "
                member.1.write(to: &out, indent: inner)
            }
        }
    }

    private func writeContainer<T>(
        _ items: [T], open: String, close: String, to out: inout String, indent: Int?,
        element: (T, inout String, Int?) -> Void
    ) {
        out += open
        guard !items.isEmpty else { out += close; return }
        let inner = indent.map { $0 + 2 }
        for (index, item) in items.enumerated() {
            if index > 0 { out += "," }
            if let inner { out += "\n" + String(repeating: " ", count: inner) }
            element(item, &out, inner)
        }
        if let indent { out += "\n" + String(repeating: " ", count: indent) }
        out += close
    }

    /// Integers without a fraction ("3000"), others in the shortest form that reads back exactly.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// Copies each run of scalars that need no escape in one append, rather than scalar by scalar:
    /// every `--json` output goes through here.
    static func writeString(_ text: String, to out: inout String) {
        out += "\""
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        for index in scalars.indices {
            guard let escaped = escape(scalars[index]) else { continue }
            out += String(scalars[runStart..<index])
            out += escaped
            runStart = scalars.index(after: index)
        }
        out += String(scalars[runStart...])
        out += "\""
    }

    /// How a scalar is written inside a JSON string, or nil when it is written as it is.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: return nil
        }
    }
}

/// Reading values back, for the formats derived from the JSON document (CSV, GeoJSON, HTML).
extension JSONValue {
    /// A value as one cell of text: strings as they are, null as "", anything else as JSON.
    public var plainText: String {
        switch self {
        case .string(let text): text
        case .null: ""
        default: serialized()
        }
    }

    /// A number's value, whether written as an integer or not.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// An array's items, or none.
    public var items: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }
}
