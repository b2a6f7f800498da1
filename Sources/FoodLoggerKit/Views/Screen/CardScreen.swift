/// The restaurant's card over the interactive map: its lines from `top` down, and a status
/// line saying which lines show and what the keys do.
enum CardScreen {
    /// How many of the card's lines a screen shows (all rows but the status line).
    static func room(_ size: Map.Explore.Size) -> Int { max(size.rows - 1, 1) }

    static func screen(_ lines: [String], top: Int, size: Map.Explore.Size, unicode: Bool) -> Screen {
        var screen = Screen(width: size.columns, height: size.rows)
        let last = min(top + room(size), lines.count)
        for (offset, line) in lines[min(top, last)..<last].enumerated() {
            screen.write(line, row: offset, column: 0)
        }
        let arrows = unicode ? "↑↓" : "arrows"
        return screen.withStatus(
            "lines \(top + 1)-\(last) of \(lines.count)   \(arrows) Space b: scroll   o: its page   Esc: back to the map")
    }
}

extension Screen {
    /// This screen with `text` in its bottom line, the status line's style.
    func withStatus(_ text: String) -> Screen {
        var screen = self
        let row = height - 1
        screen.clear(row: row, column: 0, width: width, height: 1, style: .status)
        screen.write(" " + text + " ", row: row, column: 0, style: .status)
        return screen
    }
}
