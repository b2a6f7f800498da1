/// Turns the restaurants around a point into what the terminal draws.
@MainActor
public protocol MapPresentationLogic: AnyObject {
    func presentRestaurants(_ response: Map.Restaurants.Response)
}

/// Lays out the map (through `TerminalMap`), writes its legend and footer, and picks the exit
/// code: success, nothing found (the map still shows the centre), or failure. Never prints.
@MainActor
public final class MapPresenter: MapPresentationLogic {
    public weak var viewController: (any MapDisplayLogic)?

    public init() {}

    public func presentRestaurants(_ response: Map.Restaurants.Response) {
        let viewModel: Map.Restaurants.ViewModel
        switch (response.result, response.query.center) {
        case (.failure(let error), _):
            viewModel = .init(content: .failure(message: error.localizedDescription), exitCode: error.exitCode)
        case (.success, nil):
            viewModel = .init(content: .failure(message: "a map needs a centre (--lat and --lng)"), exitCode: .usage)
        case (.success(let page), let center?):
            let markers = page.restaurants.enumerated().map { offset, restaurant in
                TerminalMap.Marker(number: page.start + offset, coordinate: restaurant.coordinate)
            }
            let map = TerminalMap(center: center, radiusMetres: response.query.range.metres, markers: markers,
                                  width: response.viewport.width, height: response.viewport.height)
            let drawing = Map.Restaurants.ViewModel.Drawing(
                map: map,
                legend: Self.legend(map, page: page, center: center),
                footer: (map.groups.contains(where: \.clamped) ? [Self.clampedNote] : [])
                    + SearchPresenter.footer(page, query: response.query),
                notice: page.restaurants.isEmpty ? SearchPresenter.notice(page, query: response.query) : nil)
            viewModel = .init(content: .drawing(drawing), exitCode: page.restaurants.isEmpty ? .noResults : .success)
        }
        viewController?.displayRestaurants(viewModel)
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
            let metres = restaurants.map { Int($0.coordinate.distance(to: center).rounded()) }
            let low = metres.min() ?? 0, high = metres.max() ?? 0
            let distance = (low == high ? "\(low) m" : "\(low)–\(high) m") + (group.clamped ? "*" : "")
            return [group.key, restaurants.map(\.name).joined(separator: " / "), genres.joined(separator: " / "), distance]
                .map(SearchPresenter.singleLine)
        }
        return TextTable(columns: legendColumns, rows: rows)
    }
}
