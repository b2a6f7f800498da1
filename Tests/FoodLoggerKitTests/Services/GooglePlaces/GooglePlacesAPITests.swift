import Foundation
import LoopbackHTTP
import Testing
@testable import FoodLoggerDomain

/// The real URLSession client against a loopback Places API (New) the test starts.
@Suite struct GooglePlacesAPITests {
    static let key = "AIzaTEST-key-0123456789"
    private let shibuya = Coordinate(lat: 35.658, lng: 139.7016)

    /// Retries without waiting, each wait noted in `waits`; the narration collected in `log`.
    private func makeSUT(_ server: LoopbackServer, log: Recorder = Recorder(), waits: Recorder = Recorder()) -> GooglePlacesAPI {
        GooglePlacesAPI(
            configuration: .init(
                key: Self.key, baseURL: server.baseURL.appendingPathComponent("v1/"), language: "en", timeout: 10,
                retry: RetryPolicy(retries: 2, sleep: { waits.append("\($0)") }), log: { log.append($0) }))
    }

    /// `count` places around Shibuya, a few metres apart, numbered from `first`.
    static func places(_ count: Int, from first: Int = 1, token: String? = nil) -> Reply {
        let places = (first..<first + count).map { number in
            #"{"id": "ChIJfoodloggerTest\#(String(format: "%04d", number))", "displayName": {"text": "Place \#(number)"}, "#
                + #""location": {"latitude": \#(35.658 + Double(number) * 0.0001), "longitude": 139.7016}, "utcOffsetMinutes": 540}"#
        }
        let next = token.map { #", "nextPageToken": "\#($0)""# } ?? ""
        return .json(#"{"places": [\#(places.joined(separator: ","))]\#(next)}"#, contentType: "application/json; charset=UTF-8")
    }

    static func error(_ status: Int, _ word: String, _ message: String, reason: String? = nil) -> Reply {
        let details =
            reason.map { #", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "\#($0)"}]"# } ?? ""
        return .json(
            #"{"error": {"code": \#(status), "message": "\#(message)", "status": "\#(word)"\#(details)}}"#, status: status,
            contentType: "application/json; charset=UTF-8")
    }

    private func body(_ request: RecordedRequest) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
    }

    @Test func aNearbySearchPostsJSONWithTheKeyInItsHeaderOnly() async throws {
        // Given Google with three places around Shibuya
        let server = try LoopbackServer(replies: [Self.places(3)])
        let log = Recorder()

        // When Shibuya is searched, narrated
        let page = try await makeSUT(server, log: log).searchRestaurants(RestaurantQuery(center: shibuya, count: 10))

        // Then one POST of JSON went to places:searchNearby, the key in its header and the field mask with it
        let request = try #require(server.requests.first, "a request")
        #expect(server.requests.count == 1, "one request")
        #expect(request.method == "POST" && request.path == "/v1/places:searchNearby", "\(request.method) \(request.target)")
        #expect(request.headers["content-type"] == "application/json", "\(request.headers)")
        #expect(request.headers["x-goog-api-key"] == Self.key, "the key in its header")
        #expect(request.headers["x-goog-fieldmask"] == GooglePlacesRequest.nearbyFieldMask, "the field mask")
        #expect(!request.target.contains(Self.key), "never in the address: \(request.target)")
        #expect(body(request)["rankPreference"] as? String == "DISTANCE", "nearest first")
        // And the narration never shows the key
        #expect(!log.values.isEmpty && log.values.allSatisfy { !$0.contains(Self.key) }, "\(log.values)")
        // And the places came nearest first, in Tokyo's clock
        #expect(page.restaurants.map(\.name) == ["Place 1", "Place 2", "Place 3"], "\(page.restaurants.map(\.name))")
        #expect(page.total == 3 && page.provider == .google && page.region?.timeZone == "GMT+0900", "\(page)")
    }

    @Test func pagesOfTheWholeAnswerAreCutWithoutAskingAgain() async throws {
        // Given Google with five places
        let server = try LoopbackServer(replies: [Self.places(5), Self.places(5)])
        let sut = makeSUT(server)
        // When the first two and then the next two are asked for
        let first = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, start: 1, count: 2))
        let second = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, start: 3, count: 2))
        // Then one request answered both
        #expect(server.requests.count == 1, "one request for both pages")
        #expect(
            first.restaurants.map(\.name) == ["Place 1", "Place 2"] && second.restaurants.map(\.name) == ["Place 3", "Place 4"])
        #expect(first.total == 5, "the whole answer's count")
    }

    @Test func aKeywordFollowsTheNextPageTokenAsFarAsAsked() async throws {
        // Given Text Search with three pages, of which two are needed
        let server = try LoopbackServer(replies: [
            Self.places(20, from: 1, token: "PAGE-2"), Self.places(20, from: 21, token: "PAGE-3"), Self.places(20, from: 41),
        ])

        // When 30 places for "ramen" are asked
        let page = try await makeSUT(server).searchRestaurants(RestaurantQuery(center: shibuya, keyword: "ramen", count: 30))

        // Then two pages were asked for, the second with the first one's token and the same query
        #expect(server.requests.count == 2, "only the pages needed")
        #expect(server.requests.allSatisfy { $0.path == "/v1/places:searchText" }, "\(server.requests.map(\.target))")
        let (first, second) = (body(server.requests[0]), body(server.requests[1]))
        #expect(first["pageToken"] == nil && second["pageToken"] as? String == "PAGE-2", "\(second)")
        #expect(first["textQuery"] as? String == "ramen" && second["textQuery"] as? String == "ramen", "the same text")
        #expect(server.requests[1].headers["x-goog-fieldmask"] == GooglePlacesRequest.textFieldMask, "the token in the mask")
        // And 30 came of the 40 fetched
        #expect(page.restaurants.count == 30 && page.total == 40, "\(page.restaurants.count) of \(page.total)")
    }

    @Test func aLaterPageFollowsOnFromThePagesAlreadyFetched() async throws {
        // Given Text Search with three pages
        let server = try LoopbackServer(replies: [
            Self.places(20, from: 1, token: "PAGE-2"), Self.places(20, from: 21, token: "PAGE-3"), Self.places(20, from: 41),
        ])
        let sut = makeSUT(server)

        // When the first 20 are asked, then 21 to 40, then 41 to 60
        let first = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, keyword: "ramen", start: 1, count: 20))
        let second = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, keyword: "ramen", start: 21, count: 20))
        let third = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, keyword: "ramen", start: 41, count: 20))

        // Then each page was asked once, the later ones with the token before them
        #expect(server.requests.map { body($0)["pageToken"] as? String } == [nil, "PAGE-2", "PAGE-3"], "three requests")
        // And each answer is its own 20 places
        #expect(first.restaurants.first?.name == "Place 1" && second.restaurants.first?.name == "Place 21", "\(second)")
        #expect(third.restaurants.map(\.name).last == "Place 60" && third.total == 60, "\(third.total)")
    }

    @Test func anotherSearchStartsFromItsOwnFirstPage() async throws {
        // Given Text Search answering every request with one page and a token
        let server = try LoopbackServer(replies: [
            Self.places(20, token: "RAMEN-2"), Self.places(20, token: "UDON-2"), Self.places(20, from: 21),
        ])
        let sut = makeSUT(server)

        // When "ramen" is searched, then "udon" paged to its second page
        _ = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, keyword: "ramen", count: 19))
        _ = try await sut.searchRestaurants(RestaurantQuery(center: shibuya, keyword: "udon", start: 21, count: 20))

        // Then "udon" was asked from its first page and followed its own token, never ramen's
        #expect(server.requests.map { body($0)["textQuery"] as? String } == ["ramen", "udon", "udon"])
        #expect(server.requests.map { body($0)["pageToken"] as? String } == [nil, nil, "UDON-2"], "udon's own token")
    }

    @Test func textSearchKeepsOnlyThePlacesWithinTheRange() async throws {
        // Given a place 1.1 km north (Text Search only leans towards the circle)
        let far =
            #"{"places": [{"id": "ChIJfoodloggerTest0099", "displayName": {"text": "Far"}, "location": {"latitude": 35.668, "longitude": 139.7016}}]}"#
        let server = try LoopbackServer(replies: [.json(far, contentType: "application/json")])
        // When searched within 1 km
        let page = try await makeSUT(server).searchRestaurants(RestaurantQuery(center: shibuya, range: .m1000, keyword: "far"))
        // Then it is left out
        #expect(page.restaurants.isEmpty && page.total == 0, "\(page.restaurants.map(\.name))")
    }

    @Test func lookupsAreOnePlaceDetailsRequestEachAndUnknownIdsAreAbsent() async throws {
        // Given one known place and one Google does not know
        let known =
            #"{"id": "ChIJfoodloggerTest0001", "displayName": {"text": "Known"}, "location": {"latitude": 35.6, "longitude": 139.7}, "utcOffsetMinutes": 540}"#
        let server = try LoopbackServer(replies: [
            .json(known, contentType: "application/json"), Self.error(404, "NOT_FOUND", "Place not found."),
            Reply.status(404, body: "Not Found"),
            Self.error(400, "INVALID_ARGUMENT", "Not a valid Place ID: ChIJfoodloggerBad0400."),
        ])

        // When all four are looked up
        let ids = ["places/ChIJfoodloggerTest0001", "ChIJfoodloggerTest0404", "ChIJfoodloggerHtml0404", "ChIJfoodloggerBad0400"]
        let page = try await makeSUT(server).searchRestaurants(RestaurantQuery(ids: ids, count: ids.count))

        // Then each was a GET of its own, with the details mask
        #expect(server.requests.map(\.method) == ["GET", "GET", "GET", "GET"], "\(server.requests.map(\.method))")
        #expect(server.requests.map(\.path) == ids.map { "/v1/places/" + $0.replacingOccurrences(of: "places/", with: "") })
        #expect(server.requests.allSatisfy { $0.headers["x-goog-fieldmask"] == GooglePlacesRequest.detailsFieldMask })
        #expect(server.requests.allSatisfy { !$0.target.contains(Self.key) }, "no key in any address")
        // And only the known place is there: an id Google does not know or cannot read is absent, never an error
        #expect(page.restaurants.map(\.id) == ["ChIJfoodloggerTest0001"] && page.region?.timeZone == "GMT+0900")
        // And the page names which Google does not know (404) and which it refused to read (400)
        #expect(page.unknownIDs == ["ChIJfoodloggerTest0404", "ChIJfoodloggerHtml0404"], "\(page.unknownIDs)")
        #expect(page.unasked.map(\.id) == ["ChIJfoodloggerBad0400"], "\(page.unasked)")
    }

    @Test func anAnswerUnderARefreshedIDIsTiedToTheIDAsked() async throws {
        // Given Google answering an old id with its refreshed one
        let refreshed =
            #"{"id": "ChIJfoodloggerRefreshed", "displayName": {"text": "Known"}, "location": {"latitude": 35.6, "longitude": 139.7}}"#
        let server = try LoopbackServer(replies: [.json(refreshed, contentType: "application/json")])
        defer { server.stop() }

        // When the old id is looked up through the worker, as `log check` and `show` do
        let page = try await HotpepperWorker(api: makeSUT(server)).lookupRestaurants(ids: ["ChIJfoodloggerOld"])

        // Then the answer is there, under the id asked
        #expect(page.restaurants.map(\.id) == ["ChIJfoodloggerOld"], "\(page.restaurants.map(\.id))")
    }

    @Test(arguments: [
        (
            GooglePlacesAPITests.error(400, "INVALID_ARGUMENT", "Invalid included_types: 'noodles'."),
            ServiceError.invalidRequest(message: "INVALID_ARGUMENT: Invalid included_types: 'noodles'.", service: .google)
        ),
        (
            GooglePlacesAPITests.error(
                400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", reason: "API_KEY_INVALID"),
            .rejectedKey(message: "INVALID_ARGUMENT: API key not valid. Please pass a valid API key.", service: .google)
        ),
        (
            GooglePlacesAPITests.error(
                403, "PERMISSION_DENIED",
                "Places API (New) has not been used in project 123 before or it is disabled.\\nEnable it by visiting the console."
            ),
            .rejectedKey(
                message: "PERMISSION_DENIED: Places API (New) has not been used in project 123 before or it is disabled.",
                service: .google)
        ),
        (
            GooglePlacesAPITests.error(403, "PERMISSION_DENIED", "Requests from this key AIzaTEST-key-0123456789 are blocked."),
            .rejectedKey(message: "PERMISSION_DENIED: Requests from this key REDACTED are blocked.", service: .google)
        ),
        (
            GooglePlacesAPITests.error(401, "UNAUTHENTICATED", "Request is missing required authentication credential."),
            .rejectedKey(message: "UNAUTHENTICATED: Request is missing required authentication credential.", service: .google)
        ),
        (Reply.status(400, body: "<html>bad</html>"), .unreadableResponse(detail: "HTTP 400 without Google's explanation")),
    ])
    func refusalsAreNotRetriedAndSayWhatGoogleSaid(reply: Reply, expected: ServiceError) async throws {
        // Given Google refusing the request
        let server = try LoopbackServer(replies: [reply, Self.places(1)])
        // When a search is made
        let error = await #expect(throws: ServiceError.self) {
            try await makeSUT(server).searchRestaurants(RestaurantQuery(center: shibuya))
        }
        // Then it fails at once with Google's words, on one line, the key redacted
        #expect(error == .from(.provider(.google), expected), "\(String(describing: error))")
        #expect(server.requests.count == 1, "never retried")
    }

    @Test func aKeyAcrossTheCutOfALongMessageIsRedactedWhole() async throws {
        // Given Google's message naming the key just where a one-line message is cut
        let padding = String(repeating: "x", count: 180)
        let server = try LoopbackServer(replies: [
            Self.error(403, "PERMISSION_DENIED", "\(padding) key \(Self.key) is blocked for this referer.")
        ])
        // When a search is made
        let error = await #expect(throws: ServiceError.self) {
            try await makeSUT(server).searchRestaurants(RestaurantQuery(center: shibuya))
        }
        // Then no piece of the key is left in what is said
        guard case .rejectedKey(let message, _) = error?.cause else {
            Issue.record("expected a rejected key, got \(String(describing: error))")
            return
        }
        #expect(!message.contains(String(Self.key.prefix(8))), "\(message)")
    }

    @Test func aUsedUpQuotaIsRetriedThenNamed() async throws {
        // Given Google out of quota three times running
        let quota = Self.error(
            429, "RESOURCE_EXHAUSTED",
            "Quota exceeded for quota metric 'SearchNearbyRequest' and limit 'SearchNearbyRequest per minute'.")
        let server = try LoopbackServer(replies: [quota, quota, quota])
        let waits = Recorder()
        // When a search is made
        let error = await #expect(throws: ServiceError.self) {
            try await makeSUT(server, waits: waits).searchRestaurants(RestaurantQuery(center: shibuya))
        }
        // Then it was tried three times, waiting between, and the error names the quota
        #expect(server.requests.count == 3 && waits.values.count == 2, "two retries")
        #expect(
            error?.cause
                == .explainedStatus(
                    429,
                    message:
                        "RESOURCE_EXHAUSTED: Quota exceeded for quota metric 'SearchNearbyRequest' and limit 'SearchNearbyRequest per minute'."
                ), "\(String(describing: error))")
    }

    @Test func serverErrorsAreRetriedThenAnswered() async throws {
        // Given Google failing twice, then answering
        let server = try LoopbackServer(replies: [
            Self.error(503, "UNAVAILABLE", "The service is currently unavailable."), .status(500), Self.places(2),
        ])
        // When a search is made
        let page = try await makeSUT(server).searchRestaurants(RestaurantQuery(center: shibuya))
        // Then the third attempt's places came
        #expect(server.requests.count == 3 && page.restaurants.count == 2, "\(server.requests.count)")
    }

    @Test func anEmptyAnswerIsNoPlaces() async throws {
        let server = try LoopbackServer(replies: [.json("{}", contentType: "application/json")])
        let page = try await makeSUT(server).searchRestaurants(RestaurantQuery(center: shibuya))
        #expect(page.restaurants.isEmpty && page.total == 0 && page.provider == .google, "\(page)")
    }
}
