import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The web service client: one gourmet/v1 search per call over URLSession, each attempt bounded
/// by `timeout`, transient failures retried by `retry`. Nothing it logs or throws contains the key.
public struct HotpepperAPI: HotpepperProtocol {
    public struct Configuration: Sendable {
        public var key: String
        public var baseURL: URL
        /// Bounds each attempt, connection and body included.
        public var timeout: TimeInterval
        public var retry: RetryPolicy
        /// Where `--verbose` narration goes (each request, its outcome, each retry); nil: silent.
        public var log: (any TextOutput)?

        public static let defaultTimeout: TimeInterval = 10
        public static let maxTimeout: TimeInterval = 300

        public init(key: String, baseURL: URL = GourmetRequest.defaultBaseURL, timeout: TimeInterval = defaultTimeout,
                    retry: RetryPolicy = RetryPolicy(), log: (any TextOutput)? = nil) {
            self.key = key; self.baseURL = baseURL; self.timeout = timeout; self.retry = retry; self.log = log
        }
    }

    let configuration: Configuration
    let session: URLSession

    public init(configuration: Configuration) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // A backstop only: `send` enforces the timeout itself and should always fire first.
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout + 1
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout + 1
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        session = URLSession(configuration: sessionConfiguration)
    }

    public func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        let url = GourmetRequest.url(for: query, key: configuration.key, baseURL: configuration.baseURL)
        var request = URLRequest(url: url)
        request.setValue("application/json, text/javascript", forHTTPHeaderField: "Accept")
        request.setValue("foodlogger/\(FoodLoggerVersion.current)", forHTTPHeaderField: "User-Agent")
        let policy = configuration.retry
        var attempt = 1
        while true {
            log("attempt \(attempt) of \(policy.retries + 1): GET \(GourmetRequest.redacted(url))")
            let failure: Failure
            switch await self.attempt(request) {
            case .success(let page): return page
            case .failure(let error): failure = error
            }
            let cause = failure.error.redacting(configuration.key)
            guard policy.shouldRetry(cause, afterAttempt: attempt) else {
                throw Self.final(cause, attempts: attempt)
            }
            let wait = policy.delay(afterAttempt: attempt, retryAfter: failure.retryAfter)
            let because = failure.retryAfter == nil ? "" : " (Retry-After)"
            log("retrying in \(Self.seconds(wait))\(because) after \(Self.summary(cause))")
            do { try await policy.sleep(wait) } catch { throw Self.final(cause, attempts: attempt) }
            attempt += 1
        }
    }

    /// Why one attempt failed, with the server's Retry-After when it sent one.
    struct Failure: Error {
        var error: HotpepperError
        var retryAfter: TimeInterval?
    }

    /// One request, one answer: sent, bounded by the timeout, checked and decoded.
    private func attempt(_ request: URLRequest) async -> Result<RestaurantPage, Failure> {
        let clock = ContinuousClock()
        let started = clock.now
        let data: Data, response: HTTPURLResponse
        do {
            (data, response) = try await send(request)
        } catch {
            log("failed after \(Self.seconds(started.duration(to: clock.now))): \(Self.summary(error))")
            return .failure(Failure(error: error))
        }
        log("HTTP \(response.statusCode), \(data.count) bytes in \(Self.seconds(started.duration(to: clock.now)))")
        guard response.statusCode == 200 else {
            let retryAfter = configuration.retry.retryAfter(response.value(forHTTPHeaderField: "Retry-After"))
            return .failure(Failure(error: .httpStatus(response.statusCode), retryAfter: retryAfter))
        }
        do {
            return .success(try GourmetResponseDecoder.decode(data))
        } catch .unreadableResponse(let detail) {
            let described = Self.describeBody(detail: detail, data: data, response: response, key: configuration.key)
            return .failure(Failure(error: .unreadableResponse(detail: described)))
        } catch {
            return .failure(Failure(error: error))
        }
    }

    /// The transfer raced against the timeout. URLSession's own timeouts are set too, but on
    /// Linux they have not always covered a server that accepts and then never answers, so
    /// the bound is enforced here; the losing transfer is cancelled.
    private func send(_ request: URLRequest) async throws(HotpepperError) -> (Data, HTTPURLResponse) {
        let timeout = configuration.timeout
        let host = Self.hostDescription(request.url)
        let session = session
        let outcome: Transfer
        do {
            outcome = try await withThrowingTaskGroup(of: Transfer.self) { group in
                group.addTask { await Transfer.run(request, in: session) }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                    return Transfer(error: URLError(.timedOut))
                }
                defer { group.cancelAll() }
                return try await group.next() ?? Transfer(error: CancellationError())
            }
        } catch {
            outcome = Transfer(error: error)
        }
        if let error = outcome.error {
            throw Self.networkError(error, host: host, timeout: timeout, headersArrived: outcome.headersArrived)
        }
        guard let http = outcome.response as? HTTPURLResponse else {
            throw .unreadableResponse(detail: "a response that is not HTTP")
        }
        return (outcome.data, http)
    }

    /// Sorts transfer failures into the kinds a user can act on. A transfer that failed after
    /// the headers arrived is a truncated body: the answer is unreadable, not missing.
    static func networkError(_ error: any Error, host: String, timeout: TimeInterval,
                             headersArrived: Bool = false) -> HotpepperError {
        let code = (error as? URLError)?.code
        if headersArrived, code != .timedOut {
            return .unreadableResponse(detail: "a truncated body: the connection closed before all the bytes the headers promised arrived")
        }
        switch code {
        case .cannotConnectToHost?: return .network(.refused, detail: host)
        case .cannotFindHost?, .dnsLookupFailed?: return .network(.hostNotFound, detail: host)
        case .timedOut?: return .network(.timedOut, detail: "no answer from \(host) within \(seconds(timeout))")
        case .badServerResponse?, .networkConnectionLost?, .zeroByteResource?: return .network(.noAnswer, detail: host)
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
             .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?, .clientCertificateRejected?,
             .clientCertificateRequired?:
            return .network(.tls, detail: host)
        default:
            // On Linux, libcurl's TLS failures arrive as URLError.unknown with OpenSSL's words.
            let reason = error.localizedDescription
            if reason.range(of: #"\b(SSL|TLS|certificate)"#, options: [.regularExpression, .caseInsensitive]) != nil {
                return .network(.tls, detail: "\(host): \(TerminalSafe.short(reason, limit: 100))")
            }
            return .network(.other, detail: "\(host): \(TerminalSafe.short(reason, limit: 100))")
        }
    }

    /// "host:port", which is what a user can check; never the URL, which carries the key.
    static func hostDescription(_ url: URL?) -> String {
        guard let host = url?.host else { return "the service" }
        return url?.port.map { "\(host):\($0)" } ?? host
    }

    /// The last failure, saying how many attempts were made when there was more than one.
    static func final(_ error: HotpepperError, attempts: Int) -> HotpepperError {
        guard attempts > 1, case .network(let failure, let detail) = error else { return error }
        return .network(failure, detail: "\(detail); \(attempts) attempts")
    }

    /// A few words for --verbose: what went wrong with one attempt.
    static func summary(_ error: HotpepperError) -> String {
        switch error {
        case .network(let failure, _): failure.rawValue
        case .httpStatus(let status): "HTTP \(status)"
        case .serviceFailure(let code, _): "service error \(code)"
        case .rejectedKey: "service error 2000"
        case .invalidRequest: "service error 3000"
        case .unreadableResponse: "an unreadable answer"
        case .missingKey, .unusableKeyFile: "no usable key"
        }
    }

    static func seconds(_ interval: TimeInterval) -> String {
        interval >= 10 || interval == interval.rounded() ? "\(Int(interval.rounded())) s" : String(format: "%.2f s", interval)
    }

    static func seconds(_ duration: Duration) -> String {
        let parts = duration.components
        return seconds(Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }

    private func log(_ line: String) {
        configuration.log?.write("foodlogger: \(Redaction.redact(line, key: configuration.key))\n")
    }

    /// What arrived, for a body that is not a gourmet response: its type, size and first bytes.
    static func describeBody(detail: String, data: Data, response: HTTPURLResponse, key: String) -> String {
        let type = response.value(forHTTPHeaderField: "Content-Type") ?? "no Content-Type"
        // Redact before cutting, or a key straddling the cut would show its first half.
        let text = Redaction.redact(String(decoding: data.prefix(4096), as: UTF8.self), key: key)
        let preview = TerminalSafe.line(String(text.prefix(60)))
        let body = data.isEmpty ? "an empty body" : "\(data.count) bytes starting \"\(preview)\(text.count > 60 ? "…" : "")\""
        return "\(detail) (\(TerminalSafe.line(type)), \(body))"
    }
}

