import Foundation
import Testing
@testable import FoodLoggerDomain

/// A transport whose n-th request (from 0) is answered by `answer`, remembering the time each
/// was given; its requests wait in `slots` when there is one.
private final class ScriptedTransportSpy: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var given: [TimeInterval] = []
    let slots: RequestQueue?
    let answer: @Sendable (Int) async throws -> HTTPReply

    init(slots: RequestQueue? = nil, answer: @escaping @Sendable (Int) async throws -> HTTPReply) {
        self.slots = slots
        self.answer = answer
    }

    /// The time each request sent was given, in the order they were sent.
    var timeouts: [TimeInterval] { lock.withLock { given } }

    func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int) async throws -> HTTPReply {
        let number = lock.withLock {
            given.append(timeout)
            return given.count - 1
        }
        return try await answer(number)
    }

    func queue(for url: URL) -> RequestQueue? { slots }
}

/// Now, moved on only by the test's sleeps and requests.
private final class ClockSpy: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_000_000)
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// Lines told, in order, and each as it comes.
private final class AnnouncementSpy: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    let told = AsyncStream<String>.makeStream()
    var lines: [String] { lock.withLock { recorded } }
    func announce(_ line: String) {
        lock.withLock { recorded.append(line) }
        told.continuation.yield(line)
    }
}

@Suite struct ServiceClientBudgetTests {
    static let url = URL(string: "http://127.0.0.1:8080/api/interpreter")!
    static let ok = HTTPReply(status: 200, headers: [:], body: Data("ok".utf8))

    private func makeSUT(
        _ transport: ScriptedTransportSpy, timeout: TimeInterval = 5, retries: Int = 2, clock: ClockSpy = ClockSpy(),
        service: ServiceName = .provider(.osm), announcements: AnnouncementSpy? = nil,
        announceWait: (after: TimeInterval, hint: String)? = nil
    ) -> ServiceClient {
        var announce: (@Sendable (String) -> Void)?
        if let announcements { announce = { line in announcements.announce(line) } }
        let retry = RetryPolicy(
            retries: retries, baseDelay: 1.5, random: { 1 }, sleep: { seconds in clock.advance(seconds) },
            now: { clock.now }, announce: announce, announceWait: announceWait)
        return ServiceClient(timeout: timeout, retry: retry, transport: transport, service: service)
    }

    private func fetch(_ sut: ServiceClient) async throws(ServiceError) -> String {
        try await sut.fetch(Self.url, accept: "application/json") { reply throws(ServiceError) in
            String(decoding: reply.body, as: UTF8.self)
        }
    }

    @Test func aRequestsTimerStartsWhenItIsSentNotWhileItWaitsItsTurn() async throws {
        // Given a host that takes one request at a time, whose first answer comes 10 s later
        let slots = RequestQueue(bound: 1)
        let clock = ClockSpy()
        let gate = AsyncStream<Void>.makeStream()
        let spy = ScriptedTransportSpy(slots: slots) { number in
            if number == 0 {
                for await _ in gate.stream { break }
                clock.advance(10)
            }
            return Self.ok
        }
        let sut = makeSUT(spy, timeout: 5, clock: clock)

        // When two calls are made at once
        let first = Task { try await fetch(sut) }
        await until { spy.timeouts.count == 1 }
        let second = Task { try await fetch(sut) }
        await until { slots.counts.waiting == 1 }

        // Then the second waits unsent while the first is in flight
        #expect(spy.timeouts.count == 1, "one request sent, the other waiting: \(spy.timeouts)")

        // And once the first is answered, the second is sent with its whole time, not 10 s late
        gate.continuation.yield()
        let answers = [try await first.value, try await second.value]
        #expect(answers == ["ok", "ok"], "both answered: \(answers)")
        #expect(spy.timeouts == [5, 5], "each request given 5 s from when it was sent: \(spy.timeouts)")
        #expect(slots.counts == (0, 0), "every place given back: \(slots.counts)")
    }

    @Test func aCallCancelledWhileItWaitsIsNeverSentNorTimedOut() async throws {
        // Given a host that takes one request at a time, busy with a request that is slow to come back
        let slots = RequestQueue(bound: 1)
        let gate = AsyncStream<Void>.makeStream()
        let spy = ScriptedTransportSpy(slots: slots) { _ in
            for await _ in gate.stream { break }
            return Self.ok
        }
        // (a time-out far past the test: the call in flight ends when the gate opens, however
        // slowly a loaded machine runs the rest)
        let sut = makeSUT(spy, timeout: 300)
        let busy = Task { try await fetch(sut) }
        await until { spy.timeouts.count == 1 }
        let waiting = Task { try await fetch(sut) }
        await until { slots.counts.waiting == 1 }

        // When the waiting call is cancelled
        waiting.cancel()
        let result = await waiting.result

        // Then it leaves the queue without a request, and is not reported as timed out
        if case .failure(let error as ServiceError) = result {
            #expect(!error.isTimeOut, "a call that never got its turn did not time out: \(error)")
        } else {
            Issue.record("the cancelled call failed: \(result)")
        }
        #expect(spy.timeouts.count == 1 && slots.counts == (1, 0), "never sent, nobody waiting: \(slots.counts)")
        gate.continuation.yield()
        let answer = try await busy.value
        #expect(answer == "ok", "the call in flight is answered")
    }

