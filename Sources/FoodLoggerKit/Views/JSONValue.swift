import FoodLoggerDomain
/// A JSON document with its keys in the order written, so output reads the way the README
/// documents it. Written by hand rather than with JSONEncoder: key order is part of the format.
/// Write-only: views build one from typed values and serialize it.
indirect enum JSONValue: Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Pretty (two-space indented) or compact (one line, for NDJSON) text.
    func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .string(let text): JSONValue.writeString(text, to: &out)
        case .integer(let value): out += String(value)
        case .number(let value): out += value.isFinite ? value.plainText : "null"
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

extension JSONValue {
    /// The value as CSV cells: (dotted path, text) pairs in order, nested objects opened up
    /// (`areas.small_area.name`), strings as they are, null as "", anything else as JSON.
    func cells(path: String = "") -> [(String, String)] {
        switch self {
        case .object(let members):
            members.flatMap { name, member in member.cells(path: path.isEmpty ? name : path + "." + name) }
        case .string(let text): [(path, text)]
        case .null: [(path, "")]
        default: [(path, serialized())]
        }
    }
}
