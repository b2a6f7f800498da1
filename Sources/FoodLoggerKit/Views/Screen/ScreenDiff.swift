/// The bytes that turn one screen into the next on a terminal: a full paint when there is no
/// previous screen (or its size changed), else only the runs of cells that differ, each after
/// a cursor move. A selection move then costs about a kilobyte, not a whole screen.
enum ScreenDiff {
    static func bytes(from previous: Screen?, to next: Screen, styled: Bool) -> String {
        var out = ""
        let full = previous == nil || previous?.width != next.width || previous?.height != next.height
        if full { out += "\u{1B}[0m\u{1B}[2J" }
        for row in 0..<next.height {
            var column = 0
            while column < next.width {
                guard full || previous?[row, column] != next[row, column] else {
                    column += 1
                    continue
                }
                // A run of changed cells; a wide character's halves go together, and a gap of a
                // few unchanged cells is rewritten rather than jumped (a jump costs more bytes).
                var end = column
                func changed(_ column: Int) -> Bool {
                    full || previous?[row, column] != next[row, column] || next[row, column].text.isEmpty
                }
                while end < next.width {
                    if changed(end) {
                        end += 1
                    } else if let resume = (end..<min(end + Self.longestGap, next.width)).first(where: changed) {
                        end = resume
                    } else {
                        break
                    }
                }
                var start = column
                while start > 0, next[row, start].text.isEmpty { start -= 1 }
                out += "\u{1B}[\(row + 1);\(start + 1)H" + paint(next, row: row, from: start, to: end, styled: styled)
                column = end
            }
        }
        return styled && !out.isEmpty ? out + "\u{1B}[0m" : out
    }

    /// Unchanged cells between two changes that are written again instead of moving the cursor.
    static let longestGap = 4

    /// The cells of a run, with a style change only where the style does (every style begins
    /// by resetting, so runs need no reset of their own; the whole diff ends with one).
    static func paint(_ screen: Screen, row: Int, from start: Int, to end: Int, styled: Bool) -> String {
        var out = "", current: Screen.Style? = nil
        for column in start..<end {
            let cell = screen[row, column]
            if styled, cell.style != current {
                out += escape(cell.style)
                current = cell.style
            }
            out += cell.text
        }
        return out
    }

    /// SGR for each style: dim frame and ring, red "you", yellow markers, the selection inverted.
    static func escape(_ style: Screen.Style) -> String {
        switch style {
        case .plain, .box: "\u{1B}[0m"
        case .frame, .ring: "\u{1B}[0;2m"
        case .you: "\u{1B}[0;1;31m"
        case .marker: "\u{1B}[0;1;33m"
        case .selected: "\u{1B}[0;1;7;33m"
        case .title: "\u{1B}[0;1m"
        case .status: "\u{1B}[0;7m"
        }
    }
}