/// What one URLSession transfer produced. Built from the completion handler rather than the
/// async `data(for:)`, so that cancelling the task returns at once whatever URLSession does.
struct Transfer: Sendable {
    var data = Data()
    var response: URLResponse?
    var error: (any Error)?
    /// The headers came (the body did not all follow): URLSession on Linux reports no response
    /// then, only the length it expected.
    var headersArrived = false

    static func run(_ request: URLRequest, in session: URLSession) async -> Transfer {
        let pending = PendingTransfer()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    pending.finish(Transfer(data: data ?? Data(), response: response, error: error))
                }
                pending.start(task, continuation)
            }
        } onCancel: {
            pending.finish(Transfer(error: CancellationError()))
        }
    }
}

/// The one place a transfer's continuation is resumed: by the completion handler or by a
/// cancellation, whichever comes first; the other is ignored.
private final class PendingTransfer: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var continuation: CheckedContinuation<Transfer, Never>?
    private var finished: Transfer?

    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Transfer, Never>) {
        lock.lock()
        if let finished {
            lock.unlock()
            continuation.resume(returning: finished)
            return
        }
        self.task = task; self.continuation = continuation
        lock.unlock()
        task.resume()
    }

    func finish(_ transfer: Transfer) {
        lock.lock()
        guard finished == nil else { lock.unlock(); return }
        var transfer = transfer
        transfer.headersArrived = transfer.response != nil || (task?.countOfBytesExpectedToReceive ?? 0) > 0
        finished = transfer
        let continuation = continuation, task = task
        self.continuation = nil
        lock.unlock()
        if transfer.error is CancellationError { task?.cancel() }
        continuation?.resume(returning: transfer)
    }
}

extension HotpepperError {
    /// The same error with the key taken out of every text it carries (a service message or a
    /// transport detail might echo it).
    func redacting(_ key: String) -> HotpepperError {
        let clean = { (text: String) in TerminalSafe.line(Redaction.redact(text, key: key)) }
        switch self {
        case .rejectedKey(let message): return .rejectedKey(message: clean(message))
        case .invalidRequest(let message): return .invalidRequest(message: clean(message))
        case .serviceFailure(let code, let message): return .serviceFailure(code: code, message: clean(message))
        case .network(let failure, let detail): return .network(failure, detail: clean(detail))
        case .unreadableResponse(let detail): return .unreadableResponse(detail: clean(detail))
        case .missingKey, .unusableKeyFile, .httpStatus: return self
        }
    }
}
