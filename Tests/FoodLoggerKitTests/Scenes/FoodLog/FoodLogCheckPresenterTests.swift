import Foundation
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `log check`'s words and exit status, from a report the worker made.
@MainActor
@Suite("FoodLogPresenter: log check")
struct FoodLogCheckPresenterTests {
    let display = FoodLogPresenterTests.DisplaySpy()

    func present(_ report: TradingReport, as presentation: FoodLog.List.Presentation = .table) -> ExitCode {
        let sut = FoodLogPresenter(presentation: presentation)
        sut.viewController = display
        let log = FoodLogContents(entries: [FoodLogSeeds.entry(1), FoodLogSeeds.entry(2, shop: Seeds.Restaurants.far)])
        return sut.presentCheck(.init(result: .success((log, report)), filter: .all, file: nil))
    }

    nonisolated static func finding(_ number: Int, _ signal: TradingFinding.Signal, _ evidence: TradingFinding.Evidence)
        -> TradingFinding
    {
        TradingFinding(
            entry: FoodLogSeeds.entry(number), source: .init(provider: .osm, id: "node/\(number)"), signal: signal,
            evidence: evidence)
    }

    nonisolated static let unasked = TradingReport.Unasked(
        provider: .google, error: .missingKey(searched: ["GOOGLE_PLACES_API_KEY"], service: .google), places: 1)

    @Test(
        "exit 0 when none closed (a move alone included), 1 when one closed, 69 when a service could not be asked",
        arguments: [
            ([], [], ExitCode.success),
            ([finding(1, .moved(metres: 250), .position(.init(lat: 35.7, lng: 139.7)))], [], .success),
            ([finding(1, .closedForNow, .status(.closedTemporarily))], [], .noResults),
            ([finding(1, .closedForGood, .notAnswered)], [unasked], .unavailable),
        ] as [([TradingFinding], [TradingReport.Unasked], ExitCode)])
    func exitStatus(findings: [TradingFinding], unasked: [TradingReport.Unasked], expected: ExitCode) {
        // When a report is presented
        let code = present(TradingReport(checked: 2, findings: findings, unasked: unasked))

        // Then the status is as documented
        #expect(code == expected, "\(findings.map(\.signal)) with \(unasked.count) unasked: \(code)")
    }

    @Test("a row per finding with its service and why, the unasked service named on stderr")
    func rowsAndWarnings() throws {
        // When a closure and a service not asked are presented as a table
        _ = present(
            TradingReport(checked: 2, findings: [Self.finding(1, .closedForGood, .notAnswered)], unasked: [Self.unasked]))

        // Then the row names the shop, the status, OpenStreetMap and why; a warning names Google
        let list = try #require(display.lists.first)
        guard case .table(let table, let footer) = list.content else {
            Issue.record("a table")
            return
        }
        #expect(
            table.rows == [["1", "丸の内 しずく亭", "closed for good", "OpenStreetMap", "its id is no longer answered"]],
            "\(table.rows)")
        #expect(footer == ["Checked 2 places: 1 closed for good, 0 closed for now, 0 moved."], "\(footer)")
        #expect(
            list.warnings.contains { $0.hasSuffix("; 1 logged place at Google Places not checked") }, "\(list.warnings)")
    }
}
