/// Dots at twice the columns and four times the rows of a block of cells: Unicode braille
/// patterns give each terminal cell 2×4 dots, so the ring is smooth and a marker sits within a
/// quarter of a row of its true place. Where the terminal is not UTF-8, a cell with any dot
/// shows ".".
struct BrailleCanvas: Sendable, Equatable {
    let columns: Int
    let rows: Int
    private var bits: [UInt8]

    init(columns: Int, rows: Int) {
        self.columns = max(columns, 0); self.rows = max(rows, 0)
        bits = Array(repeating: 0, count: self.columns * self.rows)
    }

    var dotColumns: Int { columns * 2 }
    var dotRows: Int { rows * 4 }

    /// The braille bit of each dot in a cell, by [row][column] (Unicode's dot numbering).
    private static let dotBits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    mutating func set(x: Int, y: Int) {
        guard (0..<dotColumns).contains(x), (0..<dotRows).contains(y) else { return }
        bits[(y / 4) * columns + x / 2] |= Self.dotBits[y % 4][x % 2]
    }

    /// The character for a cell, nil where it has no dot.
    func character(column: Int, row: Int, unicode: Bool) -> String? {
        let value = bits[row * columns + column]
        guard value != 0 else { return nil }
        return unicode ? String(UnicodeScalar(0x2800 + UInt32(value))!) : "."
    }
}
