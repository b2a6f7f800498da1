import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

final class HotpepperWorkerSpy: HotpepperWorking, @unchecked Sendable {

    var provider: Provider = .hotpepper
    var queries: [RestaurantQuery] = []
    var result: Result<RestaurantPage, ServiceError>

    init(result: Result<RestaurantPage, ServiceError> = .success(Seeds.Pages.tokyo)) {
        self.result = result
    }

    func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        queries.append(query)
        return try result.get()
    }
}

/// The use case in a scene's test: records each search asked and answers a canned result.
final class PlaceFinderSpy: PlaceFinding, @unchecked Sendable {
    var searches: [PlaceSearch] = []
    var result: Result<FoundPlaces, FindFailure>

    init(_ result: Result<FoundPlaces, FindFailure> = .success(FoundPlaces(page: Seeds.Pages.tokyo, query: Seeds.query))) {
        self.result = result
    }

    nonisolated(nonsending) func find(_ search: PlaceSearch) async -> Result<FoundPlaces, FindFailure> {
        searches.append(search)
        return result
    }
}

/// Records the lists a scene leaves as the last list.
final class LastListKeeperSpy: LastListKeeping, @unchecked Sendable {
    var kept: [(page: RestaurantPage, center: Coordinate?)] = []
    func keep(_ page: RestaurantPage, center: Coordinate?) async { kept.append((page, center)) }
}

@MainActor
final class SearchPresentationLogicSpy: SearchPresentationLogic {
    var responses: [Search.Restaurants.Response] = []
    var noPageResponses: [Search.Page.Response] = []
    func presentRestaurants(_ response: Search.Restaurants.Response) {
        record(response, in: &responses)
    }
    func presentNoPage(_ response: Search.Page.Response) { noPageResponses.append(response) }
}

@MainActor
@Suite struct SearchInteractorTests {
    @Test func eachListShownIsKeptAsShownAndAFailureKeepsNothing() async {
        // Given a search that answers, then one that fails
        let worker = HotpepperWorkerSpy()
        let keeper = LastListKeeperSpy()
        let sut = SearchInteractor(finder: FindPlaces(worker), lastList: keeper)
        sut.presenter = SearchPresentationLogicSpy()

        // When both are made
        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))
        worker.result = .failure(.invalidRequest(message: "no", service: .hotpepper))
        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))

        // Then the first page is kept, nearest first as shown, with the search's centre; the failure keeps nothing
        #expect(keeper.kept.count == 1, "one list kept")
        #expect(keeper.kept.first?.page.restaurants.map(\.id) == ["J0000000001", "J0000000002", "J0000000003"])
        #expect(keeper.kept.first?.center == Seeds.tokyoStation)
    }

    @Test func searchAsksTheFinderWithTheRequestAndHandsOnItsAnswer() async throws {
        // Given a finder that answers the Tokyo page
        let finder = PlaceFinderSpy()
        let sut = SearchInteractor(finder: finder)
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter
        let near = NearPlace(text: "Shibuya Station")
        // When a search near a place, with a log filter, is made
        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open, near: near, log: .want))
        // Then the finder gets exactly the request, as a search
        #expect(
            finder.searches == [PlaceSearch(query: Seeds.query, near: near, open: Seeds.open, log: .want)],
            "the finder should receive the request's query, place, moment and filter: \(finder.searches)")
        // And the presenter its answer, with the request it answers
        #expect(presenter.responses.count == 1, "the presenter should be asked once")
        let found = try #require(try? presenter.responses.first?.found.get(), "the finder's list")
        #expect(found.page.restaurants.map(\.id) == Seeds.Pages.tokyo.restaurants.map(\.id), "unchanged by the interactor")
        #expect(presenter.responses.first?.request.log == .want, "the request rides along for the presenter's words")
    }

    @Test func aTurnedPageIsTheSameSearchFurtherOn() async {
        let worker = HotpepperWorkerSpy()
        let sut = SearchInteractor(finder: FindPlaces(worker))
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter
        var query = RestaurantQuery(keyword: "ramen")
        query.count = 2
        await sut.searchRestaurants(.init(query: query, open: Seeds.open))

        await sut.turnPage(.init(direction: .next))

        #expect(worker.queries.map(\.start) == [1, 3], "the next page starts after this one")
        #expect(presenter.responses.count == 2, "and is presented like the first")
    }

    @Test func resultsAreHandedOnNearestFirstAndKeptInTheDataStore() async throws {
        let sut = SearchInteractor(finder: FindPlaces(HotpepperWorkerSpy()))
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter

        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))

        let page = try #require(try? presenter.responses.first?.found.get().page)
        let expected = [Seeds.Restaurants.near.id, Seeds.Restaurants.middle.id, Seeds.Restaurants.far.id]
        #expect(page.restaurants.map(\.id) == expected, "shops should be ordered by distance from the centre")
        #expect(sut.restaurants.map(\.id) == expected, "the data store should keep the shops in the order shown")
        #expect(sut.query == Seeds.query, "the data store should keep the query")
    }

    @Test func withoutACentreTheServiceOrderIsKept() async throws {
        let sut = SearchInteractor(finder: FindPlaces(HotpepperWorkerSpy()))
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter

        await sut.searchRestaurants(.init(query: RestaurantQuery(keyword: "ramen"), open: Seeds.open))

        let page = try #require(try? presenter.responses.first?.found.get().page)
        #expect(page.restaurants == Seeds.Pages.tokyo.restaurants, "a keyword search keeps the service's order")
    }

    @Test func aFailureReachesThePresenterAndEmptiesTheDataStore() async {
        let sut = SearchInteractor(
            finder: PlaceFinderSpy(.failure(FindFailure(.rejectedKey(message: "bad", service: .hotpepper)))))
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter

        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))

        guard case .failure(let failure) = presenter.responses.first?.found else {
            Issue.record("expected a failure response"); return
        }
        #expect(
            failure.error == .rejectedKey(message: "bad", service: .hotpepper),
            "the finder's error should reach the presenter unchanged")
        #expect(sut.restaurants.isEmpty, "nothing should be kept after a failure")
    }
}

