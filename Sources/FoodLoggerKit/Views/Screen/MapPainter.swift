import Foundation
import FoodLoggerDomain

/// The interactive map's figures on a screen: the frame with north and the scale bar, the ring
/// around the search centre, "@" where the user started, and a label per marker. Pure drawing:
/// the presenter decides what the screen says (list, info window, status, alerts); this puts
/// the ground on it.
struct MapPainter {
    let layout: MapScreenLayout
    /// The ground one braille dot spans, both ways.
    let metresPerDot: Double
    /// Box-drawing and braille characters, or their ASCII stand-ins.
    let unicode: Bool
    /// Whether the selected marker stands out by style; else it is bracketed.
    let styled: Bool
    /// The scale bar's units.
    var units: DistanceUnits = .metric

    /// The frame with north and the scale bar in it, the ring around the search centre and "@"
    /// where the user started.
    func drawMap(_ state: Map.Explore.State, on screen: inout Screen) {
        let scale = metresPerDot
        screen.box(
            Array(repeating: "", count: layout.innerRows), row: 0, column: 0, width: layout.mapColumns,
            title: glyph("N ↑", "N ^"), ascii: !unicode)
        var canvas = BrailleCanvas(columns: layout.innerColumns, rows: layout.innerRows)
        let centre = layout.dot(of: state.searched.centre, centre: state.viewCentre, metresPerDot: scale)
        let radiusDots = Double(state.searched.range.metres) / scale
        let steps = max(90, min((radiusDots * 8).cells, 100_000))
        for step in 0..<steps {
            let angle = Double(step) / Double(steps) * 2 * .pi
            canvas.set(
                x: centre.x + (cos(angle) * radiusDots).cells, y: centre.y - (sin(angle) * radiusDots).cells)
        }
        for row in 0..<layout.innerRows {
            for column in 0..<layout.innerColumns {
                if let dot = canvas.character(column: column, row: row, unicode: unicode) {
                    screen.write(dot, row: row + 1, column: column + 1, style: .ring)
                }
            }
        }
        if let you = youCell(state) {
            screen.write("@", row: you.row, column: you.column, style: .you)
        }
        let bar = units.scaleBar(atMost: scale * Double(layout.innerColumns) / 2)
        let barColumns = max(2, (bar.metres / scale / 2).cells)
        let scaleText =
            glyph("├", "|") + String(repeating: glyph("─", "-"), count: barColumns - 2) + glyph("┤ ", "| ")
            + bar.label
        screen.write(" \(scaleText) ", row: layout.mapRows - 1, column: 2, style: .title, limit: layout.innerColumns - 2)
    }

    /// The cell of "@", where the user started, when it is on the map.
    func youCell(_ state: Map.Explore.State) -> (row: Int, column: Int)? {
        let scale = metresPerDot
        let you = layout.dot(of: state.home, centre: state.viewCentre, metresPerDot: scale)
        return layout.contains(x: you.x, y: you.y) ? (1 + you.y / 4, 1 + you.x / 2) : nil
    }

    /// A label per marker: the restaurant's number, or "3+2" for three and two more in one
    /// cell or too close to tell apart; the selected one stands out. Returns where each was
    /// drawn, for the mouse.
    func drawMarkers(_ state: Map.Explore.State, on screen: inout Screen) -> [Map.Explore.HitTarget] {
        let scale = metresPerDot
        let you = youCell(state)
        var rows: [Int: [Int: [Int]]] = [:]
        for (index, restaurant) in state.restaurants.enumerated() {
            let dot = layout.dot(of: restaurant.coordinate, centre: state.viewCentre, metresPerDot: scale)
            guard layout.contains(x: dot.x, y: dot.y) else { continue }
            rows[1 + dot.y / 4, default: [:]][1 + dot.x / 2, default: []].append(index)
        }
        let text = { (indices: [Int]) -> String in
            let selected = state.selected.flatMap { indices.contains($0) ? $0 : nil }
            let label = String((selected ?? indices.min() ?? 0) + 1) + (indices.count > 1 ? "+\(indices.count - 1)" : "")
            return selected != nil && !styled ? "[\(label)]" : label
        }
        var targets: [Map.Explore.HitTarget] = []
        for (row, cells) in rows.sorted(by: { $0.key < $1.key }) {
            let labels = MarkerLabels.layout(
                cells.map { (column: $0.key, indices: $0.value) }, you: you?.row == row ? you?.column : nil,
                within: 1...(layout.mapColumns - 2), text: text)
            for label in labels {
                let isSelected = state.selected.map(label.indices.contains) ?? false
                screen.write(label.text, row: row, column: label.start, style: isSelected ? .selected : .marker)
                targets += label.indices.sorted().map { .init(row: row, columns: label.start...label.end, index: $0) }
            }
        }
        return targets
    }

    /// A character for a UTF-8 terminal, or its stand-in on another.
    private func glyph(_ utf8: String, _ ascii: String) -> String { unicode ? utf8 : ascii }
}
