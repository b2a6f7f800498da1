import Foundation

/// Requests to one host wait here, first come first served, until fewer than `bound` are in
/// flight to it.
///
/// URLSession opens at most so many connections to a host and keeps the rest of the requests
/// in a queue of its own, where the client's timer was already running: twelve calls to a
/// server answering in 5 s under a 3 s time-out had six requests time out while they waited
/// and sent again (billed twice at Google). Waiting here instead, a request's timer starts when
/// it is sent, and a call that is cancelled while it waits leaves the queue without sending.
final class RequestQueue: @unchecked Sendable {
    /// The most requests in flight at once.
    let bound: Int
    private let lock = NSLock()
    private var inFlight = 0
    private var waiting: [(ticket: UInt64, turn: CheckedContinuation<Void, any Error>)] = []
    private var tickets: UInt64 = 0

    init(bound: Int) {
        self.bound = max(1, bound)
    }

    /// Waits for a place among the requests in flight; throws `CancellationError` (holding no
    /// place) when the task is cancelled first. Every return is matched by one `leave()`.
    func enter() async throws {
        let ticket = lock.withLock {
            tickets += 1
            return tickets
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (turn: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    turn.resume(throwing: CancellationError())
                } else if inFlight < bound && waiting.isEmpty {
                    inFlight += 1
                    lock.unlock()
                    turn.resume()
                } else {
                    waiting.append((ticket, turn))
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let index = waiting.firstIndex { $0.ticket == ticket }
            let cancelled = index.map { waiting.remove(at: $0).turn }
            lock.unlock()
            cancelled?.resume(throwing: CancellationError())
        }
        // Handed a place as it was cancelled: the place goes to the next in line, unused.
        if Task.isCancelled {
            leave()
            throw CancellationError()
        }
    }

    /// Gives the place back: to the first request waiting, else to the next that comes.
    func leave() {
        lock.lock()
        guard !waiting.isEmpty else {
            inFlight -= 1
            lock.unlock()
            return
        }
        let next = waiting.removeFirst().turn
        lock.unlock()
        next.resume()
    }

    /// Requests in flight, and waiting: what tests look at.
    var counts: (inFlight: Int, waiting: Int) {
        lock.withLock { (inFlight, waiting.count) }
    }
}

/// One `RequestQueue` for each host, made when it is first asked for.
final class RequestQueues: @unchecked Sendable {
    let bound: Int
    private let lock = NSLock()
    private var queues: [String: RequestQueue] = [:]

    init(bound: Int) {
        self.bound = bound
    }

    /// The queue of `url`'s host and port (URLSession's limit counts connections to a host
    /// name and port together).
    func queue(for url: URL) -> RequestQueue {
        let host = "\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? url.scheme?.lowercased() ?? "")"
        return lock.withLock {
            if let queue = queues[host] { return queue }
            let queue = RequestQueue(bound: bound)
            queues[host] = queue
            return queue
        }
    }
}
