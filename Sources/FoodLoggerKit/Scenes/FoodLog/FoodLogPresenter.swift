import Foundation
import FoodLoggerDomain

/// What the FoodLog scene's presenter is told.
@MainActor
protocol FoodLogPresentationLogic: AnyObject {
    func presentAdded(_ response: FoodLog.Add.Response)
    func presentRemoved(_ response: FoodLog.Remove.Response)
    func presentList(_ response: FoodLog.List.Response)
    func presentMap(_ response: FoodLog.ShowMap.Response)
    func presentCheck(_ response: FoodLog.Check.Response)
}

/// Words what happened to the log: a line per change, the list as a table, JSON or CSV, and
/// each failure as one line. Text from a shop or a note is escaped here, so it never reaches the
/// terminal raw. Never prints, and decides no exit status (the interactor's outcome does).
@MainActor
final class FoodLogPresenter: FoodLogPresentationLogic {
    weak var viewController: (any FoodLogDisplayLogic)?
    let presentation: FoodLog.List.Presentation

    init(presentation: FoodLog.List.Presentation) {
        self.presentation = presentation
    }

    func presentAdded(_ response: FoodLog.Add.Response) {
        let now = response.now
        display(
            Self.outcome(response.result, file: response.file) { entry in
                let when = entry.date.map { "eaten \($0)" } ?? "to go to"
                let rating = entry.rating.map { ", rated \($0)/5" } ?? ""
                return "Logged entry \(entry.number): \(Self.shopName(entry.shop, at: now)), \(when)\(rating)."
            } unprinted: { entry in
                "entry \(entry.number) (\(Self.shopName(entry.shop.shown(at: now)))) is in the food log, but stdout did not take the line saying so; do not add it again"
            })
    }

    func presentRemoved(_ response: FoodLog.Remove.Response) {
        let now = response.now
        display(
            Self.outcome(response.result, file: response.file) { entry in
                "Removed entry \(entry.number): \(Self.shopName(entry.shop.shown(at: now))), \(entry.date.map { "eaten \($0)" } ?? "to go to")."
            } unprinted: { entry in
                "entry \(entry.number) (\(Self.shopName(entry.shop.shown(at: now)))) is removed from the food log, but stdout did not take the line saying so"
            })
    }

    func presentList(_ response: FoodLog.List.Response) {
        let listing: FoodLogListing
        switch response.result {
        case .failure(let error):
            return display(.init(content: .failure(message: error.message)))
        case .success(let read): listing = read
        }
        let notice = listing.isEmpty ? Self.nothingKept(response.filter, total: listing.total) : nil
        let now = response.now
        let content: FoodLog.List.ViewModel.Content
        switch presentation {
        case .document:
            content = .list(
                key: "entries", items: Self.rows(listing, reading: response.reading) { Self.record($0, at: now) },
                after: [("count", .integer(listing.count)), ("file", response.file.map { .string($0.path) } ?? .null)])
        case .csv:
            content = .csv(
                columns: Self.csvColumns,
                rows: Self.rows(listing, reading: response.reading) { Self.record($0, at: now).cells().map(\.1) })
        case .table:
            content = .table(
                columns: Self.tableColumns, rows: Self.rows(listing, reading: response.reading) { Self.row($0, at: now) },
                footer: listing.isEmpty ? [] : Self.footer(listing, file: response.file))
        }
        return display(
            .init(
                content: content, notice: notice,
                warnings: Self.unreadable(listing.unreadableLines, count: listing.unreadableCount, file: response.file)))
    }

    /// The listing's entries as rows, made as they are drawn; a failure to read one ends them,
    /// and is kept in `reading` for the interactor's outcome.
    static func rows<Row>(
        _ listing: FoodLogListing, reading: FoodLog.List.Reading, _ row: @escaping (FoodLogEntry) -> Row
    ) -> FoodLog.List.Rows<Row> {
        AnySequence(
            listing.lazy.map { read in
                read.map(row).mapError { error in
                    reading.record(error)
                    return FoodLog.List.Interrupted(message: error.message)
                }
            })
    }

