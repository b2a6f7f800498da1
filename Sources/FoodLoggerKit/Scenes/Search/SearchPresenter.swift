/// Turns search results into what the terminal draws.
@MainActor
public protocol SearchPresentationLogic: AnyObject {
    func presentRestaurants(_ response: Search.Restaurants.Response)
    func presentNoPage(_ response: Search.Page.Response)
}

/// Formats: distances, table cells, the JSON document, the footer, and success / empty /
/// failure with their exit codes. Never prints.
@MainActor
public final class SearchPresenter: SearchPresentationLogic {
    public weak var viewController: (any SearchDisplayLogic)?
    let presentation: Search.Restaurants.Presentation

    public init(presentation: Search.Restaurants.Presentation) {
        self.presentation = presentation
    }

    public func presentRestaurants(_ response: Search.Restaurants.Response) {
        let viewModel: Search.Restaurants.ViewModel
        switch response.result {
        case .failure(let error):
            viewModel = .init(content: .failure(message: error.localizedDescription), exitCode: error.exitCode)
        case .success(let page):
            let body: Search.Restaurants.ViewModel.Body =
                switch presentation {
                case .table, .promptedTable:
                    .table(
                        Self.table(page, center: response.query.center),
                        footer: Self.footer(page, query: response.query, prompted: presentation == .promptedTable))
                case .document: .document(Self.document(page, query: response.query))
                }
            let listing = Search.Restaurants.ViewModel.Listing(
                body: body,
                notice: page.restaurants.isEmpty ? Self.notice(page, query: response.query) : nil,
                numbers: page.restaurants.isEmpty ? nil : page.start...(page.start + page.restaurants.count - 1))
            viewModel = .init(content: .listing(listing), exitCode: page.restaurants.isEmpty ? .noResults : .success)
        }
        viewController?.displayRestaurants(viewModel)
    }

    public func presentNoPage(_ response: Search.Page.Response) {
        let message = response.direction == .next ? "This is the last page." : "This is the first page."
        viewController?.displayNoPage(Search.Page.ViewModel(message: message))
    }

    /// The README's schema: center, range_m, total, start, returned, restaurants.
    static func document(_ page: RestaurantPage, query: RestaurantQuery) -> JSONValue {
        let center = query.center
        return .object([
            ("center", center.map { .object([("lat", .number($0.lat)), ("lng", .number($0.lng))]) } ?? .null),
            ("range_m", center == nil ? .null : .integer(query.range.metres)),
            ("total", .integer(page.total)),
            ("start", .integer(page.start)),
            ("returned", .integer(page.restaurants.count)),
            ("restaurants", .array(page.restaurants.map { RestaurantRecord.json($0, center: center) })),
        ])
    }

    static let columns: [TextTable.Column] = [
        .init("#", alignRight: true, minWidth: 4),
        .init("Name", minWidth: 16, weight: 2.5),
        .init("Genre", minWidth: 6, dropPriority: 2),
        .init("Dist.", alignRight: true, minWidth: 6, dropPriority: 1),
        .init("Budget", minWidth: 8, dropPriority: 3, mayCut: false),
        .init("Station / access", minWidth: 8, dropPriority: 4, weight: 1.5),
    ]

    /// Without a centre there is no distance to show, so no Dist. column.
    static func table(_ page: RestaurantPage, center: Coordinate?) -> TextTable {
        let distanceColumn = 3
        let rows = page.restaurants.enumerated().map { offset, restaurant in
            var cells = [
                String(page.start + offset),
                restaurant.name,
                restaurant.genre.name,
                center.map { "\(Int(restaurant.coordinate.distance(to: $0).rounded())) m" } ?? "",
                restaurant.budget.map { BudgetBand.short($0.name) } ?? "",
                [restaurant.stationName, restaurant.access].filter { !$0.isEmpty }.joined(separator: " · "),
            ].map(singleLine)
            if center == nil { cells.remove(at: distanceColumn) }
            return cells
        }
        var columns = columns
        if center == nil { columns.remove(at: distanceColumn) }
        return TextTable(columns: columns, rows: rows)
    }

    /// Table cells are one line; free text from the service may hold breaks and tabs.
    /// Line breaks and tabs are always characters of their own, so a text without such a scalar
    /// is returned as it is, without splitting it by `Character`.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { Character($0).isNewline || $0 == "\t" }) else { return text }
        return text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
    }

    /// Counts, how to see more (the prompt's `n` when `prompted`, else --start), the credit.
    static func footer(_ page: RestaurantPage, query: RestaurantQuery, prompted: Bool = false) -> [String] {
        var lines: [String] = []
        if !page.restaurants.isEmpty {
            let last = page.start + page.restaurants.count - 1
            lines.append("\(page.start)–\(last) of \(page.total)\(place(query))\(query.center == nil ? "" : ", nearest first").")
            if last < page.total {
                lines.append(
                    prompted
                        ? "More: n shows \(last + 1)–\(min(last + page.restaurants.count, page.total))."
                        : "More: add --start \(last + 1).")
            }
        }
        lines.append(RestaurantRecord.credit)
        return lines
    }

    /// Why nothing came, as far as the answer tells, and what to try that fits what was asked.
    static func notice(_ page: RestaurantPage, query: RestaurantQuery) -> String {
        if page.total > 0 {
            return "No restaurants on this page: --start \(page.start) is past the last of \(page.total) results."
        }
        let found = "No restaurants found\(place(query))."
        if let coverage = page.coverage, query.center != nil {
            let places =
                coverage.count > 1 ? coverage.dropLast().joined(separator: ", ") + " and " + coverage.last! : coverage.joined()
            return found + " The offline stub knows only \(places)"
                + "; search around one of them, or leave out --stub for the real service."
        }
        var hints: [String] = []
        if query.center != nil, query.range != .m3000 { hints.append("a wider --range (up to 5 = 3000 m)") }
        let conditions =
            query.filters.map(\.flag) + (query.genres.isEmpty ? [] : ["--genre"])
            + (query.budgets.isEmpty ? [] : ["--budget"]) + (query.keyword == nil ? [] : ["--keyword"])
        switch conditions.count {
        case 0: break
        case 1: hints.append(conditions[0] == "--keyword" ? "another --keyword" : "leaving out \(conditions[0])")
        default: hints.append("fewer conditions")
        }
        let hint = hints.isEmpty ? "" : " Try \(hints.joined(separator: " or "))."
        // The service (and the stub) match Japanese text: an English word finds little or nothing.
        let japanese =
            query.keyword.map { $0.unicodeScalars.allSatisfy(\.isASCII) } == true
            ? " The service matches Japanese text: write the keyword in Japanese (ラーメン rather than ramen)." : ""
        return found + hint + japanese
    }

    /// " within 1000 m of 35.6812, 139.7671", or "" for a search without a centre.
    static func place(_ query: RestaurantQuery) -> String {
        guard let center = query.center else { return "" }
        return " within \(query.range.metres) m of \(JSONValue.format(center.lat)), \(JSONValue.format(center.lng))"
    }
}
