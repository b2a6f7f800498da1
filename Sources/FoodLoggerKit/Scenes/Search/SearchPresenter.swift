import FoodLoggerDomain
/// Turns search results into what the terminal draws.
@MainActor
protocol SearchPresentationLogic: AnyObject {
    func presentRestaurants(_ response: Search.Restaurants.Response)
    func presentNoPage(_ response: Search.Page.Response)
}

/// Formats: distances, table cells, the listing for data formats, the footer, and success / empty /
/// failure with their exit codes. Never prints.
@MainActor
final class SearchPresenter: SearchPresentationLogic {
    weak var viewController: (any SearchDisplayLogic)?
    let presentation: Search.Restaurants.Presentation

    init(presentation: Search.Restaurants.Presentation) {
        self.presentation = presentation
    }

    func presentRestaurants(_ response: Search.Restaurants.Response) {
        let viewModel: Search.Restaurants.ViewModel
        switch response.result {
        case .failure(let error):
            let fromEnvironment = response.near?.fromEnvironment == true && response.located == nil
            let message = error.localizedDescription + (fromEnvironment ? " (The place came from FOODLOGGER_NEAR.)" : "")
            viewModel = .init(content: .failure(message: message), exitCode: error.exitCode)
        case .success(let page):
            let body: Search.Restaurants.ViewModel.Body =
                switch presentation {
                case .table, .promptedTable:
                    .table(
                        Self.table(page, center: response.query.center, open: response.open),
                        footer: ResultsText.footer(
                            page, query: response.query, prompted: presentation == .promptedTable, open: response.open,
                            tally: response.tally))
                case .document:
                    .document(
                        RestaurantListing(
                            page, query: response.query, open: response.open, tally: response.tally,
                            centerName: response.located?.place.name))
                }
            let leftOut = response.tally.flatMap { ResultsText.leftOut($0, open: response.open, on: page.clock) }
            // Under a table, the footer says it; beside a document, stderr.
            let clockNote = presentation == .document ? ResultsText.clockNote(page) : nil
            let listing = Search.Restaurants.ViewModel.Listing(
                body: body,
                notice: page.restaurants.isEmpty
                    ? ResultsText.notice(
                        page, query: response.query, prompted: presentation == .promptedTable, open: response.open,
                        tally: response.tally) : nil,
                numbers: page.restaurants.isEmpty ? nil : page.start...(page.start + page.restaurants.count - 1),
                leftOut: page.restaurants.isEmpty ? nil : leftOut,
                place: response.located.map { ResultsText.placeLine($0, near: response.near) },
                warnings: ResultsText.dropped(page.dropped) + (clockNote.map { [$0] } ?? []))
            viewModel = .init(content: .listing(listing), exitCode: page.restaurants.isEmpty ? .noResults : .success)
        }
        viewController?.displayRestaurants(viewModel)
    }

    func presentNoPage(_ response: Search.Page.Response) {
        let message = response.direction == .next ? "This is the last page." : "This is the first page."
        viewController?.displayNoPage(Search.Page.ViewModel(message: message))
    }

    static let columns: [TextTable.Column] = [
        .init("#", alignRight: true, minWidth: 4),
        .init("Name", minWidth: 16, weight: 2.5),
        .init("Genre", minWidth: 6, dropPriority: 2),
        .init("Rating", alignRight: true, minWidth: 3, dropPriority: 3, mayCut: false),
        .init("Dist.", alignRight: true, minWidth: 6, dropPriority: 1),
        .init("Budget", minWidth: 8, dropPriority: 4, mayCut: false),
        .init("Station / access", minWidth: 8, dropPriority: 5, weight: 1.5),
        // Times are never cut ("until 2…" would read as another time): dropped rather.
        .init("Open", minWidth: 6, dropPriority: 6, mayCut: false),
        .init("Left", minWidth: 6, dropPriority: 7, mayCut: false),
    ]

    /// The Open and Left cells: when the shop closes or opens and how long is left, or whether
    /// it is open where its hours do not tell when.
    private static func timeCells(_ restaurant: Restaurant, on clock: OpenClock) -> [String] {
        let hours = restaurant.openingHours
        guard let cells = HoursText.cells(clock.timeLeft(of: restaurant, hours: hours)) else {
            return [HoursText.word(clock.status(of: restaurant, hours: hours)), ""]
        }
        return [cells.when, cells.left]
    }

    /// Without a centre there is no distance to show, so no Dist. column; without reviews, no
    /// Rating column; a service without stations has no Station column, and a page without
    /// budgets or price levels shows the day's hours instead.
    static func table(_ page: RestaurantPage, center: Coordinate?, open: OpenQuestion) -> TextTable {
        let (ratingColumn, distanceColumn, budgetColumn, stationColumn) = (3, 4, 5, 6)
        let priced = page.provider.describes(.budget) || page.restaurants.contains { $0.priceLevel != nil }
        let clock = OpenClock(open.moment, region: page.region)
        let rows = page.restaurants.enumerated().map { offset, restaurant in
            [
                String(page.start + offset),
                restaurant.name,
                restaurant.genre.name,
                RatingText.short(restaurant) ?? "",
                center.map { "\(restaurant.coordinate.roundedMetres(to: $0)) m" } ?? "",
                priced
                    ? BudgetBand.short(of: restaurant, country: clock.country)
                    : HoursText.periods(of: restaurant, on: clock) ?? "–",
                [restaurant.stationName, restaurant.access].filter { !$0.isEmpty }.joined(separator: " · "),
            ] + timeCells(restaurant, on: clock)
        }
        .map { $0.map(ResultsText.singleLine) }
        var columns = columns
        if !priced { columns[budgetColumn].title = "Hours" }
        // From the right, so the indexes before each stay put.
        let leftColumn = columns.count - 1
        let dropped = [
            rows.allSatisfy { $0[leftColumn].isEmpty } ? leftColumn : nil,
            page.provider.describes(.access) ? nil : stationColumn, center == nil ? distanceColumn : nil,
            page.restaurants.contains { $0.rating != nil } ? nil : ratingColumn,
        ].compactMap { $0 }
        for column in dropped { columns.remove(at: column) }
        return TextTable(columns: columns, rows: rows.map { row in dropped.reduce(into: row) { $0.remove(at: $1) } })
    }
}
