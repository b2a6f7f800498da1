import FoodLoggerDomain
/// How many terminal columns text takes: East Asian wide and full-width characters (kanji,
/// kana, full-width forms) and emoji take two, combining marks and zero-width joiners none,
/// everything else one. Measured per grapheme cluster, so "が" written as か + ゛ is two.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        // Printable ASCII is a column a byte, and plain text (`plainWidth`) a column or two a
        // scalar: no need to break either into grapheme clusters, which cost some 300
        // instructions a character (88 k an entry of a long food log's table).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        if let width = plainWidth(text) { return width }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        // An emoji presentation selector or an emoji base makes the whole cluster two wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        if isZeroWidth(first) { return 0 }
        return isWide(first.value) ? 2 : 1
    }

    /// The columns of a scalar that is a grapheme cluster of its own whatever stands beside it,
    /// and whose width needs no look-up: printable ASCII and Latin-1 (one column), kana, the
    /// CJK punctuation and ideographs and the full-width forms (two). Combining marks (the kana
    /// voicing marks U+3099/309A, U+302A-302F), controls, the soft hyphen and everything else:
    /// nil. Most of a Japanese shop's name, genre and address.
    static func plainWidth(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0...0xAC, 0xAE...0xFF: 1
        case 0x3000...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF60: 2
        default: nil
        }
    }

    /// The width of text made of plain scalars alone (`plainWidth`); nil for any other text.
    private static func plainWidth(_ text: String) -> Int? {
        var width = 0
        for scalar in text.unicodeScalars {
            guard let columns = plainWidth(scalar) else { return nil }
            width += columns
        }
        return width
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: true
        default: false
        }
    }

    /// East Asian Width W and F ranges (Unicode 15), the ones Japanese text uses and a few more.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Cuts text to at most `width` columns, ending in "…" when something was cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        if plainWidth(text) != nil {
            // Each scalar a character: cut after the last that fits beside the ellipsis.
            var used = 0
            let scalars = text.unicodeScalars
            let end = scalars.firstIndex { scalar in
                used += plainWidth(scalar)!
                return used > width - 1
            }
            return String(scalars[..<(end ?? scalars.endIndex)]) + "…"
        }
        var result = "", used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character); used += w
        }
        return result + "…"
    }

    /// Pads text with spaces to exactly `width` columns (it must already fit).
    static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return alignRight ? padding + text : text + padding
    }

    /// Breaks text into lines of at most `width` columns: between words where there are
    /// spaces, and anywhere inside a word too long for a line (Japanese text has no spaces),
    /// except an address (`https://…`), which goes whole on a line of its own, so it can still
    /// be copied or clicked. Existing line breaks are kept.
    static func wrap(_ text: String, to width: Int) -> [String] {
        let width = max(width, 2)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", used = 0
            /// The paragraph ended with an address on its own line: no empty line after it.
            var endsWithAddress = false
            for word in paragraph.split(separator: " ") {
                endsWithAddress = false
                let wordWidth = of(String(word))
                if wordWidth > width, word.contains("://") {
                    if !line.isEmpty { lines.append(line) }
                    lines.append(String(word)); line = ""; used = 0
                    endsWithAddress = true
                    continue
                }
                let gap = line.isEmpty ? 0 : 1
                if used + gap + wordWidth > width, wordWidth <= width, !line.isEmpty {
                    lines.append(line); line = ""; used = 0
                } else if gap == 1, used + 1 < width {
                    line += " "; used += 1
                }
                for character in word {
                    let characterWidth = of(character)
                    if used + characterWidth > width { lines.append(line); line = ""; used = 0 }
                    line.append(character); used += characterWidth
                }
            }
            if !endsWithAddress { lines.append(line) }
        }
        return lines
    }

    /// Text as the terminal shows it below a table, cards or a map: `lines`, a blank line, then
    /// the footer wrapped to the width.
    static func withFooter(_ lines: [String], _ footer: [String], width: Int) -> String {
        (lines + [""] + footer.flatMap { wrap($0, to: width) }).joined(separator: "\n") + "\n"
    }
}
