import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

/// Lines told to a log.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var lines: [String] { lock.withLock { recorded } }
    func add(_ line: String) { lock.withLock { recorded.append(line) } }
}

/// A service as the answer cache sees it: each call answers a body naming the call ("answer 2"),
/// or one the decoder refuses (an error inside an HTTP 200) for the calls in `refused`.
final class NumberedBodies: @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0
    let refused: Set<Int>

    init(refused: Set<Int> = []) { self.refused = refused }

    var calls: Int { lock.withLock { sent } }

    /// The next call's body, handed to the client's decoder as `send` does.
    func send<Value>(_ decode: (Data) throws(ServiceError) -> Value) throws(ServiceError) -> Value {
        let call = lock.withLock {
            sent += 1; return sent
        }
        return try decode(Data((refused.contains(call) ? "error \(call)" : "answer \(call)").utf8))
    }
}

@Suite struct CachedFetchTests {
    static let key = AnswerCache.Key(
        url: URL(string: "http://127.0.0.1:8080/gourmet/v1/?key=0123abcd&keyword=ramen")!, removing: "key", secret: "0123abcd")
    static let unsent = ServiceError.Unsent.search(RestaurantQuery(keyword: "ramen"))

    /// The client's decoder: reads "answer N", refuses anything else as the service's error.
    static func decode(_ body: Data) throws(ServiceError) -> String {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("answer ") else { throw .serviceFailure(message: text, transient: false) }
        return text
    }

    static func cache(
        _ folder: TemporaryFolder?, mode: AnswerCache.Mode = .normal, clock: ManualClock = ManualClock()
    ) -> AnswerCache {
        AnswerCache(cacheFolder: folder?.url, mode: mode, now: { clock.now })
    }

    /// One request through `sut`.
    static func ask(
        _ sut: AnswerCache, _ service: NumberedBodies, key: AnswerCache.Key? = key, log: LogLines? = nil
    ) async -> Result<String, ServiceError> {
        var narrate: (@Sendable (String) -> Void)?
        if let log { narrate = { log.add($0) } }
        do throws(ServiceError) {
            return .success(
                try await sut.answer(key, unsent: unsent, log: narrate) { body throws(ServiceError) in
                    try decode(body)
                } send: { decode throws(ServiceError) in
                    try service.send(decode)
                })
        } catch {
            return .failure(error)
        }
    }

    @Test func aRepeatedRequestIsAnsweredFromTheCacheWithNothingSent() async throws {
        // Given a request answered once
        let folder = try TemporaryFolder()
        let service = NumberedBodies()
        let first = await Self.ask(Self.cache(folder), service)

        // When it is asked again, by another run
        let second = await Self.ask(Self.cache(folder), service)

        // Then the service was asked once, and the second answer is the first's, decoded again
        #expect(service.calls == 1, "no second call")
        #expect(first == .success("answer 1") && second == first, "the same answer: \(second)")
    }

    @Test func refreshAsksTheServiceAndReplacesTheEntry() async throws {
        // Given a request answered once
        let folder = try TemporaryFolder()
        let service = NumberedBodies()
        _ = await Self.ask(Self.cache(folder), service)

        // When it is asked with refresh, then normally
        let refreshed = await Self.ask(Self.cache(folder, mode: .refresh), service)
        let after = await Self.ask(Self.cache(folder), service)

        // Then refresh asked the service, and its answer is the one kept
        #expect(refreshed == .success("answer 2"), "the service's new answer")
        #expect(after == .success("answer 2"), "the new answer replaced the old")
        #expect(service.calls == 2, "asked twice in all")
    }

    @Test func offlineAnswersFromTheCacheAndSendsNothing() async throws {
        // Given a request answered once, and another never asked
        let folder = try TemporaryFolder()
        let service = NumberedBodies()
        _ = await Self.ask(Self.cache(folder), service)
        let other = AnswerCache.Key(url: URL(string: "http://127.0.0.1:8080/gourmet/v1/?keyword=udon")!)

        // When both are asked offline
        let kept = await Self.ask(Self.cache(folder, mode: .offline), service)
        let missing = await Self.ask(Self.cache(folder, mode: .offline), service, key: other)

        // Then the kept one answers, the other fails as not cached, and nothing more was sent
        #expect(kept == .success("answer 1"), "the kept answer")
        #expect(missing == .failure(.notCached(Self.unsent)), "the request named in the error")
        #expect(service.calls == 1, "nothing sent offline")
    }