    func presentMap(_ response: FoodLog.ShowMap.Response) {
        let warnings = Self.unreadable(response.unreadableLines, count: response.unreadableCount, file: response.file)
        switch response.result {
        case .failure(let error):
            return display(.init(failure: error.message))
        case .success(let shown):
            let (shops, unplaced) = (shown.shops, shown.unplaced)
            if let near = response.nearMatchedNothing {
                return display(
                    .init(
                        failure:
                            "--near \(TerminalSafe.quoted(near)) is no point (55.95,-3.19) and no logged place's name or address",
                        notices: warnings))
            }
            var notices = warnings
            if let elsewhere = Self.elsewhere(shown.elsewhere) { notices.append(elsewhere) }
            if unplaced > 0 {
                notices.append(
                    "\(unplaced) logged \(unplaced == 1 ? "shop has" : "shops have") no position kept, so \(unplaced == 1 ? "it is" : "they are") not on the map"
                        + Self.refreshHint(shown.refreshable, of: unplaced))
            }
            guard !shops.isEmpty else {
                // Entries without a position are no empty log: the notice above says why they are not drawn.
                let failure = unplaced > 0 ? "nothing to draw" : Self.nothingKept(response.filter, total: 0)
                return display(.init(failure: failure, notices: notices))
            }
            return display(.init(failure: nil, notices: notices))
        }
    }

    /// "Not on this map: 1 place around Phở Thìn (21.0285, 105.8542), 2 around Dishoom (51.5, -0.1); log map --near 'Phở Thìn' draws them."
    static func elsewhere(_ groups: [[Restaurant]]) -> String? {
        guard let first = groups.first?.first else { return nil }
        let named = groups.map { group in
            let place = group[0]
            return "\(group.count) \(group.count == 1 ? "place" : "places") around \(TerminalSafe.line(place.name)) "
                + "(\(place.coordinate.lat.plainText), \(place.coordinate.lng.plainText))"
        }
        return "Not on this map: \(named.joined(separator: ", ")); log map --near \(TerminalSafe.quoted(first.name)) draws them."
    }

    private func display(_ viewModel: FoodLog.Outcome) {
        viewController?.displayChange(viewModel)
    }

    func display(_ viewModel: FoodLog.List.ViewModel) {
        viewController?.displayList(viewModel)
    }

    private func display(_ viewModel: FoodLog.ShowMap.ViewModel) {
        viewController?.displayMap(viewModel)
    }

    // MARK: - Words

    /// The shop's name as the log kept it, else its id, safe for a terminal line.
    static func shopName(_ shop: FoodLogEntry.Shop) -> String {
        ResultsText.singleLine(shop.name.isEmpty ? shop.id : shop.name)
    }

    /// What `log check` does for a place whose name and position lapsed (or were never kept).
    static let refreshHint = "run `foodlogger log check` to refresh"

    /// The shop's name as the log may show it at `now`, else its id, with how to bring the name
    /// back where `log check` would.
    static func shopName(_ shop: FoodLogEntry.Shop, at now: Date) -> String {
        let name = shopName(shop.shown(at: now))
        return shop.wantsRefresh(at: now) ? "\(name) (\(refreshHint))" : name
    }

    /// After "… not on the map": ": run … to refresh them." when `log check` would place them
    /// all, "; run … to refresh 2 of them." for some, "." for none.
    static func refreshHint(_ refreshable: Int, of unplaced: Int) -> String {
        switch refreshable {
        case 0: "."
        case unplaced: ": \(refreshHint) \(unplaced == 1 ? "its" : "their") name and position."
        default: "; \(refreshHint) \(refreshable) of them."
        }
    }

    static func outcome(
        _ result: Result<FoodLogChange, FoodLog.Failure>, file: URL?, line: (FoodLogEntry) -> String,
        unprinted: (FoodLogEntry) -> String
    ) -> FoodLog.Outcome {
        switch result {
        case .success(let change):
            return .init(
                line: line(change.entry), unprinted: unprinted(change.entry),
                warnings: unreadable(change.unreadableLines, count: change.unreadableCount, file: file))
        case .failure(.service(let error)):
            return .init(failure: error.localizedDescription + "; nothing was logged")
        case .failure(.unknownShop(let id)):
            return .init(failure: "no shop has the id \(TerminalSafe.quoted(id)); nothing was logged")
        case .failure(.log(let error)):
            return .init(failure: error.message)
        case .failure(.invented(let id)):
            return .init(
                failure:
                    "\(TerminalSafe.quoted(id)) is a place the offline stub made up, and your food log keeps real places only; nothing was logged (with --stub it goes to the stub's own log)"
            )
        case .failure(.alreadyLogged(let id, let number, let date)):
            return .init(
                failure:
                    "\(TerminalSafe.quoted(id)) is logged on \(date) already, as entry \(number); nothing was logged (--again logs it again)"
            )
        case .failure(.alreadyWanted(let id, let number)):
            return .init(
                failure: "\(TerminalSafe.quoted(id)) is on your want list already, as entry \(number); nothing was logged")
        }
    }

