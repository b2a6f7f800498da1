import Foundation
import FoodLoggerDomain

/// `log check`'s words: a row per place and service that said it closed, moved or no longer
/// knows its id, the services that could not be asked, the log's ids that are none of their
/// service's, and a summary per place (each under its strongest finding). What the check came
/// to (and so its exit status) is the interactor's outcome (`FoodLogInteractor.outcome(of:)`).
extension FoodLogPresenter {
    func presentCheck(_ response: FoodLog.Check.Response) {
        let log: FoodLogContents
        let report: TradingReport
        switch response.result {
        case .failure(let error):
            return display(.init(content: .failure(message: error.message)))
        case .success(let read): (log, report) = read
        }
        let warnings =
            Self.unreadable(log.unreadableLines, count: log.unreadableCount, file: response.file)
            + report.notIDs.map(Self.notAnIDLine) + report.unasked.map(Self.unaskedLine)
            + (response.refreshed.map(Self.refreshedLine).map { [$0] } ?? [])
        if let unapproved = report.unapproved {
            return display(
                .init(content: .failure(message: Self.unapprovedLine(unapproved)), warnings: warnings))
        }
        let summary = Self.checkSummary(report)
        let content: FoodLog.List.ViewModel.Content
        switch presentation {
        case .document:
            content = .document(
                .object([
                    ("findings", .array(report.findings.map(Self.checkRecord))), ("places", .integer(report.places)),
                    ("checked", .integer(report.checked)), ("not_checked", .integer(report.notChecked)),
                    ("closed", .integer(Set(report.findings.filter(\.closed).map(\.entry.number)).count)),
                    (
                        "unasked",
                        .array(
                            report.unasked.map { unasked in
                                .object([
                                    ("service", .string(unasked.provider.rawValue)),
                                    ("error", .string(unasked.error.lookupDescription)),
                                    ("places", .integer(unasked.places)),
                                ])
                            })
                    ),
                    (
                        "not_ids",
                        .array(
                            report.notIDs.map { notID in
                                .object([
                                    ("number", .integer(notID.entry.number)),
                                    ("service", .string(notID.source.provider.rawValue)), ("id", .string(notID.source.id)),
                                ])
                            })
                    ),
                    ("file", response.file.map { .string($0.path) } ?? .null),
                ]))
        case .csv:
            let records = report.findings.map { Self.checkRecord($0).cells() }
            content = .csv(columns: Self.checkColumns, rows: FoodLog.List.made(records.map { $0.map(\.1) }))
        case .table:
            content = .table(
                columns: Self.checkTableColumns, rows: FoodLog.List.made(Self.checkTable(report.findings).rows),
                footer: report.findings.isEmpty ? [] : [summary])
        }
        let nothing =
            log.newestFirst.contains(where: response.filter.keeps)
            ? nil : Self.nothingKept(response.filter, total: log.entries.count)
        let notice = nothing ?? (presentation == .table && report.findings.isEmpty ? summary : nil)
        display(.init(content: content, notice: notice, warnings: warnings))
    }

    /// The names and positions written back to the log, or why they could not be (the log is
    /// then as it was).
    static func refreshedLine(_ refreshed: Result<Int, FoodLogError>) -> String {
        switch refreshed {
        case .success(let count):
            "refreshed the name and position of \(count) log \(count == 1 ? "entry" : "entries"), kept for the while their service allows"
        case .failure(let error):
            "the names and positions the services answered could not be written to the log, which is as it was: \(error.message)"
        }
    }

    /// "not an id of OpenStreetMap: node/1x (log entry 3, never sent)".
    static func notAnIDLine(_ notID: TradingReport.NotAnID) -> String {
        ServiceError.notAnIDLine(notID.source.id, service: notID.source.provider)
            + " (log entry \(notID.entry.number), never sent)"
    }

    /// The billed requests a check would have sent, not allowed: nothing was sent.
    static func unapprovedLine(_ billed: [Provider: Int]) -> String {
        let billedServices = Provider.allCases.filter { billed[$0] != nil }
        let others = Provider.allCases.filter { $0.billedLookup == nil }.map(\.rawValue).joined(separator: ",")
        return "log check would send \(BilledLookupConsent.requests(billed)), more than "
            + "\(BilledLookupConsent.threshold) without asking; nothing was sent. Give --yes to send them, or leave "
            + "\(billedServices.map(\.title).joined(separator: " and ")) out: --provider \(others)"
    }

    /// A service that could not be asked, and what went unchecked for it.
    static func unaskedLine(_ unasked: TradingReport.Unasked) -> String {
        let places = unasked.places == 1 ? "1 logged place" : "\(unasked.places) logged places"
        var message = unasked.error.lookupDescription
        if message.hasSuffix(".") { message.removeLast() }
        return "\(message); \(places) at \(unasked.provider.title) not checked"
    }

