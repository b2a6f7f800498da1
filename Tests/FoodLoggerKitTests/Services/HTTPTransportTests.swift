import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Answers every request with `reply` and remembers what was asked.
private final class HTTPTransportSpy: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    let reply: HTTPReply

    init(_ reply: HTTPReply) { self.reply = reply }

    var requests: [HTTPRequest] { lock.withLock { recorded } }

    func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int) async throws -> HTTPReply {
        lock.withLock { recorded.append(request) }
        return reply
    }
}

@Suite struct HTTPTransportTests {
    private let query = RestaurantQuery(center: Coordinate(lat: 35.6812, lng: 139.7671))

    private func makeSUT(_ transport: HTTPTransportSpy) -> HotpepperAPI {
        HotpepperAPI(configuration: .init(key: "k", retry: RetryPolicy(retries: 2)), transport: transport)
    }

    @Test func theRequestAsksForJSONAndNamesTheTool() async throws {
        let spy = HTTPTransportSpy(HTTPReply(status: 404, headers: ["content-type": "text/html"], body: Data()))
        await #expect(throws: ServiceError.from(.provider(.hotpepper), .httpStatus(404)), "the status reaches the client, named")
        {
            try await makeSUT(spy).searchRestaurants(query)
        }
        let request = try #require(spy.requests.first, "one request")
        #expect(request.method == "GET" && request.body == nil, "a search is a GET without a body")
        let headers = request.headers
        #expect(headers["Accept"] == "application/json, text/javascript", "JSON wanted: \(headers)")
        #expect(headers["User-Agent"] == "foodlogger/\(FoodLoggerVersion.current)", "the tool named: \(headers)")
    }

    @Test func aRequestWithABodyIsAPostThatCarriesIt() async throws {
        // Given a client over the spy
        let spy = HTTPTransportSpy(HTTPReply(status: 200, headers: [:], body: Data("ok".utf8)))
        let client = ServiceClient(timeout: 5, retry: RetryPolicy(retries: 0), transport: spy, service: .provider(.hotpepper))
        let form = HTTPRequest.Body(contentType: "application/x-www-form-urlencoded", data: Data("data=x".utf8))

        // When it fetches with a body
        let answer = try await client.fetch(URL(string: "https://example.invalid/api")!, accept: "application/json", body: form) {
            reply throws(ServiceError) in String(decoding: reply.body, as: UTF8.self)
        }

        // Then the transport was asked for a POST of that body
        let request = try #require(spy.requests.first, "one request")
        #expect(request.method == "POST" && request.body == form, "the body, as given: \(request)")
        #expect(answer == "ok", "the answer decoded")
    }

    @Test func headerNamesAreCaseInsensitive() {
        let reply = HTTPReply(status: 503, headers: ["retry-after": "3"], body: Data())
        #expect(reply.header("Retry-After") == "3", "as HTTP says")
        #expect(reply.header("Content-Type") == nil, "absent is absent")
    }

    @Test func aCancelledTransferReturnsAtOnceAndIsCancelled() async {
        let cancels = Counter()
        let started = AsyncStream<Void>.makeStream()
        let task = Task {
            try await PendingTransfer.run { _ in
                started.continuation.yield()
                // A transfer that never calls back, like a server that never answers.
                return { cancels.increment() }
            }
        }
        for await _ in started.stream { break }
        task.cancel()
        let result = await task.result
        #expect(throws: HTTPTransferFailure.self, "cancelled, not hanging") { try result.get() }
        if case .failure(let failure as HTTPTransferFailure) = result {
            #expect(failure.code == .cancelled, "as URLError.cancelled")
        }
        #expect(cancels.value == 1, "the transfer itself was cancelled once")
    }

    @Test func theFirstOutcomeWinsALateOneIsIgnored() async throws {
        let reply = try await PendingTransfer.run { pending in
            pending.finish(.success(HTTPReply(status: 200, headers: [:], body: Data("first".utf8))))
            pending.finish(.failure(HTTPTransferFailure(code: .networkConnectionLost, message: "late")))
            return {}
        }
        #expect(reply.body == Data("first".utf8), "the answer that came first, even before start returned")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
