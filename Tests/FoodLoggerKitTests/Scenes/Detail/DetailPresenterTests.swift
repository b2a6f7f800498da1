import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite("DetailPresenter")
struct DetailPresenterTests {
    final class DisplaySpy: DetailDisplayLogic {
        var restaurantViewModels: [Detail.Lookup.ViewModel] = []
        var pageViewModels: [Detail.OpenPage.ViewModel] = []
        func displayRestaurants(_ viewModel: Detail.Lookup.ViewModel) {
            record(viewModel, in: &restaurantViewModels)
        }
        func displayPage(_ viewModel: Detail.OpenPage.ViewModel) {
            record(viewModel, in: &pageViewModels)
        }
    }

    let display = DisplaySpy()

    func makeSUT() -> DetailPresenter {
        let sut = DetailPresenter()
        sut.viewController = display
        return sut
    }

    func cards(_ viewModel: Detail.Lookup.ViewModel?) throws -> Detail.Lookup.ViewModel.Cards {
        guard case .cards(let cards) = viewModel?.content else { throw CardsMissing() }
        return cards
    }
    struct CardsMissing: Error {}

    func field(_ label: String, in card: TextCard) -> String? {
        card.sections.flatMap(\.fields).first { $0.label == label }?.value
    }

    @Test("a card holds the shop's details, with amenities in words and the shop's memo kept")
    func cardContent() throws {
        makeSUT().presentRestaurants(.init(result: .success([DetailSeeds.izakaya]), moment: Seeds.open.moment))

        let viewModel = try cards(display.restaurantViewModels.first)
        let card = try #require(viewModel.cards.first, "one card")
        #expect(card.title == "炉端 こはく 八重洲店" && card.subtitle == "ろばた こはく やえすてん", "name and reading")
        #expect(field("Genre", in: card) == "居酒屋 / 和食 — 炭火の炉端焼き", "genre, sub-genre and the genre's catch")
        #expect(field("Catch", in: card) == "朝獲れ鮮魚を炉端で", "the shop's catch")
        #expect(field("Budget", in: card) == "3001～4000円 · average 3500円", "budget name and average")
        #expect(field("Budget note", in: card) == "お通し300円", "budget memo")
        #expect(field("Capacity", in: card) == "48 seats · parties up to 30", "both capacities")
        #expect(field("Hours", in: card)?.hasPrefix("月～金") == true, "opening hours")
        #expect(field("Closed", in: card) == "日、祝日", "closing days")
        #expect(field("Other", in: card) == "アレルギーはご相談ください", "other memo")
        #expect(field("Shop notes", in: card) == nil, "an empty memo is left out")
        #expect(field("Coupon", in: card) == "https://coupon.example/sp/101", "the smartphone coupon first")
        let amenities = try #require(card.sections.first { $0.title == "Amenities" }).fields
        #expect(
            amenities == [
                .init("Wi-Fi", "yes"), .init("Private room", "yes — 個室あり"), .init("Credit cards", "yes"),
                .init("Non-smoking", "一部禁煙"), .init("Parking", "no"), .init("English menu", "unknown"),
                .init("Children welcome", "yes — ベビーカー入店可"),
            ], "each amenity by its label, yes/no/unknown, memos and other words kept")
        #expect(viewModel.missing == nil, "nothing missing")
    }

    @Test("a Google card says the rating, the price level in the country's currency and a closure")
    func googleCard() {
        let clock = OpenClock(Seeds.open.moment, region: Seeds.Google.region)
        let open = DetailPresenter.card(Seeds.Google.kyoto, on: clock)
        #expect(
            field("Rating", in: open) == "4.2 of 5 · 1,234 reviews" || field("Rating", in: open) == "4.3 of 5 · 1,234 reviews")
        #expect(field("Budget", in: open) == "¥¥" && field("Status", in: open) == nil, "\(open)")
        #expect(field("Hours", in: open) == "Mo-Su 11:00-22:00")
        let gone = DetailPresenter.card(Seeds.Google.gone, on: clock)
        #expect(field("Status", in: gone) == "closed for good" && field("Rating", in: gone) == nil, "\(gone)")
        #expect(field("Open now", in: gone) == nil, "the Status line says it, and no hours are pointed to: \(gone)")
    }

    @Test("the listing holds every shop with all its details, and no search frame")
    func listing() throws {
        makeSUT().presentRestaurants(.init(result: .success([DetailSeeds.izakaya]), moment: Seeds.open.moment))

        let listing = try cards(display.restaurantViewModels.first).listing
        #expect(listing.search == nil, "show has no centre, total or start")
        #expect(
            listing.records == RestaurantListing(details: [DetailSeeds.izakaya], at: Seeds.open.moment, region: nil).records,
            "every detail")
    }

    @Test("missing ids are named, found shops are still shown")
    func missingIDs() throws {
        makeSUT().presentRestaurants(
            .init(result: .success([DetailSeeds.cafe]), missingIDs: ["J404", "J405"], moment: Seeds.open.moment))

        let viewModel = try cards(display.restaurantViewModels.first)
        #expect(viewModel.cards.map(\.title) == ["Café Lumière"], "the found shop's card")
        #expect(viewModel.missing == "no restaurant has the ids J404, J405", "both missing ids named")
    }

    @Test("a service failure becomes its message")
    func failure() {
        makeSUT().presentRestaurants(.init(result: .failure(.network(.timedOut, detail: "10 s")), moment: Seeds.open.moment))

        let viewModel = display.restaurantViewModels.first
        #expect(
            viewModel?.content == .failure(message: ServiceError.network(.timedOut, detail: "10 s").localizedDescription),
            "the error's own message")
    }

    @Test("open: the page address, or why there is none")
    func openPage() {
        let sut = makeSUT()
        let url = "https://www.hotpepper.jp/strJ000000202/"
        for attempt: PageAttempt in [
            .printOnly, .opened(.opened), .opened(.unavailable), .opened(.failed(reason: "xdg-open exited with status 3")),
            .madeUp,
        ] {
            sut.presentPage(.init(id: DetailSeeds.cafe.id, result: .success(DetailSeeds.cafe), attempt: attempt))
        }
        sut.presentPage(.init(id: "J404", result: .success(nil)))
        sut.presentPage(.init(id: DetailSeeds.cafe.id, result: .success(DetailSeeds.cafe), attempt: nil))

        #expect(
            display.pageViewModels == [
                .init(content: .page(address: url, note: nil)),
                .init(content: .page(address: nil, note: "Opened \(url)")),
                .init(
                    content: .page(
                        address: url,
                        note:
                            "foodlogger: no browser was started: set BROWSER, or install xdg-open (open on macOS). The address is on stdout."
                    )),
                .init(
                    content: .page(
                        address: url,
                        note: "foodlogger: cannot open the page: xdg-open exited with status 3. The address is on stdout.")),
                .init(
                    content: .page(
                        address: url,
                        note: "foodlogger: no page to open: \(url) is the page of a place the offline stub (--stub) made up.")),
                .init(content: .failure(message: "no restaurant has the id J404")),
                .init(
                    content: .failure(message: "\(DetailSeeds.cafe.name) (\(DetailSeeds.cafe.id)) has no page address")),
            ], "each outcome in words, a missing id, and a shop without an address")
        // And the exit status of each is the interactor's outcome's, made once by the command
        let shop: Result<Restaurant?, ServiceError> = .success(DetailSeeds.cafe)
        let statuses = [
            DetailInteractor.outcome(shop, attempt: .printOnly), DetailInteractor.outcome(shop, attempt: .opened(.opened)),
            DetailInteractor.outcome(shop, attempt: .opened(.unavailable)),
            DetailInteractor.outcome(shop, attempt: .opened(.failed(reason: "x"))),
            DetailInteractor.outcome(shop, attempt: .madeUp),
            DetailInteractor.outcome(.success(nil), attempt: nil), DetailInteractor.outcome(shop, attempt: nil),
            DetailInteractor.outcome(.failure(.httpStatus(503)), attempt: nil),
        ].map(ExitCode.init)
        #expect(
            statuses == [.success, .success, .success, .unavailable, .success, .noResults, .noResults, .unavailable],
            "\(statuses)")
    }

    @Test(
        "amenity answers in words",
        arguments: [
            ("あり ：個室あり", "yes — 個室あり"), ("なし", "no"), ("未確認", "unknown"), ("利用可", "yes"),
            ("利用不可", "no"), ("貸切可 ：50名様から", "yes — 50名様から"), ("営業していない", "no"),
            ("全面禁煙", "yes"), ("一部禁煙", "一部禁煙"), ("", ""),
        ])
    func amenityWords(value: String, expected: String) {
        #expect(DetailPresenter.amenityValue(value) == expected, "\(value) reads as \(expected)")
    }
}