@MainActor
@Suite struct SearchInteractorLogTests {
    @Test(arguments: [
        (LogFilter.visited, ["J0000000001"], 2), (.unvisited, ["J0000000002", "J0000000003"], 1), (.want, [], 3),
    ])
    func aLogFilterNarrowsThePageBeforeItIsShownOrKept(filter: LogFilter, kept: [String], leftOut: Int) async {
        // Given a log with one visit, and a search of three places
        let store = FoodLogInteractorTests.StoreSpy()
        store.contents = .success(FoodLogContents(entries: [LogSeeds.entry(1, "J0000000001", on: "2026-11-02")]))
        let keeper = LastListKeeperSpy()
        let sut = SearchInteractor(finder: FindPlaces(HotpepperWorkerSpy(), foodLog: store), lastList: keeper)
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter

        // When the search asks for a log filter
        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open, log: filter))

        // Then the presenter and the last list get only the places it keeps, and the count it left out
        let response = presenter.responses.first
        let found = try? response?.found.get()
        #expect(found?.page.restaurants.map(\.id) == kept, "\(filter) keeps \(kept)")
        #expect(found?.logLeftOut == leftOut && response?.request.log == filter, "left out \(leftOut)")
        #expect(keeper.kept.first?.page.restaurants.map(\.id) ?? [] == kept, "the last list is what is shown")
    }

    @Test func anUnreadableLogWithAFilterKeepsNoListAndWithoutOneOnlyLosesTheMarks() async {
        // Given a log that cannot be read
        let store = FoodLogInteractorTests.StoreSpy()
        store.contents = .failure(.unreadable(path: "/x/log.jsonl", reason: "Permission denied"))
        let keeper = LastListKeeperSpy()
        let sut = SearchInteractor(finder: FindPlaces(HotpepperWorkerSpy(), foodLog: store), lastList: keeper)
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter

        // When a search runs with --want, then without
        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open, log: .want))
        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))

        // Then both responses carry the log's failure; only the plain search's list is kept
        #expect(
            presenter.responses.count == 2 && presenter.responses.allSatisfy { (try? $0.found.get().log.get()) == nil },
            "the failure reaches the presenter")
        #expect(keeper.kept.count == 1 && keeper.kept[0].page.restaurants.count == 3, "only the unfiltered list kept")
    }
}
