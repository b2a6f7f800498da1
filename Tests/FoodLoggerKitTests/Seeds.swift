import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The browser: records the addresses it was handed and answers with `outcome`.
final class OpenerSpy: URLOpening, @unchecked Sendable {
    private let lock = NSLock()
    private var opened: [String] = []
    private var answer: URLOpenOutcome
    init(outcome: URLOpenOutcome = .opened) { answer = outcome }
    var urls: [String] { lock.withLock { opened } }
    var outcome: URLOpenOutcome {
        get { lock.withLock { answer } }
        set { lock.withLock { answer = newValue } }
    }
    func open(_ url: String) async -> URLOpenOutcome {
        lock.withLock {
            opened.append(url)
            return answer
        }
    }
}

/// Test data written for this project (no real shop's text).
enum Seeds {
    static let tokyoStation = Coordinate(lat: 35.6812, lng: 139.7671)

    static func restaurant(
        _ id: String, name: String, lat: Double, lng: Double, genre: String = "居酒屋",
        genreCode: String = "G001"
    ) -> Restaurant {
        Restaurant(
            id: id, name: name, genre: .init(code: genreCode, name: genre, catchCopy: "旬の魚"),
            coordinate: Coordinate(lat: lat, lng: lng), address: "東京都千代田区丸の内1-1",
            open: "月～金: 11:00～23:00", close: "日",
            urls: .init(shop: "https://example.invalid/\(id)/", photo: "https://example.invalid/\(id).jpg"),
            provider: .hotpepper,
            hotpepper: HotpepperDetails(
                nameKana: "てすと", catchCopy: "駅から近い",
                budget: .init(code: "B002", name: "2001～3000円", average: "2500円"), stationName: "東京",
                access: "東京駅から徒歩3分", couponPC: "https://example.invalid/\(id)/coupon"))
    }

    enum Restaurants {
        /// About 110 m north of Tokyo Station.
        static let near = Seeds.restaurant("J0000000001", name: "丸の内 しずく亭", lat: 35.6822, lng: 139.7671)
        /// About 560 m east.
        static let middle = Seeds.restaurant(
            "J0000000002", name: "八重洲 Grill, \"Bistro\"", lat: 35.6812, lng: 139.7733,
            genre: "洋食", genreCode: "G006")
        /// About 1.1 km south.
        static let far = Seeds.restaurant(
            "J0000000003", name: "京橋 ラーメン一番星", lat: 35.6712, lng: 139.7671,
            genre: "ラーメン", genreCode: "G013")
    }

    enum Pages {
        static let tokyo = RestaurantPage(
            total: 25, start: 1,
            restaurants: [Restaurants.far, Restaurants.near, Restaurants.middle])
        static let empty = RestaurantPage(total: 0, start: 1, restaurants: [])
    }

    /// OpenStreetMap's shops as the Overpass decoder makes them: no budget, reading or station,
    /// their hours in `opening_hours`.
    enum OSM {
        static func shop(_ id: String, name: String, lat: Double, lng: Double, cuisine: String, hours: String?) -> Restaurant {
            Restaurant(
                id: id, name: name, genre: .init(code: "", name: cuisine, catchCopy: ""),
                coordinate: Coordinate(lat: lat, lng: lng), address: "1 Rue d'Essai, Paris",
                urls: .init(shop: "https://www.openstreetmap.org/\(id)", photo: ""), provider: .osm, osmOpeningHours: hours)
        }

        static let paris = shop(
            "node/1001", name: "Bistrot d'Essai", lat: 48.8566, lng: 2.3522, cuisine: "french",
            hours: "Mo-Sa 12:00-14:30,19:00-22:30")
        static let newYork = shop(
            "node/1002", name: "Test Diner", lat: 40.758, lng: -73.9855, cuisine: "diner", hours: "24/7")
        static let unreadable = shop(
            "way/1003", name: "Café Flou", lat: 48.857, lng: 2.353, cuisine: "coffee shop", hours: "when we feel like it")
        static let parisRegion = RestaurantPage.Region(timeZone: "Europe/Paris", countryCode: "FR")
        static let newYorkRegion = RestaurantPage.Region(timeZone: "America/New_York", countryCode: "US")
        static let center = Coordinate(lat: 48.8566, lng: 2.3522)
        static let page = RestaurantPage(
            total: 2, start: 1, restaurants: [paris, unreadable], region: parisRegion, provider: .osm)
    }

    /// Google's places as its decoder makes them: reviews, a price level, a business status,
    /// weekly hours written in `opening_hours` syntax, on a fixed UTC offset.
    enum Google {
        static let kyoto = Restaurant(
            id: "ChIJtestKyotoNoodleBar00001", name: "Test Noodle Bar",
            genre: .init(code: "ramen_restaurant", name: "Ramen restaurant", catchCopy: ""),
            coordinate: Coordinate(lat: 35.0116, lng: 135.7681), address: "1 Test-dori, Kyoto",
            urls: .init(shop: "https://maps.google.com/?cid=1", photo: ""), provider: .google,
            osmOpeningHours: "Mo-Su 11:00-22:00", rating: 4.25, ratingCount: 1234, priceLevel: 2,
            businessStatus: .operational)
        static let gone = Restaurant(
            id: "ChIJtestKyotoClosedCafe0002", name: "Test Closed Café", genre: .init(code: "cafe", name: "Cafe", catchCopy: ""),
            coordinate: Coordinate(lat: 35.012, lng: 135.769), address: "2 Test-dori, Kyoto",
            urls: .init(shop: "https://maps.google.com/?cid=2", photo: ""), provider: .google,
            osmOpeningHours: "Mo-Su 00:00-24:00", businessStatus: .closedPermanently)
        static let region = RestaurantPage.Region(timeZone: "GMT+0900", countryCode: "JP")
        static let page = RestaurantPage(total: 2, start: 1, restaurants: [kyoto, gone], region: region, provider: .google)
    }

    static let query = RestaurantQuery(center: tokyoStation, range: .m3000)
    /// Whether shops are open, asked at the tests' fixed "now" (Friday 19:30 in Japan).
    static let open = OpenQuestion(moment: .now(CLIRun.friday))
}
