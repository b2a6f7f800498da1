import Foundation
import FoodLoggerDomain

/// Where the interactive map's parts go on a screen, and how ground maps to it: the map in a
/// frame on the left, the list beside it when the screen is wide enough, the status line at
/// the bottom. Braille dots are about square (a cell is twice as tall as wide, and holds 2×4
/// dots), so one scale serves both axes and the ring stays round.
struct MapScreenLayout: Sendable, Equatable {
    static let minimum = Map.Explore.Size(columns: 60, rows: 20)
    /// The list takes a third of a screen at least this wide.
    static let listFrom = 100

    let size: Map.Explore.Size
    /// The map's frame: columns 0..<mapColumns, rows 0..<mapRows.
    let mapColumns: Int
    let mapRows: Int
    /// The list: from `listColumn` to the right edge, rows 0..<mapRows; 0 columns when absent.
    let listColumn: Int
    var statusRow: Int { size.rows - 1 }
    var fits: Bool { size.columns >= Self.minimum.columns && size.rows >= Self.minimum.rows }

    /// Inside the frame.
    var innerColumns: Int { mapColumns - 2 }
    var innerRows: Int { mapRows - 2 }

    init(size: Map.Explore.Size) {
        self.size = size
        let list = size.columns >= Self.listFrom ? min(48, size.columns / 3) : 0
        mapColumns = size.columns - list
        listColumn = mapColumns
        mapRows = size.rows - 1
    }

    /// Metres per dot that fit a circle of `radius` inside the frame, with a dot to spare.
    func metresPerDot(radius: Int) -> Double {
        let dots = min(innerColumns * 2, innerRows * 4) / 2 - 1
        return Double(max(radius, 1)) / Double(max(dots, 1))
    }

    /// The dot (from the frame's inner corner) a point falls on, seen from `centre`; may lie
    /// outside the frame.
    func dot(of point: Coordinate, centre: Coordinate, metresPerDot: Double) -> (x: Int, y: Int) {
        let offset = LocalProjection(center: centre).offset(of: point)
        return (
            x: innerColumns + (offset.east / metresPerDot).cells,
            y: innerRows * 2 - (offset.north / metresPerDot).cells
        )
    }

    /// Whether a dot lies inside the frame.
    func contains(x: Int, y: Int) -> Bool {
        (0..<innerColumns * 2).contains(x) && (0..<innerRows * 4).contains(y)
    }
}
