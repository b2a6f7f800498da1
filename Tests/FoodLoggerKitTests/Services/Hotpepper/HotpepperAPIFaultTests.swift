import Foundation
import LoopbackHTTP
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The real client against a loopback server that misbehaves on purpose. Waits between retries
/// go to a recording sleeper, so the schedule is checked without waiting it out.
@Suite struct HotpepperAPIFaultTests {
    /// Records each wait instead of sleeping.
    final class SleeperSpy: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [TimeInterval] = []
        var waits: [TimeInterval] { lock.withLock { recorded } }
        func sleep(_ seconds: TimeInterval) { lock.withLock { recorded.append(seconds) } }
    }

    let sleeper = SleeperSpy()
    let log = CapturedOutput()

    func makeSUT(
        _ server: some LoopbackEndpoint, retries: Int = 2, timeout: TimeInterval = 2,
        now: Date = Date()
    ) -> HotpepperAPI {
        let sleeper = sleeper
        let policy = RetryPolicy(retries: retries, random: { 1 }, sleep: { sleeper.sleep($0) }, now: { now })
        return HotpepperAPI(
            configuration: .init(
                key: FaultSeeds.canary, baseURL: server.baseURL, timeout: timeout,
                retry: policy, log: { [log] in log.write($0 + "\n") }))
    }

    func search(_ sut: HotpepperAPI) async -> Result<RestaurantPage, ServiceError> {
        do { return .success(try await sut.searchRestaurants(FaultSeeds.query)) } catch { return .failure(error) }
    }

    /// The failure, after checking that nothing it or the log says contains the key.
    /// The failure, which must name HOT PEPPER and keep the key out; nil for a page.
    func failure(_ result: Result<RestaurantPage, ServiceError>) -> ServiceError? {
        guard case .failure(let error) = result else { return nil }
        #expect(error.origin == .provider(.hotpepper), "named: \(error)")
        #expect(!error.localizedDescription.contains(FaultSeeds.canary), "the key stays out of the message")
        #expect(!log.text.contains(FaultSeeds.canary), "the key stays out of the log")
        return error.cause
    }

    @Test func twoUnavailableThenSuccessTakesThreeRequests() async throws {
        let server = try LoopbackServer(replies: [.status(503), .status(503), .json(FaultSeeds.oneShop)])
        let page = try await makeSUT(server).searchRestaurants(FaultSeeds.query)
        #expect(page.restaurants.map(\.name) == ["試験食堂"], "the third answer is used")
        #expect(server.requests.count == 3, "two retries")
        #expect(sleeper.waits == [0.5, 1], "backoff 0.5 s then 1 s (jitter pinned to the top)")
    }

    @Test func retryAfterInSecondsIsHonoured() async throws {
        let server = try LoopbackServer(replies: [.status(429, retryAfter: "1"), .json(FaultSeeds.oneShop)])
        _ = try await makeSUT(server).searchRestaurants(FaultSeeds.query)
        #expect(server.requests.count == 2 && sleeper.waits == [1], "waited the 1 s the server asked for")
        #expect(log.text.contains("retrying in 1 s (Retry-After) after HTTP 429"), "verbose says why: \(log.text)")
    }

    @Test func retryAfterAsADateIsHonouredAndADateBeyondTheCapIsNotWaited() async throws {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        let server = try LoopbackServer(replies: [
            .status(503, retryAfter: "Sun, 06 Nov 1994 08:49:42 GMT"), .status(503, retryAfter: "Mon, 07 Nov 1994 08:49:37 GMT"),
            .json(FaultSeeds.oneShop),
        ])
        // 10 s for the request: the 5 s wait fits in it
        let error = failure(await search(makeSUT(server, timeout: 10, now: now)))
        #expect(sleeper.waits == [5], "5 s until the date, and no wait of a day")
        #expect(error == .asksToWait(status: 503, seconds: 86_400) && server.requests.count == 2, "given up at once")
    }

    @Test func aWaitLongerThanTheTimeLeftIsNotBegun() async throws {
        // Given a server that asks for 5 s, and 2 s for the request, retries included
        let server = try LoopbackServer(replies: [.status(503, retryAfter: "5"), .json(FaultSeeds.oneShop)])

        // When a search is made
        let error = failure(await search(makeSUT(server, timeout: 2)))

        // Then it ends at once, saying how long the server asked for: waiting could only end past the time allowed
        #expect(error == .asksToWait(status: 503, seconds: 5) && server.requests.count == 1, "\(String(describing: error))")
        #expect(sleeper.waits.isEmpty, "no wait begun: \(sleeper.waits)")
        #expect(log.text.contains("not retrying: 2 s allowed in all"), "verbose says why: \(log.text)")
    }

    @Test func exhaustedRetriesReportTheLastStatus() async throws {
        let server = try LoopbackServer(replies: [.status(502)])
        let error = failure(await search(makeSUT(server, retries: 2)))
        #expect(error == .httpStatus(502) && server.requests.count == 3, "1 + 2 retries, then HTTP 502")
    }

    @Test(arguments: [
        (2000, ServiceError.rejectedKey(message: "error 2000: APIキーが正しくありません", service: .hotpepper)),
        (3000, .invalidRequest(message: "error 3000: 少なくとも１つの条件を入れてください。", service: .hotpepper)),
    ])
    func keyAndParameterErrorsAreNeverRetried(code: Int, expected: ServiceError) async throws {
        let message = code == 2000 ? "APIキーが正しくありません" : "少なくとも１つの条件を入れてください。"
        let server = try LoopbackServer(replies: [.json(FaultSeeds.serviceError(code, message))])
        let error = failure(await search(makeSUT(server)))
        #expect(error == expected && server.requests.count == 1, "one request, error \(code)")
        #expect(sleeper.waits.isEmpty, "no wait")
    }

    @Test func serviceFailure1000IsRetried() async throws {
        let server = try LoopbackServer(replies: [.json(FaultSeeds.serviceError(1000, "サーバ障害"))])
        let error = failure(await search(makeSUT(server, retries: 1)))
        #expect(
            error == .serviceFailure(message: "error 1000: サーバ障害", transient: true) && server.requests.count == 2, "retried once")
    }

    @Test(arguments: [404, 400, 403])
    func otherClientErrorsAreNotRetried(status: Int) async throws {
        let server = try LoopbackServer(replies: [.status(status)])
        let error = failure(await search(makeSUT(server)))
        #expect(error == .httpStatus(status) && server.requests.count == 1, "HTTP \(status), one request")
    }

    @Test func aServerThatNeverAnswersEndsWithinTheTimeout() async throws {
        let server = try LoopbackServer(replies: [.hang])
        let error = failure(await search(makeSUT(server, retries: 1, timeout: 0.3)))
        #expect(
            error == .network(.timedOut, detail: "no answer from 127.0.0.1:\(server.port) within 0.30 s"),
            "timed out once: \(String(describing: error))")
        #expect(server.requests.count == 1, "the time-out bounds the retries too: none is left for one")
    }

    @Test func closeWithoutAnswerIsANetworkFailureAndRetried() async throws {
        let server = try LoopbackServer(replies: [.closeWithoutAnswer, .json(FaultSeeds.oneShop)])
        let page = try await makeSUT(server, retries: 1).searchRestaurants(FaultSeeds.query)
        #expect(page.restaurants.count == 1 && server.requests.count == 2, "the second attempt succeeds")
        #expect(log.text.contains("connection closed without an answer"), "verbose names the first failure")
    }

    @Test func truncatedBodyIsUnreadableAndNotRetried() async throws {
        let server = try LoopbackServer(replies: [Reply.json(FaultSeeds.oneShop).truncated(missingBytes: 500)])
        let error = failure(await search(makeSUT(server)))
        guard case .unreadableResponse(let detail) = error else {
            Issue.record("expected an unreadable answer, got \(String(describing: error))"); return
        }
        #expect(detail.contains("truncated") && server.requests.count == 1, "truncated, one request: \(detail)")
    }

    @Test func htmlIsDescribedByTypeAndFirstBytesWithTheKeyRedacted() async throws {
        let page = "<html><body>Bad key \(FaultSeeds.canary)\n</body></html>"
        let server = try LoopbackServer(replies: [
            Reply(status: 200, headers: [("Content-Type", "text/html")], body: Data(page.utf8))
        ])
        let error = failure(await search(makeSUT(server)))
        let message = error?.localizedDescription ?? ""
        #expect(error?.exitCode == .dataError, "exit 65")
        #expect(
            message.contains("not JSON (text/html, \(page.utf8.count) bytes starting \"<html><body>Bad key REDACTED"),
            "type, size and first bytes: \(message)")
        #expect(!message.contains("\n"), "one line")
    }

    @Test(arguments: [
        (#"{"results":{}}"#, "without results.results_available"), (#"[1,2]"#, "unexpected type"),
        (#"{"results":{"results_available":1,"shop":[{"id":"J1"}]}}"#, "missing results.shop[0].lat"), ("", "not JSON"),
        // Found by the decoder fuzzer: the presenter's page arithmetic overflowed.
        (#"{"results":{"results_available":1,"results_start":9223372036854775807,"shop":[]}}"#, "out of range"),
        (#"{"results":{"results_available":-1}}"#, "out of range"),
    ])
    func unexpectedShapesAreUnreadable(body: String, words: String) async throws {
        let server = try LoopbackServer(replies: [.json(body)])
        let message = failure(await search(makeSUT(server)))?.localizedDescription ?? ""
        #expect(message.contains(words) && message.contains("text/javascript"), "says what arrived: \(message)")
    }

    @Test func serviceMessagesEchoingTheKeyAreRedacted() async throws {
        let server = try LoopbackServer(replies: [.json(FaultSeeds.serviceError(2000, "bad key \(FaultSeeds.canary)\\u001B[2J"))])
        let error = failure(await search(makeSUT(server)))
        #expect(
            error == .rejectedKey(message: "error 2000: bad key REDACTED\u{1B}[2J", service: .hotpepper),
            "redacted: \(String(describing: error))")
        #expect(error?.localizedDescription.contains("bad key REDACTED\\u{1B}[2J") == true, "escaped when worded")
    }

    @Test func refusedConnection() async throws {
        let server = try RefusingPort()
        let error = failure(await search(makeSUT(server, retries: 1)))
        #expect(error == .network(.refused, detail: "127.0.0.1:\(server.port); 2 attempts"), "refused, retried once")
    }

    @Test func verboseNarratesEachRequestWithTheKeyRedacted() async throws {
        let server = try LoopbackServer(replies: [.status(500), .json(FaultSeeds.oneShop)])
        _ = try await makeSUT(server, retries: 1).searchRestaurants(FaultSeeds.query)
        let lines = log.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "request, status, retry, request, status: \(lines)")
        #expect(
            lines.first?.hasPrefix(
                "attempt 1 of 2: GET http://127.0.0.1:\(server.port)/gourmet/v1/?key=REDACTED&format=json") == true,
            "the redacted URL: \(lines)")
        #expect(lines[1].hasPrefix("HTTP 500, 0 bytes in "), "status, size and time: \(lines)")
        #expect(lines[2] == "retrying in 0.50 s after HTTP 500", "the retry and its reason: \(lines)")
        #expect(
            server.requests.allSatisfy { $0.queryItems.contains { $0.name == "key" && $0.value == FaultSeeds.canary } },
            "the server did get the real key")
        #expect(!log.text.contains(FaultSeeds.canary), "the log never shows it")
    }

    @Test(arguments: [
        (URLError.Code.cannotConnectToHost, ServiceError.NetworkFailure.refused), (.cannotFindHost, .hostNotFound),
        (.dnsLookupFailed, .hostNotFound), (.timedOut, .timedOut), (.secureConnectionFailed, .tls),
        (.serverCertificateUntrusted, .tls), (.badServerResponse, .noAnswer), (.networkConnectionLost, .noAnswer),
        (.notConnectedToInternet, .other),
    ])
    func transportErrorsAreSortedByWhatTheUserCanDo(code: URLError.Code, failure: ServiceError.NetworkFailure) {
        let error = ServiceClient.networkError(URLError(code), host: "h", timeout: 1)
        guard case .network(let kind, _) = error else { Issue.record("\(code) is a network failure"); return }
        #expect(kind == failure, "\(code) is \(failure)")
    }

    @Test func libcurlTLSFailuresAreRecognisedByTheirWords() {
        let openSSL = URLError(
            .unknown, userInfo: [NSLocalizedDescriptionKey: "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"])
        #expect(
            ServiceClient.networkError(openSSL, host: "h", timeout: 1)
                == .network(.tls, detail: "h: OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"), "a TLS failure"
        )
        let other = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "Send failure: Broken pipe"])
        #expect(
            ServiceClient.networkError(other, host: "h", timeout: 1) == .network(.other, detail: "h: Send failure: Broken pipe"),
            "anything else keeps its words")
    }
}
