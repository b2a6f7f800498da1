import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

final class HotpepperWorkerSpy: HotpepperWorking, @unchecked Sendable {
    var queries: [RestaurantQuery] = []
    var result: Result<RestaurantPage, HotpepperError>

    init(result: Result<RestaurantPage, HotpepperError> = .success(Seeds.Pages.tokyo)) {
        self.result = result
    }

    func fetchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        queries.append(query)
        return try result.get()
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
    func presentRestaurants(_ response: Search.Restaurants.Response) { responses.append(response) }
    func presentNoPage(_ response: Search.Page.Response) { noPageResponses.append(response) }
}

@MainActor
@Suite struct SearchInteractorTests {
    @Test func eachListShownIsKeptAsShownAndAFailureKeepsNothing() async {
        // Given a search that answers, then one that fails
        let worker = HotpepperWorkerSpy()
        let keeper = LastListKeeperSpy()
        let sut = SearchInteractor(worker: worker, lastList: keeper)
        sut.presenter = SearchPresentationLogicSpy()

        // When both are made
        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))
        worker.result = .failure(.invalidRequest(message: "no"))
        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))

        // Then the first page is kept, nearest first as shown, with the search's centre; the failure keeps nothing
        #expect(keeper.kept.count == 1, "one list kept")
        #expect(keeper.kept.first?.page.restaurants.map(\.id) == ["J0000000001", "J0000000002", "J0000000003"])
        #expect(keeper.kept.first?.center == Seeds.tokyoStation)
    }

    @Test func searchAsksTheWorkerWithTheRequestQuery() async {
        // Given
        let worker = HotpepperWorkerSpy()
        let sut = SearchInteractor(worker: worker)
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter
        // When
        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))
        // Then
        #expect(worker.queries == [Seeds.query], "the worker should receive exactly the request's query")
        #expect(presenter.responses.count == 1, "the presenter should be asked once")
    }

    @Test func aTurnedPageIsTheSameSearchFurtherOn() async {
        let worker = HotpepperWorkerSpy()
        let sut = SearchInteractor(worker: worker)
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
        let sut = SearchInteractor(worker: HotpepperWorkerSpy())
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter

        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))

        let page = try #require(try? presenter.responses.first?.result.get())
        let expected = [Seeds.Restaurants.near.id, Seeds.Restaurants.middle.id, Seeds.Restaurants.far.id]
        #expect(page.restaurants.map(\.id) == expected, "shops should be ordered by distance from the centre")
        #expect(sut.restaurants.map(\.id) == expected, "the data store should keep the shops in the order shown")
        #expect(sut.query == Seeds.query, "the data store should keep the query")
    }

    @Test func withoutACentreTheServiceOrderIsKept() async throws {
        let sut = SearchInteractor(worker: HotpepperWorkerSpy())
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter

        await sut.searchRestaurants(.init(query: RestaurantQuery(keyword: "ramen"), open: Seeds.open))

        let page = try #require(try? presenter.responses.first?.result.get())
        #expect(page.restaurants == Seeds.Pages.tokyo.restaurants, "a keyword search keeps the service's order")
    }

    @Test func aFailureReachesThePresenterAndEmptiesTheDataStore() async {
        let sut = SearchInteractor(worker: HotpepperWorkerSpy(result: .failure(.rejectedKey(message: "bad"))))
        let presenter = SearchPresentationLogicSpy()
        sut.presenter = presenter

        await sut.searchRestaurants(.init(query: Seeds.query, open: Seeds.open))

        guard case .failure(let error) = presenter.responses.first?.result else {
            Issue.record("expected a failure response"); return
        }
        #expect(error == .rejectedKey(message: "bad"), "the worker's error should reach the presenter unchanged")
        #expect(sut.restaurants.isEmpty, "nothing should be kept after a failure")
    }
}
