import Foundation
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `log check`'s words and exit status, from a report the worker made.
@MainActor
@Suite("FoodLogPresenter: log check")
struct FoodLogCheckPresenterTests {
    let display = FoodLogPresenterTests.DisplaySpy()

    /// Presents the report, and returns the exit status the command makes of the interactor's
    /// outcome for it (the presenter decides none).
    func present(_ report: TradingReport, as presentation: FoodLog.List.Presentation = .table) -> ExitCode {
        let sut = FoodLogPresenter(presentation: presentation)
        sut.viewController = display
        let log = FoodLogContents(entries: [FoodLogSeeds.entry(1), FoodLogSeeds.entry(2, shop: Seeds.Restaurants.far)])
        sut.presentCheck(.init(result: .success((log, report)), filter: .all, file: nil, now: Date()))
        return ExitCode(FoodLogInteractor.outcome(of: report))
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
            ([finding(1, .closedForNow, .status(.closedTemporarily, said: .status("CLOSED_TEMPORARILY")))], [], .noResults),
            ([finding(1, .closedForGood, .notListed)], [unasked], .unavailable),
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
            TradingReport(checked: 2, findings: [Self.finding(1, .closedForGood, .notListed)], unasked: [Self.unasked]))

        // Then the row names the shop, the status, OpenStreetMap and why; a warning names Google
        let list = try #require(display.lists.first)
        guard case .table(_, let rows, let footer) = list.content else {
            Issue.record("a table")
            return
        }
        let cells = rows.compactMap { try? $0.get() }
        #expect(cells == [["1", "丸の内 しずく亭", "closed for good", "OpenStreetMap no longer lists it"]], "\(cells)")
        #expect(footer == ["Checked 2 places: 1 closed for good, 0 closed for now, 0 moved."], "\(footer)")
        #expect(
            list.warnings.contains { $0.hasSuffix("; 1 logged place at Google Places not checked") }, "\(list.warnings)")
    }

    @Test(
        "the Why column names the service and its own word or tag",
        arguments: [
            (
                TradingFinding.Evidence.status(.closedTemporarily, said: .status("CLOSED_TEMPORARILY")),
                "OpenStreetMap: CLOSED_TEMPORARILY", "business_status"
            ),
            (
                .status(.closedPermanently, said: .lifecycleTag("disused:amenity")), "OpenStreetMap: tagged disused:amenity",
                "lifecycle_tag"
            ),
            (.status(.closedPermanently, said: .retagged), "OpenStreetMap: no longer tagged as a place to eat", "retagged"),
            (.unknownID, "OpenStreetMap no longer knows this id; search for it again", "unknown_id"),
        ])
    func whyNamesTheServiceAndTheFact(evidence: TradingFinding.Evidence, words: String, key: String) {
        // When a finding is worded
        let said = FoodLogPresenter.evidence(Self.finding(1, .closedForGood, evidence))

        // Then the words name the service and the fact, and JSON's key is specific
        #expect(said.words == words && said.key == key, "\(said)")
    }

    @Test("the summary counts each place once, under its strongest finding")
    func summaryCountsEachPlaceOnce() {
        // Given one place closed for good at one service and moved at another, and a second place moved
        let findings = [
            Self.finding(1, .moved(metres: 300), .position(.init(lat: 35.7, lng: 139.7))),
            Self.finding(1, .closedForGood, .notListed),
            Self.finding(2, .moved(metres: 200), .position(.init(lat: 35.7, lng: 139.7))),
        ]

        // When summed up, with every place checked and with some not
        let all = FoodLogPresenter.checkSummary(TradingReport(checked: 2, findings: findings, unasked: [], places: 2))
        let some = FoodLogPresenter.checkSummary(TradingReport(checked: 2, findings: [], unasked: [], places: 5))
        let none = FoodLogPresenter.checkSummary(TradingReport(checked: 0, findings: [], unasked: [], places: 3))

        // Then each place is counted once, and what was not checked is said
        #expect(all == "Checked 2 places: 1 closed for good, 0 closed for now, 1 moved.", "\(all)")
        #expect(some == "Checked 2 of 5 places (3 not checked): none closed or moved.", "\(some)")
        #expect(none == "Checked 0 of 3 places (3 not checked).", "never 'none closed' when none was checked: \(none)")
    }

    @Test("a missing key in log check says what to do there, not --provider osm")
    func missingKeyWordsForACheck() {
        // When HOT PEPPER's missing key is worded for a check
        let line = FoodLogPresenter.unaskedLine(
            .init(provider: .hotpepper, error: .missingKey(searched: ["HOTPEPPER_API_KEY"], service: .hotpepper), places: 2))

        // Then it names the key to set and the services to check instead, never a search's advice
        #expect(line.contains("HOTPEPPER_API_KEY") && line.contains("--provider osm,google"), "\(line)")
        #expect(
            !line.contains("searches OpenStreetMap") && line.hasSuffix("2 logged places at HOT PEPPER Gourmet not checked"),
            "\(line)")
    }
}
