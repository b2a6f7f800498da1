import FoodLoggerDomain
/// A table ready to draw: column headings and rows of display strings.
struct TextTable: Sendable, Equatable {
    struct Column: Sendable, Equatable {
        var title: String
        var alignRight: Bool
        /// Narrowest the column may become before it is dropped instead.
        var minWidth: Int
        /// Narrowest the column is cut to while a column of lesser use can still be dropped to make
        /// room (a name is cut only once the genre, the budget… are gone); nil: `minWidth`.
        var keep: Keep?
        /// Columns with a higher number are dropped first when even minimum widths do not fit;
        /// nil: never dropped.
        var dropPriority: Int?
        /// How much of the width the column deserves when space is short, relative to the others.
        var weight: Double
        /// False for cells a cut would falsify (a price band cut to "1001～150…" reads as 150):
        /// the column keeps its full width, and is dropped rather than narrowed.
        var mayCut: Bool

        init(
            _ title: String, alignRight: Bool = false, minWidth: Int = 4, keep: Keep? = nil, dropPriority: Int? = nil,
            weight: Double = 1, mayCut: Bool = true
        ) {
            self.title = title; self.alignRight = alignRight; self.minWidth = minWidth; self.keep = keep
            self.dropPriority = dropPriority; self.weight = weight; self.mayCut = mayCut
        }
    }

    /// A width a column keeps while any column whose drop priority is above `overPriority` is shown.
    struct Keep: Sendable, Equatable {
        var width: Int
        var overPriority: Int
    }

    var columns: [Column]
    var rows: [[String]]
}

/// Draws a `TextTable` within a terminal width, measuring display columns (Japanese text is
/// two per character) and cutting long cells with an ellipsis.
enum TableRenderer {
    static let gap = "  "

    /// The columns shown and their widths.
    struct Layout {
        var visible: [Int]
        var widths: [Int]
    }

    static func render(_ table: TextTable, width: Int, bold: Bool = false) -> [String] {
        var natural = titleWidths(table.columns)
        for row in table.rows { widen(&natural, to: row) }
        let layout = layout(table.columns, natural: natural, width: width)
        return [header(table.columns, layout, bold: bold)] + table.rows.map { line($0, table.columns, layout) }
    }

    /// Each column's title width: where its natural width starts before the rows widen it.
    static func titleWidths(_ columns: [TextTable.Column]) -> [Int] { columns.map { DisplayWidth.of($0.title) } }

    /// Widens each column to `cells`' widths, so a long table is measured a row at a time.
    static func widen(_ widths: inout [Int], to cells: [String]) {
        for column in widths.indices { widths[column] = max(widths[column], DisplayWidth.of(TerminalSafe.line(cells[column]))) }
    }

    /// The columns that fit `width`, from the widest cell of each (`natural`).
    static func layout(_ columns: [TextTable.Column], natural: [Int], width: Int) -> Layout {
        var visible = Array(columns.indices)
        var widths = natural
        func total() -> Int { visible.reduce(0) { $0 + widths[$1] } + gap.count * max(0, visible.count - 1) }
        // Narrow the column widest for its weight one step at a time, so space is shared fairly.
        while total() > width {
            func floor(_ column: Int) -> Int {
                let spec = columns[column]
                guard let keep = spec.keep,
                    visible.contains(where: { (columns[$0].dropPriority ?? 0) > keep.overPriority })
                else { return spec.minWidth }
                return max(spec.minWidth, keep.width)
            }
            let shrinkable = visible.filter { columns[$0].mayCut && widths[$0] > floor($0) }
            func share(_ column: Int) -> Double { Double(widths[column]) / columns[column].weight }
            if let widest = shrinkable.max(by: { share($0) < share($1) }) {
                widths[widest] -= 1
            } else if let drop = visible.filter({ columns[$0].dropPriority != nil })
                .max(by: { columns[$0].dropPriority! < columns[$1].dropPriority! })
            {
                // The others share the room it leaves from their full widths again.
                visible.removeAll { $0 == drop }
                widths = natural
            } else {
                break
            }
        }
        return Layout(visible: visible, widths: widths)
    }

    static func header(_ columns: [TextTable.Column], _ layout: Layout, bold: Bool) -> String {
        let header = line(columns.map(\.title), columns, layout)
        return bold ? "\u{1B}[1m\(header)\u{1B}[0m" : header
    }

    /// One row drawn: cells may hold the service's text, so nothing in them reaches the
    /// terminal as a control.
    static func line(_ cells: [String], _ columns: [TextTable.Column], _ layout: Layout) -> String {
        layout.visible.map { column in
            let cell = DisplayWidth.truncate(TerminalSafe.line(cells[column]), to: layout.widths[column])
            return DisplayWidth.pad(cell, to: layout.widths[column], alignRight: columns[column].alignRight)
        }
        .joined(separator: gap)
        .trimmingTrailingSpaces()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        // The spaces counted as bytes where the scalar before them cannot join a space into its
        // cluster (it is plain text, `DisplayWidth.plainWidth`): by characters, that took a
        // fifth of drawing a long table.
        let spaces = utf8.reversed().prefix { $0 == UInt8(ascii: " ") }.count
        guard spaces > 0 else { return self }
        let kept = self[..<utf8.index(utf8.endIndex, offsetBy: -spaces)]
        if kept.unicodeScalars.last.map({ DisplayWidth.plainWidth($0) != nil }) ?? true { return String(kept) }
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
