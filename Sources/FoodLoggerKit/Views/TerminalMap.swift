import Foundation
import FoodLoggerDomain

/// A map drawn with characters: a frame, the search radius as a ring of dots, "@" for the
/// centre and each restaurant at its real offset, north up. A terminal cell is about twice as
/// tall as it is wide, so a row covers twice the metres of a column and the ring stays round.
/// Pure layout: the presenter builds it, `lines(styled:)` draws it.
struct TerminalMap: Sendable, Equatable {
    /// A restaurant to place: its number in the listing and where it is.
    struct Marker: Sendable, Equatable {
        var number: Int
        var coordinate: Coordinate
    }

    /// The markers that landed in one cell, and what stands for them on the map.
    struct Group: Sendable, Equatable {
        var numbers: [Int]
        var column: Int
        var row: Int
        /// The characters drawn: the number itself, or a letter when the number does not fit
        /// or several markers share the cell.
        var symbol: String
        /// Beyond the frame (the service may return shops a little outside the radius): drawn
        /// on the frame's inner edge, in its direction.
        var clamped: Bool

        /// How the legend names it: "7", or "A=3+4" for a letter.
        var key: String {
            let numbers = numbers.map(String.init).joined(separator: "+")
            return symbol == numbers ? symbol : "\(symbol)=\(numbers)"
        }
    }

    /// What a cell shows, so a renderer can colour it.
    enum Ink: Sendable, Equatable {
        case blank, frame, radius, center, marker, label
    }

    struct Cell: Sendable, Equatable {
        var character: Character
        var ink: Ink
    }

    static let widthRange = 30...400
    static let heightRange = 10...200
    static let centerSymbol: Character = "@"
    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    private(set) var cells: [[Cell]]
    private(set) var groups: [Group] = []
    /// Ground covered by one column; a row covers twice as much.
    let metresPerColumn: Double
    /// The scale bar's length, in the units it is labelled in.
    let scale: DistanceUnits.ScaleBar
    var scaleMetres: Double { scale.metres }
    let radiusMetres: Int
    let units: DistanceUnits
    let centerKey: String
    var width: Int { cells[0].count }
    var height: Int { cells.count }

    /// Lays out `markers` (in the order given, which decides who keeps a contested cell's
    /// label) around `center` so that a circle of `radiusMetres` fills a `width` × `height` frame.
    /// `centerKey`: what the key says "@" is ("@ you are here"); `units`: the scale's and the radius's.
    init(
        center: Coordinate, radiusMetres: Int, markers: [Marker], width: Int, height: Int,
        centerKey: String = "@ you are here", units: DistanceUnits = .metric
    ) {
        self.centerKey = centerKey
        self.units = units
        let width = max(width, Self.widthRange.lowerBound), height = max(height, Self.heightRange.lowerBound)
        let inner = (columns: width - 2, rows: height - 2)
        self.radiusMetres = max(radiusMetres, 1)
        // The radius reaches from the centre cell to the last cell on the narrower axis.
        metresPerColumn = Double(self.radiusMetres) / Double(min(Self.middle(inner.columns), 2 * Self.middle(inner.rows)))
        scale = units.scaleBar(atMost: metresPerColumn * Double(inner.columns) / 4)
        cells = Array(repeating: Array(repeating: Cell(character: " ", ink: .blank), count: width), count: height)
        let projection = LocalProjection(center: center)
        drawFrame()
        drawRing()
        let middle = cell(east: 0, north: 0)
        cells[middle.row][middle.column] = Cell(character: Self.centerSymbol, ink: .center)
        placeMarkers(markers.map { ($0.number, projection.offset(of: $0.coordinate)) })
    }

    /// The frame cell (1-based inside the border) for an offset in metres, and whether it had
    /// to be pulled in from outside the frame.
    func cell(east: Double, north: Double) -> (column: Int, row: Int, clamped: Bool) {
        let inner = (columns: width - 2, rows: height - 2)
        let column = Self.middle(inner.columns) + (east / metresPerColumn).cells
        let row = Self.middle(inner.rows) - (north / (2 * metresPerColumn)).cells
        let clampedColumn = min(max(column, 0), inner.columns - 1), clampedRow = min(max(row, 0), inner.rows - 1)
        return (clampedColumn + 1, clampedRow + 1, clampedColumn != column || clampedRow != row)
    }

    /// The centre cell of `count` cells, counted from 0; with an even count, the one left of
    /// (or above) the middle, so the same number of cells reaches out on either side.
    static func middle(_ count: Int) -> Int { (count - 1) / 2 }

    private mutating func drawFrame() {
        for row in 0..<height {
            for column in [0, width - 1] { cells[row][column] = Cell(character: "|", ink: .frame) }
        }
        for row in [0, height - 1] {
            for column in 0..<width {
                let corner = column == 0 || column == width - 1
                cells[row][column] = Cell(character: corner ? "+" : "-", ink: .frame)
            }
        }
        for (offset, character) in " N ↑ ".enumerated() where 2 + offset < width - 1 {
            cells[0][2 + offset] = Cell(character: character, ink: .label)
        }
    }

