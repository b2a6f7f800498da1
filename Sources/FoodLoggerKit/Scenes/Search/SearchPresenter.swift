import FoodLoggerDomain
/// Turns search results into what the terminal draws.
@MainActor
protocol SearchPresentationLogic: AnyObject {
    func presentRestaurants(_ response: Search.Restaurants.Response)
    func presentNoPage(_ response: Search.Page.Response)
}

/// Formats: distances, table cells (by column name), the listing for data formats, the footer, and
/// the failure's one line. Never prints, and decides no exit status (the interactor's outcome does).
@MainActor
final class SearchPresenter: SearchPresentationLogic {
    weak var viewController: (any SearchDisplayLogic)?
    let presentation: Search.Restaurants.Presentation
    /// Whether the terminal shows arrows (the walk's way) or needs the compass letters.
    let unicode: Bool
    /// --fields: the JSON keys to show instead of the usual columns; nil: the usual ones.
    let fields: [String]?
    /// The units the table's distances are written in.
    let units: DistanceUnits

    init(
        presentation: Search.Restaurants.Presentation, unicode: Bool = true, fields: [String]? = nil,
        units: DistanceUnits = .metric
    ) {
        self.presentation = presentation; self.unicode = unicode; self.fields = fields; self.units = units
    }

    func presentRestaurants(_ response: Search.Restaurants.Response) {
        let request = response.request
        let viewModel: Search.Restaurants.ViewModel
        switch response.found {
        case .failure(let failure):
            let fromEnvironment = request.near?.fromEnvironment == true && failure.locating
            let message =
                failure.error.localizedDescription + (fromEnvironment ? " (The place came from FOODLOGGER_NEAR.)" : "")
            viewModel = .init(content: .failure(message: message))
        case .success(let found) where request.log != nil && Self.logError(found) != nil:
            // The filter cannot be answered: showing the places unfiltered would say they passed it.
            let error = Self.logError(found) ?? .noFolder
            viewModel = .init(content: .failure(message: error.message))
        case .success(let found):
            viewModel = .init(content: .listing(listing(found, request)))
        }
        viewController?.displayRestaurants(viewModel)
    }

