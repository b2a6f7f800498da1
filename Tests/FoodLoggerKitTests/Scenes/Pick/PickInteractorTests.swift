import Foundation
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
final class PickPresentationLogicSpy: PickPresentationLogic {
    var responses: [Pick.Choose.Response] = []
    func presentPick(_ response: Pick.Choose.Response) {
        record(response, in: &responses)
    }
}

/// A random source that counts what it was asked, over a seeded one.
final class RandomSourceSpy: RandomSource, @unchecked Sendable {
    var draws = 0
    private var source: SplitMix64
    init(seed: UInt64) { source = SplitMix64(seed: seed) }
    func next() -> UInt64 {
        draws += 1
        return source.next()
    }
}

@MainActor
@Suite struct PickInteractorTests {
    /// The tests' now: Friday 2026-11-20 19:30 in Japan; the default window reaches back to the 6th.
    let zone = TimeZone(identifier: "Asia/Tokyo")!

    func makeSUT(
        _ places: [Restaurant], log entries: [FoodLogEntry] = [], seed: UInt64 = 1, keeper: LastListKeeperSpy? = nil
    ) -> (PickInteractor, PickPresentationLogicSpy, FoodLogInteractorTests.StoreSpy) {
        let store = FoodLogInteractorTests.StoreSpy()
        store.contents = .success(FoodLogContents(entries: entries))
        let worker = HotpepperWorkerSpy(result: .success(RestaurantPage(total: places.count, start: 1, restaurants: places)))
        let sut = PickInteractor(
            finder: FindPlaces(worker), lastList: keeper, log: store, random: SplitMix64(seed: seed),
            now: { CLIRun.friday }, zone: zone)
        let presenter = PickPresentationLogicSpy()
        sut.presenter = presenter
        return (sut, presenter, store)
    }

    func request(window: Pick.Window = .default, log: LogFilter? = nil) -> Pick.Choose.Request {
        Pick.Choose.Request(query: Seeds.query, open: Seeds.open, log: log, window: window)
    }

    func chosenID(_ presenter: PickPresentationLogicSpy) -> String? {
        guard case .success(let chosen)? = presenter.responses.last?.result else { return nil }
        return chosen.page.restaurants.first?.id
    }

    @Test func theWantListComesFirstThenNeverVisitedThenVisited() async {
        // Given a visited place, a new one and a wanted one, all open
        let places = ["J0000000001", "J0000000002", "J0000000003"].map { PickSeeds.place($0) }
        let visit = LogSeeds.entry(1, "J0000000001", on: "2026-10-01", rating: 5)
        let want = LogSeeds.entry(2, "J0000000003", on: nil)

        // When pick runs with all three, then without the wanted one, then with the visited one alone
        var chosen: [String?] = []
        for offer in [places, Array(places.prefix(2)), [places[0]]] {
            let (sut, presenter, _) = makeSUT(offer, log: [visit, want])
            _ = await sut.choose(request())
            chosen.append(chosenID(presenter))
        }

        // Then the wanted, the never visited, and the visited one are chosen in turn
        #expect(chosen == ["J0000000003", "J0000000002", "J0000000001"], "\(chosen)")
    }

    @Test(arguments: [
        (Pick.Window(amount: 14, unit: .days), false), (Pick.Window(amount: 2, unit: .weeks), false),
        (Pick.Window(amount: 36, unit: .hours), true), (Pick.Window(amount: 3, unit: .days), true),
    ])
    func aVisitWithinTheWindowIsNeverPicked(window: Pick.Window, pickable: Bool) async {
        // Given the only place, visited on Monday the 16th (four days before the tests' Friday)
        let (sut, presenter, _) = makeSUT(
            [PickSeeds.place("J0000000001")], log: [LogSeeds.entry(1, "J0000000001", on: "2026-11-16")])

        // When pick runs with --not-within
        _ = await sut.choose(request(window: window))

        // Then the place is picked only when the window does not reach back to the 16th
        #expect((chosenID(presenter) == "J0000000001") == pickable, "\(window)")
        if !pickable, case .failure(.nothingFits(_, let tally))? = presenter.responses.last?.result {
            #expect(tally.visitedRecently == 1, "counted as visited recently")
        }
    }

