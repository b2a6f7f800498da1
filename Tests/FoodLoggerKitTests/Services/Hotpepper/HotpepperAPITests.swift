import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The real URLSession client against a loopback server the test starts.
@Suite struct HotpepperAPITests {
    static let key = "canary-key-7f3a9c"

    /// One attempt per call, so each case sees exactly one request.
    func client(_ server: some LoopbackEndpoint) -> HotpepperAPI {
        HotpepperAPI(configuration: .init(key: Self.key, baseURL: server.baseURL.appendingPathComponent("hotpepper/")))
    }

    @Test func sendsTheExactQueryAndDecodesTheAnswer() async throws {
        let server = try LoopbackServer(replies: [try .file(Fixtures.url("gourmet/v1.30_full_3shops.json").path)])
        var query = RestaurantQuery(
            center: Coordinate(lat: 35.1741, lng: 137.0294), range: .m2000, keyword: "焼肉 & more",
            genres: ["G008"], filters: [.lunch], count: 10)
        query.start = 1

        let page = try await client(server).searchRestaurants(query)

        let request = try #require(server.requests.first)
        #expect(request.path == "/hotpepper/gourmet/v1/", "the gourmet endpoint under the base URL")
        #expect(
            request.query == "key=\(Self.key)&format=json&keyword=%E7%84%BC%E8%82%89%20%26%20more&lat=35.1741"
                + "&lng=137.0294&range=4&genre=G008&lunch=1&start=1&count=10", "every parameter, encoded")
        #expect(page.total == 23 && page.restaurants.count == 3, "the fixture's 3 of 23 shops")
        #expect(page.restaurants.map(\.id) == ["J900100001", "J900100002", "J900100003"], "decoded in order")
    }

    @Test(Samples.required, arguments: Samples.files("gourmet"))
    func everyCaptureArrivesWhole(file: URL) async throws {
        try await arrivesWhole(file)
    }

    /// Served as the service serves them, as text/javascript.
    @Test(arguments: Fixtures.gourmet)
    func everyFixtureArrivesWhole(file: String) async throws {
        try await arrivesWhole(Fixtures.url(file))
    }

    func arrivesWhole(_ file: URL) async throws {
        let server = try LoopbackServer(replies: [try .file(file.path)])
        let expected = try GourmetResponseDecoder.decode(Data(contentsOf: file))
        let page = try await client(server).searchRestaurants(RestaurantQuery(keyword: "x"))
        #expect(page == expected, "\(file.lastPathComponent) decodes the same over HTTP")
    }

    @Test(
        Samples.required,
        arguments: [
            (
                "errors/error_2000_bad_key.json",
                ServiceError.rejectedKey(message: "error 2000: APIキーが正しくありません", service: .hotpepper)
            ),
            (
                "errors/error_3000_no_condition.json",
                .invalidRequest(message: "error 3000: 少なくとも１つの条件を入れてください。", service: .hotpepper)
            ),
        ])
    func serviceErrorsInsideHTTP200(file: String, expected: ServiceError) async throws {
        let server = try LoopbackServer(replies: [try .file(Samples.root.appendingPathComponent(file).path)])
        await #expect(throws: ServiceError.from(.provider(.hotpepper), expected)) {
            try await client(server).searchRestaurants(RestaurantQuery(keyword: "x"))
        }
    }

    @Test(arguments: GourmetResponseDecoderTests.errorFixtures)
    func fixtureErrorsInsideHTTP200(file: String, expected: ServiceError) async throws {
        let server = try LoopbackServer(replies: [try .file(Fixtures.url(file).path)])
        do {
            _ = try await client(server).searchRestaurants(RestaurantQuery(keyword: "x"))
            Issue.record("\(file) should fail")
        } catch .from(.provider(.hotpepper), .unreadableResponse(let detail)) {
            #expect(
                expected == .unreadableResponse(detail: "not JSON") && detail.hasPrefix("not JSON (text/javascript"),
                "\(file): says what arrived: \(detail)")
        } catch {
            #expect(error == .from(.provider(.hotpepper), expected), "\(file)")
        }
    }

    @Test func error1000IsAServiceFailure() async throws {
        let server = try LoopbackServer(replies: [
            .json(#"{"results":{"api_version":"1.30","error":[{"code":1000,"message":"サーバ障害エラー"}]}}"#)
        ])
        await #expect(
            throws: ServiceError.from(.provider(.hotpepper), .serviceFailure(message: "error 1000: サーバ障害エラー", transient: true))
        ) {
            try await client(server).searchRestaurants(RestaurantQuery(keyword: "x"))
        }
    }

    @Test func htmlInsteadOfJSONSaysWhatArrivedWithoutTheKey() async throws {
        let server = try LoopbackServer(replies: [.json("<html>proxy login for \(Self.key)</html>", contentType: "text/html")])
        do {
            _ = try await client(server).searchRestaurants(RestaurantQuery(keyword: "x"))
            Issue.record("an HTML page should not decode")
        } catch {
            guard case .unreadableResponse(let detail) = error.cause else {
                Issue.record("expected unreadable, got \(error)"); return
            }
            #expect(detail.contains("text/html") && detail.contains("<html>proxy login"), "type and first bytes: \(detail)")
            #expect(!detail.contains(Self.key), "the key is redacted even when the body echoes it")
        }
    }

    @Test func refusedConnectionIsANetworkError() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let sut = client(refusing)
        do {
            _ = try await sut.searchRestaurants(RestaurantQuery(keyword: "x"))
            Issue.record("a port nobody listens on should refuse")
        } catch {
            guard case .network(.refused, let detail) = error.cause else {
                Issue.record("expected refused, got \(error)"); return
            }
            #expect(!detail.contains(Self.key), "no key in the detail")
        }
    }
}
