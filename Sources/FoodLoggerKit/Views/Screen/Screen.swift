/// A full terminal screen as cells, for the interactive map: what the presenter lays out and
/// the view writes, by difference (`ScreenDiff`), so a key press rewrites only what changed.
struct Screen: Sendable, Equatable {
    /// How a cell is drawn; the view turns it into colour where colour is allowed.
    enum Style: UInt8, Sendable, Equatable {
        case plain, frame, ring, you, marker, selected, title, status, box
    }

    struct Cell: Sendable, Equatable {
        /// One character; "" for the right half of a wide (Japanese) character.
        var text: String
        var style: Style
        static let blank = Cell(text: " ", style: .plain)
    }

    let width: Int
    let height: Int
    private(set) var cells: [Cell]

    init(width: Int, height: Int) {
        self.width = max(width, 1); self.height = max(height, 1)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    subscript(row: Int, column: Int) -> Cell { cells[row * width + column] }

    /// Writes `text` from a cell on, measured in display columns and cut with "…" where it
    /// would pass `limit` columns (or the screen's edge); returns the columns written. A wide
    /// character that would straddle the limit is left out.
    @discardableResult
    mutating func write(_ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard (0..<height).contains(row), column < width else { return 0 }
        let room = min(limit ?? width, width - max(column, 0))
        guard room > 0 else { return 0 }
        let fitted = DisplayWidth.of(text) > room ? DisplayWidth.truncate(text, to: room) : text
        var at = column
        for character in fitted {
            let columns = DisplayWidth.of(character)
            guard columns > 0 else { continue }
            guard at + columns <= column + room else { break }
            if at >= 0 {
                put(Cell(text: String(character), style: style), row: row, column: at)
                if columns == 2, at + 1 < width { put(Cell(text: "", style: style), row: row, column: at + 1) }
            }
            at += columns
        }
        return at - column
    }

    /// Sets one cell, blanking the other half of a wide character it cuts through.
    private mutating func put(_ cell: Cell, row: Int, column: Int) {
        let index = row * width + column
        if cells[index].text.isEmpty, column > 0, !cell.text.isEmpty { cells[index - 1] = .blank }
        if column + 1 < width, cells[index + 1].text.isEmpty, DisplayWidth.of(cell.text) < 2 {
            cells[index + 1] = Cell(text: " ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// Fills a rectangle with blanks of a style (a box's background).
    mutating func clear(row: Int, column: Int, width: Int, height: Int, style: Style = .plain) {
        guard row < self.height, column < self.width, row + height > 0, column + width > 0 else { return }
        for y in max(row, 0)..<min(row + height, self.height) {
            for x in max(column, 0)..<min(column + width, self.width) { put(Cell(text: " ", style: style), row: y, column: x) }
        }
    }

    /// A bordered box with lines inside, cut to its width; box-drawing characters, or `+-|`
    /// where the terminal is not UTF-8.
    mutating func box(_ lines: [String], row: Int, column: Int, width: Int, title: String? = nil, ascii: Bool = false) {
        let height = lines.count + 2
        let (across, down) = ascii ? ("-", "|") : ("─", "│")
        let corners = ascii ? ["+", "+", "+", "+"] : ["┌", "┐", "└", "┘"]
        clear(row: row, column: column, width: width, height: height, style: .box)
        let inner = width - 2
        write(corners[0] + String(repeating: across, count: inner) + corners[1], row: row, column: column, style: .frame)
        if let title { write(" \(title) ", row: row, column: column + 2, style: .title, limit: inner - 2) }
        for (offset, line) in lines.enumerated() {
            write(down, row: row + 1 + offset, column: column, style: .frame)
            write(line, row: row + 1 + offset, column: column + 2, style: .box, limit: inner - 2)
            write(down, row: row + 1 + offset, column: column + width - 1, style: .frame)
        }
        write(
            corners[2] + String(repeating: across, count: inner) + corners[3], row: row + height - 1, column: column,
            style: .frame)
    }

    /// The text of a row without styles (tests and the ASCII check read it).
    func text(row: Int) -> String {
        cells[(row * width)..<((row + 1) * width)].map(\.text).joined()
    }
}
