import FoodLoggerDomain
/// Text from outside (a user's argument, a server's message or body) made safe to print in a
/// one-line message: nothing in it can start a new line, move the cursor or reorder the text.
enum TerminalSafe {
    /// Control characters, line and paragraph separators and other invisible format characters
    /// become visible escapes such as `\n` and `\u{1B}`; everything else is kept.
    static func line(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
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

    /// As `line`, but line breaks stay breaks (a card's catch copy has them); "\r\n" and a lone
    /// "\r" are breaks too, so none can return the cursor over what was written.
    static func text(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }.joined(separator: "\n")
    }

    /// Escaped, and cut to `limit` columns so a huge argument cannot flood the screen.
    static func short(_ text: String, limit: Int = 60) -> String {
        DisplayWidth.truncate(line(text), to: limit)
    }

    /// `'text'`, escaped and cut as `short` does.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        "'\(short(text, limit: limit))'"
    }

    /// The zero-width joiner stays: emoji sequences need it and it moves nothing.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: scalar.value != 0x200D
        default: false
        }
    }
}
