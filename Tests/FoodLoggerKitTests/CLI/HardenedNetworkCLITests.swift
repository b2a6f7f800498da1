import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The second hostile trial's network findings, end to end against loopback servers that lie:
/// the exit code, the one line, and how many requests were made (each of Google's is billed).
@MainActor @Suite struct HardenedNetworkCLITests {
    static let googleKey = "AIzaHARDENED-key-24680"
    static let shibuya = ["--lat", "35.658", "--lng", "139.7016"]

    static func googleEnvironment(_ server: LoopbackServer) -> [String: String] {
        [
            "GOOGLE_PLACES_API_KEY": googleKey,
            "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1").absoluteString,
        ]
    }

    /// A Text Search page of `count` places near Shibuya numbered from `first`, and a token.
    nonisolated static func googlePage(_ count: Int, from first: Int = 1, token: String?) -> Reply {
        let places = (first..<first + count).map { number in
            #"{"id": "ChIJhardened\#(number)", "displayName": {"text": "Pub \#(number)"}, "#
                + #""location": {"latitude": \#(35.658 + Double(number) * 0.00001), "longitude": 139.7016}}"#
        }
        let next = token.map { #", "nextPageToken": "\#($0)""# } ?? ""
        return .json(#"{"places": [\#(places.joined(separator: ","))]\#(next)}"#, contentType: "application/json")
    }

    // MARK: 1. Google's paging ends

    /// Servers that never stop offering a next page, each as a test case.
    struct EndlessPaging: Sendable, CustomTestStringConvertible {
        var name: String
        /// The reply to the n-th request (from 0).
        var reply: @Sendable (Int) -> Reply
        var requests: Int
        var testDescription: String { name }
    }

    nonisolated static let endless: [EndlessPaging] = [
        EndlessPaging(name: "no places and a new token each time", reply: { googlePage(0, token: "token-\($0)") }, requests: 1),
        EndlessPaging(
            name: "one place and a new token each time", reply: { googlePage(1, from: $0, token: "t\($0)") }, requests: 3),
        EndlessPaging(name: "the same token again", reply: { googlePage(1, from: $0, token: "same") }, requests: 2),
        EndlessPaging(
            name: "places without a location and a new token",
            reply: { .json(#"{"places": [{"id": "x\#($0)", "displayName": {"text": "Nowhere"}}], "nextPageToken": "n\#($0)"}"#) },
            requests: 1),
    ]

    @Test(arguments: ["search", "pick", "map"], endless)
    func textSearchStopsWithinGooglesOwnThreePages(command: String, server paging: EndlessPaging) async throws {
        // Given a Text Search that always offers another page
        let counter = RequestNumbers()
        let server = try LoopbackServer { _ in paging.reply(counter.next()) }

        // When a keyword is searched on Google, narrated
        let extra = command == "map" ? ["--static"] : []
        let run = await CLIRun.run(
            [command, "--provider", "google", "--keyword", "pub", "--verbose"] + extra + Self.shibuya,
            environment: Self.googleEnvironment(server))

        // Then paging stopped on Google's terms, and --verbose says how many requests were billed
        #expect(server.requests.count == paging.requests, "\(paging.name): \(server.requests.count) requests")
        let billed = "\(paging.requests) billed request\(paging.requests == 1 ? "" : "s") to Google Places"
        #expect(run.stderr.contains(billed), "\(paging.name): \(run.stderr)")
        #expect(!run.stdout.contains(Self.googleKey) && !run.stderr.contains(Self.googleKey), "the key nowhere")
    }

    // MARK: 6. Numbers checked before any arithmetic

    @Test(
        arguments: [["--provider", "osm"], ["--provider", "google"], []],
        [
            ["--limit", "1000", "--start", "9223372036854775000"], ["--start", "9223372036854775807"], ["--start", "1000001"],
        ])
    func aHugeStartIsRefusedBeforeAnythingIsSent(provider: [String], start: [String]) async throws {
        // Given every service on one loopback server that counts what reaches it
        let server = try LoopbackServer(replies: [.status(500)])
        let environment = Self.googleEnvironment(server).merging([
            "HOTPEPPER_API_KEY": "hardened-test-key", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString,
            "FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString,
        ]) { $1 }

        // When a start far past any service's results is given
        let run = await CLIRun.run(["search"] + provider + start + Self.shibuya, environment: environment)

        // Then it is the user's number that is refused, in one line, with nothing sent
        #expect(run.code == .usage, "exit 64: \(run.code) \(run.stderr)")
        #expect(run.stderr.contains("--start must be an integer from 1 to 1000000"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 && server.requests.isEmpty, "\(run.stderr)")
    }

    @Test func theLastStartAllowedIsAnsweredAsPastTheResults() async {
        let run = await CLIRun.run(["search", "--stub", "--start", "1000000", "--limit", "1000"] + Self.shibuya)
        #expect(run.code == .noResults && run.stderr.contains("--start 1000000 is past the last"), "\(run.stderr)")
    }

    @Test func maxResponseStopsWhereARunStaysUnderAGigabyte() async {
        let over = await CLIRun.run(["search", "--stub", "--max-response", "25"] + Self.shibuya)
        #expect(over.code == .usage && over.stderr.contains("--max-response must be an integer from 1 to 24"), "\(over.stderr)")
        let most = await CLIRun.run(["search", "--stub", "--max-response", "24"] + Self.shibuya)
        #expect(most.code == .success, "\(most.stderr)")
    }

    // MARK: 7. Waits past the cap, and each service's refusal in its own words

    static func hotpepperEnvironment(_ server: LoopbackServer) -> [String: String] {
        ["HOTPEPPER_API_KEY": FaultSeeds.canary, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString]
    }

    @Test(arguments: [["--retries", "2"], ["--retries", "10"]])
    func aRetryAfterPastTheCapIsGivenUpAtOnce(retries: [String]) async throws {
        // Given a server asking to be left alone for two minutes
        let server = try LoopbackServer(replies: [.status(429, retryAfter: "120"), .json(FaultSeeds.oneShop)])

        // When a search is made with retries allowed
        let run = await CLIRun.run(["search", "--json"] + retries + Self.shibuya, environment: Self.hotpepperEnvironment(server))

        // Then one request was made (nothing waited: the client tests count the waits), and the line says when to come back
        #expect(server.requests.count == 1, "not asked again early: \(server.requests.count)")
        #expect(run.code == .unavailable, "exit 69: \(run.code)")
        #expect(
            run.stderr
                == "foodlogger: HOT PEPPER Gourmet answered HTTP 429 and asks not to be asked again for 2 minutes, longer than foodlogger waits (30 s at most, within --timeout). Try again after that.\n",
            "\(run.stderr)")
    }

    @Test func overpassTooManyRequestsSpeaksOfNoKey() async throws {
        // Given Overpass refusing with 429 and no word in the body
        let server = try LoopbackServer(replies: [.status(429)])
        // When OpenStreetMap is searched
        let run = await CLIRun.run(
            ["search", "--provider", "osm", "--retries", "0"] + Self.shibuya,
            environment: ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString])
        // Then the line names too many requests and no key's quota: Overpass has no key
        #expect(run.code == .unavailable, "\(run.code)")
        #expect(run.stderr.contains("too many requests (HTTP 429)") && !run.stderr.contains("key"), "\(run.stderr)")
    }

    @Test func aKeyedServicesTooManyRequestsMayBeItsQuota() async throws {
        let server = try LoopbackServer(replies: [.status(429)])
        let run = await CLIRun.run(["search", "--retries", "0"] + Self.shibuya, environment: Self.hotpepperEnvironment(server))
        #expect(run.stderr.contains("too many requests (HTTP 429), or the key's daily quota is used up"), "\(run.stderr)")
    }

    @Test func aLongWaitIsAnnouncedOnStderrBeforeItBegins() async throws {
        // Given a server that asks for 5 s, and a client that records its waits instead of waiting
        let server = try LoopbackServer(replies: [.status(503, retryAfter: "5"), .json(FaultSeeds.oneShop)])
        let announced = Recorder(), waits = Recorder()
        let api = HotpepperAPI(
            configuration: .init(
                key: FaultSeeds.canary, baseURL: server.baseURL,
                retry: RetryPolicy(retries: 2, sleep: { waits.append("\($0)") }, announce: { announced.append($0) })))

        // When a search is made
        let page = try await api.searchRestaurants(FaultSeeds.query)

        // Then one line said what happened and how long the wait is, before the wait
        #expect(page.restaurants.count == 1, "the second answer")
        #expect(waits.values == ["5.0"], "\(waits.values)")
        #expect(
            announced.values == ["127.0.0.1:\(server.port) answered HTTP 503; asking again in 5 s (attempt 2 of 3)"],
            "\(announced.values)")
    }

    @Test func aShortWaitIsNotAnnounced() async throws {
        let server = try LoopbackServer(replies: [.status(503, retryAfter: "1"), .json(FaultSeeds.oneShop)])
        let announced = Recorder()
        let api = HotpepperAPI(
            configuration: .init(
                key: FaultSeeds.canary, baseURL: server.baseURL,
                retry: RetryPolicy(retries: 2, sleep: { _ in }, announce: { announced.append($0) })))
        _ = try await api.searchRestaurants(FaultSeeds.query)
        #expect(announced.values.isEmpty, "\(announced.values)")
    }

    @Test func aServerThatDoesNotAnswerInTimeIsNotAskedAgain() async throws {
        // Given a server that answers after 4 s, and 3 s for the request, retries included
        let server = try LoopbackServer { _ in
            Thread.sleep(forTimeInterval: 4)
            return .json(FaultSeeds.oneShop)
        }
        let announced = Recorder()
        let api = HotpepperAPI(
            configuration: .init(
                key: FaultSeeds.canary, baseURL: server.baseURL, timeout: 3,
                retry: RetryPolicy(retries: 1, sleep: { _ in }, announce: { announced.append($0) })))

        // When a search is made
        await #expect(throws: ServiceError.self) { try await api.searchRestaurants(FaultSeeds.query) }

        // Then the time-out spent the time a retry would need: one request, and no line of asking again
        #expect(server.requests.count == 1, "\(server.requests.count) requests")
        #expect(announced.values.isEmpty, "\(announced.values)")
    }

    // MARK: 8. A list that came short says so

    /// A gourmet answer of `count` shops numbered from `first`, of `total` in all.
    nonisolated static func gourmet(_ count: Int, from first: Int, total: Int) -> Reply {
        let shops = (first..<first + count).map { number in
            #"{"id":"J\#(String(format: "%09d", number))","name":"店\#(number)","lat":\#(35.658 + Double(number) * 0.00001),"lng":139.7016}"#
        }
        return .json(
            #"{"results":{"api_version":"1.30","results_available":\#(total),"results_returned":"\#(count)","results_start":\#(first),"shop":[\#(shops.joined(separator: ","))]}}"#
        )
    }

    @Test(arguments: [("empty", 0), ("repeating page 1", 1)])
    func laterPagesThatBringNothingNewAreSaid(name: String, repeatFirst: Int) async throws {
        // Given a service counting 400 shops whose pages after the first are empty or page 1 again
        let server = try LoopbackServer { request in
            let start = Int(request.queryValue("start") ?? "1") ?? 1
            return start == 1 || repeatFirst == 1
                ? Self.gourmet(100, from: 1, total: 400) : Self.gourmet(0, from: start, total: 400)
        }

        // When 300 are asked for
        let run = await CLIRun.run(
            ["search", "--limit", "300", "--json"] + Self.shibuya, environment: Self.hotpepperEnvironment(server))

        // Then the 100 that came are listed, and a warning says 200 never came
        #expect(server.requests.count == 3, "\(name): three pages asked")
        #expect((run.json?["restaurants"] as? [Any])?.count == 100, "\(name): \(run.stderr)")
        #expect(
            run.stderr.contains(
                "warning: the service counts 400 results but sent 100 different places for the 300 asked (from 1 on): 200 never came"
            ),
            "\(name): \(run.stderr)")
    }

    @Test func pagesThatCameWholeSayNothing() async throws {
        let server = try LoopbackServer { request in
            let start = Int(request.queryValue("start") ?? "1") ?? 1
            return Self.gourmet(min(100, 250 - start + 1), from: start, total: 250)
        }
        let run = await CLIRun.run(
            ["search", "--limit", "300", "--json"] + Self.shibuya, environment: Self.hotpepperEnvironment(server))
        #expect((run.json?["restaurants"] as? [Any])?.count == 250 && !run.stderr.contains("warning"), "\(run.stderr)")
    }

    // MARK: 10. OpenStreetMap's places within the circle; an unreadable element skipped

    nonisolated static func overpass(_ elements: [String]) -> Reply {
        .json(#"{"version": 0.6, "elements": [\#(elements.joined(separator: ","))]}"#, contentType: "application/json")
    }

    nonisolated static let nearby =
        #"{"type": "node", "id": 1, "lat": 35.6581, "lon": 139.7016, "tags": {"amenity": "cafe", "name": "Near"}}"#

    func osm(_ reply: Reply, _ options: [String] = []) async throws -> (CLIRun, LoopbackServer) {
        let server = try LoopbackServer(replies: [reply])
        let run = await CLIRun.run(
            ["search", "--provider", "osm", "--json", "--limit", "1000"] + options + Self.shibuya,
            environment: ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString])
        return (run, server)
    }

    @Test func placesOutsideTheCircleAreLeftOut() async throws {
        // Given Overpass answering with places at (0,0), the pole, and a denormal latitude beside a near one
        let far = [(0.0, 0.0), (-90.0, 180.0), (5e-324, 139.7016)].enumerated().map { index, point in
            #"{"type": "node", "id": \#(index + 10), "lat": \#(point.0), "lon": \#(point.1), "tags": {"amenity": "restaurant", "name": "Far \#(index)"}}"#
        }
        // When the places within 1000 m are asked for
        let (run, _) = try await osm(Self.overpass(far + [Self.nearby]), ["--range", "3"])
        // Then only the near one is listed, and counted
        let names = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Near"], "\(run.stdout) \(run.stderr)")
        #expect(run.json?["total"] as? Int == 1, "the total counts what is within: \(run.stdout)")
    }

    @Test func anUnreadableElementIsSkippedAndCounted() async throws {
        // Given an answer with a centre without lon, a negative id and a numeric tag beside a good place
        let bad = [
            #"{"type": "way", "id": 2, "center": {"lat": 35.658}, "tags": {"amenity": "cafe", "name": "No lon"}}"#,
            #"{"type": "node", "id": -1, "lat": 35.658, "lon": 139.7016, "tags": {"name": "Negative"}}"#,
            #"{"type": "node", "id": 3, "lat": 35.658, "lon": 139.7016, "tags": {"name": "Numeric", "level": 2}}"#,
        ]
        // When it is searched, narrated
        let (run, _) = try await osm(Self.overpass(bad + [Self.nearby]), ["--verbose"])
        // Then the good place is listed, exit 0, and --verbose counts what was skipped
        let names = (run.json?["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(run.code == .success && names == ["Near"], "\(run.stderr)")
        #expect(run.stderr.contains("skipped 3 of the 4 elements Overpass sent"), "\(run.stderr)")
    }
}

/// Numbers the requests a server's threads answer, from 0.
private final class RequestNumbers: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.withLock {
            defer { count += 1 }; return count
        }
    }
}
