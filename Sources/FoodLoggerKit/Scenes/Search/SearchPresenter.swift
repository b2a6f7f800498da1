import FoodLoggerDomain
/// Turns search results into what the terminal draws.
@MainActor
protocol SearchPresentationLogic: AnyObject {
    /// Returns the exit status of what was displayed.
    @discardableResult func presentRestaurants(_ response: Search.Restaurants.Response) -> ExitCode
    func presentNoPage(_ response: Search.Page.Response)
}

/// Formats: distances, table cells, the listing for data formats, the footer, and success / empty /
/// failure with their exit codes. Never prints.
@MainActor
final class SearchPresenter: SearchPresentationLogic {
    weak var viewController: (any SearchDisplayLogic)?
    let presentation: Search.Restaurants.Presentation
    /// Whether the terminal shows arrows (the walk's way) or needs the compass letters.
    let unicode: Bool
    /// --fields: the JSON keys to show instead of the usual columns; nil: the usual ones.
    let fields: [String]?

    init(presentation: Search.Restaurants.Presentation, unicode: Bool = true, fields: [String]? = nil) {
        self.presentation = presentation; self.unicode = unicode; self.fields = fields
    }

    @discardableResult func presentRestaurants(_ response: Search.Restaurants.Response) -> ExitCode {
        let request = response.request
        let viewModel: Search.Restaurants.ViewModel
        switch response.found {
        case .failure(let failure):
            let fromEnvironment = request.near?.fromEnvironment == true && failure.locating
            let message = failure.error.localizedDescription + (fromEnvironment ? " (The place came from FOODLOGGER_NEAR.)" : "")
            viewModel = .init(content: .failure(message: message), exitCode: failure.error.exitCode)
        case .success(let found) where request.log != nil && Self.logError(found) != nil:
            // The filter cannot be answered: showing the places unfiltered would say they passed it.
            let error = Self.logError(found) ?? .noFolder
            viewModel = .init(content: .failure(message: error.message), exitCode: error.exitCode)
        case .success(let found):
            viewModel = .init(content: .listing(listing(found, request)), exitCode: Self.exitCode(found))
        }
        return viewController?.displayRestaurants(viewModel) ?? viewModel.exitCode
    }

    /// Places listed: success; none: no results; a merge some of whose services failed: 69, the
    /// others' places still shown (as `log check` does).
    static func exitCode(_ found: FoundPlaces) -> ExitCode {
        if !found.incomplete.isEmpty { return .unavailable }
        return found.page.restaurants.isEmpty ? .noResults : .success
    }

    private func listing(_ found: FoundPlaces, _ request: Search.Restaurants.Request) -> Search.Restaurants.ViewModel.Listing {
        let page = found.page, query = found.query
        let log = (try? found.log.get()) ?? .empty
        var document = RestaurantListing(found, open: request.open, log: log)
        document.fields = fields
        let body: Search.Restaurants.ViewModel.Body =
            switch presentation {
            case .table, .promptedTable:
                .table(
                    fields.map { Self.fieldTable(document.cells(of: $0)) }
                        ?? Self.table(page, center: query.center, open: request.open, unicode: unicode, log: log),
                    footer: ResultsText.footer(found, prompted: presentation == .promptedTable, open: request.open, log: request.log))
            case .document: .document(document)
            }
        let leftOut = [
            found.tally.flatMap { ResultsText.leftOut($0, open: request.open, on: page.clock) },
            request.log.flatMap { LogText.leftOut(found.logLeftOut, $0) },
            ResultsText.looked(found),
        ].compactMap { $0 }.joined(separator: "\n")
        let logWarning = Self.logError(found).map { "\($0.message); the Log column is left out" }
        // Under a table, the footer says it; beside a document, stderr.
        let clockNote = presentation == .document ? ResultsText.clockNote(page) : nil
        return Search.Restaurants.ViewModel.Listing(
            body: body,
            notice: page.restaurants.isEmpty
                ? ResultsText.notice(found, prompted: presentation == .promptedTable, open: request.open, log: request.log)
                : nil,
            numbers: page.restaurants.isEmpty ? nil : page.start...(page.start + page.restaurants.count - 1),
            leftOut: page.restaurants.isEmpty || leftOut.isEmpty ? nil : leftOut,
            place: found.located.map { ResultsText.placeLine($0, near: request.near) },
            warnings: ResultsText.notCovering(found) + ResultsText.incomplete(found) + ResultsText.dropped(page.dropped)
                + ResultsText.shortfall(page, query: query) + (clockNote.map { [$0] } ?? []) + (logWarning.map { [$0] } ?? []))
    }

    static func logError(_ found: FoundPlaces) -> FoodLogError? {
        if case .failure(let error) = found.log { return error }
        return nil
    }

    func presentNoPage(_ response: Search.Page.Response) {
        let message = response.direction == .next ? "This is the last page." : "This is the first page."
        viewController?.displayNoPage(Search.Page.ViewModel(message: message))
    }

