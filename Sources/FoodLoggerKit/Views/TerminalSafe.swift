import FoodLoggerDomain
/// Text from outside (a user's argument, a server's message or body) made safe to print in a
/// one-line message: nothing in it can start a new line, move the cursor or reorder the text.
enum TerminalSafe {
    /// Control characters, line and paragraph separators and other invisible format characters
    /// become visible escapes such as `\n` and `\u{1B}`; everything else is kept.
    static func line(_ text: String) -> String {
        // Most text needs nothing: it is returned as it is rather than copied scalar by scalar.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" || isInvisible($0) }) else {
            return text
        }
        return escaped(text)
    }

    /// As `line`, except the scalars in `keeping`, which stay as they are.
    private static func escaped<Text: StringProtocol>(_ text: Text, keeping: Set<Unicode.Scalar> = []) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case _ where keeping.contains(scalar): result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isInvisible(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// As `line`, but line breaks stay breaks (a card's catch copy has them): every kind a
    /// `Character` counts, "\r" included, so none can return the cursor over what was written;
    /// a tab is a space, as in a table cell.
    static func text(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { line($0.replacingOccurrences(of: "\t", with: " ")) }.joined(separator: "\n")
    }

    /// For formats that carry line breaks and tabs as data (CSV cells, HTML): "\n", "\r\n" and
    /// tabs stay as they are; every other control or invisible format character, a lone "\r"
    /// included (it would return the cursor over what was written), becomes a visible escape.
    static func data(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isInvisible($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        return text.split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { escaped($0, keeping: ["\n", "\t"]) }.joined(separator: "\r\n")
    }

    /// Escaped, and cut to `limit` columns so a huge argument cannot flood the screen.
    static func short(_ text: String, limit: Int = 60) -> String {
        DisplayWidth.truncate(line(text), to: limit)
    }

    /// `'text'`, escaped and cut as `short` does.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        "'\(short(text, limit: limit))'"
    }

    /// Format characters that only join or shape what is beside them stay, since they move
    /// nothing: the zero-width joiner and non-joiner, the soft hyphen, and the tags of emoji
    /// flags (🏴 and U+E0067 …). Bidi controls and the rest are escaped.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // Plain text (most of every name) is no control: its category cost ~100 instructions.
        if DisplayWidth.plainWidth(scalar) != nil { return false }
        return switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: ![0x200C, 0x200D, 0x00AD].contains(scalar.value) && !(0xE0020...0xE007F).contains(scalar.value)
        default: false
        }
    }
}