    @Test func nothingFitsSaysWhatLeftEachPlaceOutAndKeepsNoList() async {
        // Given a closed place, one with unreadable hours and one visited yesterday
        let places = [
            PickSeeds.place("J0000000001", hours: PickSeeds.closedHours),
            PickSeeds.place("J0000000002", hours: PickSeeds.unreadableHours), PickSeeds.place("J0000000003"),
        ]
        let keeper = LastListKeeperSpy()
        let (sut, presenter, _) = makeSUT(places, log: [LogSeeds.entry(1, "J0000000003", on: "2026-11-19")], keeper: keeper)

        // When pick runs
        _ = await sut.choose(request())

        // Then nothing fits, each reason counted, and the last list stays as it was
        guard case .failure(.nothingFits(_, let tally))? = presenter.responses.last?.result else {
            Issue.record("expected nothing to fit: \(String(describing: presenter.responses.last?.result))")
            return
        }
        #expect(tally == PickTally(considered: 3, closed: 1, unknownHours: 1, visitedRecently: 1), "\(tally)")
        #expect(keeper.kept.isEmpty, "no list kept")
    }

    @Test func anOpenOnlySearchsPassedOverPlacesAreCountedToo() async {
        // Given a place open until 23:00 and a closed one, and --open-at's moment with --open-for 4h
        let places = [PickSeeds.place("J0000000001"), PickSeeds.place("J0000000002", hours: PickSeeds.closedHours)]
        let (sut, presenter, _) = makeSUT(places)
        var asked = request()
        asked.open = OpenQuestion(moment: Seeds.open.moment, openOnly: true, openFor: OpenDuration(minutes: 240))

        // When pick runs
        _ = await sut.choose(asked)

        // Then the search passed over both, and the tally says why
        guard case .failure(.nothingFits(_, let tally))? = presenter.responses.last?.result else {
            Issue.record("expected nothing to fit")
            return
        }
        #expect(tally == PickTally(considered: 2, closed: 1, closingTooSoon: 1), "\(tally)")
    }

    @Test func thePickBecomesTheLastListWithTheSearchsCentre() async {
        // Given two open places
        let keeper = LastListKeeperSpy()
        let (sut, presenter, _) = makeSUT([PickSeeds.place("J0000000001"), PickSeeds.place("J0000000002")], keeper: keeper)

        // When pick runs
        _ = await sut.choose(request())

        // Then the chosen place alone is kept, as number 1, with the centre; the data store holds it too
        #expect(keeper.kept.map { $0.page.restaurants.map(\.id) } == [[chosenID(presenter) ?? "none"]], "one place kept")
        #expect(keeper.kept.first?.page.start == 1 && keeper.kept.first?.center == Seeds.tokyoStation, "as number 1")
        #expect(sut.chosen?.id == chosenID(presenter), "the data store holds the pick")
    }

    @Test func theSameSeedPicksTheSamePlaceAndTheSourceIsTheOneInjected() async {
        // Given ten open places never visited
        let places = (1...10).map { PickSeeds.place(String(format: "J%010d", $0)) }

        // When pick runs five times with seed 7, and with seeds 0 to 19
        var sameSeed = Set<String>(), seeds = Set<String>()
        for _ in 0..<5 {
            let (sut, presenter, _) = makeSUT(places, seed: 7)
            _ = await sut.choose(request())
            sameSeed.insert(chosenID(presenter) ?? "")
        }
        for seed in 0..<20 {
            let (sut, presenter, _) = makeSUT(places, seed: UInt64(seed))
            _ = await sut.choose(request())
            seeds.insert(chosenID(presenter) ?? "")
        }
        let spy = RandomSourceSpy(seed: 7)
        let store = FoodLogInteractorTests.StoreSpy()
        let sut = PickInteractor(
            finder: FindPlaces(HotpepperWorkerSpy(result: .success(RestaurantPage(total: 10, start: 1, restaurants: places)))),
            lastList: nil, log: store, random: spy, now: { CLIRun.friday }, zone: zone)
        _ = await sut.choose(request())

        // Then one seed always gives one place, different seeds spread over several, and the injected source was drawn from
        #expect(sameSeed.count == 1 && !sameSeed.contains(""), "\(sameSeed)")
        #expect(seeds.count >= 4, "20 seeds chose \(seeds.count) places")
        #expect(spy.draws > 0, "the injected source was asked")
    }

    @Test func anUnreadableLogIsAFailureAndTheServicesToo() async {
        // Given a log that cannot be read
        let (sut, presenter, store) = makeSUT([PickSeeds.place("J0000000001")])
        store.contents = .failure(.unreadable(path: "/x/log.jsonl", reason: "Permission denied"))

        // When pick runs
        _ = await sut.choose(request())

        // Then the failure is the log's
        guard case .failure(.log(let error))? = presenter.responses.last?.result else {
            Issue.record("expected the log's failure")
            return
        }
        #expect(error == .unreadable(path: "/x/log.jsonl", reason: "Permission denied"), "\(error)")
    }
}
