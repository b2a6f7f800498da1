@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Restaurants for the map and data-format tests, written for them: tricky text on purpose.
@MainActor
enum MapSeeds {
    static let tokyo = Coordinate(lat: 35.6812, lng: 139.7671)

    static func restaurant(
        _ id: String, _ name: String, at coordinate: Coordinate, genre: String = "居酒屋",
        access: String = "東京駅から徒歩3分"
    ) -> Restaurant {
        Restaurant(
            id: id, name: name, genre: .init(code: "G001", name: genre, catchCopy: ""), coordinate: coordinate,
            address: "東京都千代田区丸の内1-9-1", open: "月～金: 11:00～23:00",
            urls: .init(shop: "https://www.hotpepper.jp/str\(id)/", photo: "https://imgfp.hotp.jp/\(id).jpg"),
            provider: .hotpepper,
            hotpepper: HotpepperDetails(
                budget: .init(code: "B002", name: "2001～3000円", average: "2500円"), stationName: "東京", access: access))
    }

    /// Names and access text that break naive CSV, JSON and HTML writers.
    static let tricky = [
        restaurant(
            "J001", "酒場 \"とりあえず\", 本店", at: Coordinate(lat: 35.6822, lng: 139.7671),
            access: "八重洲口から徒歩2分\n地下1階、奥の扉"),
        restaurant("J002", "ｶﾌｪ・ﾄﾞ・ﾊﾟﾘ ☕️🍰", at: Coordinate(lat: 35.6812, lng: 139.7691), genre: "カフェ・スイーツ"),
        restaurant("J003", "</script><b>x</b> & 'co'", at: Coordinate(lat: 35.6802, lng: 139.7651), access: "a,b\r\nc"),
    ]

    static let trickyListing = RestaurantListing(
        RestaurantPage(total: 3, start: 1, restaurants: tricky), query: RestaurantQuery(center: tokyo), open: Seeds.open)
}
