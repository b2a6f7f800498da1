import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

@Suite struct RequestTurnsTests {
    /// A clock that moves only when something sleeps on it, recording each sleep.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var time = Date(timeIntervalSince1970: 1_800_000_000)
        private var sleeps: [TimeInterval] = []
        var now: Date { lock.withLock { time } }
        var slept: [TimeInterval] { lock.withLock { sleeps } }
        func sleep(_ seconds: TimeInterval) {
            lock.withLock {
                sleeps.append(seconds)
                time += seconds
            }
        }
    }

    func turns(stamp: URL?, clock: Clock, log: (@Sendable (String) -> Void)? = nil) -> RequestTurns {
        RequestTurns(stamp: stamp, now: { clock.now }, sleep: { clock.sleep($0) }, log: log)
    }

    @Test func runsSharingAStampWaitASecondFromTheLastAnswer() async throws {
        // Given two runs (two RequestTurns) sharing one stamp file
        let folder = try TemporaryFolder()
        let stamp = folder.url.appendingPathComponent("nominatim-last-request")
        let clock = Clock()

        // When each sends a request, the first taking half a second to be answered
        try await turns(stamp: stamp, clock: clock).take { () throws(ServiceError) in clock.sleep(0.5) }
        try await turns(stamp: stamp, clock: clock).take { () throws(ServiceError) in }

        // Then the second waits a whole second after the first's answer, not after its start
        #expect(clock.slept == [0.5, 1], "the request's half second, then a whole second: \(clock.slept)")
        let written = try #require(SharedFile(stamp).read().flatMap(RequestTurns.time))
        #expect(written == clock.now, "the stamp holds the last answer's time")
    }

    @Test func withoutAStampRequestsInOneRunAreStillASecondApart() async throws {
        // Given no cache folder, so no stamp file
        let clock = Clock()
        let sut = turns(stamp: nil, clock: clock)

        // When three requests ask for their turn at once
        let sent = Recorder()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try? await sut.take { () throws(ServiceError) in sent.append("\(clock.now.timeIntervalSince1970)") }
                }
            }
        }

        // Then they go at least a second apart
        let times = sent.values.compactMap(Double.init).sorted()
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(times.count == 3 && gaps.allSatisfy { $0 >= 1 }, "sent at \(times)")
    }

    @Test(arguments: [("9e15", 1.0), ("inf", 0.0), ("nan", 0.0), ("yesterday", 0.0), ("", 0.0)])
    func aStampInTheFutureOrUnreadableCostsAtMostOneWait(text: String, wait: TimeInterval) async throws {
        // Given a stamp far in the future, or not a time at all
        let folder = try TemporaryFolder()
        let stamp = folder.url.appendingPathComponent("stamp")
        try Data(text.utf8).write(to: stamp)
        let clock = Clock()

        // When a request asks for its turn
        try await turns(stamp: stamp, clock: clock).take { () throws(ServiceError) in }

        // Then it waits at most the spacing, never until the stamp's time
        #expect(clock.slept == (wait > 0 ? [wait] : []), "\(text): \(clock.slept)")
    }

    @Test func anAnswerFoundOnceTheTurnComesSkipsTheRequest() async throws {
        // Given a stamp just written by another run
        let folder = try TemporaryFolder()
        let stamp = folder.url.appendingPathComponent("stamp")
        let clock = Clock()
        try Data(String(clock.now.timeIntervalSince1970).utf8).write(to: stamp)

        // When the answer is already there once this run holds the lock
        let asked = Recorder()
        let answer = try await turns(stamp: stamp, clock: clock).take(already: { "kept" }) { () throws(ServiceError) in
            asked.append("request")
            return "asked"
        }

        // Then no request is made and nobody waits
        #expect(answer == "kept" && asked.values.isEmpty && clock.slept.isEmpty, "\(answer) \(asked.values) \(clock.slept)")
    }

    @Test func anUnusableStampIsToldOnceAndTheRunKeepsItsOwnSpacing() async throws {
        // Given a stamp under a regular file, where no folder can be made
        let folder = try TemporaryFolder()
        let blocker = folder.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        let clock = Clock(), told = Recorder()
        let sut = turns(stamp: blocker.appendingPathComponent("cache/stamp"), clock: clock, log: { told.append($0) })

        // When two requests are made
        try await sut.take { () throws(ServiceError) in }
        try await sut.take { () throws(ServiceError) in }

        // Then both are made a second apart, and the trouble is told once
        #expect(clock.slept == [1], "\(clock.slept)")
        #expect(told.values.count == 1, "one line: \(told.values)")
        #expect(told.values.first?.contains("file/cache (Not a directory)") == true, "\(told.values)")
    }

    @Test func aFailedRequestStillStampsAndHandsOnItsError() async throws {
        // Given a stamp file
        let folder = try TemporaryFolder()
        let stamp = folder.url.appendingPathComponent("stamp")
        let clock = Clock()

        // When the request fails
        await #expect(throws: ServiceError.httpStatus(503)) {
            try await turns(stamp: stamp, clock: clock).take { () throws(ServiceError) in throw .httpStatus(503) }
        }

        // Then the error comes out as it was, and the next run still waits its second
        try await turns(stamp: stamp, clock: clock).take { () throws(ServiceError) in }
        #expect(clock.slept == [1], "\(clock.slept)")
    }
}