    /// Dots around the radius, sampled finely enough that the ring has no gaps.
    private mutating func drawRing() {
        let steps = max(64, 8 * (width + height))
        for step in 0..<steps {
            let angle = Double(step) / Double(steps) * 2 * .pi
            let spot = cell(east: cos(angle) * Double(radiusMetres), north: sin(angle) * Double(radiusMetres))
            guard !spot.clamped else { continue }
            cells[spot.row][spot.column] = Cell(character: ".", ink: .radius)
        }
    }

    /// Merges markers that share a cell, then writes each group's number beside its cell where
    /// the digits cover no other marker; a letter stands in where they would.
    private mutating func placeMarkers(_ offsets: [(number: Int, offset: (east: Double, north: Double))]) {
        for (number, offset) in offsets {
            let spot = cell(east: offset.east, north: offset.north)
            if let index = groups.firstIndex(where: { $0.column == spot.column && $0.row == spot.row }) {
                groups[index].numbers.append(number)
                groups[index].clamped = groups[index].clamped || spot.clamped
            } else {
                groups.append(Group(numbers: [number], column: spot.column, row: spot.row, symbol: "", clamped: spot.clamped))
            }
        }
        // "@" always shows: a group in the centre's cell is labelled beside it instead.
        let centre = cell(east: 0, north: 0)
        if let index = groups.firstIndex(where: { $0.column == centre.column && $0.row == centre.row }) {
            var moved = groups.remove(at: index)
            moved.column += moved.column + 1 <= width - 2 ? 1 : -1
            if let neighbour = groups.firstIndex(where: { $0.column == moved.column && $0.row == moved.row }) {
                groups[neighbour].numbers = (groups[neighbour].numbers + moved.numbers).sorted()
                groups[neighbour].clamped = groups[neighbour].clamped || moved.clamped
            } else {
                groups.insert(moved, at: index)
            }
        }
        var taken = Set(groups.map { $0.row * width + $0.column } + [centre.row * width + centre.column])
        var nextLetter = 0
        for index in groups.indices {
            let group = groups[index]
            let digits = String(group.numbers[0])
            let start = group.numbers.count == 1 ? labelStart(for: group, length: digits.count, taken: taken) : nil
            if let start {
                groups[index].symbol = digits
                for (offset, character) in digits.enumerated() {
                    cells[group.row][start + offset] = Cell(character: character, ink: .marker)
                    taken.insert(group.row * width + start + offset)
                }
            } else {
                let letter = nextLetter < Self.letters.count ? Self.letters[nextLetter] : "*"
                nextLetter += 1
                groups[index].symbol = String(letter)
                cells[group.row][group.column] = Cell(character: letter, ink: .marker)
            }
        }
    }

    /// Where a label of `length` characters can start so it covers its own cell and no other
    /// marker: starting at the cell, else ending at it.
    private func labelStart(for group: Group, length: Int, taken: Set<Int>) -> Int? {
        [group.column, group.column - length + 1].first { start in
            (start..<start + length).allSatisfy { column in
                column >= 1 && column <= width - 2
                    && (column == group.column || !taken.contains(group.row * width + column))
            }
        }
    }

    /// The frame, then a line with the scale bar and the key; ANSI colour only when `styled`.
    func lines(styled: Bool) -> [String] {
        var lines = cells.map { row in Self.draw(row, styled: styled) }
        let barColumns = max(1, (scale.metres / metresPerColumn).cells)
        let bar = "|" + String(repeating: "-", count: max(0, barColumns - 1)) + "|"
        let radius = units.radius(radiusMetres)
        // The key's parts in order of importance, as many as fit.
        var key = "\(bar) \(scale.label)"
        for part in [centerKey, ". \(radius) radius"] where DisplayWidth.of(key + "   " + part) <= width {
            key += "   " + part
        }
        lines.append(DisplayWidth.truncate(key, to: width))
        return lines
    }

    static func draw(_ row: [Cell], styled: Bool) -> String {
        guard styled else { return String(row.map(\.character)) }
        var line = "", ink = Ink.blank
        for cell in row {
            if cell.ink != ink {
                line += "\u{1B}[0m" + escape(cell.ink)
                ink = cell.ink
            }
            line.append(cell.character)
        }
        return line + "\u{1B}[0m"
    }

    /// Red for you, bold yellow for restaurants, dim for the frame and ring.
    static func escape(_ ink: Ink) -> String {
        switch ink {
        case .blank: ""
        case .frame, .radius: "\u{1B}[2m"
        case .center: "\u{1B}[1;31m"
        case .marker: "\u{1B}[1;33m"
        case .label: "\u{1B}[1m"
        }
    }
}
