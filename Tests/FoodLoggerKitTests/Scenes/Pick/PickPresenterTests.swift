import Foundation
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
final class PickDisplayLogicSpy: PickDisplayLogic {
    var viewModels: [Pick.Choose.ViewModel] = []
    func displayPick(_ viewModel: Pick.Choose.ViewModel) {
        record(viewModel, in: &viewModels)
    }
}

@MainActor
@Suite struct PickPresenterTests {
    func present(
        _ result: Result<Pick.Choose.Chosen, Pick.Choose.Failure>, as presentation: Pick.Choose.Presentation = .object,
        window: Pick.Window = .default, log: LogFilter? = nil, open: OpenQuestion = Seeds.open
    ) -> Pick.Choose.ViewModel? {
        let sut = PickPresenter(presentation: presentation)
        let display = PickDisplayLogicSpy()
        sut.viewController = display
        sut.presentPick(.init(result: result, query: Seeds.query, open: open, log: log, window: window))
        return display.viewModels.first
    }

    func chosen(tier: PickRule.Tier = .neverVisited, log entries: [FoodLogEntry] = []) -> Pick.Choose.Chosen {
        let page = RestaurantPage(total: 1, start: 1, restaurants: [Seeds.Restaurants.near])
        return .init(page: page, summary: FoodLogSummary(entries), fitting: 4, tier: tier)
    }

    @Test func inAPipeThePickIsSearchsRecordAsAnObject() throws {
        // Given a pick the log holds a visit to
        let viewModel = present(
            .success(chosen(tier: .visited, log: [LogSeeds.entry(1, "J0000000001", on: "2026-11-02", rating: 4)])))

        // Then the body is one object with search's keys in search's order, its log included
        guard case .chosen(let reason, .object(let object))? = viewModel?.content else {
            Issue.record("expected an object: \(String(describing: viewModel?.content))")
            return
        }
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(object.serialized().utf8)) as? [String: Any], "an object")
        #expect(json["name"] as? String == Seeds.Restaurants.near.name, "jq .name works")
        #expect(
            json["distance_m"] as? Int == 111, "the distance from the search's centre: \(String(describing: json["distance_m"]))")
        let log = json["log"] as? [String: Any]
        #expect(log?["visits"] as? Int == 1 && log?["last_visit"] as? String == "2026-11-02" && log?["rating"] as? Int == 4)
        guard case .object(let members) = object else { return }
        #expect(members.map(\.0) == RestaurantRecord.fieldNames, "the same keys as search's restaurants[0]")
        #expect(
            reason
                == "Picked from 4 places open at fri 19:30 (Japan time), not visited in the last 14 days; "
                + "this one: visited 1 time, last on 2026-11-02, rated 4/5.", "\(reason)")
        #expect(ExitCode(PickInteractor.outcome(of: .success(chosen()))) == .success, "exit 0, from the interactor's outcome")
    }

    @Test func onATerminalTheRouterShowsTheCard() {
        let viewModel = present(.success(chosen(tier: .want)), as: .card)
        guard case .chosen(let reason, .card)? = viewModel?.content else {
            Issue.record("expected the card")
            return
        }
        #expect(
            reason
                == "Picked from 4 places open at fri 19:30 (Japan time), not visited in the last 14 days; "
                + "this one: on your want list.", "\(reason)")
    }

    @Test func aPlaceOfUnknownHoursIsPickedWithAWordToCheck() {
        // Given a place kept by --include-unknown, from --want's places
        var open = Seeds.open
        open.includeUnknown = true
        var picked = chosen(tier: .want)
        picked.hoursUnknown = true
        let viewModel = present(.success(picked), log: .want, open: open)

        // Then the reason says what the places share and to check the hours
        guard case .chosen(let reason, _)? = viewModel?.content else {
            Issue.record("expected a pick")
            return
        }
        #expect(
            reason
                == "Picked from 4 places on your want list, open or of unknown hours at fri 19:30 (Japan time), "
                + "not visited in the last 14 days; this one: on your want list; hours unknown: check before you go.",
            "\(reason)")
    }

    @Test func nothingFitsIsOneLineNamingEachReasonAndExitsOne() {
        // Given a tally with every reason
        let tally = PickTally(
            considered: 14, notInFilter: 1, closed: 6, unknownHours: 2, visitedRecently: 3, closingTooSoon: 2)
        let page = RestaurantPage(total: 14, start: 1, restaurants: [])
        var open = Seeds.open
        open.openFor = OpenDuration(minutes: 90)

        // When it is presented with --want, --not-within 36h and --open-for 90m
        let viewModel = present(
            .failure(.nothingFits(page: page, tally: tally)), window: .init(amount: 36, unit: .hours), log: .want,
            open: open)

        // Then one line names each count, and the exit code is 1
        guard case .failure(let message)? = viewModel?.content else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            message
                == "Nothing to pick among 14 places: 1 place not on your want list, 6 closed at fri 19:30 (Japan time), "
                + "3 visited in the last 36 hours, 2 closing within 90 min, "
                + "2 with hours that cannot be read (--include-unknown keeps those).",
            "\(message)")
        #expect(!message.contains("\n"), "one line")
    }

    @Test func placesWithNoHoursAreToldApartFromHoursThatCannotBeRead() {
        var tally = PickTally(considered: 5, closed: 2, unknownHours: 3)
        tally.noHours = 2
        let viewModel = present(
            .failure(.nothingFits(page: .init(total: 5, start: 1, restaurants: []), tally: tally)),
            window: .init(amount: 1, unit: .weeks))
        guard case .failure(let message)? = viewModel?.content else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            message
                == "Nothing to pick among 5 places: 2 closed at fri 19:30 (Japan time), 2 with no hours given, "
                + "1 with hours that cannot be read (--include-unknown keeps those).", "\(message)")
    }

    @Test func aWindowOfOneSaysItInTheSingular() {
        let tally = PickTally(considered: 1, visitedRecently: 1)
        let viewModel = present(
            .failure(.nothingFits(page: .init(total: 1, start: 1, restaurants: []), tally: tally)),
            window: .init(amount: 1, unit: .weeks))
        guard case .failure(let message)? = viewModel?.content else { return }
        #expect(message == "Nothing to pick among 1 place: 1 visited in the last 1 week.", "\(message)")
    }

    /// The presenter words a failure; the interactor's outcome of it makes the exit status.
    @Test func failuresKeepTheirExitCodes() {
        let service = PickInteractor.outcome(of: .failure(.service(.httpStatus(503))))
        let log = PickInteractor.outcome(of: .failure(.log(.unreadable(path: "/x/log.jsonl", reason: "Permission denied"))))
        let none = PickInteractor.outcome(
            of: .failure(.nothingFits(page: .init(total: 1, start: 1, restaurants: []), tally: PickTally(considered: 1))))
        #expect(ExitCode(service) == .unavailable && ExitCode(log) == .ioError, "69 and 74")
        #expect(ExitCode(none) == .noResults, "nothing to pick: exit 1")
    }
}