    @Test func aRetryIsNotStartedOnceTheTimeAllowedIsSpent() async throws {
        // Given a server that answers 503 at once, and 2 s for the request, retries included
        let clock = ClockSpy()
        let spy = ScriptedTransportSpy { _ in HTTPReply(status: 503, headers: [:], body: Data()) }
        let sut = makeSUT(spy, timeout: 2, retries: 5, clock: clock)

        // When it is fetched (the waits are 1.5 s, then 3 s)
        await #expect(throws: ServiceError.from(.provider(.osm), .httpStatus(503)), "the last answer's status") {
            try await fetch(sut)
        }

        // Then the second attempt had only what was left, and no third began
        #expect(spy.timeouts == [2, 0.5], "2 s, then the 0.5 s left after a 1.5 s wait: \(spy.timeouts)")
    }

    @Test func timeTheProcessDidNotGetRoundToIsNotSpent() async throws {
        // Given a 503 that took the service 0.1 s (by the transport's timing), seen 60 s later
        // by a process too busy to run the request's task
        let clock = ClockSpy()
        let spy = ScriptedTransportSpy { number in
            clock.advance(60)
            return number == 0 ? HTTPReply(status: 503, headers: [:], body: Data(), elapsed: 0.1) : Self.ok
        }
        let sut = makeSUT(spy, timeout: 5, clock: clock)

        // When it is fetched
        let answer = try await fetch(sut)

        // Then the retry is given what the service and the 1.5 s wait left of the 5 s
        #expect(answer == "ok", "answered on the retry")
        #expect(spy.timeouts.count == 2 && abs(spy.timeouts[1] - 3.4) < 1e-9, "5 − 0.1 − 1.5: \(spy.timeouts)")
    }

    @Test(arguments: [
        (Provider.google, 1, "no answer from 127.0.0.1:8080 within 5 s; not sent again, as Google Places may have billed it"),
        (Provider.osm, 2, "no answer from 127.0.0.1:8080 within 5 s; 2 attempts"),
    ])
    func aTimeOutIsSentAgainOnlyWhereARequestIsNotBilled(service: Provider, requests: Int, detail: String) async throws {
        // Given a transport whose own timer gives up at once, with time left
        let spy = ScriptedTransportSpy { _ in throw HTTPTransferFailure(code: .timedOut, message: "timed out") }
        let sut = makeSUT(spy, retries: 1, service: .provider(service))

        // When it is fetched
        await #expect(throws: ServiceError.from(.provider(service), .network(.timedOut, detail: detail)), "\(service)") {
            try await fetch(sut)
        }

        // Then a service that bills each request is asked once; another, again
        #expect(spy.timeouts.count == requests, "\(service): \(spy.timeouts.count) requests")
    }

    @Test func aSlowAnswerIsAnnouncedOnceWhereSomeoneWatches() async throws {
        // Given a service that answers only once the run has said it is waiting
        let announcements = AnnouncementSpy()
        let spy = ScriptedTransportSpy { _ in
            for await _ in announcements.told.stream { break }
            return Self.ok
        }
        let sut = makeSUT(spy, timeout: 30, announcements: announcements, announceWait: (5, "Ctrl-C to stop"))

        // When it is fetched
        let answer = try await fetch(sut)

        // Then one line said what the run waits for
        #expect(answer == "ok", "answered")
        #expect(
            announcements.lines == [
                "waiting for OpenStreetMap (127.0.0.1:8080): no answer yet after 5 s (giving up at 30 s); Ctrl-C to stop"
            ], "\(announcements.lines)")
    }

    @Test func noWaitIsAnnouncedWhereNobodyWatches() async throws {
        // Given a run whose stderr is no terminal (no wait announced), sleeps that end at once
        let announcements = AnnouncementSpy()
        let gate = AsyncStream<Void>.makeStream()
        let spy = ScriptedTransportSpy { _ in
            for await _ in gate.stream { break }
            return Self.ok
        }
        let sut = makeSUT(spy, timeout: 30, announcements: announcements, announceWait: nil)

        // When an answer is slow
        let call = Task { try await fetch(sut) }
        await until { spy.timeouts.count == 1 }
        for _ in 0..<1000 { await Task.yield() }
        gate.continuation.yield()

        // Then nothing is said
        let answer = try await call.value
        #expect(answer == "ok", "answered")
        #expect(announcements.lines.isEmpty, "\(announcements.lines)")
    }
}
