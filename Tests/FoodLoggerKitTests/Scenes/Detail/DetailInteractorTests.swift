import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite("DetailInteractor")
struct DetailInteractorTests {
    /// The use case's seat: records each request and answers the canned result.
    final class ShowPlacesSpy: PlaceShowing, @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [ShowPlaces.Request] = []
        var answer: Result<ShowPlaces.Shown, ServiceError> = .success(.init(places: [], provider: .hotpepper))

        var requests: [ShowPlaces.Request] { lock.withLock { asked } }

        func show(_ request: ShowPlaces.Request) async -> Result<ShowPlaces.Shown, ServiceError> {
            lock.withLock { asked.append(request) }
            return answer
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

    let places = ShowPlacesSpy()
    let presenter = PresenterSpy()
    let opener = OpenerSpy()

    func makeSUT() -> DetailInteractor {
        let sut = DetailInteractor(places: places, opener: opener)
        sut.presenter = presenter
        return sut
    }

    @Test("lookup asks the use case for the places and presents those found and the ids missing")
    func lookupPresentsFoundAndMissing() async throws {
        let sut = makeSUT()
        places.answer = .success(.init(places: [DetailSeeds.izakaya], missingIDs: ["J999"], provider: .hotpepper))
        let asked = ShowPlaces.Request(
            ids: ["J999", DetailSeeds.izakaya.id], known: .init(places: [], region: nil, provider: .hotpepper), offline: true)

        let outcome = await sut.lookupRestaurants(Detail.Lookup.Request(places: asked, moment: Seeds.open.moment))

        #expect(places.requests == [asked], "the request handed to the use case as it is")
        let response = try #require(presenter.restaurantsResponses.first, "one response presented")
        #expect(try response.result.get() == [DetailSeeds.izakaya], "the izakaya found")
        #expect(response.missingIDs == ["J999"], "J999 reported missing")
        #expect(sut.restaurants == [DetailSeeds.izakaya], "the data store keeps what was shown")
        #expect(outcome == .nothingFound, "an id not found is not all shown")
    }

    @Test("the parts of merged places not looked up again and the centre reach the presenter")
    func lookupPresentsThePartsNotAsked() async throws {
        let sut = makeSUT()
        let center = Coordinate(lat: 35.68, lng: 139.76)
        let part = RestaurantPage.UnaskedID(id: "ChIJmiramiramiramiramira", error: .httpStatus(500))
        places.answer = .success(.init(places: [DetailSeeds.cafe], partsNotAsked: [part], provider: .osm))

        let outcome = await sut.lookupRestaurants(
            Detail.Lookup.Request(places: .init(ids: [DetailSeeds.cafe.id], center: center), moment: Seeds.open.moment))

        let response = try #require(presenter.restaurantsResponses.first, "one response presented")
        #expect(response.partsNotAsked == [part], "the part named")
        #expect(response.center == center, "the request's centre, for the walk there")
        #expect(outcome == .shown, "the place is shown, as kept")
    }

    @Test("a lookup by id hands on where the shops are, so their hours are read on their clock")
    func lookupPresentsTheRegionTheServiceGave() async throws {
        let sut = makeSUT()
        let region = RestaurantPage.Region(timeZone: "Europe/Paris", countryCode: "FR")
        places.answer = .success(.init(places: [DetailSeeds.izakaya], region: region, provider: .hotpepper))

        _ = await sut.lookupRestaurants(
            Detail.Lookup.Request(places: .init(ids: [DetailSeeds.izakaya.id]), moment: Seeds.open.moment))

        let response = try #require(presenter.restaurantsResponses.first, "one response presented")
        #expect(response.region == region, "the lookup's region, not none")
        #expect(sut.region == region, "kept in the data store for the card's page")
    }

    @Test("the use case's failure is presented as a failure")
    func lookupFailure() async {
        let sut = makeSUT()
        places.answer = .failure(.rejectedKey(message: "bad key", service: .hotpepper))

        let outcome = await sut.lookupRestaurants(Detail.Lookup.Request(places: .init(ids: ["J1"]), moment: Seeds.open.moment))

        #expect(outcome == .serviceFailed(.rejectedKey(message: "bad key", service: .hotpepper)), "the service's failure")

        guard case .failure(let error) = presenter.restaurantsResponses.first?.result else {
            Issue.record("expected a failure response"); return
        }
        #expect(error == .rejectedKey(message: "bad key", service: .hotpepper), "the use case's error")
    }

    @Test("showing passed restaurants presents the data store's shops and asks the use case nothing")
    func showPassedUsesTheDataStore() throws {
        let sut = makeSUT()
        sut.restaurants = [DetailSeeds.cafe]

        _ = sut.showPassedRestaurants(Detail.ShowPassed.Request(moment: Seeds.open.moment))

        #expect(places.requests.isEmpty, "no request to the service")
        let response = try #require(presenter.restaurantsResponses.first, "one response presented")
        #expect(try response.result.get() == [DetailSeeds.cafe], "exactly the passed shop")
        #expect(response.missingIDs.isEmpty, "nothing missing")
    }

    @Test("open looks the one id up and presents the shop, or nil when unknown")
    func openPageLooksUp() async throws {
        let sut = makeSUT()
        let known = ShowPlaces.KnownPlaces(places: [DetailSeeds.cafe], region: nil, provider: .hotpepper)
        places.answer = .success(.init(places: [DetailSeeds.cafe], provider: .hotpepper))
        _ = await sut.openPage(Detail.OpenPage.Request(id: DetailSeeds.cafe.id, known: known))
        places.answer = .success(.init(places: [], missingIDs: ["J404"], provider: .hotpepper))
        _ = await sut.openPage(Detail.OpenPage.Request(id: "J404"))

        #expect(
            places.requests == [.init(ids: [DetailSeeds.cafe.id], known: known), .init(ids: ["J404"])],
            "one lookup per open, the last list's kept places with it")
        #expect(try presenter.pageResponses.map { try $0.result.get() } == [DetailSeeds.cafe, nil], "the cafe, then nothing")
        #expect(presenter.pageResponses.map(\.id) == [DetailSeeds.cafe.id, "J404"], "the ids asked for")
        #expect(opener.urls == [DetailSeeds.cafe.urls.shop], "the cafe's page handed to the browser once")
        #expect(
            presenter.pageResponses.map(\.attempt) == [.opened(.opened), nil], "what the opener said; nothing to open for J404")
    }

    @Test("open with --print-url, or for a made-up stub address, never calls the browser; a passed shop needs no lookup")
    func openPageWithoutTheBrowser() async throws {
        let sut = makeSUT()
        places.answer = .success(.init(places: [DetailSeeds.cafe], provider: .hotpepper))
        _ = await sut.openPage(Detail.OpenPage.Request(id: DetailSeeds.cafe.id, printOnly: true))
        var stubShop = DetailSeeds.cafe
        stubShop.urls.shop = "https://stub.foodlogger.invalid/shops/J900000001/"
        sut.restaurants = [stubShop]
        _ = await sut.openPage(Detail.OpenPage.Request(id: nil))

        #expect(presenter.pageResponses.map(\.attempt) == [.printOnly, .madeUp], "printed, then said to be made up")
        #expect(opener.urls.isEmpty, "the browser was never asked")
        #expect(places.requests.map(\.ids) == [[DetailSeeds.cafe.id]], "the passed shop was not looked up again")
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
