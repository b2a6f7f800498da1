import FoodLoggerDomain
/// Turns the restaurants around a point into what the terminal draws.
@MainActor
protocol MapPresentationLogic: AnyObject {
    func presentRestaurants(_ response: Map.Restaurants.Response)
}

/// Lays out the map (through `TerminalMap`), writes its legend and footer, and picks the exit
/// code: success, nothing found (the map still shows the centre), or failure. Never prints.
@MainActor
final class MapPresenter: MapPresentationLogic {
    weak var viewController: (any MapDisplayLogic)?

    init() {}

    func presentRestaurants(_ response: Map.Restaurants.Response) {
        let viewModel: Map.Restaurants.ViewModel
        switch response.result {
        case .failure(let error):
            viewModel = .init(content: .failure(message: error.localizedDescription), exitCode: error.exitCode)
        case .success(let found):
            let page = found.page, center = found.center
            let markers = page.restaurants.enumerated().map { offset, restaurant in
                TerminalMap.Marker(number: page.start + offset, coordinate: restaurant.coordinate)
            }
            let notice = page.restaurants.isEmpty ? ResultsText.notice(page, query: response.query) : nil
            let drawing = Self.layout(response.viewport, footer: ResultsText.footer(page, query: response.query)) {
                width, height in
                let map = TerminalMap(
                    center: center, radiusMetres: response.query.range.metres, markers: markers,
                    width: width, height: height)
                return (map, Self.legend(map, page: page, center: center))
            }
            viewModel = .init(
                content: .drawing(
                    .init(
                        map: drawing.map, legend: drawing.legend, footer: drawing.footer, notice: notice,
                        place: found.located.map { ResultsText.placeLine($0, near: found.near) })),
                exitCode: page.restaurants.isEmpty ? .noResults : .success)
        }
        viewController?.displayRestaurants(viewModel)
    }

    /// Wider maps only spread the same few shops further apart.
    nonisolated static let defaultMaxWidth = 120

    /// The map, its legend and its footer sized to the room there is: the size asked for, else
    /// the terminal's width and a height that keeps the ring round (a cell is twice as tall as
    /// wide). On a terminal of known height everything must fit above the prompt, so the map
    /// shrinks (down to its smallest) to make room for the legend, and a legend that still does
    /// not fit ends with a line saying how many more there are.
    static func layout(
        _ viewport: Map.Viewport, footer: [String],
        draw: (_ width: Int, _ height: Int) -> (map: TerminalMap, legend: TextTable)
    )
        -> (map: TerminalMap, legend: TextTable, footer: [String])
    {
        let width = viewport.width ?? min(max(viewport.columns, TerminalMap.widthRange.lowerBound), defaultMaxWidth)
        let round = width / 2 + 1
        guard viewport.height == nil, let rows = viewport.rows else {
            let drawn = draw(width, viewport.height ?? round)
            return (drawn.map, drawn.legend, Self.footer(footer, for: drawn.map))
        }
        let footerLines = 1 + footer.reduce(0) { $0 + DisplayWidth.wrap($1, to: width).count } + 1  // with the clamped note
        // The frame, its key line, a blank line and the footer, above the prompt's line.
        let room = rows - 1 - 1 - footerLines
        var height = max(TerminalMap.heightRange.lowerBound, min(round, room))
        var drawn = draw(width, height)
        func legendLines(_ legend: TextTable) -> Int { legend.rows.isEmpty ? 0 : legend.rows.count + 2 }
        while height > TerminalMap.heightRange.lowerBound, height + legendLines(drawn.legend) > room {
            height -= 1
            drawn = draw(width, height)
        }
        let legendRoom = room - height - 2  // a blank line and the heading
        var legend = drawn.legend
        if legend.rows.count > legendRoom {
            let shown = max(0, legendRoom - 1)
            let more = legend.rows.count - shown
            legend.rows = Array(legend.rows.prefix(shown)) + [["…", "+\(more) more (--format table)", "", ""]]
        }
        return (drawn.map, legend, Self.footer(footer, for: drawn.map))
    }

    /// The clamped note first, when a marker had to be pulled in to the frame's edge.
    static func footer(_ footer: [String], for map: TerminalMap) -> [String] {
        (map.groups.contains(where: \.clamped) ? [clampedNote] : []) + footer
    }

    static let clampedNote = "* beyond the radius: drawn at the frame's edge, in its direction."

    static let legendColumns: [TextTable.Column] = [
        .init("#", minWidth: 1),
        .init("Name", minWidth: 12, weight: 2.5),
        .init("Genre", minWidth: 6, dropPriority: 1),
        .init("Dist.", alignRight: true, minWidth: 6, dropPriority: 2),
    ]

    /// One row per place on the map; markers merged into one cell share a row ("A=3+4").
    static func legend(_ map: TerminalMap, page: RestaurantPage, center: Coordinate) -> TextTable {
        let rows = map.groups.map { group in
            let restaurants = group.numbers.map { page.restaurants[$0 - page.start] }
            var genres: [String] = []
            for restaurant in restaurants where !genres.contains(restaurant.genre.name) {
                genres.append(restaurant.genre.name)
            }
            let metres = restaurants.map { $0.coordinate.roundedMetres(to: center) }
            let low = metres.min() ?? 0, high = metres.max() ?? 0
            let distance = (low == high ? "\(low) m" : "\(low)–\(high) m") + (group.clamped ? "*" : "")
            return [group.key, restaurants.map(\.name).joined(separator: " / "), genres.joined(separator: " / "), distance]
                .map(ResultsText.singleLine)
        }
        return TextTable(columns: legendColumns, rows: rows)
    }
}
