import Foundation
import Testing
@testable import FoodLoggerDomain

/// Who got through the queue, in order.
private final class EntrySpy: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var entered: [String] { lock.withLock { recorded } }
    func record(_ name: String) { lock.withLock { recorded.append(name) } }
}

/// Yields until `condition` holds (a million turns at most): the tasks under test run on the
/// pool, not in step with the test.
func until(_ condition: () -> Bool) async {
    var turns = 0
    while !condition(), turns < 1_000_000 {
        turns += 1
        await Task.yield()
    }
}

@Suite struct RequestQueueTests {
    @Test func noMoreThanTheBoundAreInFlight() async throws {
        // Given a queue of two places
        let sut = RequestQueue(bound: 2)
        let spy = EntrySpy()

        // When three requests ask for a place
        let tasks = (1...3).map { number in
            Task {
                try await sut.enter()
                spy.record("\(number)")
            }
        }
        await until { sut.counts.waiting == 1 && spy.entered.count == 2 }

        // Then two are in flight and the third waits, unsent
        #expect(sut.counts.inFlight == 2 && sut.counts.waiting == 1, "two in flight, one waiting: \(sut.counts)")
        #expect(spy.entered.count == 2, "only two got through: \(spy.entered)")

        // When one leaves, the third goes
        sut.leave()
        for task in tasks { try await task.value }
        #expect(spy.entered.count == 3 && sut.counts == (2, 0), "the place passed on: \(sut.counts)")
    }

    @Test func requestsGoInTheOrderTheyCame() async throws {
        // Given a queue of one place, taken
        let sut = RequestQueue(bound: 1)
        try await sut.enter()
        let spy = EntrySpy()

        // When three requests come one after another
        var tasks: [Task<Void, any Error>] = []
        for (index, name) in ["first", "second", "third"].enumerated() {
            tasks.append(
                Task {
                    try await sut.enter()
                    spy.record(name)
                })
            await until { sut.counts.waiting == index + 1 }
        }

        // Then each place given back goes to the one that waited longest
        for (index, task) in tasks.enumerated() {
            sut.leave()
            try await task.value
            #expect(spy.entered.count == index + 1, "one more through: \(spy.entered)")
        }
        #expect(spy.entered == ["first", "second", "third"], "first come, first served: \(spy.entered)")
    }

    @Test func aRequestCancelledWhileWaitingLeavesWithoutAPlace() async throws {
        // Given a queue of one place, taken, and a request waiting
        let sut = RequestQueue(bound: 1)
        try await sut.enter()
        let spy = EntrySpy()
        let waiting = Task {
            try await sut.enter()
            spy.record("cancelled one")
        }
        await until { sut.counts.waiting == 1 }

        // When it is cancelled
        waiting.cancel()
        let result = await waiting.result

        // Then it leaves the queue at once, without a place, and the place given back is free
        #expect(throws: CancellationError.self, "cancelled, not sent") { try result.get() }
        #expect(spy.entered.isEmpty, "never got through")
        #expect(sut.counts == (1, 0), "nobody waits; the holder only: \(sut.counts)")
        sut.leave()
        #expect(sut.counts == (0, 0), "the place is free, not given to the cancelled request: \(sut.counts)")
        try await sut.enter()
        #expect(sut.counts == (1, 0), "the next request goes at once")
    }

    @Test func aTaskCancelledBeforeItAsksGetsNoPlace() async throws {
        // Given a free queue and a task already cancelled
        let sut = RequestQueue(bound: 1)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await sut.enter()
        }

        // When it asks for a place
        let result = await task.result

        // Then it is refused and holds nothing
        #expect(throws: CancellationError.self, "cancelled first") { try result.get() }
        #expect(sut.counts == (0, 0), "no place held: \(sut.counts)")
    }

    @Test func eachHostHasItsOwnQueueAndPortsCount() {
        let sut = RequestQueues(bound: 6)
        let a = sut.queue(for: URL(string: "https://places.googleapis.com/v1/places:searchNearby")!)
        let b = sut.queue(for: URL(string: "https://PLACES.googleapis.com/v1/places/abc")!)
        let c = sut.queue(for: URL(string: "http://127.0.0.1:8080/")!)
        let d = sut.queue(for: URL(string: "http://127.0.0.1:8081/")!)
        #expect(a === b, "one host, one queue, whatever the path or case")
        #expect(c !== d, "another port is another host to URLSession")
        #expect(a.bound == 6, "as many as URLSession opens to a host")
    }
}
