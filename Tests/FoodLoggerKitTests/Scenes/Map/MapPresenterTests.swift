import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
final class MapDisplayLogicSpy: MapDisplayLogic {
    var viewModels: [Map.Restaurants.ViewModel] = []
    var screens: [Map.Explore.ViewModel] = []
    var pages: [Map.Page.ViewModel] = []
    func displayRestaurants(_ viewModel: Map.Restaurants.ViewModel) {
        record(viewModel, in: &viewModels)
    }
    func displayExplorer(_ viewModel: Map.Explore.ViewModel) { screens.append(viewModel) }
    func displayPage(_ viewModel: Map.Page.ViewModel) { pages.append(viewModel) }
}

@MainActor
@Suite struct MapPresenterTests {
    func present(_ result: Result<RestaurantPage, ServiceError>, center: Coordinate = MapSeeds.tokyo) -> Map.Restaurants
        .ViewModel?
    {
        let sut = MapPresenter(), spy = MapDisplayLogicSpy()
        sut.viewController = spy
        sut.presentRestaurants(
            .init(
                result: result.map { .init(list: FoundPlaces(page: $0, query: RestaurantQuery(center: center)), center: center) },
                query: RestaurantQuery(center: center),
                open: Seeds.open, viewport: .init(width: 60, height: 20)))
        return spy.viewModels.first
    }

    @Test("a map, a legend row per marker and the credit")
    func found() throws {
        let viewModel = try #require(present(.success(RestaurantPage(total: 3, start: 1, restaurants: MapSeeds.tricky))))
        guard case .drawing(let drawing) = viewModel.content else { Issue.record("expected a drawing"); return }
        #expect(drawing.map.width == 60 && drawing.map.height == 20, "the viewport's size")
        #expect(drawing.legend.rows.map { $0[0] } == ["1", "2", "3"], "each marker's key")
        #expect(drawing.legend.rows[0][1] == MapSeeds.tricky[0].name, "the name beside its key")
        #expect(drawing.legend.rows.allSatisfy { !$0.joined().contains("\n") }, "legend cells are one line")
        #expect(drawing.footer.last == Provider.hotpepper.creditLine, "the service's credit")
    }

    @Test("nothing found: the map with its centre, a notice")
    func nothingFound() throws {
        let viewModel = try #require(present(.success(RestaurantPage(total: 0, start: 1, restaurants: []))))
        guard case .drawing(let drawing) = viewModel.content else { Issue.record("expected a drawing"); return }
        #expect(drawing.map.cells.joined().contains { $0.ink == .center }, "the centre is drawn")
        #expect(drawing.notice?.hasPrefix("No restaurants found") == true, "says so")
    }

    @Test("a failure is reported as the error's own line")
    func failure() throws {
        let error = ServiceError.rejectedKey(message: "no", service: .hotpepper)
        let viewModel = try #require(present(.failure(error)))
        guard case .failure(let message) = viewModel.content else { Issue.record("expected a failure"); return }
        #expect(message == error.localizedDescription, "the error's own line; its exit code is the interactor's outcome's")
    }

    @Test(
        "what happened to a page is one status line, with the address wherever the browser does not have it",
        arguments: [
            (PageAttempt.opened(.opened), "Opened https://www.hotpepper.jp/strJ1/"),
            (
                .opened(.unavailable),
                "no browser was started: set BROWSER, or install xdg-open (open on macOS). The page is https://www.hotpepper.jp/strJ1/"
            ),
            (
                .opened(.failed(reason: "xdg-open exited with 3")),
                "cannot open the page: xdg-open exited with 3. The page is https://www.hotpepper.jp/strJ1/"
            ),
            (
                .madeUp,
                "no page to open: https://www.hotpepper.jp/strJ1/ is the page of a place the offline stub (--stub) made up."
            ),
        ] as [(PageAttempt, String)])
    func pageNote(attempt: PageAttempt, note: String) {
        let sut = MapPresenter(), spy = MapDisplayLogicSpy()
        sut.viewController = spy
        var shop = MapSeeds.restaurant("J1", "一番目の店", at: MapSeeds.tokyo)
        shop.urls.shop = "https://www.hotpepper.jp/strJ1/"
        sut.presentPage(.init(restaurant: shop, attempt: attempt))
        #expect(spy.pages == [.init(note: note)], "\(attempt)")
    }

