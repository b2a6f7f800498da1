import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Every renderer, fed coordinates no page should hold (the domain drops them, but a map's
/// centre and zoom come from the user too, and a renderer must not trust its caller): none
/// traps, and none writes "inf" or "nan" where a number goes.
@MainActor
@Suite struct ExtremeCoordinateTests {
    nonisolated static let extremes: [Double] = [
        1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0, -0.0, 90.0000001, -90.0000001,
        180.0000001, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e15, .infinity,
        -.infinity, .nan,
    ]

    /// Each extreme as a latitude and as a longitude, beside a shop in the ordinary place.
    static func shops(_ value: Double) -> [Restaurant] {
        [
            MapSeeds.restaurant("J1", "緯度", at: Coordinate(lat: value, lng: 139.7671)),
            MapSeeds.restaurant("J2", "経度", at: Coordinate(lat: 35.6812, lng: value)),
            MapSeeds.restaurant("J3", "両方", at: Coordinate(lat: value, lng: value)),
            MapSeeds.restaurant("J4", "東京駅", at: MapSeeds.tokyo),
        ]
    }

    /// "inf", "-inf", "nan", "infinity" standing where a number would.
    static func writesANonFiniteNumber(_ text: String) -> Bool {
        text.range(of: #"(?i)(^|[=:"\s(,\[])-?(inf(inity)?|nan)($|[",\s)\]])"#, options: .regularExpression) != nil
    }

    static func listing(_ value: Double, center: Coordinate? = MapSeeds.tokyo) -> RestaurantListing {
        RestaurantListing(
            RestaurantPage(total: 4, start: 1, restaurants: shops(value)), query: RestaurantQuery(center: center),
            open: Seeds.open)
    }

    @Test(arguments: extremes)
    func dataFormatsWriteNoNonFiniteNumber(value: Double) {
        for center in [MapSeeds.tokyo, nil] {
            let listing = Self.listing(value, center: center)
            for format in [OutputFormat.json, .ndjson, .geojson, .csv, .html] {
                let text = String(decoding: format.render(listing, tiles: true), as: UTF8.self)
                #expect(text.contains("東京駅"), "\(format) writes the ordinary shop")
                #expect(!Self.writesANonFiniteNumber(text), "\(format) with \(value): no inf or nan")
            }
        }
    }

    /// JSON has no inf or nan: they are written null, so the document still parses.
    @Test(arguments: extremes)
    func jsonStillParses(value: Double) throws {
        let listing = Self.listing(value)
        let json = String(decoding: OutputFormat.json.render(listing, tiles: false), as: UTF8.self)
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(json.utf8)) }
        for line in String(decoding: OutputFormat.ndjson.render(listing, tiles: false), as: UTF8.self).split(separator: "\n") {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
        }
        let geojson = String(decoding: OutputFormat.geojson.render(listing, tiles: false), as: UTF8.self)
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(geojson.utf8)) }
    }

    @Test(arguments: extremes)
    func tableAndCardDrawEveryShop(value: Double) {
        let page = RestaurantPage(total: 4, start: 1, restaurants: Self.shops(value))
        let table = TableRenderer.render(SearchPresenter.table(page, center: MapSeeds.tokyo, open: Seeds.open), width: 80)
        #expect(table.count >= 5, "a header and four rows")
        for shop in Self.shops(value) {
            let card = CardRenderer.render(DetailPresenter.card(shop, on: OpenClock(Seeds.open.moment, region: nil)), width: 60)
            #expect(!card.isEmpty && !Self.writesANonFiniteNumber(card.joined(separator: "\n")), "a card for \(shop.name)")
        }
    }

    @Test(arguments: extremes)
    func staticMapPlacesEveryShopInItsFrame(value: Double) {
        let markers = Self.shops(value).enumerated().map {
            TerminalMap.Marker(number: $0.offset + 1, coordinate: $0.element.coordinate)
        }
        for (width, height) in [(30, 10), (400, 200)] {
            let sut = TerminalMap(center: MapSeeds.tokyo, radiusMetres: 1000, markers: markers, width: width, height: height)
            #expect(sut.groups.allSatisfy { (1...width - 2).contains($0.column) && (1...height - 2).contains($0.row) })
            #expect(sut.lines(styled: true).count == height + 1, "the frame and the key")
        }
        // The centre is the user's: the same map around an extreme one.
        let around = TerminalMap(
            center: Coordinate(lat: value, lng: value), radiusMetres: 1000, markers: markers, width: 60, height: 20)
        #expect(around.groups.count >= 1, "every marker lands somewhere")
    }

    @Test(arguments: extremes)
    func interactiveMapLaysOutEveryShop(value: Double) throws {
        let sut = MapPresenter(), spy = MapDisplayLogicSpy()
        sut.viewController = spy
        let search = Map.Explore.Search(centre: MapSeeds.tokyo, range: .m1000)
        for viewCentre in [MapSeeds.tokyo, Coordinate(lat: value, lng: value)] {
            var state = Map.Explore.State(home: MapSeeds.tokyo, searched: search, viewCentre: viewCentre)
            state.restaurants = Self.shops(value)
            state.selected = 0
            sut.presentExplorer(.init(state: state, size: .init(columns: 120, rows: 40), open: Seeds.open))
            let shown = try #require(spy.screens.last)
            #expect(shown.hitTargets.allSatisfy { $0.row >= 0 && $0.row < 40 }, "targets on the screen")
        }
        let layout = MapScreenLayout(size: .init(columns: 80, rows: 24))
        for metresPerDot in [1.0, 1e-300, 1e300] {
            let dot = layout.dot(of: Coordinate(lat: value, lng: -value), centre: MapSeeds.tokyo, metresPerDot: metresPerDot)
            #expect(abs(dot.x) <= 2_000_000 && abs(dot.y) <= 2_000_000, "a dot, never a trap")
        }
    }
}