/// OpenStreetMap's shops on a card: their hours as tagged, no empty budget, OSM's credit.
extension DetailPresenterTests {
    @Test func anOSMCardHasItsHoursAndOSMsCredit() throws {
        // Given a Paris shop passed from a search in Paris, asked about Friday 20:00 there
        let sut = makeSUT()
        let moment = OpenQuestion.Moment.wallClock(day: .weekday(.friday), minute: 1200, asked: CLIRun.friday)
        // When its card is presented
        sut.presentRestaurants(
            .init(
                result: .success([Seeds.OSM.paris]), moment: moment, askedAbout: true, region: Seeds.OSM.parisRegion))
        let cards = try cards(display.restaurantViewModels.first)
        let fields = cards.cards[0].sections.flatMap(\.fields)
        // Then it is open then, the hours are the tag's, nothing is said of a budget, and OSM is credited
        #expect(fields.contains(.init("Open fri 20:00", "open · fri 12:00–14:30, 19:00–22:30")), "\(fields)")
        #expect(fields.contains(.init("Hours", "Mo-Sa 12:00-14:30,19:00-22:30")), "\(fields)")
        #expect(!fields.contains { $0.label.hasPrefix("Budget") }, "no budget line")
        #expect(cards.footer == ["© OpenStreetMap contributors (https://www.openstreetmap.org/copyright)"])
    }

