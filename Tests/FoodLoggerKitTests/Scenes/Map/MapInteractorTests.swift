import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

final class MapWorkerSpy: HotpepperWorking, @unchecked Sendable {

    var provider: Provider = .hotpepper
    var queries: [RestaurantQuery] = []
    let page: RestaurantPage
    init(page: RestaurantPage) { self.page = page }
    func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        queries.append(query); return page
    }
}

@MainActor
final class MapPresentationLogicSpy: MapPresentationLogic {
    var responses: [Map.Restaurants.Response] = []
    var explorerResponses: [Map.Explore.Response] = []
    var failures: [ServiceError] = []
    var pages: [Map.Page.Response] = []
    func presentRestaurants(_ response: Map.Restaurants.Response) {
        record(response, in: &responses)
    }
    func presentExplorer(_ response: Map.Explore.Response) { explorerResponses.append(response) }
    func presentExplorerFailure(_ error: ServiceError) { failures.append(error) }
    func presentExplorerLocating(_ response: Map.Explore.Locating) {}
    func presentPage(_ response: Map.Page.Response) { pages.append(response) }
}

@MainActor
@Suite struct MapInteractorTests {
    @Test("asks the worker with the query, and hands the presenter the shops nearest first with the viewport")
    func fetchesAndSorts() async throws {
        let far = MapSeeds.restaurant("J9", "far", at: Coordinate(lat: 35.69, lng: 139.7671))
        let worker = MapWorkerSpy(page: RestaurantPage(total: 2, start: 1, restaurants: [far, MapSeeds.tricky[1]]))
        let sut = MapInteractor(finder: FindPlaces(worker), opener: OpenerSpy()), presenter = MapPresentationLogicSpy()
        sut.presenter = presenter
        let query = RestaurantQuery(center: MapSeeds.tokyo, range: .m3000)

        _ = await sut.showRestaurants(
            .init(query: query, centre: .coordinate(MapSeeds.tokyo), viewport: .init(width: 50, height: 20), open: Seeds.open))

        #expect(worker.queries == [query], "the query goes to the worker unchanged")
        let response = try #require(presenter.responses.first)
        #expect(try response.result.get().page.restaurants.map(\.id) == ["J002", "J9"], "nearest first")
        #expect(response.viewport == .init(width: 50, height: 20), "the viewport passes through")
        #expect(sut.restaurants.map(\.id) == ["J002", "J9"], "the data store keeps what is shown")
    }

    @Test("map --last: the shops given are drawn and kept as they were numbered, and the worker is not asked")
    func shownShopsAreDrawnWithoutASearch() async throws {
        // Given a worker, and the last list's shops numbered from 4
        let worker = MapWorkerSpy(page: RestaurantPage(total: 0, start: 1, restaurants: []))
        let keeper = LastListKeeperSpy()
        let sut = MapInteractor(finder: FindPlaces(worker), opener: OpenerSpy(), lastList: keeper),
            presenter = MapPresentationLogicSpy()
        sut.presenter = presenter
        let shown = RestaurantPage(total: 2, start: 4, restaurants: Array(MapSeeds.tricky.prefix(2)))

        // When the map is asked to draw them
        _ = await sut.showRestaurants(
            .init(
                query: RestaurantQuery(center: MapSeeds.tokyo), centre: .coordinate(MapSeeds.tokyo), viewport: .init(),
                open: Seeds.open, shown: shown))

        // Then they are drawn as given, nothing was asked, and the list is kept with its numbers
        #expect(worker.queries.isEmpty, "no search: \(worker.queries)")
        #expect(try presenter.responses.first?.result.get().page == shown)
        #expect(keeper.kept.map(\.page) == [shown] && keeper.kept.first?.center == MapSeeds.tokyo)
    }

    @Test("the interactive map leaves its list as the last one, numbered from 1 as its markers are")
    func theInteractiveMapKeepsItsList() async throws {
        // Given a worker whose answer is a later page
        let shops = [MapSeeds.restaurant("J1", "一番目の店", at: MapSeeds.tokyo)]
        let worker = MapWorkerSpy(page: RestaurantPage(total: 30, start: 21, restaurants: shops))
        let keeper = LastListKeeperSpy()
        let sut = MapInteractor(finder: FindPlaces(worker), opener: OpenerSpy(), lastList: keeper)
        sut.presenter = MapPresentationLogicSpy()

        // When the interactive map starts and its first search answers
        sut.explore(
            .start(
                query: RestaurantQuery(), centre: .coordinate(MapSeeds.tokyo), open: Seeds.open,
                size: .init(columns: 80, rows: 24)))
        await sut.searchInFlight?.value

        // Then its shops are kept, numbered from 1 as the markers show them
        #expect(keeper.kept.map(\.page.restaurants) == [shops])
        #expect(keeper.kept.first?.page.start == 1)
    }

    @Test("o opens the page of the card's restaurant, else the selected one's, chosen when pressed")
    func openPageOfTheCardOrTheSelection() async throws {
        let shops = [
            MapSeeds.restaurant("J1", "一番目の店", at: MapSeeds.tokyo), MapSeeds.restaurant("J2", "二番目の店", at: MapSeeds.tokyo),
        ]
        let worker = MapWorkerSpy(page: RestaurantPage(total: 2, start: 1, restaurants: shops))
        let opener = OpenerSpy(outcome: .failed(reason: "xdg-open exited with 3"))
        let sut = MapInteractor(finder: FindPlaces(worker), opener: opener), presenter = MapPresentationLogicSpy()
        sut.presenter = presenter
        sut.explore(
            .start(
                query: RestaurantQuery(), centre: .coordinate(MapSeeds.tokyo), open: Seeds.open,
                size: .init(columns: 80, rows: 24)))
        await sut.searchInFlight?.value

        sut.openPage(.init())
        sut.explore(.cycle(forward: true))
        sut.cardRestaurant = shops[0]
        sut.openPage(.init())
        sut.cardRestaurant = nil
        sut.openPage(.init())
        for _ in 0..<10_000 where presenter.pages.count < 3 { await Task.yield() }

        #expect(
            Set(opener.urls) == Set(shops.map(\.urls.shop)) && opener.urls.count == 3, "three pages handed over: \(opener.urls)")
        #expect(
            presenter.pages.map(\.restaurant.id).sorted() == ["J1", "J1", "J2"],
            "the selection when pressed, then the card's, then the new selection")
        #expect(
            presenter.pages.allSatisfy { $0.attempt == .opened(.failed(reason: "xdg-open exited with 3")) },
            "what the opener said reaches the presenter")
    }

    @Test("a stub shop's page is not handed to the browser; with nothing selected, o does nothing")
    func openPageOfAStubShop() async throws {
        let worker = MapWorkerSpy(page: RestaurantPage(total: 0, start: 1, restaurants: []))
        let opener = OpenerSpy()
        let sut = MapInteractor(finder: FindPlaces(worker), opener: opener), presenter = MapPresentationLogicSpy()
        sut.presenter = presenter
        sut.openPage(.init())
        var stub = MapSeeds.restaurant("J9", "架空の店", at: MapSeeds.tokyo)
        stub.urls.shop = "https://example.invalid/J9/"
        sut.cardRestaurant = stub
        sut.openPage(.init())
        for _ in 0..<10_000 where presenter.pages.isEmpty { await Task.yield() }
        #expect(presenter.pages.map(\.attempt) == [.madeUp], "one page asked for, and it is the stub's")
        #expect(opener.urls.isEmpty, "the browser was never asked")
    }
}
