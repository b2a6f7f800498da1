import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct GourmetRequestTests {
    let base = URL(string: "http://127.0.0.1:8080/hotpepper/")!

    @Test func locationSearchQueryString() {
        var query = RestaurantQuery(center: Coordinate(lat: 35.6812, lng: 139.7671), range: .m500)
        query.genres = ["G001", "G013"]; query.budgets = ["B002"]; query.filters = [.privateRoom, .lunch]
        query.order = .kana
        let url = GourmetRequest.url(for: query, key: "k", baseURL: base)
        #expect(
            url.absoluteString == "http://127.0.0.1:8080/hotpepper/gourmet/v1/?key=k&format=json&lat=35.6812"
                + "&lng=139.7671&range=2&genre=G001&genre=G013&budget=B002&private_room=1&lunch=1&start=1&count=10",
            "order is not sent with a centre; filters are 1")
    }

    @Test func valuesCannotAddParameters() {
        let query = RestaurantQuery(keyword: "ramen&key=x 東京", order: .genre, start: 11, count: 20)
        let url = GourmetRequest.url(for: query, key: "k", baseURL: base)
        #expect(
            url.query == "key=k&format=json&keyword=ramen%26key%3Dx%20%E6%9D%B1%E4%BA%AC&order=2&start=11&count=20",
            "& and = are encoded inside the keyword")
    }

    @Test func idsAreRepeated() {
        let url = GourmetRequest.url(for: RestaurantQuery(ids: ["J1", "J2"]), key: "k", baseURL: base)
        #expect(url.query == "key=k&format=json&id=J1&id=J2&start=1&count=10", "one id parameter each")
    }

    @Test func redactionHidesTheKey() {
        let url = GourmetRequest.url(for: RestaurantQuery(keyword: "a"), key: "s3cr3t+/=", baseURL: base)
        let shown = Redaction.shown(url, key: "s3cr3t+/=")
        #expect(!shown.contains("s3cr3t"), "the key is gone")
        #expect(shown.contains("key=REDACTED&format=json&keyword=a"), "the rest is kept")
    }
}