    /// What to say when the filter kept nothing, with how to add.
    static func nothingKept(_ filter: FoodLog.Filter, total: Int) -> String {
        let others = total == 0 ? "" : " (it holds \(total) \(total == 1 ? "entry" : "entries"))"
        return switch filter {
        case .all: "the food log is empty. Add a shop: foodlogger log add ID --rating 4 --note \"good tonkotsu\""
        case .want: "no shops to go to in the food log\(others). Add one: foodlogger log add ID --want"
        case .visited: "no visits in the food log\(others). Add one: foodlogger log add ID --date yesterday"
        }
    }

    /// Lines of the log that are not entries, said once per run: the first few, and how many
    /// there are in all when that is more.
    static func unreadable(_ lines: [Int], count: Int, file: URL?) -> [String] {
        guard !lines.isEmpty else { return [] }
        let path = file.map { TerminalSafe.line($0.path) } ?? "the food log"
        let numbers = lines.prefix(5).map(String.init).joined(separator: ", ")
        let more = count > 5 ? " and \(count - 5) more" : ""
        return count == 1
            ? ["\(path): line \(numbers) is not an entry foodlogger can read; it is kept as it is"]
            : ["\(path): lines \(numbers)\(more) are not entries foodlogger can read; they are kept as they are"]
    }

    // MARK: - The list

    /// An entry as the JSON output and CSV give it at `now`: the file's keys, in the order the
    /// README lists them, with null for what the entry lacks; a name and position kept for a
    /// while that is over left out (`kept_until` says when it ended).
    static func record(_ entry: FoodLogEntry, at now: Date) -> JSONValue {
        let shop = entry.shop.shown(at: now)
        return .object([
            ("number", .integer(entry.number)), ("date", entry.dateText.map(JSONValue.string) ?? .null),
            ("want", .bool(entry.want)), ("rating", entry.rating.map(JSONValue.integer) ?? .null),
            ("note", entry.note.map(JSONValue.string) ?? .null),
            ("written_at", .string(entry.writtenAtText)),
            (
                "shop",
                .object([
                    ("provider", .string(shop.provider.rawValue)), ("id", .string(shop.id)), ("name", .string(shop.name)),
                    ("genre", .string(shop.genre)), ("lat", shop.coordinate.map { .number($0.lat) } ?? .null),
                    ("lng", shop.coordinate.map { .number($0.lng) } ?? .null), ("address", .string(shop.address)),
                    ("url", .string(shop.url)),
                    // Every service's id of a merged place; null for a place one service described.
                    (
                        "sources",
                        shop.sources.isEmpty
                            ? .null
                            : .array(
                                shop.sources.map {
                                    .object([("provider", .string($0.provider.rawValue)), ("id", .string($0.id))])
                                })
                    ),
                    // Until when the service lets its name and position be kept; null: for good.
                    ("kept_until", shop.keptUntil.map { .string(FoodLogEntry.instantText($0)) } ?? .null),
                ])
            ),
        ])
    }

    /// The CSV header: the JSON record's keys, nested ones dotted (`shop.name`).
    static let csvColumns = record(
        FoodLogEntry(date: nil, note: nil, rating: nil, writtenAt: Date(), shop: .init(provider: .hotpepper, id: "J")),
        at: Date()
    ).cells().map(\.0)

    static let tableColumns: [TextTable.Column] = [
        .init("#", alignRight: true, minWidth: 1, mayCut: false),
        .init("Date", minWidth: 10, mayCut: false),
        .init("Rating", minWidth: 3, dropPriority: 2, mayCut: false),
        .init("Shop", minWidth: 10, weight: 2),
        .init("Genre", minWidth: 6, dropPriority: 1),
        .init("Note", minWidth: 8, weight: 2),
    ]

    /// An entry's cells in the table at `now`.
    static func row(_ entry: FoodLogEntry, at now: Date) -> [String] {
        [
            String(entry.number), entry.dateText ?? "want", entry.rating.map { "\($0)/5" } ?? "",
            shopName(entry.shop, at: now), ResultsText.singleLine(entry.shop.genre),
            ResultsText.singleLine(entry.note ?? ""),
        ]
    }

    /// How many, where the file is, and the credits of the services the shops came from.
    static func footer(_ listing: FoodLogListing, file: URL?) -> [String] {
        let wants = listing.wants, visits = listing.count - wants
        let counted =
            "\(listing.count) \(listing.count == 1 ? "entry" : "entries"): \(visits) \(visits == 1 ? "visit" : "visits"), \(wants) to go to."
        let refresh =
            listing.refreshable == 0
            ? []
            : [
                "\(listing.refreshable) \(listing.refreshable == 1 ? "entry shows its id" : "entries show their ids"): the name and position their service lets be kept for a while are not kept now; \(refreshHint)."
            ]
        return [counted + (file.map { " Kept in \(TerminalSafe.line($0.path))." } ?? "")] + refresh
            + listing.providers.map(\.creditLine)
    }

}