    @Test func aShopWithoutAPageSaysSoAsOpenDoes() {
        let sut = MapPresenter(), spy = MapDisplayLogicSpy()
        sut.viewController = spy
        var shop = MapSeeds.restaurant("J1", "一番目の店", at: MapSeeds.tokyo)
        shop.urls.shop = ""
        sut.presentPage(.init(restaurant: shop, attempt: nil))
        #expect(spy.pages == [.init(note: "一番目の店 (J1) has no page address")], "the words of `open`'s failure")
        #expect(DetailPresenter.page("", of: shop, attempt: nil).content == .failure(message: spy.pages[0].note), "one wording")
        shop.name = "店\u{1B}]0;title\u{07}"
        #expect(PageText.noAddress(shop) == #"店\u{1B}]0;title\u{7} (J1) has no page address"#, "the service's name made safe")
    }

    @Test func shopsBeyondTheRadiusKeepTheirStarAtAnyWidth() throws {
        let far = [
            MapSeeds.restaurant(
                "J1", "海の見える炭火焼きとワインの店 港町本店", at: Coordinate(lat: MapSeeds.tokyo.lat + 0.058, lng: MapSeeds.tokyo.lng)),
            MapSeeds.restaurant(
                "J2", "山の上の手打ち蕎麦と天ぷらの店 峠茶屋", at: Coordinate(lat: MapSeeds.tokyo.lat + 0.0645, lng: MapSeeds.tokyo.lng)),
        ]
        let map = TerminalMap(
            center: MapSeeds.tokyo, radiusMetres: 1000,
            markers: far.enumerated().map { .init(number: $0.offset + 1, coordinate: $0.element.coordinate) }, width: 40,
            height: 12)
        let legend = MapPresenter.legend(
            map, page: RestaurantPage(total: 2, start: 1, restaurants: far), center: MapSeeds.tokyo, open: Seeds.open,
            unicode: true)
        let distance = try #require(legend.rows.first?[3])
        #expect(legend.rows.count == 1 && distance.hasSuffix(" m*"), "one clamped group: \(legend.rows)")
        for width in 16...60 {
            let drawn = TableRenderer.render(legend, width: width, bold: false).joined(separator: "\n")
            #expect(
                drawn.contains(distance) || !drawn.contains("Dist."), "at \(width) columns the range is whole or gone: \(drawn)")
            #expect(width < 40 || drawn.contains(distance), "at \(width) columns the genre goes before the distance: \(drawn)")
            #expect(drawn.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= width }, "within \(width) columns")
        }
    }

    @Test func aShopLeftOutOfThePageIsWarnedAboutOnce() throws {
        let dropped = RestaurantPage.DroppedShop(id: "J666", name: "遠い店", coordinate: .init(lat: .nan, lng: 139.7))
        let page = RestaurantPage(total: 4, start: 1, restaurants: MapSeeds.tricky, dropped: [dropped])
        let viewModel = try #require(present(.success(page)))
        guard case .drawing(let drawing) = viewModel.content else { Issue.record("expected a drawing"); return }
        let expected = "warning: left out '遠い店' (J666): the service placed it at lat nan, lng 139.7, which is not on the Earth."
        #expect(drawing.warnings == [expected], "one warning naming the shop")
    }

    @Test func theInteractiveMapWarnsOnlyWithTheAnswerThatLeftAShopOut() throws {
        let sut = MapPresenter(), spy = MapDisplayLogicSpy()
        sut.viewController = spy
        let search = Map.Explore.Search(centre: MapSeeds.tokyo, range: .m1000)
        let state = Map.Explore.State(home: MapSeeds.tokyo, searched: search, viewCentre: MapSeeds.tokyo)
        let dropped = RestaurantPage.DroppedShop(id: "J666", name: "遠い店", coordinate: .init(lat: 1e308, lng: 139.7))
        sut.presentExplorer(.init(state: state, size: .init(columns: 80, rows: 24), open: Seeds.open, dropped: [dropped]))
        sut.presentExplorer(.init(state: state, size: .init(columns: 80, rows: 24), open: Seeds.open))
        #expect(spy.screens.map(\.warnings.count) == [1, 0], "told with the search's answer, not on every redraw")
        #expect(spy.screens[0].warnings[0].contains("'遠い店' (J666)"), "naming the shop")
    }
}
