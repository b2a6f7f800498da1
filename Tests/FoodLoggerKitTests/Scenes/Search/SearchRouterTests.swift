import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite("SearchRouter")
struct SearchRouterTests {
    /// Records every request; the router must not make any.
    final class WorkerSpy: HotpepperWorking, @unchecked Sendable {
        var provider: Provider = .hotpepper
        private let lock = NSLock()
        private var calls: [String] = []
        var requests: [String] { lock.withLock { calls } }

        func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
            lock.withLock { calls.append("fetch") }
            return RestaurantPage(total: 0, start: 1, restaurants: [])
        }

        func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage {
            lock.withLock { calls.append("lookup \(ids)") }
            return RestaurantPage(total: 0, start: 1, restaurants: [])
        }
    }

    final class SearchDataStoreSpy: SearchDataStore {
        var restaurants: [Restaurant] = [DetailSeeds.izakaya, DetailSeeds.cafe]
        var query: RestaurantQuery? = RestaurantQuery(center: Coordinate(lat: 35.68, lng: 139.77), keyword: "炉端")
        var open: OpenQuestion? = OpenQuestion(moment: Seeds.open.moment, openOnly: true)
        var region: RestaurantPage.Region?
    }

    final class DetailDataStoreSpy: DetailDataStore {
        var restaurants: [Restaurant] = []
        var moment: OpenQuestion.Moment?
        var region: RestaurantPage.Region?
        var center: Coordinate?
    }

    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let worker = WorkerSpy()

    func makeSUT(opener: any URLOpening = NoURLOpener()) -> (SearchRouter, SearchViewController) {
        let context = ProcessContext(
            arguments: [], stdout: stdout, stderr: stderr, terminal: Terminal(columns: 100),
            opener: opener)
        let viewController = SearchViewController(context: context, format: .table)
        let sut = SearchRouter()
        sut.viewController = viewController
        sut.dataStore = SearchDataStoreSpy()
        sut.worker = worker
        return (sut, viewController)
    }

    @Test("the Detail data store receives exactly the picked restaurant")
    func passesThePickedRestaurant() {
        let (sut, _) = makeSUT()
        let destination = DetailDataStoreSpy()

        sut.passDataToDetail(source: SearchDataStoreSpy(), index: 1, destination: destination)

        #expect(destination.restaurants == [DetailSeeds.cafe], "the second restaurant, and only it")
        #expect(destination.moment == Seeds.open.moment, "its card answers for the moment the search asked about")
        #expect(destination.center == Coordinate(lat: 35.68, lng: 139.77), "its card gives the walk from the search's centre")
    }

    @Test("routing to Detail shows the picked shop's card without a second request")
    func routeToDetailShowsTheCard() {
        let (sut, viewController) = makeSUT()

        sut.routeToDetail(index: 0)

        #expect(stdout.text.hasPrefix("炉端 こはく 八重洲店\nろばた こはく やえすてん\n"), "the izakaya's card on stdout")
        #expect(!stdout.text.contains("Café Lumière"), "only the picked shop")
        #expect(worker.requests.isEmpty, "the worker saw no request")
        withExtendedLifetime(viewController) {}
    }

    @Test("an index outside the results routes nowhere")
    func routeOutOfRange() async {
        let (sut, viewController) = makeSUT()

        sut.routeToDetail(index: 2)
        await sut.routeToShopPage(index: -1)

        #expect(stdout.text.isEmpty && worker.requests.isEmpty, "nothing shown, nothing asked")
        withExtendedLifetime(viewController) {}
    }

    @Test("the shop page goes to the opener")
    func routeToShopPageOpens() async {
        let opener = OpenerSpy(outcome: .opened)
        let (sut, viewController) = makeSUT(opener: opener)

        await sut.routeToShopPage(index: 1)

        #expect(opener.urls == ["https://www.hotpepper.jp/strJ000000202/"], "the cafe's page opened")
        #expect(stdout.text.isEmpty, "no address printed when the browser opened it")
        withExtendedLifetime(viewController) {}
    }

    @Test("without an opener the address is printed on stdout")
    func routeToShopPagePrints() async {
        let (sut, viewController) = makeSUT()

        await sut.routeToShopPage(index: 0)

        #expect(stdout.text == "https://www.hotpepper.jp/strJ000000101/\n", "the izakaya's address")
        withExtendedLifetime(viewController) {}
    }

    @Test("assembly gives the router the interactor as its data store")
    func assemblyGivesTheRouterTheInteractorAsDataStore() async {
        let context = ProcessContext(arguments: [], stdout: CapturedOutput(), stderr: CapturedOutput())
        let sut = SearchScene.assemble(
            context: context, format: .json, finder: FindPlaces(HotpepperWorkerSpy()), worker: HotpepperWorkerSpy())
        _ = await sut.search(Seeds.query, open: Seeds.open)
        #expect(sut.router?.dataStore?.restaurants.count == 3, "the router passes on what the interactor fetched")
        #expect(sut.router?.dataStore?.restaurants.first?.id == Seeds.Restaurants.near.id, "in the order shown")
    }
}