    /// How many places were checked (of how many) and what was found, each place counted once,
    /// under its strongest finding (for good, then for now, then moved), in one line.
    static func checkSummary(_ report: TradingReport) -> String {
        let noun = report.places == 1 ? "place" : "places"
        let checked =
            report.notChecked == 0
            ? "Checked \(report.checked) \(noun)"
            : "Checked \(report.checked) of \(report.places) \(noun) (\(report.notChecked) not checked)"
        var strongest: [Int: TradingFinding] = [:]
        for finding in report.findings where strongest[finding.entry.number].map({ finding.rank < $0.rank }) ?? true {
            strongest[finding.entry.number] = finding
        }
        let signals = strongest.values.map(\.signal)
        let forGood = signals.count { $0 == .closedForGood }, forNow = signals.count { $0 == .closedForNow }
        let moved = signals.count { if case .moved = $0 { true } else { false } }
        let unknown = signals.count { $0 == .unknownID }
        let unknownWords =
            unknown == 0 ? "" : ", \(unknown) no longer known by id (search for \(unknown == 1 ? "it" : "them") again)"
        guard report.checked > 0 else { return checked + "." }
        guard forGood + forNow + moved > 0 else { return checked + ": none closed or moved\(unknownWords)." }
        return checked + ": \(forGood) closed for good, \(forNow) closed for now, \(moved) moved\(unknownWords)."
    }

    /// The finding's status as JSON writes it, and as the table says it.
    static func status(_ signal: TradingFinding.Signal) -> (key: String, words: String) {
        switch signal {
        case .closedForGood: ("closed_permanently", "closed for good")
        case .closedForNow: ("closed_temporarily", "closed for now")
        case .moved(let metres): ("moved", "moved \(metres) m")
        case .unknownID: ("unknown_id", "id unknown")
        }
    }

    /// What the service said: JSON's key, the service's own word or tag (nil where there is
    /// none), and the words the table shows, which name the service.
    static func evidence(_ finding: TradingFinding) -> (key: String, detail: String?, words: String) {
        let service = finding.source.provider.title
        switch finding.evidence {
        case .status(_, said: .status(let word)?): return ("business_status", word, "\(service): \(word)")
        case .status(_, said: .lifecycleTag(let tag)?): return ("lifecycle_tag", tag, "\(service): tagged \(tag)")
        case .status(_, said: .retagged?): return ("retagged", nil, "\(service): no longer tagged as a place to eat")
        case .status(let status, said: nil): return ("business_status", status.rawValue, "\(service): \(status.rawValue)")
        case .notListed: return ("not_listed", nil, "\(service) no longer lists it")
        case .unknownID: return ("unknown_id", nil, "\(service) no longer knows this id; search for it again")
        case .position(let now): return ("position", nil, "\(service): now at \(now.lat.plainText),\(now.lng.plainText)")
        }
    }

    /// The place's name as the log kept it, else as the service gives it now, else its id.
    static func checkedName(_ finding: TradingFinding) -> String {
        let shop = finding.entry.shop
        return ResultsText.singleLine(shop.name.isEmpty ? finding.answeredName ?? shop.id : shop.name)
    }

    static func checkRecord(_ finding: TradingFinding) -> JSONValue {
        let entry = finding.entry
        let moved: Int? = if case .moved(let metres) = finding.signal { metres } else { nil }
        let now: Coordinate? = if case .position(let now) = finding.evidence { now } else { nil }
        return .object([
            ("number", .integer(entry.number)), ("date", entry.date.map { .string($0.description) } ?? .null),
            ("want", .bool(entry.want)), ("name", .string(checkedName(finding))),
            ("status", .string(status(finding.signal).key)), ("service", .string(finding.source.provider.rawValue)),
            ("id", .string(finding.source.id)), ("evidence", .string(evidence(finding).key)),
            ("detail", evidence(finding).detail.map(JSONValue.string) ?? .null),
            ("moved_m", moved.map(JSONValue.integer) ?? .null), ("lat", now.map { .number($0.lat) } ?? .null),
            ("lng", now.map { .number($0.lng) } ?? .null),
        ])
    }

    /// The CSV header: the JSON record's keys.
    static var checkColumns: [String] {
        checkRecord(
            TradingFinding(
                entry: FoodLogEntry(date: nil, note: nil, rating: nil, writtenAt: Date(), shop: .init(provider: .osm, id: "n")),
                source: .init(provider: .osm, id: "n"), signal: .closedForGood, evidence: .notListed)
        ).cells().map(\.0)
    }

    static let checkTableColumns: [TextTable.Column] = [
        .init("#", alignRight: true, minWidth: 1, mayCut: false),
        .init("Shop", minWidth: 10, weight: 2),
        .init("Status", minWidth: 10, mayCut: false),
        // The service is named in its own words here: a narrow terminal cuts them, never drops them.
        .init("Why", minWidth: 12, weight: 3),
    ]

    static func checkTable(_ findings: [TradingFinding]) -> TextTable {
        TextTable(
            columns: checkTableColumns,
            rows: findings.map { finding in
                [
                    String(finding.entry.number), checkedName(finding), status(finding.signal).words,
                    evidence(finding).words,
                ]
            })
    }
}
