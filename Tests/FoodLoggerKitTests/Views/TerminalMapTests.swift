import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct TerminalMapTests {
    /// A point `east` and `north` metres from the centre, by the inverse of the projection.
    func point(east: Double, north: Double, from center: Coordinate) -> Coordinate {
        let metresPerDegree = Coordinate.earthRadiusMetres * .pi / 180
        return Coordinate(
            lat: center.lat + north / metresPerDegree,
            lng: center.lng + east / (metresPerDegree * cos(center.lat * .pi / 180)))
    }

    func symbol(_ map: TerminalMap, column: Int, row: Int) -> Character { map.cells[row][column].character }

    @Test(
        "the centre, and offsets east / north / west / south, land where the scale puts them",
        arguments: [
            (35.6812, 80, 30), (35.6812, 41, 12), (60.17, 120, 40), (-33.86, 61, 21), (0.0, 200, 60),
        ])
    func knownOffsets(lat: Double, width: Int, height: Int) {
        let center = Coordinate(lat: lat, lng: 139.7)
        let radius = 1000.0
        let probe = TerminalMap(center: center, radiusMetres: 1000, markers: [], width: width, height: height)
        let middle = (column: 1 + (width - 3) / 2, row: 1 + (height - 3) / 2)
        let half = radius / 2
        let markers = [
            TerminalMap.Marker(number: 1, coordinate: point(east: half, north: 0, from: center)),
            TerminalMap.Marker(number: 2, coordinate: point(east: 0, north: half, from: center)),
            TerminalMap.Marker(number: 3, coordinate: point(east: -half, north: 0, from: center)),
            TerminalMap.Marker(number: 4, coordinate: point(east: 0, north: -half, from: center)),
        ]
        let sut = TerminalMap(center: center, radiusMetres: 1000, markers: markers, width: width, height: height)

        let columns = Int((half / probe.metresPerColumn).rounded()), rows = Int((half / (2 * probe.metresPerColumn)).rounded())
        #expect(symbol(sut, column: middle.column, row: middle.row) == "@", "the centre is marked @ in the middle cell")
        #expect(
            sut.groups.map(\.column) == [middle.column + columns, middle.column, middle.column - columns, middle.column],
            "east and west move columns; north and south stay in the centre column")
        #expect(
            sut.groups.map(\.row) == [middle.row, middle.row - rows, middle.row, middle.row + rows],
            "north is up: rows shrink going north")
        #expect(rows * 2 - columns <= 2 && columns - rows * 2 <= 2, "a row covers twice the metres of a column")
        #expect(sut.cells.allSatisfy { $0.count == width } && sut.height == height, "the frame is exactly the size asked for")
    }

    @Test("the radius fills the narrower side of the frame", arguments: [(80, 30), (40, 40), (100, 12)])
    func radiusFillsFrame(width: Int, height: Int) {
        let sut = TerminalMap(center: MapSeeds.tokyo, radiusMetres: 500, markers: [], width: width, height: height)
        let reach = min((width - 3) / 2, 2 * ((height - 3) / 2))
        #expect(abs(sut.metresPerColumn * Double(reach) - 500) < 0.001, "the radius reaches the edge on the narrower axis")
        let ringRows = sut.cells.indices.filter { row in sut.cells[row].contains { $0.ink == .radius } }
        #expect(
            ringRows.first == 1 + (height - 3) / 2 - reach / 2, "the ring touches the top when rows are the limit, or sits inside"
        )
    }

    @Test("the centre always shows: shops in its cell are labelled beside it, merged with any neighbour there")
    func centreStaysVisible() {
        // Given shops on the centre, and one in the cell east of it, on a small map
        let center = Coordinate(lat: 35.6812, lng: 139.7671)
        let probe = TerminalMap(center: center, radiusMetres: 3000, markers: [], width: 40, height: 10)
        let east = probe.metresPerColumn
        let markers = [
            TerminalMap.Marker(number: 1, coordinate: center), TerminalMap.Marker(number: 2, coordinate: center),
            TerminalMap.Marker(number: 3, coordinate: point(east: east, north: 0, from: center)),
        ]

        // When they are laid out
        let sut = TerminalMap(center: center, radiusMetres: 3000, markers: markers, width: 40, height: 10)

        // Then "@" keeps its cell and all three shops share the cell beside it
        let middle = (column: 1 + (40 - 3) / 2, row: 1 + (10 - 3) / 2)
        #expect(symbol(sut, column: middle.column, row: middle.row) == "@", "the centre shows")
        #expect(sut.groups.count == 1 && sut.groups[0].numbers.sorted() == [1, 2, 3], "one group for the three: \(sut.groups)")
        #expect(sut.groups[0].column == middle.column + 1 && sut.groups[0].key == "A=1+2+3", "beside it, in order: \(sut.groups)")
    }

    @Test("markers in the same cell merge under one letter; the legend key says which")
    func mergedMarkers() {
        let near = point(east: 200, north: 100, from: MapSeeds.tokyo)
        let alsoNear = point(east: 201, north: 101, from: MapSeeds.tokyo)
        let far = point(east: -300, north: -200, from: MapSeeds.tokyo)
        let sut = TerminalMap(
            center: MapSeeds.tokyo, radiusMetres: 1000,
            markers: [
                .init(number: 3, coordinate: near), .init(number: 4, coordinate: alsoNear),
                .init(number: 5, coordinate: far),
            ],
            width: 60, height: 20)

        #expect(sut.groups.map(\.numbers) == [[3, 4], [5]], "3 and 4 share a cell; 5 stands alone")
        #expect(sut.groups.map(\.key) == ["A=3+4", "5"], "the legend names the merge")
        #expect(symbol(sut, column: sut.groups[0].column, row: sut.groups[0].row) == "A", "one marker character in the cell")
        #expect(symbol(sut, column: sut.groups[1].column, row: sut.groups[1].row) == "5", "a lone marker shows its number")
    }

    @Test("a two-digit number is written beside its cell, or replaced by a letter where it would cover a neighbour")
    func twoDigitLabels() {
        let first = point(east: 100, north: 0, from: MapSeeds.tokyo)
        let sut = TerminalMap(
            center: MapSeeds.tokyo, radiusMetres: 1000,
            markers: [
                .init(number: 10, coordinate: first),
                .init(number: 11, coordinate: point(east: 100 + 1.0 * 1000 / 28, north: 0, from: MapSeeds.tokyo)),
            ], width: 60, height: 30)
        let (a, b) = (sut.groups[0], sut.groups[1])
        #expect(b.column == a.column + 1 && a.row == b.row, "the two shops are in neighbouring cells")
        #expect(a.symbol == "10", "the first keeps its number, written to the left of its neighbour")
        #expect(
            String([symbol(sut, column: a.column - 1, row: a.row), symbol(sut, column: a.column, row: a.row)]) == "10",
            "10 ends at its own cell, since the cell to its right belongs to 11")
        #expect(b.symbol == "11" || b.symbol == "A", "the second is drawn whole or by a letter, never half")
    }

    @Test("a shop beyond the frame is drawn on its edge and flagged")
    func clampedMarker() {
        let sut = TerminalMap(
            center: MapSeeds.tokyo, radiusMetres: 300,
            markers: [.init(number: 1, coordinate: point(east: 2000, north: 0, from: MapSeeds.tokyo))],
            width: 40, height: 12)
        #expect(sut.groups[0].clamped && sut.groups[0].column == 38, "pulled in to the last inner column")
    }

    @Test(
        "the scale bar shows a round length of at most a quarter of the map",
        arguments: [
            (300, 80, 30, 200), (1000, 80, 30, 500), (3000, 80, 30, 2000), (500, 120, 60, 250), (3000, 200, 100, 1000),
        ])
    func scaleBar(radius: Int, width: Int, height: Int, expected: Int) {
        let sut = TerminalMap(center: MapSeeds.tokyo, radiusMetres: radius, markers: [], width: width, height: height)
        #expect(sut.scaleMetres == Double(expected), "scale for \(radius) m in \(width)×\(height)")
        let line = sut.lines(styled: false).last ?? ""
        #expect(line.contains(LocalProjection.scaleLabel(expected)), "the bar is labelled: \(line)")
        let bar = line.prefix { $0 == "|" || $0 == "-" }
        #expect(
            abs(Double(bar.count - 1) * sut.metresPerColumn - Double(expected)) <= sut.metresPerColumn,
            "the bar spans its length: \(bar.count - 1) columns")
    }

    @Test("round scale lengths and their labels")
    func scaleSteps() {
        #expect(LocalProjection.scaleLength(atMost: 260) == 250, "250 under 260")
        #expect(LocalProjection.scaleLength(atMost: 999) == 500, "500 under 999")
        #expect(LocalProjection.scaleLength(atMost: 3) == 10, "the shortest step when nothing fits")
        #expect(LocalProjection.scaleLabel(2500) == "2.5 km" && LocalProjection.scaleLabel(200) == "200 m", "m and km")
    }

    @Test("north is marked, and styled lines differ only by escapes")
    func northAndStyle() {
        let sut = TerminalMap(center: MapSeeds.tokyo, radiusMetres: 1000, markers: [], width: 50, height: 15)
        let plain = sut.lines(styled: false), styled = sut.lines(styled: true)
        #expect(plain[0].contains("N ↑"), "north is up and marked")
        #expect(styled[0].contains("\u{1B}["), "styled lines carry ANSI escapes")
        let stripped = styled.map { $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) }
        #expect(Array(stripped.prefix(plain.count - 1)) == Array(plain.dropLast()), "colour changes nothing else")
        #expect(plain.allSatisfy { DisplayWidth.of($0) <= 50 }, "every line fits the width")
    }
}