    /// The columns a user decides with (name, distance, open state and time left) go last: the
    /// way there, the budget, the genre, the rating, the log and the walk are dropped before them,
    /// and before a name is cut shorter than 24 cells.
    /// --fields as a table: one column a field, titled with its key, cells as the CSV has them.
    static func fieldTable(_ cells: (columns: [String], rows: [[String]])) -> TextTable {
        TextTable(
            columns: cells.columns.map { TextTable.Column($0, minWidth: min(8, $0.count)) },
            rows: cells.rows.map { $0.map(ResultsText.singleLine) })
    }

    static let columns: [TextTable.Column] = [
        .init("#", alignRight: true, minWidth: 4),
        .init("Name", minWidth: 12, keep: .init(width: 24, overPriority: 3), weight: 2.5),
        .init("Genre", minWidth: 6, dropPriority: 7),
        .init("Rating", alignRight: true, minWidth: 3, dropPriority: 6, mayCut: false),
        .init("Dist.", alignRight: true, minWidth: 6, dropPriority: 1),
        .init("Walk", alignRight: true, minWidth: 8, dropPriority: 4, mayCut: false),
        .init("Budget", minWidth: 8, dropPriority: 8, mayCut: false),
        // The way there is dropped first: the Walk column says how far it is.
        .init("Station / access", minWidth: 8, dropPriority: 9, weight: 1.5),
        // Times are never cut ("until 2…" would read as another time): dropped rather.
        .init("Open", minWidth: 6, dropPriority: 2, mayCut: false),
        .init("Left", minWidth: 6, dropPriority: 3, mayCut: false),
        // What the log holds says why a place passed --want or --visited.
        .init("Log", minWidth: 4, dropPriority: 5, mayCut: false),
        // Which services a merged list's place came from (OSM·G·HP).
        .init("Sources", minWidth: 3, dropPriority: 6, mayCut: false),
    ]

    /// Without a centre there is no distance or walk to show, so no Dist. and Walk columns; without
    /// reviews, no Rating column; a service without stations has no Station column, and a page
    /// without budgets or price levels shows the day's hours instead. A Left column when any
    /// shop's hours tell how long is left; a Log column when the food log holds any of the places
    /// (see `LogText.cell`).
    static func table(
        _ page: RestaurantPage, center: Coordinate?, open: OpenQuestion, unicode: Bool = true, log: FoodLogSummary = .empty
    ) -> TextTable {
        let (ratingColumn, distanceColumn, walkColumn, budgetColumn, stationColumn) = (3, 4, 5, 6, 7)
        let (leftColumn, logColumn, sourcesColumn) = (9, 10, 11)
        let marks = page.restaurants.map(log.mark)
        let priced =
            page.provider.fields.contains(.budget)
            || page.restaurants.contains { $0.priceLevel != nil || $0.hotpepper?.budget != nil }
        let clock = OpenClock(open.moment, region: page.region)
        let rows = page.restaurants.enumerated().map { offset, restaurant in
            let walk = center.map { Walk(from: $0, to: restaurant.coordinate) }
            let time = HoursText.openCells(of: restaurant, on: clock)
            return [
                String(page.start + offset),
                restaurant.name,
                restaurant.genreOrKind,
                RatingText.short(restaurant) ?? "",
                walk.map { "\($0.metres) m" } ?? "",
                walk.map { WalkText.short($0, unicode: unicode) } ?? "",
                priced
                    ? BudgetBand.short(of: restaurant, country: clock.country)
                    : HoursText.periods(of: restaurant, on: clock) ?? "–",
                [restaurant.hotpepper?.stationName ?? "", restaurant.hotpepper?.access ?? ""].filter { !$0.isEmpty }.joined(
                    separator: " · "),
                time.when, time.left, LogText.cell(marks[offset]),
                restaurant.answeredBy.map(\.abbreviation).joined(separator: unicode ? "·" : "+"),
            ]
        }
        .map { $0.map(ResultsText.singleLine) }
        var columns = columns
        if !priced { columns[budgetColumn].title = "Hours" }
        // From the right, so the indexes before each stay put.
        let dropped = [
            page.restaurants.contains { $0.sources != nil } ? nil : sourcesColumn,
            marks.contains { $0 != nil } ? nil : logColumn,
            rows.allSatisfy { $0[leftColumn].isEmpty } ? leftColumn : nil,
            page.provider.fields.contains(.access) || page.restaurants.contains { $0.hotpepper != nil } ? nil : stationColumn,
            center == nil ? walkColumn : nil,
            center == nil ? distanceColumn : nil,
            page.restaurants.contains { $0.rating != nil } ? nil : ratingColumn,
        ].compactMap { $0 }
        for column in dropped { columns.remove(at: column) }
        return TextTable(columns: columns, rows: rows.map { row in dropped.reduce(into: row) { $0.remove(at: $1) } })
    }
}
