import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite("DetailInteractor")
struct DetailInteractorTests {
    final class WorkerSpy: HotpepperWorking, @unchecked Sendable {
        var provider: Provider = .hotpepper
        private let lock = NSLock()
        private var lookups: [[String]] = []
        var answer: Result<[Restaurant], ServiceError> = .success([])
        var region: RestaurantPage.Region?

        var lookedUp: [[String]] { lock.withLock { lookups } }

        func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
            Issue.record("the Detail scene looks shops up by id; it never searches")
            return RestaurantPage(total: 0, start: 1, restaurants: [])
        }

        func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage {
            lock.withLock { lookups.append(ids) }
            let shops = try answer.get()
            return RestaurantPage(total: shops.count, start: 1, restaurants: shops, region: region)
        }
    }

    final class PresenterSpy: DetailPresentationLogic {
        var restaurantsResponses: [Detail.Lookup.Response] = []
        var pageResponses: [Detail.OpenPage.Response] = []
        func presentRestaurants(_ response: Detail.Lookup.Response) {
            record(response, in: &restaurantsResponses)
        }
        func presentPage(_ response: Detail.OpenPage.Response) {
            record(response, in: &pageResponses)
        }
    }

    let worker = WorkerSpy()
    let presenter = PresenterSpy()
    let opener = OpenerSpy()

    func makeSUT() -> DetailInteractor {
        let sut = DetailInteractor(worker: worker, opener: opener)
        sut.presenter = presenter
        return sut
    }

    @Test("lookup asks the worker for the ids and presents the shops found and the ids missing")
    func lookupPresentsFoundAndMissing() async throws {
        let sut = makeSUT()
        worker.answer = .success([DetailSeeds.izakaya])

        _ = await sut.lookupRestaurants(Detail.Lookup.Request(ids: ["J999", DetailSeeds.izakaya.id], moment: Seeds.open.moment))

        #expect(worker.lookedUp == [["J999", DetailSeeds.izakaya.id]], "one lookup with both ids")
        let response = try #require(presenter.restaurantsResponses.first, "one response presented")
        #expect(try response.result.get() == [DetailSeeds.izakaya], "the izakaya found")
        #expect(response.missingIDs == ["J999"], "J999 reported missing")
        #expect(sut.restaurants == [DetailSeeds.izakaya], "the data store keeps what was shown")
    }

    @Test("a lookup by id hands on where the shops are, so their hours are read on their clock")
    func lookupPresentsTheRegionTheServiceGave() async throws {
        let sut = makeSUT()
        worker.answer = .success([DetailSeeds.izakaya])
        worker.region = RestaurantPage.Region(timeZone: "Europe/Paris", countryCode: "FR")

        _ = await sut.lookupRestaurants(Detail.Lookup.Request(ids: [DetailSeeds.izakaya.id], moment: Seeds.open.moment))

        let response = try #require(presenter.restaurantsResponses.first, "one response presented")
        #expect(response.region == worker.region, "the lookup's region, not none")
        #expect(sut.region == worker.region, "kept in the data store for the card's page")
    }

    @Test("a worker error is presented as a failure")
    func lookupFailure() async {
        let sut = makeSUT()
        worker.answer = .failure(.rejectedKey(message: "bad key", service: .hotpepper))

        _ = await sut.lookupRestaurants(Detail.Lookup.Request(ids: ["J1"], moment: Seeds.open.moment))

        guard case .failure(let error) = presenter.restaurantsResponses.first?.result else {
            Issue.record("expected a failure response"); return
        }
        #expect(error == .rejectedKey(message: "bad key", service: .hotpepper), "the worker's error")
    }

    @Test("showing passed restaurants presents the data store's shops and asks the worker nothing")
    func showPassedUsesTheDataStore() throws {
        let sut = makeSUT()
        sut.restaurants = [DetailSeeds.cafe]

        _ = sut.showPassedRestaurants(Detail.ShowPassed.Request(moment: Seeds.open.moment))

        #expect(worker.lookedUp.isEmpty, "no request to the service")
        let response = try #require(presenter.restaurantsResponses.first, "one response presented")
        #expect(try response.result.get() == [DetailSeeds.cafe], "exactly the passed shop")
        #expect(response.missingIDs.isEmpty, "nothing missing")
    }

    @Test("open looks the one id up and presents the shop, or nil when unknown")
    func openPageLooksUp() async throws {
        let sut = makeSUT()
        worker.answer = .success([DetailSeeds.cafe])
        _ = await sut.openPage(Detail.OpenPage.Request(id: DetailSeeds.cafe.id))
        worker.answer = .success([])
        _ = await sut.openPage(Detail.OpenPage.Request(id: "J404"))

        #expect(worker.lookedUp == [[DetailSeeds.cafe.id], ["J404"]], "one lookup per open")
        #expect(try presenter.pageResponses.map { try $0.result.get() } == [DetailSeeds.cafe, nil], "the cafe, then nothing")
        #expect(presenter.pageResponses.map(\.id) == [DetailSeeds.cafe.id, "J404"], "the ids asked for")
        #expect(opener.urls == [DetailSeeds.cafe.urls.shop], "the cafe's page handed to the browser once")
        #expect(
            presenter.pageResponses.map(\.attempt) == [.opened(.opened), nil], "what the opener said; nothing to open for J404")
    }

    @Test("open with --print-url, or for a made-up stub address, never calls the browser; a passed shop needs no lookup")
    func openPageWithoutTheBrowser() async throws {
        let sut = makeSUT()
        worker.answer = .success([DetailSeeds.cafe])
        _ = await sut.openPage(Detail.OpenPage.Request(id: DetailSeeds.cafe.id, printOnly: true))
        var stubShop = DetailSeeds.cafe
        stubShop.urls.shop = "https://stub.foodlogger.invalid/shops/J900000001/"
        sut.restaurants = [stubShop]
        _ = await sut.openPage(Detail.OpenPage.Request(id: nil))

        #expect(presenter.pageResponses.map(\.attempt) == [.printOnly, .madeUp], "printed, then said to be made up")
        #expect(opener.urls.isEmpty, "the browser was never asked")
        #expect(worker.lookedUp == [[DetailSeeds.cafe.id]], "the passed shop was not looked up again")
    }

    @Test(arguments: [
        "javascript:alert(3)", "file:///etc/passwd", "--version", "ftp://example.com/x", " ",
        "https://example.com/\u{1B}]0;T\u{7}",
        "https://example.com/a\nb",
    ])
    func onlyAWebAddressGoesToTheBrowser(address: String) async throws {
        let sut = makeSUT()
        var shop = DetailSeeds.cafe
        shop.urls.shop = address
        sut.restaurants = [shop]
        _ = await sut.openPage(Detail.OpenPage.Request(id: nil))
        _ = await sut.openPage(Detail.OpenPage.Request(id: nil, printOnly: true))
        #expect(opener.urls.isEmpty, "\(address) was not handed to the opener")
        #expect(presenter.pageResponses.map(\.attempt) == [nil, nil], "no page address, opened or printed")
    }

    @Test func aPassedShopsCardAnswersForTheMomentTheSearchAskedAbout() throws {
        let sut = makeSUT()
        sut.restaurants = [DetailSeeds.cafe]
        let asked = OpenQuestion.Moment.wallClock(day: .weekday(.friday), minute: 12 * 60, asked: CLIRun.friday)
        sut.moment = asked
        _ = sut.showPassedRestaurants(Detail.ShowPassed.Request(moment: Seeds.open.moment))
        let response = try #require(presenter.restaurantsResponses.first)
        #expect(response.moment == asked && response.askedAbout, "--open-at's moment, named on the card")
        let card = DetailPresenter.card(DetailSeeds.cafe, on: OpenClock(asked, region: nil), asked: true)
        let open = try #require(card.sections.flatMap(\.fields).first { $0.label.hasPrefix("Open") })
        #expect(open.label == "Open fri 12:00" && !open.value.contains("today"), "\(open)")
    }
}