    @Test func aCardFromASearchGivesTheWalkFromItsCentreAndTheDiets() throws {
        // Given a vegan place 160 m due east of the search's centre, on a terminal without UTF-8
        var shop = Seeds.OSM.paris
        shop.diets = [.vegetarian, .vegan]
        let centre = Coordinate(
            lat: shop.coordinate.lat, lng: shop.coordinate.lng - 160 / (111_195 * cos(shop.coordinate.lat * .pi / 180)))
        let sut = DetailPresenter(unicode: false)
        sut.viewController = display

        // When its card is presented with the centre, and again without one (`show`)
        sut.presentRestaurants(.init(result: .success([shop]), moment: Seeds.open.moment, center: centre))
        sut.presentRestaurants(.init(result: .success([shop]), moment: Seeds.open.moment))

        // Then the first says the straight-line walk, east in letters; both say the diets
        let card = try #require(try cards(display.restaurantViewModels.first).cards.first, "a card")
        #expect(field("Walk", in: card) == "160 m · 2 min E (straight line)", "\(card)")
        #expect(field("Diet", in: card) == "vegetarian, vegan", "\(card)")
        let shown = try #require(try cards(display.restaurantViewModels.last).cards.first, "a card")
        #expect(field("Walk", in: shown) == nil && field("Diet", in: shown) == "vegetarian, vegan", "no centre, no walk")
    }

    @Test func aCardForAUserOfImperialUnitsGivesTheWalkInFeet() throws {
        // Given a place 160 m due east of the search's centre, for a user of feet and miles
        let shop = Seeds.OSM.paris
        let centre = Coordinate(
            lat: shop.coordinate.lat, lng: shop.coordinate.lng - 160 / (111_195 * cos(shop.coordinate.lat * .pi / 180)))
        let sut = DetailPresenter(unicode: false, units: .imperial)
        sut.viewController = display
        // When its card is presented with the centre
        sut.presentRestaurants(.init(result: .success([shop]), moment: Seeds.open.moment, center: centre))
        // Then the walk is in feet
        let card = try #require(try cards(display.restaurantViewModels.first).cards.first, "a card")
        #expect(field("Walk", in: card) == "520 ft · 2 min E (straight line)", "\(card)")
    }

    @Test func aCardFromASearchLinksTheWayThereFromItsCentre() throws {
        // Given an OpenStreetMap place and the search's centre
        let shop = Seeds.OSM.paris
        let centre = Coordinate(lat: shop.coordinate.lat, lng: shop.coordinate.lng - 0.002)
        let sut = DetailPresenter(unicode: false)
        sut.viewController = display
        // When its card is presented with the centre, and again without one (`show`)
        sut.presentRestaurants(.init(result: .success([shop]), moment: Seeds.open.moment, center: centre))
        sut.presentRestaurants(.init(result: .success([shop]), moment: Seeds.open.moment))
        // Then the first links OpenStreetMap's walk from the centre; the second has no such line
        let card = try #require(try cards(display.restaurantViewModels.first).cards.first, "a card")
        #expect(field("Directions", in: card) == shop.directions(from: centre), "\(card)")
        #expect(field("Directions", in: card)?.hasPrefix("https://www.openstreetmap.org/directions?") == true)
        let shown = try #require(try cards(display.restaurantViewModels.last).cards.first, "a card")
        #expect(field("Directions", in: shown) == nil, "no centre, no way there")
    }
}