    @Test func withoutACacheFolderEveryRequestIsSentAndOfflineNoneIs() async throws {
        // Given no cache folder (no HOME)
        let service = NumberedBodies()

        // When a request is asked twice, then offline
        _ = await Self.ask(Self.cache(nil), service)
        let second = await Self.ask(Self.cache(nil), service)
        let offline = await Self.ask(Self.cache(nil, mode: .offline), service)

        // Then both were sent, and offline fails as not cached
        #expect(second == .success("answer 2") && service.calls == 2, "nothing kept")
        #expect(offline == .failure(.notCached(Self.unsent)), "offline has nothing")
    }

    @Test func anAnswerOlderThanTheLifetimeIsAskedForAgain() async throws {
        // Given a request answered once
        let folder = try TemporaryFolder()
        let service = NumberedBodies()
        let clock = ManualClock()
        _ = await Self.ask(Self.cache(folder, clock: clock), service)

        // When it is asked again just before the lifetime ends, then just after, then offline
        clock.advance(AnswerCache.lifetime - 1)
        let before = await Self.ask(Self.cache(folder, clock: clock), service)
        clock.advance(2)
        let after = await Self.ask(Self.cache(folder, clock: clock), service)
        clock.advance(AnswerCache.lifetime)
        let offline = await Self.ask(Self.cache(folder, mode: .offline, clock: clock), service)

        // Then the first came from the cache and the second from the service
        #expect(before == .success("answer 1") && after == .success("answer 2"), "\(before) \(after)")
        #expect(service.calls == 2, "asked again after expiry only")
        #expect(offline == .failure(.notCached(Self.unsent)), "expired is not cached")
    }

    @Test func anAnswerTheDecoderRefusesIsNotKept() async throws {
        // Given a service whose first answer is an error inside an HTTP 200
        let folder = try TemporaryFolder()
        let service = NumberedBodies(refused: [1])
        let failed = await Self.ask(Self.cache(folder), service)

        // When the request is asked again
        let second = await Self.ask(Self.cache(folder), service)

        // Then the error was not served from the cache
        #expect(failed == .failure(.serviceFailure(message: "error 1", transient: false)), "the first failed")
        #expect(second == .success("answer 2") && service.calls == 2, "the second was asked of the service")
    }

    @Test func aKeptBodyTheDecoderRefusesIsAbsent() async throws {
        // Given an entry whose body the decoder refuses (written by something else)
        let folder = try TemporaryFolder()
        let sut = Self.cache(folder)
        await sut.store(Data("error 0".utf8), for: try #require(Self.key))
        let service = NumberedBodies()

        // When the request is asked, then offline
        let answered = await Self.ask(sut, service)
        let offline = await Self.ask(Self.cache(folder, mode: .offline), service)

        // Then the service answered, and its answer replaced the refused one
        #expect(answered == .success("answer 1") && service.calls == 1, "asked of the service: \(answered)")
        #expect(offline == .success("answer 1"), "the new answer kept")
    }

    @Test func aRequestWithoutAKeyIsNeverKept() async throws {
        // Given a request that has no key (it would hold the API key)
        let folder = try TemporaryFolder()
        let service = NumberedBodies()

        // When it is asked twice
        _ = await Self.ask(Self.cache(folder), service, key: nil)
        _ = await Self.ask(Self.cache(folder), service, key: nil)

        // Then both were sent and no file was written
        #expect(service.calls == 2, "asked every time")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("answers").path), "no answers folder")
    }

    @Test func verboseSaysWhenAnAnswerCameFromTheCacheAndHowOld() async throws {
        // Given a request answered once, and a log
        let folder = try TemporaryFolder()
        let service = NumberedBodies()
        let clock = ManualClock()
        let log = LogLines()
        _ = await Self.ask(Self.cache(folder, clock: clock), service, log: log)
        #expect(log.lines.isEmpty, "an answer from the service is narrated by the client")

        // When it is asked again 125 seconds later
        clock.advance(125)
        _ = await Self.ask(Self.cache(folder, clock: clock), service, log: log)

        // Then the log says so, with the age and the size
        #expect(log.lines == ["answer from the cache, kept 2 min 5 s ago (8 bytes)"], "\(log.lines)")
    }
}
