import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

final class MapWorkerSpy: HotpepperWorking, @unchecked Sendable {
    var queries: [RestaurantQuery] = []
    let page: RestaurantPage
    init(page: RestaurantPage) { self.page = page }
    func fetchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        queries.append(query); return page
    }
}

@MainActor
final class MapPresentationLogicSpy: MapPresentationLogic {
    var responses: [Map.Restaurants.Response] = []
    var explorerResponses: [Map.Explore.Response] = []
    var failures: [HotpepperError] = []
    func presentRestaurants(_ response: Map.Restaurants.Response) { responses.append(response) }
    func presentExplorer(_ response: Map.Explore.Response) { explorerResponses.append(response) }
    func presentExplorerFailure(_ error: HotpepperError) { failures.append(error) }
    func presentExplorerLocating(_ response: Map.Explore.Locating) {}
}

@MainActor
@Suite struct MapInteractorTests {
    @Test("asks the worker with the query, and hands the presenter the shops nearest first with the viewport")
    func fetchesAndSorts() async throws {
        let far = MapSeeds.restaurant("J9", "far", at: Coordinate(lat: 35.69, lng: 139.7671))
        let worker = MapWorkerSpy(page: RestaurantPage(total: 2, start: 1, restaurants: [far, MapSeeds.tricky[1]]))
        let sut = MapInteractor(worker: worker), presenter = MapPresentationLogicSpy()
        sut.presenter = presenter
        let query = RestaurantQuery(center: MapSeeds.tokyo, range: .m3000)

        await sut.showRestaurants(
            .init(query: query, centre: .coordinate(MapSeeds.tokyo), viewport: .init(width: 50, height: 20), open: Seeds.open))

        #expect(worker.queries == [query], "the query goes to the worker unchanged")
        let response = try #require(presenter.responses.first)
        #expect(try response.result.get().page.restaurants.map(\.id) == ["J002", "J9"], "nearest first")
        #expect(response.viewport == .init(width: 50, height: 20), "the viewport passes through")
        #expect(sut.restaurants.map(\.id) == ["J002", "J9"], "the data store keeps what is shown")
    }
}
