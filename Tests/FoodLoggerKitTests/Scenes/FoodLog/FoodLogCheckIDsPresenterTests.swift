import Foundation
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `log check`'s words and exit status for the log's ids that are none of their service's, and
/// for billed requests not allowed (#50, items 7, 8 and 13).
@MainActor
@Suite("FoodLogPresenter: log check's ids and billed requests")
struct FoodLogCheckIDsPresenterTests {
    let display = FoodLogPresenterTests.DisplaySpy()

    /// Presents the report, and returns the exit status the command makes of the interactor's
    /// outcome for it (the presenter decides none).
    func present(_ report: TradingReport) -> ExitCode {
        let sut = FoodLogPresenter(presentation: .table)
        sut.viewController = display
        let log = FoodLogContents(entries: [FoodLogSeeds.entry(1), FoodLogSeeds.entry(2)])
        sut.presentCheck(.init(result: .success((log, report)), filter: .all, file: nil, now: Date()))
        return ExitCode(FoodLogInteractor.outcome(of: report))
    }

    nonisolated static let notID = TradingReport.NotAnID(
        entry: FoodLogSeeds.entry(2), source: .init(provider: .osm, id: "node/1\u{1B}[2J"))

    @Test(
        "65 for an id that is none of its service's, over 1; 69 over both",
        arguments: [
            ([], [], ExitCode.dataError),
            ([FoodLogCheckPresenterTests.finding(1, .closedForGood, .notListed)], [], .dataError),
            ([], [FoodLogCheckPresenterTests.unasked], .unavailable),
        ] as [([TradingFinding], [TradingReport.Unasked], ExitCode)])
    func exitStatus(findings: [TradingFinding], unasked: [TradingReport.Unasked], expected: ExitCode) {
        // When a report with an id that is none is presented
        let code = present(TradingReport(checked: 1, findings: findings, unasked: unasked, places: 2, notIDs: [Self.notID]))

        // Then the status is as documented, and the id is named, made terminal-safe
        #expect(code == expected, "\(code)")
        #expect(
            display.lists.first?.warnings.first == #"not an id of OpenStreetMap: node/1\u{1B}[2J (log entry 2, never sent)"#,
            "\(display.lists.first?.warnings ?? [])")
    }

    @Test func billedRequestsNotAllowedAreOneLineAndExit64() {
        // When a check not allowed its 101 Google requests is presented
        let code = present(TradingReport(checked: 0, findings: [], unasked: [], places: 101, unapproved: [.google: 101]))

        // Then one line says how many, what to give, and what to leave out; exit 64
        #expect(code == .usage, "\(code)")
        guard case .failure(let message) = display.lists.first?.content else {
            Issue.record("a failure line: \(String(describing: display.lists.first?.content))")
            return
        }
        #expect(
            message
                == "log check would send 101 billed Place Details requests to Google Places, more than 100 "
                + "without asking; nothing was sent. Give --yes to send them, or leave Google Places out: "
                + "--provider hotpepper,osm", "\(message)")
    }
}
