import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct GourmetResponseDecoderTests {
    @Test(Samples.required) func samplesFolderIsThere() {
        #expect(Samples.files("gourmet").count >= 5, "the captured gourmet responses should be at \(Samples.root.path)")
        #expect(Samples.files("errors").count >= 2 && Samples.files("masters").count >= 2, "and the errors and masters")
    }

    /// Every real capture decodes, with every shop, and the fields the JSON output is made of.
    @Test(Samples.required, arguments: Samples.files("gourmet"))
    func everyRealCaptureDecodes(file: URL) throws {
        try Self.decodesWhole(file)
    }

    /// The project's own responses, one per quirk: checked on every machine.
    @Test(arguments: Fixtures.gourmet)
    func everyFixtureDecodes(file: String) throws {
        try Self.decodesWhole(Fixtures.url(file))
    }

    /// The fields other services fill stay as HOT PEPPER's shops always had them.
    @Test(arguments: Fixtures.gourmetWithShops)
    func hotpepperShopsSayWhereTheyCameFromAndNothingOfOSMs(file: String) throws {
        let page = try GourmetResponseDecoder.decode(Fixtures.data(file))
        #expect(!page.restaurants.isEmpty, "\(file) has shops")
        #expect(page.restaurants.allSatisfy { $0.provider == .hotpepper }, "every shop is HOT PEPPER's")
        #expect(page.restaurants.allSatisfy { $0.osmOpeningHours == nil }, "no hours in OSM's syntax")
        let osmOnly: Set<AmenityKind> = [.takeaway, .delivery, .smoking]
        #expect(page.restaurants.allSatisfy { $0.amenities.allSatisfy { !osmOnly.contains($0.kind) } }, "none of OSM's facts")
        #expect(page.region == nil, "no region said")
    }

    /// Decoding `file` keeps every shop, in order, with the fields the JSON output is made of.
    static func decodesWhole(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        let raw = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(raw["results"] as? [String: Any])
        let shops = results["shop"] as? [[String: Any]] ?? []

        let page = try GourmetResponseDecoder.decode(data)

        #expect(page.total == results["results_available"] as? Int, "\(file.lastPathComponent): total")
        #expect(page.restaurants.count == shops.count, "\(file.lastPathComponent): every shop")
        for (shop, restaurant) in zip(shops, page.restaurants) {
            #expect(restaurant.id == shop["id"] as? String, "id")
            #expect(restaurant.name == shop["name"] as? String, "name")
            #expect(restaurant.coordinate.lat == Self.number(shop["lat"]), "lat of \(restaurant.id)")
            #expect(restaurant.coordinate.lng == Self.number(shop["lng"]), "lng of \(restaurant.id)")
            #expect(restaurant.genre.name == (shop["genre"] as? [String: Any])?["name"] as? String, "genre name")
            #expect(restaurant.urls.shop == (shop["urls"] as? [String: Any])?["pc"] as? String, "shop url")
            #expect(restaurant.hotpepper?.access == shop["access"] as? String, "access")
        }
    }

    static func number(_ value: Any?) -> Double? {
        (value as? Double) ?? (value as? String).flatMap(Double.init)
    }

    @Test(Samples.required) func fullCaptureKeepsDetailFields() throws {
        let page = try GourmetResponseDecoder.decode(Samples.data("gourmet/v1.26_full_1shop_shinjuku.json"))
        let shop = try #require(page.restaurants.first)
        #expect(shop.subGenre?.code == "G002", "sub_genre is read when present")
        #expect(shop.hotpepper?.capacity == 54, "capacity as a number")
        #expect(shop.amenity(.wifi) != nil, "amenities are read")
        #expect(shop.hotpepper?.budget?.code.hasPrefix("B") == true, "budget code")
        #expect(shop.urls.photo.hasSuffix("_238.jpg"), "the large pc photo")
    }

    @Test func fullFixtureKeepsEveryShapeOfItsFields() throws {
        let shops = try GourmetResponseDecoder.decode(Fixtures.data("gourmet/v1.30_full_3shops.json")).restaurants
        #expect(shops.map(\.subGenre?.code) == ["G002", nil, "G012"], "sub_genre present, missing, present")
        #expect(shops.map(\.hotpepper?.capacity) == [40, 25, nil], "capacity as a number, a quoted number, and \"\"")
        #expect(shops.map(\.hotpepper?.partyCapacity) == [30, nil, 12], "party_capacity \"\" means none")
        #expect(shops[0].coordinate == Coordinate(lat: 35.65812345678, lng: 139.70171234567), "every decimal kept")
        #expect(shops[0].amenity(.course) == "あり ：飲み放題付きコース", "an answer with its memo")
        #expect(
            shops[0].hotpepper?.budget?.average == "ランチ：1000円　ディナー：3500円" && shops[1].hotpepper?.budget?.average == "",
            "free-text averages")
        #expect(shops[0].urls.photo.hasSuffix("_238.jpg") && shops[1].hotpepper?.couponPC == "", "photos and empty coupons")
        #expect(shops[0].open.hasPrefix("月～金: 11:30～14:00") && shops[1].close == "不定休", "hours as written")
    }

    @Test func liteAndOlderFixturesFillWhatTheyLack() throws {
        let lite = try GourmetResponseDecoder.decode(Fixtures.data("gourmet/v1.26_lite_2shops.json")).restaurants
        #expect(lite.allSatisfy { $0.genre.code == "" && $0.hotpepper?.budget == nil }, "lite: no genre code, no budget")
        #expect(lite[0].urls.photo.hasSuffix("_238.jpg"), "lite: the pc photo")
        let older = try #require(
            try GourmetResponseDecoder.decode(Fixtures.data("gourmet/v1.20_strings_1shop.json")).restaurants.first)
        #expect(older.coordinate == Coordinate(lat: 34.98551234, lng: 135.75871234), "lat/lng as strings")
        #expect(older.hotpepper?.capacity == 10 && older.hotpepper?.partyCapacity == 10, "capacities as strings")
    }

    @Test(arguments: ["gourmet/empty_shop_list.json", "gourmet/no_shop_member.json"])
    func noHitsIsAnEmptyPage(file: String) throws {
        #expect(
            try GourmetResponseDecoder.decode(Fixtures.data(file)) == RestaurantPage(total: 0, start: 1, restaurants: []),
            "\(file): an empty page, not an error")
    }

    @Test(Samples.required) func emptyPartyCapacityIsNil() throws {
        let page = try GourmetResponseDecoder.decode(Samples.data("gourmet/v1.30_full_10shops_nagakute.json"))
        #expect(page.restaurants.contains { $0.hotpepper?.partyCapacity == nil }, "party_capacity \"\" means none")
        #expect(page.restaurants.contains { $0.hotpepper?.partyCapacity != nil }, "numbers are kept")
    }

    @Test(Samples.required) func bad2000CaptureIsARejectedKey() throws {
        #expect(throws: ServiceError.rejectedKey(message: "error 2000: APIキーが正しくありません", service: .hotpepper)) {
            try GourmetResponseDecoder.decode(Samples.data("errors/error_2000_bad_key.json"))
        }
    }

    @Test(Samples.required) func noCondition3000CaptureIsAnInvalidRequest() throws {
        #expect(throws: ServiceError.invalidRequest(message: "error 3000: 少なくとも１つの条件を入れてください。", service: .hotpepper)) {
            try GourmetResponseDecoder.decode(Samples.data("errors/error_3000_no_condition.json"))
        }
    }

    @Test(Samples.required) func xmlCaptureIsUnreadable() throws {
        #expect(throws: ServiceError.unreadableResponse(detail: "not JSON")) {
            try GourmetResponseDecoder.decode(Samples.data("errors/error_3000_xml_doc_sample.xml"))
        }
    }

    /// Errors inside HTTP 200, and the XML error document, as the fixtures write them.
    static let errorFixtures: [(String, ServiceError)] = [
        ("errors/error_1000_server.json", .serviceFailure(message: "error 1000: サーバ障害エラーです（試験）", transient: true)),
        ("errors/error_2000_key.json", .rejectedKey(message: "error 2000: APIキーまたはIPアドレスの認証エラーです（試験）", service: .hotpepper)),
        ("errors/error_3000_parameters.json", .invalidRequest(message: "error 3000: パラメータが不正です（試験）", service: .hotpepper)),
        ("errors/error_3000_document.xml", .unreadableResponse(detail: "not JSON")),
    ]

    @Test(arguments: errorFixtures)
    func errorFixturesAreTheirErrors(file: String, expected: ServiceError) throws {
        #expect(throws: expected, "\(file)") { try GourmetResponseDecoder.decode(Fixtures.data(file)) }
    }

    /// The shapes API.md lists as seen or possible, written small.
    @Test(arguments: [#"1e308"#, #"-1e308"#, #""nan""#, #""inf""#, #"91"#, #""-90.0000001""#])
    func aShopPlacedOffTheEarthIsLeftOutAndNamed(lat: String) throws {
        // Given a page whose second shop has a latitude no place has
        let body = #"""
            {"results":{"results_available":3,"results_start":1,"shop":[
            {"id":"J1","name":"一","lat":35.68,"lng":139.76},
            {"id":"J_FAR","name":"遠い店","lat":\#(lat),"lng":139.76},
            {"id":"J3","name":"三","lat":"35.69","lng":"139.77"}]}}
            """#
        // When
        let page = try GourmetResponseDecoder.decode(Data(body.utf8))
        // Then
        #expect(page.restaurants.map(\.id) == ["J1", "J3"], "the others, in order")
        #expect(page.dropped.map(\.id) == ["J_FAR"] && page.dropped.map(\.name) == ["遠い店"], "the shop named")
        #expect(page.total == 3, "the service's count as it was")
    }

    @Test func aLatitudeThatIsNoNumberStillMakesThePageUnreadable() {
        let body = #"{"results":{"results_available":1,"shop":[{"id":"J1","lat":"north","lng":139.76}]}}"#
        #expect(throws: ServiceError.unreadableResponse(detail: "unexpected type at results.shop[0].lat")) {
            try GourmetResponseDecoder.decode(Data(body.utf8))
        }
    }

    @Test func theSameIdTwiceInOneAnswerIsOneShop() throws {
        let body = #"""
            {"results":{"results_available":2,"shop":[{"id":"J1","name":"一","lat":35.68,"lng":139.76},
            {"id":"J1","name":"一","lat":35.68,"lng":139.76}]}}
            """#
        #expect(try GourmetResponseDecoder.decode(Data(body.utf8)).restaurants.map(\.id) == ["J1"], "each shop once")
    }

    @Test func tolerantShapes() throws {
        let body = """
            {"results":{"results_available":"2","results_returned":"2","results_start":"1","shop":[
              {"id":"J1","name":"a","lat":"34.65","lng":"135.5","capacity":"10","party_capacity":"","food":{},
               "genre":{"name":"居酒屋","catch":""},"photo":{"pc":{"l":"L"}},"ktai_coupon":"0"},
              {"id":"J2","name":"b","lat":35.1,"lng":137.2,"capacity":"","genre":{"name":"x","catch":"y","code":"G001"}}]}}
            """
        let page = try GourmetResponseDecoder.decode(Data(body.utf8))
        #expect(page.total == 2 && page.start == 1, "string counters")
        #expect(page.restaurants[0].coordinate == Coordinate(lat: 34.65, lng: 135.5), "lat/lng as strings")
        #expect(page.restaurants[0].hotpepper?.capacity == 10, "capacity as a numeric string")
        #expect(page.restaurants[0].hotpepper?.partyCapacity == nil, "empty party capacity")
        #expect(page.restaurants[0].genre.code == "", "lite genre without code")
        #expect(page.restaurants[0].urls.photo == "L", "photo without mobile")
        #expect(page.restaurants[1].hotpepper?.capacity == nil, "empty capacity")
        #expect(page.restaurants[1].hotpepper?.catchCopy == "", "missing catch is empty text")
    }

    /// null reads as absent wherever a member is optional; numbers stand in for text; escapes resolve.
    @Test func nullsNumbersAndEscapes() throws {
        let body = #"""
            {"results":{"results_available":1.0,"results_start":null,"error":null,"shop":[
              {"id":"J\u0031","name":"caf\u00e9 \"A\"","lat":35.0,"lng":"139.5 ","genre":null,"budget":null,"photo":{"pc":null},
               "capacity":null,"party_capacity":" 20 ","ktai":1,"wifi":"あり","card":null,"urls":{"pc":"https:\/\/x"}}]}}
            """#
        let page = try GourmetResponseDecoder.decode(Data(body.utf8))
        let shop = try #require(page.restaurants.first)
        #expect(page.total == 1 && page.start == 1, "1.0 is the integer 1; a null start is the first")
        #expect(shop.id == "J1" && shop.name == "café \"A\"", "escapes in text")
        #expect(shop.coordinate == Coordinate(lat: 35, lng: 139.5), "a padded numeric string")
        #expect(shop.genre.name == "" && shop.hotpepper?.budget == nil && shop.urls.photo == "", "null objects are absent")
        #expect(shop.hotpepper?.capacity == nil && shop.hotpepper?.partyCapacity == 20, "null and padded counts")
        #expect(
            shop.amenities == [Amenity(.wifi, "あり"), Amenity(.ktai, "1")],
            "a number as text, a null amenity left out, the API's order kept")
        #expect(shop.urls.shop == "https://x", "an escaped slash")
    }

    @Test func bytesThatAreNotUTF8SpoilOneTextNotThePage() throws {
        var body = Data(#"{"results":{"results_available":1,"shop":[{"id":"J1","name":"caf"#.utf8)
        body += Data([0xFF, 0xFE])
        body += Data(#"","lat":35,"lng":139}]}}"#.utf8)
        let shop = try #require(try GourmetResponseDecoder.decode(body).restaurants.first, "the page decodes")
        #expect(shop.name == "caf\u{FFFD}\u{FFFD}", "each bad byte is a replacement character: \(shop.name)")
    }

    @Test func coordinatesKeepEveryDigit() throws {
        let body =
            #"{"results":{"results_available":1,"shop":[{"id":"J1","lat":-33.86741351970849,"lng":"151.20929454500944"}]}}"#
        let shop = try #require(try GourmetResponseDecoder.decode(Data(body.utf8)).restaurants.first)
        #expect(shop.coordinate == Coordinate(lat: -33.86741351970849, lng: 151.20929454500944), "as Swift reads the same text")
    }

    @Test func zeroHitsWithoutShopIsAnEmptyPage() throws {
        let page = try GourmetResponseDecoder.decode(
            Data(#"{"results":{"results_available":0,"results_returned":"0","results_start":1}}"#.utf8))
        #expect(page == RestaurantPage(total: 0, start: 1, restaurants: []), "a missing shop array is no shops")
    }

    @Test(arguments: [
        ("", "not JSON"),
        ("{\"results\":{\"results_available\":1,\"shop\":[{\"id\":\"J1\"", "not JSON"),
        ("[]", "unexpected type at the top level"),
        ("{\"result\":{}}", "missing results"),
        ("{\"results\":{}}", "JSON without results.results_available or results.error"),
        ("{\"results\":{\"results_available\":1,\"shop\":[{\"id\":\"J1\",\"name\":\"a\"}]}}", "missing results.shop[0].lat"),
        (
            "{\"results\":{\"results_available\":1,\"shop\":[{\"id\":\"J1\",\"name\":\"a\",\"lat\":\"north\",\"lng\":1}]}}",
            "unexpected type at results.shop[0].lat"
        ),
        ("{\"results\":{\"results_available\":1,\"shop\":[{\"id\":\"J1\",\"lat\":1}]}}", "missing results.shop[0].lng"),
        ("{\"results\":null}", "unexpected type at results"),
        ("{\"results\":{\"results_available\":1,\"shop\":{}}}", "unexpected type at results.shop"),
        ("{\"results\":{\"results_available\":true}}", "unexpected type at results.results_available"),
        ("{\"results\":{\"results_available\":\"1.5\"}}", "unexpected type at results.results_available"),
        (
            "{\"results\":{\"results_available\":1,\"shop\":[{\"lat\":1,\"lng\":2},{\"genre\":\"x\"}]}}",
            "unexpected type at results.shop[1].genre"
        ),
        (
            "{\"results\":{\"results_available\":1,\"shop\":[{\"lat\":1,\"lng\":2,\"photo\":{\"pc\":\"L\"}}]}}",
            "unexpected type at results.shop[0].photo.pc"
        ),
        (
            "{\"results\":{\"results_available\":1,\"shop\":[{\"lat\":1,\"lng\":2,\"name\":[\"a\"]}]}}",
            "unexpected type at results.shop[0].name"
        ),
        ("{\"results\":{\"error\":[{\"code\":2000,\"message\":{}}]}}", "unexpected type at results.error[0].message"),
    ])
    func unreadableShapesSayWhatWasWrong(body: String, detail: String) {
        #expect(throws: ServiceError.unreadableResponse(detail: detail), "\(body)") {
            try GourmetResponseDecoder.decode(Data(body.utf8))
        }
    }

    @Test func unknownServiceErrorCodeIsAServiceFailure() {
        #expect(throws: ServiceError.serviceFailure(message: "error 1000: サーバ障害", transient: true)) {
            try GourmetResponseDecoder.decode(Data(#"{"results":{"error":[{"code":1000,"message":"サーバ障害"}]}}"#.utf8))
        }
    }
}
