import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain

/// The real URLSession client against a loopback Overpass the test starts.
@Suite struct OverpassAPITests {
    private let baixa = Coordinate(lat: 38.711, lng: -9.137)

    /// Retries without waiting, each wait asked for noted in `waits`; the narration collected in `log`.
    private func makeSUT(
        _ server: LoopbackServer, log: Recorder = Recorder(), retries: Int = 2, waits: Recorder = Recorder()
    ) -> OverpassAPI {
        OverpassAPI(
            url: server.baseURL.appendingPathComponent("api/interpreter"), timeout: 10,
            retry: RetryPolicy(retries: retries, sleep: { waits.append("\($0)") }), log: { log.append($0) })
    }

    private func answer(_ fixture: String) throws -> Reply {
        try .file(Fixtures.overpass(fixture).path, contentType: "application/json")
    }

    /// The QL a request carried in its form.
    private func sentQL(_ request: RecordedRequest) -> String? {
        let form = String(decoding: request.body, as: UTF8.self)
        guard form.hasPrefix("data=") else { return nil }
        return form.dropFirst("data=".count).removingPercentEncoding
    }

    @Test func aSearchPostsItsQueryAndGetsTheShopsNearestFirst() async throws {
        // Given Overpass with an answer around the Baixa
        let server = try LoopbackServer(replies: [try answer("lisbon_food_and_areas.json")])
        let query = RestaurantQuery(center: baixa, range: .m2000, keyword: "a.b", count: 10)

        // When the Baixa is searched
        let page = try await makeSUT(server).searchRestaurants(query)

        // Then one POST of the form went to the interpreter
        #expect(server.requests.count == 1, "one request")
        let request = try #require(server.requests.first, "a request")
        #expect(request.method == "POST" && request.path == "/api/interpreter", "POST to the interpreter: \(request.target)")
        #expect(request.headers["content-type"] == "application/x-www-form-urlencoded", "a form: \(request.headers)")
        #expect(request.headers["user-agent"]?.hasPrefix("foodlogger/") == true, "the tool named: \(request.headers)")
        #expect(sentQL(request) == (try OverpassRequest.search(query)), "the QL, whole, in the data field")
        #expect(sentQL(request)?.contains(#"$"~"a\\.b",i]"#) == true, "the keyword escaped")

        // And the shops come nearest first, with the region
        #expect(
            page.restaurants.map(\.id) == ["node/9000000001", "way/800000001", "relation/70000001", "node/9000000004"],
            "by distance from the centre")
        #expect(page.total == 4 && page.region?.timeZone == "Europe/Lisbon", "all of them, in Lisbon's clock")
    }

    @Test func busyAndGatewayTimeoutAreRetriedThenAnswered() async throws {
        // Given Overpass rate-limiting once (with Retry-After), then timing out at its gateway, then answering
        let server = try LoopbackServer(replies: [
            .status(429, retryAfter: "2"), .status(504), try answer("lisbon_food_and_areas.json"),
        ])
        let log = Recorder()

        // When a search is made
        let page = try await makeSUT(server, log: log).searchRestaurants(RestaurantQuery(center: baixa))

        // Then it was sent three times, the same each time, and answered
        #expect(server.requests.count == 3, "two retries")
        #expect(Set(server.requests.map(sentQL)).count == 1, "the same query each time")
        #expect(server.requests.allSatisfy { $0.method == "POST" }, "always a POST")
        #expect(page.restaurants.count == 4, "the third answer's shops")
        #expect(log.values.contains { $0.hasSuffix("(Retry-After) after HTTP 429") }, "the server's wait honoured: \(log.values)")
        #expect(log.values.contains { $0.hasSuffix("after HTTP 504") }, "504 retried: \(log.values)")
    }

    @Test func aRateLimitWaitsAsLongAsRetryAfterSays() async throws {
        // Given Overpass rate-limiting once, asking for 7 seconds, then answering
        let server = try LoopbackServer(replies: [.status(429, retryAfter: "7"), try answer("lisbon_food_and_areas.json")])
        let waits = Recorder()

        // When a search is made
        let page = try await makeSUT(server, waits: waits).searchRestaurants(RestaurantQuery(center: baixa))

        // Then it waited the server's time once, and the second answer is the result
        #expect(waits.values == ["7.0"], "the Retry-After, not the backoff: \(waits.values)")
        #expect(server.requests.count == 2 && page.restaurants.count == 4, "answered on the second attempt")
    }

    @Test func aGatewayTimingOutEveryTimeEndsWithItsStatus() async throws {
        // Given Overpass's gateway timing out more often than the retries allow
        let server = try LoopbackServer(replies: [.status(504), .status(504), try answer("empty.json")])
        let waits = Recorder()

        // When a search is made with one retry
        await #expect(
            throws: ServiceError.from(.provider(.osm), .httpStatus(504)), "the last status, named, for one line and exit 69"
        ) {
            try await makeSUT(server, retries: 1, waits: waits).searchRestaurants(RestaurantQuery(center: baixa))
        }

        // Then it was sent twice, after one backoff wait
        #expect(server.requests.count == 2, "the first attempt and one retry")
        #expect(waits.values.count == 1, "one wait between them: \(waits.values)")
    }

    @Test func genreNamesAndFiltersGoIntoTheOneQuery() async throws {
        // Given Overpass answering, and a worker over it
        let server = try LoopbackServer(replies: [try answer("empty.json")])
        let worker = HotpepperWorker(api: makeSUT(server))
        var query = RestaurantQuery(center: baixa, filters: [.openAir])
        query.ask(genres: ["ramen", "coffee shop"], budgets: [], area: nil)

        // When ramen or coffee shops with outdoor seats are searched
        _ = try await worker.fetchRestaurants(query)

        // Then the cuisines and the fact were in the QL sent
        let ql = try #require(server.requests.first.flatMap(sentQL), "one query sent")
        #expect(
            ql.contains(#"["cuisine"~"(^|;) *(ramen|coffee_shop) *(;|$)",i]["outdoor_seating"~"^ *(yes) *$",i](around:"#),
            "cuisine and outdoor_seating conditions: \(ql)")
    }

    @Test func theNarrationGivesTheMethodAndTheBodysSizeNeverItsText() async throws {
        let server = try LoopbackServer(replies: [try answer("empty.json")])
        let log = Recorder()
        let query = RestaurantQuery(center: baixa, keyword: "segredo")

        _ = try await makeSUT(server, log: log).searchRestaurants(query)

        let size = OverpassRequest.form(try OverpassRequest.search(query)).count
        #expect(
            log.values.first
                == "attempt 1 of 3: POST \(server.baseURL)api/interpreter, \(size) bytes of application/x-www-form-urlencoded",
            "method, address and size: \(log.values)")
        #expect(!log.values.joined().contains("segredo"), "the query's text stays out of the narration")
    }

    @Test func aRemarkErrorIsTheErrorNotAnEmptyPage() async throws {
        let server = try LoopbackServer(replies: [try answer("remark_timed_out.json")])
        await #expect(
            throws: ServiceError.from(
                .provider(.osm), .queryFailed(remark: "runtime error: Query timed out in \"query\" at line 2 after 26 seconds.")),
            "the server's words"
        ) {
            try await makeSUT(server).searchRestaurants(RestaurantQuery(center: baixa))
        }
        #expect(server.requests.count == 1, "a failed query is not sent again at once")
    }

    @Test func theWholeAnswerComesInOneRequestAndTheSearchCutsItsPages() async throws {
        // Given Overpass answering once only
        let server = try LoopbackServer(replies: [try answer("lisbon_food_and_areas.json"), .status(500)])
        let finder = FindPlaces(HotpepperWorker(api: makeSUT(server)))
        let first = RestaurantQuery(center: baixa, start: 1, count: 3)
        var second = first
        second.start = 4
        func page(_ query: RestaurantQuery) async throws -> RestaurantPage {
            try await finder.find(PlaceSearch(query: query, open: OpenQuestion(moment: .now(Date())))).get().page
        }

        // When two pages of the same search are asked for
        let pages = [try await page(first), try await page(second)]

        // Then one request answered both, each shop once, the off-Earth one named once
        #expect(server.requests.count == 1, "one request per search")
        #expect(pages.map { $0.restaurants.count } == [3, 1] && pages.map(\.total) == [4, 4], "3 + 1 of 4")
        #expect(pages.map(\.start) == [1, 4], "each page where it starts")
        #expect(pages.map { $0.dropped.count } == [1, 0], "the dropped shop with the first page only")
    }

    @Test func anotherSearchThroughTheSameWorkerIsAskedAgainAndAFailureIsNotKept() async throws {
        // Given Overpass failing once, then answering twice
        let server = try LoopbackServer(replies: [
            .status(400), try answer("lisbon_food_and_areas.json"), try answer("lisbon_food_and_areas.json"),
        ])
        let worker = HotpepperWorker(api: makeSUT(server))
        var elsewhere = RestaurantQuery(center: baixa)
        elsewhere.center = Coordinate(lat: baixa.lat + 0.001, lng: baixa.lng)

        // When a search fails, is asked again, and another centre is searched
        await #expect(throws: ServiceError.self) { try await worker.fetchRestaurants(RestaurantQuery(center: baixa)) }
        _ = try await worker.fetchRestaurants(RestaurantQuery(center: baixa))
        _ = try await worker.fetchRestaurants(elsewhere)

        // Then each was sent: the failure was not kept, and another search has its own answer
        #expect(server.requests.count == 3, "\(server.requests.count) requests")
    }

    @Test func theClientAnswersWholeWhateverPageIsAsked() async throws {
        let server = try LoopbackServer(replies: [try answer("lisbon_food_and_areas.json")])

        let page = try await makeSUT(server).searchRestaurants(RestaurantQuery(center: baixa, start: 3, count: 1))

        #expect(page.start == 1 && page.restaurants.count == 4 && page.total == 4, "every place: \(page)")
    }

    @Test func aLimitIsCutFromOneRequest() async throws {
        let server = try LoopbackServer(replies: [try answer("lisbon_food_and_areas.json"), .status(500)])
        let finder = FindPlaces(HotpepperWorker(api: makeSUT(server)))

        let search = PlaceSearch(
            query: RestaurantQuery(center: baixa, start: 2, count: 1, limit: 2), open: OpenQuestion(moment: .now(Date())))
        let page = try await finder.find(search).get().page

        #expect(page.restaurants.map(\.id) == ["way/800000001", "relation/70000001"], "the 2nd and 3rd nearest")
        #expect(server.requests.count == 1, "one request")
    }

    @Test func aLookupByOSMIdsIsOneRequestInTheOrderAsked() async throws {
        // Given Overpass answering with the elements
        let server = try LoopbackServer(replies: [try answer("lisbon_food_and_areas.json")])
        let worker = HotpepperWorker(api: makeSUT(server))

        // When a way and a node are looked up, with an id of another service
        let shops = try await worker.lookupRestaurants(ids: ["way/800000001", "J001234567", "node/9000000001"])

        // Then one query named both, and they come in the order asked
        #expect(server.requests.count == 1, "one request")
        #expect(
            server.requests.first.flatMap(sentQL) == OverpassRequest.lookup(ids: ["way/800000001", "node/9000000001"]),
            "by id")
        #expect(shops.restaurants.map(\.id) == ["way/800000001", "node/9000000001"], "as asked; the unknown id absent")
        #expect(shops.region?.timeZone == "Europe/Lisbon", "where they are, for their clock")
    }

    @Test func aLookedUpShopComesWithTheAreasClock() async throws {
        // Given Overpass answering a lookup with the shop and the areas its nodes lie in
        let server = try LoopbackServer(replies: [try answer("lisbon_food_and_areas.json")])

        // When a way is looked up by id
        let page = try await makeSUT(server).searchRestaurants(RestaurantQuery(ids: ["way/800000001"]))

        // Then the request asked for the areas around its nodes, and the page has their clock and country
        let ql = try #require(server.requests.first.flatMap(sentQL), "one query sent")
        #expect(
            ql.contains("(way(id:800000001);)->.shops;") && ql.contains(".points is_in->.areas;"),
            "the shop and its areas in one request: \(ql)")
        #expect(page.region == RestaurantPage.Region(timeZone: "Europe/Lisbon", countryCode: "PT"), "the shop's clock")
        #expect(page.restaurants.contains { $0.id == "way/800000001" }, "the shop itself")
    }

    @Test func aSearchWithoutACentreSendsNothing() async throws {
        let server = try LoopbackServer(replies: [.status(500)])
        await #expect(throws: ServiceError.self, "refused") {
            try await makeSUT(server).searchRestaurants(RestaurantQuery(keyword: "ramen"))
        }
        #expect(server.requests.isEmpty, "nothing sent")
    }
}