    private func listing(_ found: FoundPlaces, _ request: Search.Restaurants.Request) -> Search.Restaurants.ViewModel.Listing {
        let page = found.page, query = found.query
        let log = (try? found.log.get()) ?? .empty
        /// The typed records, for the data formats and --fields' table only: a table of the usual
        /// columns is drawn from the places themselves.
        func document() -> RestaurantListing {
            var document = RestaurantListing(found, open: request.open, log: log)
            document.fields = fields
            return document
        }
        let body: Search.Restaurants.ViewModel.Body =
            switch presentation {
            case .table, .promptedTable:
                .table(
                    fields.map { Self.fieldTable(document().cells(of: $0)) }
                        ?? Self.table(page, center: query.center, open: request.open, unicode: unicode, log: log, units: units),
                    footer: ResultsText.footer(
                        found, prompted: presentation == .promptedTable, open: request.open, log: request.log, units: units))
            case .document: .document(document())
            }
        let leftOut = [
            found.tally.flatMap { ResultsText.leftOut($0, open: request.open, on: page.clock) },
            request.log.flatMap { LogText.leftOut(found.logLeftOut, $0) },
            ResultsText.reviewsLeftOut(found).map { "\($0.options) left out \($0.places)." },
            ResultsText.looked(found),
        ].compactMap { $0 }.joined(separator: "\n")
        let logWarning = Self.logError(found).map { "\($0.message); the Log column is left out" }
        // Under a table, the footer says it; beside a document, stderr.
        let clockNote = presentation == .document ? ResultsText.clockNote(page) : nil
        let placeLine = found.located.map { ResultsText.placeLine($0, near: request.near) }
        return Search.Restaurants.ViewModel.Listing(
            body: body,
            notice: page.restaurants.isEmpty
                ? ResultsText.notice(
                    found, prompted: presentation == .promptedTable, open: request.open, log: request.log, units: units)
                : nil,
            numbers: page.restaurants.isEmpty ? nil : page.start...(page.start + page.restaurants.count - 1),
            leftOut: page.restaurants.isEmpty || leftOut.isEmpty ? nil : leftOut,
            place: placeLine?.place,
            warnings: (placeLine?.warning.map { [$0] } ?? []) + ResultsText.notCovering(found, near: request.near)
                + ResultsText.incomplete(found)
                + ResultsText.dropped(page.dropped)
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

    /// The table's columns, by name, in the order shown.
    enum Column: CaseIterable {
        case number, name, genre, rating, distance, walk, budget, station, open, left, log, sources

        var layout: TextTable.Column {
            switch self {
            case .number: .init("#", alignRight: true, minWidth: 4)
            case .name: .init("Name", minWidth: 12, keep: .init(width: 24, overPriority: 3), weight: 2.5)
            case .genre: .init("Genre", minWidth: 6, dropPriority: 7)
            case .rating: .init("Rating", alignRight: true, minWidth: 3, dropPriority: 6, mayCut: false)
            case .distance: .init("Dist.", alignRight: true, minWidth: 6, dropPriority: 1)
            case .walk: .init("Walk", alignRight: true, minWidth: 8, dropPriority: 4, mayCut: false)
            case .budget: .init("Budget", minWidth: 8, dropPriority: 8, mayCut: false)
            // The way there is dropped first: the Walk column says how far it is.
            case .station: .init("Station / access", minWidth: 8, dropPriority: 9, weight: 1.5)
            // Times are never cut ("until 2…" would read as another time): dropped rather.
            case .open: .init("Open", minWidth: 6, dropPriority: 2, mayCut: false)
            case .left: .init("Left", minWidth: 6, dropPriority: 3, mayCut: false)
            // What the log holds says why a place passed --want or --visited.
            case .log: .init("Log", minWidth: 4, dropPriority: 5, mayCut: false)
            // Which services a merged list's place came from (OSM·G·HP).
            case .sources: .init("Sources", minWidth: 3, dropPriority: 6, mayCut: false)
            }
        }
    }

    /// Without a centre there is no distance or walk to show, so no Dist. and Walk columns; without
    /// reviews, no Rating column; a service without stations has no Station column, and a page
    /// without budgets or price levels shows the day's hours instead. A Left column when any
    /// shop's hours tell how long is left; a Log column when the food log holds any of the places
    /// (see `LogText.cell`).
    static func table(
        _ page: RestaurantPage, center: Coordinate?, open: OpenQuestion, unicode: Bool = true, log: FoodLogSummary = .empty,
        units: DistanceUnits = .metric
    ) -> TextTable {
        let marks = page.restaurants.map(log.mark)
        let priced =
            page.provider.fields.contains(.budget)
            || page.restaurants.contains { $0.priceLevel != nil || $0.hotpepper?.budget != nil }
        let clock = OpenClock(open.moment, region: page.region)
        let rows: [[Column: String]] = page.restaurants.enumerated().map { offset, restaurant in
            let walk = center.map { Walk(from: $0, to: restaurant.coordinate) }
            let time = HoursText.openCells(of: restaurant, on: clock)
            let station = [restaurant.hotpepper?.stationName ?? "", restaurant.hotpepper?.access ?? ""]
            return [
                .number: String(page.start + offset),
                .name: restaurant.name,
                .genre: restaurant.genreOrKind,
                .rating: RatingText.short(restaurant) ?? "",
                .distance: walk.map { units.text($0.metres) } ?? "",
                .walk: walk.map { WalkText.short($0, unicode: unicode) } ?? "",
                .budget: priced
                    ? BudgetBand.short(of: restaurant, country: clock.country)
                    : HoursText.periods(of: restaurant, on: clock) ?? "–",
                .station: station.filter { !$0.isEmpty }.joined(separator: " · "),
                .open: time.when, .left: time.left, .log: LogText.cell(marks[offset]),
                .sources: restaurant.answeredBy.map(\.abbreviation).joined(separator: unicode ? "·" : "+"),
            ].mapValues(ResultsText.singleLine)
        }
        let left: Set<Column> = [
            page.restaurants.contains { $0.sources != nil } ? nil : .sources,
            marks.contains { $0 != nil } ? nil : .log,
            rows.allSatisfy { $0[.left]?.isEmpty ?? true } ? .left : nil,
            page.provider.fields.contains(.access) || page.restaurants.contains { $0.hotpepper != nil } ? nil : .station,
            center == nil ? .walk : nil,
            center == nil ? .distance : nil,
            page.restaurants.contains { $0.rating != nil } ? nil : .rating,
        ].compactMap { $0 }.reduce(into: []) { $0.insert($1) }
        let shown = Column.allCases.filter { !left.contains($0) }
        return TextTable(
            columns: shown.map { column in
                var layout = column.layout
                if column == .budget, !priced { layout.title = "Hours" }
                return layout
            },
            rows: rows.map { row in shown.map { row[$0] ?? "" } })
    }
}
