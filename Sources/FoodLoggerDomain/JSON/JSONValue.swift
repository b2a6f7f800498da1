import Foundation

/// A JSON document with its keys in the order written, so output reads the way the README
/// documents it. Written by hand rather than with JSONEncoder: key order is part of the format.
/// Write-only: views build one from typed values and serialize it. Not `indirect`: its arrays
/// already hold their items apart, and an indirect enum put every value, each null too, in a
/// heap box of its own (48 k boxes made and freed for 800 places, ≈10 M instructions).
public enum JSONValue: Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Pretty (two-space indented) or compact (one line, for NDJSON) text.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: utf8(pretty: pretty), as: UTF8.self)
    }

    /// The text as UTF-8 bytes, `end` after it: what a command prints goes out as these bytes.
    /// Written as bytes because appending to a String piece by piece took a sixth of a stub
    /// search's instructions, and printed as bytes because making them a String checks every
    /// byte again (≈6 M instructions for 100 shops, 13 M for 800 places).
    public func utf8(pretty: Bool = false, end: String = "") -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16_384)
        write(to: &out, indent: pretty ? 0 : nil)
        out += end.utf8
        return out
    }

    private func write(to out: inout [UInt8], indent: Int?) {
        switch self {
        case .string(let text): JSONValue.writeString(text, to: &out)
        case .integer(let value): out += String(value).utf8
        case .number(let value) where value.isFinite: out += value.plainText.utf8
        case .number, .null: out.append(contentsOf: Bytes.null)
        case .bool(let value): out.append(contentsOf: value ? Bytes.true : Bytes.false)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            guard !items.isEmpty else { return out.append(UInt8(ascii: "]")) }
            let inner = indent.map { $0 + 2 }
            for index in items.indices {
                Self.separate(index, indent: inner, to: &out)
                items[index].write(to: &out, indent: inner)
            }
            Self.close(UInt8(ascii: "]"), indent: indent, to: &out)
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            guard !members.isEmpty else { return out.append(UInt8(ascii: "}")) }
            let inner = indent.map { $0 + 2 }
            for index in members.indices {
                Self.separate(index, indent: inner, to: &out)
                JSONValue.writeString(members[index].0, to: &out)
                out.append(contentsOf: inner == nil ? Bytes.colon : Bytes.colonSpace)
                members[index].1.write(to: &out, indent: inner)
            }
            Self.close(UInt8(ascii: "}"), indent: indent, to: &out)
        }
    }

    /// `.object([(key, .array(items))] + after)` as `utf8(pretty: true)` writes it, handed to
    /// `write` a piece at a time, so a list as long as a food log never sits in memory whole;
    /// the first failure among the items ends it, and is returned.
    public static func writeList<Failure: Error>(
        key: String, items: some Sequence<Result<JSONValue, Failure>>, after: [(String, JSONValue)], to write: ([UInt8]) -> Void
    ) -> Failure? {
        var out: [UInt8] = [UInt8(ascii: "{")]
        separate(0, indent: 2, to: &out)
        writeString(key, to: &out)
        out += Bytes.colonSpace + [UInt8(ascii: "[")]
        var count = 0
        for item in items {
            let value: JSONValue
            switch item {
            case .success(let item): value = item
            case .failure(let failure):
                write(out)
                return failure
            }
            separate(count, indent: 4, to: &out)
            value.write(to: &out, indent: 4)
            count += 1
            if out.count >= 1 << 16 {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if count == 0 { out.append(UInt8(ascii: "]")) } else { close(UInt8(ascii: "]"), indent: 2, to: &out) }
        for (index, member) in after.enumerated() {
            separate(index + 1, indent: 2, to: &out)
            writeString(member.0, to: &out)
            out += Bytes.colonSpace
            member.1.write(to: &out, indent: 2)
        }
        close(UInt8(ascii: "}"), indent: 0, to: &out)
        write(out)
        return nil
    }

    /// The words and marks written most, as bytes: appending a String's UTF-8 view cost about as
    /// much as the rest of a member, and (g)'s 800 places write 48 k members, 32 k of them null.
    private enum Bytes {
        static let null = Array("null".utf8), `true` = Array("true".utf8), `false` = Array("false".utf8)
        static let colon = Array(":".utf8), colonSpace = Array(": ".utf8)
        /// A newline and 64 spaces: a line takes its first 1 + indent bytes (deeper ones are
        /// written space by space).
        static let newlineAndSpaces = [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 64)
    }

    /// What comes before the item at `index` of a container: a comma after the first, and the
    /// item's own line when pretty.
    private static func separate(_ index: Int, indent: Int?, to out: inout [UInt8]) {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        if let indent { newline(indent: indent, to: &out) }
    }

    private static func close(_ mark: UInt8, indent: Int?, to out: inout [UInt8]) {
        if let indent { newline(indent: indent, to: &out) }
        out.append(mark)
    }

    private static func newline(indent: Int, to out: inout [UInt8]) {
        if indent < Bytes.newlineAndSpaces.count {
            out.append(contentsOf: Bytes.newlineAndSpaces[...indent])
        } else {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        }
    }

    /// Copies each run of bytes that need no escape in one append. Escaped: the quote, the
    /// backslash, control characters (C0, DEL, C1), U+2028/U+2029 (which end a line in
    /// JavaScript, where the HTML map reads this) and the bidi controls, so no text from the
    /// service reaches a terminal that prints the JSON as anything but `\u` escapes.
    public static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // Printable ASCII but the quote and the backslash, most of every text: no escape.
                if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    index += 1
                    continue
                }
                let escaped: String, length: Int
                switch byte {
                case UInt8(ascii: "\""): (escaped, length) = ("\\\"", 1)
                case UInt8(ascii: "\\"): (escaped, length) = ("\\\\", 1)
                case UInt8(ascii: "\n"): (escaped, length) = ("\\n", 1)
                case UInt8(ascii: "\r"): (escaped, length) = ("\\r", 1)
                case UInt8(ascii: "\t"): (escaped, length) = ("\\t", 1)
                case 0..<0x20, 0x7F: (escaped, length) = (unicodeEscape(UInt32(byte)), 1)
                case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                    (escaped, length) = (unicodeEscape(UInt32(bytes[index + 1])), 2)
                case 0xD8 where index + 1 < bytes.count && bytes[index + 1] == 0x9C:
                    (escaped, length) = (unicodeEscape(0x061C), 2)
                case 0xE2 where index + 2 < bytes.count && escapedFormats.contains(scalar(bytes[index + 1], bytes[index + 2])):
                    (escaped, length) = (unicodeEscape(scalar(bytes[index + 1], bytes[index + 2])), 3)
                default:
                    index += 1
                    continue
                }
                out.append(contentsOf: bytes[runStart..<index])
                out += escaped.utf8
                index += length
                runStart = index
            }
            out.append(contentsOf: bytes[runStart..<bytes.count])
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The three-byte scalars written as escapes: the marks LRM and RLM, the line and paragraph
    /// separators, the bidi embeddings and overrides (LRE … RLO) and the isolates (LRI … PDI).
    private static let escapedFormats: Set<UInt32> = Set([0x200E, 0x200F] + Array(0x2028...0x202E) + Array(0x2066...0x2069))

    /// The scalar a three-byte UTF-8 sequence starting 0xE2 encodes (U+2000 to U+2FFF).
    private static func scalar(_ second: UInt8, _ third: UInt8) -> UInt32 {
        0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
    }

    /// `\u001b`, `\u2028`.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
