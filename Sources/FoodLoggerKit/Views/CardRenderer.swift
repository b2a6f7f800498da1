import FoodLoggerDomain
/// One shop's card ready to draw: a title, and labelled values in sections.
struct TextCard: Sendable, Equatable {
    struct Field: Sendable, Equatable {
        var label: String
        var value: String
        init(_ label: String, _ value: String) { self.label = label; self.value = value }
    }

    struct Section: Sendable, Equatable {
        /// nil for the card's first, untitled section.
        var title: String?
        var fields: [Field]
    }

    var title: String
    var subtitle = ""
    var sections: [Section]
    /// Drawn under the card: each service's view of a merged place side by side (`show --sources`).
    var comparison: TextTable? = nil
}

/// Draws a `TextCard` within a terminal width: labels in a column, long values wrapped
/// (Japanese aware) with a hanging indent under their first line. Where the label column leaves
/// too little room, the value goes under its label instead; a web address is never split, so it
/// stays one piece to click or copy.
enum CardRenderer {
    /// Labels longer than this wrap their value onto the next line instead of widening the column.
    static let maxLabelWidth = 24
    /// Narrower than this beside the labels, values that need more go under their label instead.
    static let minValueWidth = 20

    /// Cards one under another, a blank line between, then the footer under a blank line:
    /// the Detail scene's page, on stdout or in the map's card.
    static func render(_ cards: [TextCard], footer: [String], width: Int, bold: Bool = false) -> String {
        let drawn = cards.map { render($0, width: width, bold: bold) }
        return DisplayWidth.withFooter(Array(drawn.joined(separator: [""])), footer, width: width)
    }

    static func render(_ card: TextCard, width: Int, bold: Bool = false) -> [String] {
        // The service's text keeps its line breaks and nothing else that could move the cursor.
        let title = TerminalSafe.line(card.title)
        var lines = [bold ? "\u{1B}[1m\(title)\u{1B}[0m" : title]
        if !card.subtitle.isEmpty { lines.append(TerminalSafe.line(card.subtitle)) }
        for section in card.sections where !section.fields.isEmpty {
            var margin = 2
            if let title = section.title {
                lines.append(title)
                margin = 4
            }
            let labelWidth = section.fields.map { DisplayWidth.of($0.label) }.filter { $0 <= maxLabelWidth }.max() ?? 0
            let beside = margin + labelWidth + 2
            for field in section.fields.map({ TextCard.Field($0.label, TerminalSafe.text($0.value)) }) {
                let label = String(repeating: " ", count: margin) + field.label
                if isAddress(field.value), DisplayWidth.of(field.value) > width - beside {
                    lines += [label, field.value]
                } else if DisplayWidth.of(field.label) > labelWidth
                    || (width - beside < minValueWidth && DisplayWidth.of(field.value) > width - beside)
                {
                    let under = width - beside >= minValueWidth ? beside : margin + 2
                    lines.append(label)
                    lines += DisplayWidth.wrap(field.value, to: max(minValueWidth, width - under)).map { indent(under) + $0 }
                } else {
                    let wrapped = DisplayWidth.wrap(field.value, to: width - beside)
                    lines.append(DisplayWidth.pad(label, to: beside) + wrapped[0])
                    lines += wrapped.dropFirst().map { indent(beside) + $0 }
                }
            }
        }
        if let comparison = card.comparison { lines += [""] + TableRenderer.render(comparison, width: width, bold: bold) }
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    static func isAddress(_ value: String) -> Bool {
        (value.hasPrefix("https://") || value.hasPrefix("http://")) && !value.contains(" ")
    }

    private static func indent(_ columns: Int) -> String { String(repeating: " ", count: columns) }
}
