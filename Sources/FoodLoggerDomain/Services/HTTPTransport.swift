import Foundation

/// The seam between the client and the network: one request, nothing about any service.
protocol HTTPTransport: Sendable {
    /// Throws `HTTPTransferFailure` when the transfer fails (`.cancelled`, at once, when the
    /// calling task is cancelled; `.tooLarge` as soon as the body, decoded, passes `limit` bytes).
    func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int) async throws -> HTTPReply

    /// Where a request to `url` waits before it is sent, when the transport opens only so many
    /// connections to a host at once; nil when it has no such bound.
    func queue(for url: URL) -> RequestQueue?
}

extension HTTPTransport {
    func queue(for url: URL) -> RequestQueue? { nil }
}

/// One request as a service client asks for it: a GET, or a POST when it carries a body
/// (Overpass takes its query as a form, too long for an address).
struct HTTPRequest: Sendable, Equatable {
    var url: URL
    var headers: [String: String]
    var body: Body?

    /// What a POST sends, and what it is.
    struct Body: Sendable, Equatable {
        var contentType: String
        var data: Data
    }

    var method: String { body == nil ? "GET" : "POST" }
}

/// An HTTP answer, whatever its status.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    /// The addresses redirected to and followed (on the same host only).
    var redirects: [URL] = []
    /// A redirect to another host, not followed: `status` and `body` are the redirect's own.
    var refusedRedirect: URL?
    /// How long the transfer took, from when it was started to its last byte, timed by the
    /// transport's own threads; nil when the transport does not say.
    var elapsed: TimeInterval?

    /// HTTP header names are case-insensitive.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A transfer that produced no usable answer, in URLSession's terms.
struct HTTPTransferFailure: Error {
    var code: URLError.Code
    var message: String
    /// The headers came but not all the body they promised: a truncated answer.
    var headersArrived = false
    /// How long the transfer took before it failed, as `HTTPReply.elapsed`.
    var elapsed: TimeInterval?

    static let cancelled = HTTPTransferFailure(code: .cancelled, message: "cancelled")

    /// The body passed the cap on what one answer may bring; reading stopped there.
    static func tooLarge(limit: Int) -> HTTPTransferFailure {
        HTTPTransferFailure(code: .dataLengthExceedsMaximum, message: "more than \(limit) bytes", headersArrived: true)
    }
}

/// A callback-style transfer as an async call that returns as soon as the task is cancelled,
/// whatever the transfer does then. Its outcome is taken once: from the transfer's callback or
/// from the cancellation, whichever comes first; the other is ignored.
final class PendingTransfer: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<HTTPReply, HTTPTransferFailure>, Never>?
    private var outcome: Result<HTTPReply, HTTPTransferFailure>?
    private var cancelTransfer: (@Sendable () -> Void)?

    /// `start` begins a transfer that calls `finish` once, and returns how to cancel it.
    static func run(_ start: (PendingTransfer) -> @Sendable () -> Void) async throws(HTTPTransferFailure) -> HTTPReply {
        let pending = PendingTransfer()
        return try await withTaskCancellationHandler {
            await withCheckedContinuation { pending.begin($0, start) }
        } onCancel: {
            pending.finish(.failure(.cancelled))
        }.get()
    }

    private func begin(
        _ continuation: CheckedContinuation<Result<HTTPReply, HTTPTransferFailure>, Never>,
        _ start: (PendingTransfer) -> @Sendable () -> Void
    ) {
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(returning: outcome)
            return
        }
        self.continuation = continuation
        lock.unlock()
        let cancel = start(self)
        lock.lock()
        let cancelledMeanwhile = if case .failure(let failure)? = outcome { failure.code == .cancelled } else { false }
        if outcome == nil { cancelTransfer = cancel }
        lock.unlock()
        if cancelledMeanwhile { cancel() }
    }

    func finish(_ result: Result<HTTPReply, HTTPTransferFailure>) {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return }
        outcome = result
        let continuation = continuation, cancel = cancelTransfer
        self.continuation = nil; cancelTransfer = nil
        lock.unlock()
        // The caller first: cancelling a transfer may wait for URLSession's own queue.
        continuation?.resume(returning: result)
        if case .failure(let failure) = result, failure.code == .cancelled { cancel?() }
    }
}
