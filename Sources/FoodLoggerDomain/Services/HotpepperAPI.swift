import Foundation

/// The web service client: one gourmet/v1 search per call over `transport`, each attempt bounded
/// by `timeout`, transient failures retried by `retry`. Nothing it logs or throws contains the key.
public struct HotpepperAPI: HotpepperProtocol {
    public struct Configuration: Sendable {
        var key: String
        var baseURL: URL
        /// Bounds each attempt, connection and body included.
        var timeout: TimeInterval
        var retry: RetryPolicy
        /// Where the narration of each request, its outcome and each retry goes, a line at a
        /// time (verbose mode); nil: silent.
        var log: (@Sendable (String) -> Void)?

        public static let defaultTimeout: TimeInterval = 10
        public static let maxTimeout: TimeInterval = 300

        public init(
            key: String, baseURL: URL = GourmetRequest.defaultBaseURL, timeout: TimeInterval = defaultTimeout,
            retry: RetryPolicy = RetryPolicy(), log: (@Sendable (String) -> Void)? = nil
        ) {
            self.key = key; self.baseURL = baseURL; self.timeout = timeout; self.retry = retry; self.log = log
        }
    }

    let configuration: Configuration
    let transport: any HTTPTransport

    public init(configuration: Configuration) {
        self.init(configuration: configuration, transport: URLSessionTransport())
    }

    /// Tests put a spy behind the seam to see the requests without a server.
    init(configuration: Configuration, transport: any HTTPTransport) {
        self.configuration = configuration
        self.transport = transport
    }

    public func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        let url = GourmetRequest.url(for: query, key: configuration.key, baseURL: configuration.baseURL)
        let headers = ["Accept": "application/json, text/javascript", "User-Agent": "foodlogger/\(FoodLoggerVersion.current)"]
        let policy = configuration.retry
        var attempt = 1
        while true {
            log("attempt \(attempt) of \(policy.retries + 1): GET \(GourmetRequest.redacted(url))")
            let failure: Failure
            switch await self.attempt(url, headers: headers) {
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
    private func attempt(_ url: URL, headers: [String: String]) async -> Result<RestaurantPage, Failure> {
        let clock = ContinuousClock()
        let started = clock.now
        let reply: HTTPReply
        do {
            reply = try await send(url, headers: headers)
        } catch {
            log("failed after \(Self.seconds(started.duration(to: clock.now))): \(Self.summary(error))")
            return .failure(Failure(error: error))
        }
        log("HTTP \(reply.status), \(reply.body.count) bytes in \(Self.seconds(started.duration(to: clock.now)))")
        guard reply.status == 200 else {
            let retryAfter = configuration.retry.retryAfter(reply.header("Retry-After"))
            return .failure(Failure(error: .httpStatus(reply.status), retryAfter: retryAfter))
        }
        do {
            return .success(try GourmetResponseDecoder.decode(reply.body))
        } catch .unreadableResponse(let detail) {
            let described = Self.describeBody(
                detail: detail, data: reply.body, contentType: reply.header("Content-Type"),
                key: configuration.key)
            return .failure(Failure(error: .unreadableResponse(detail: described)))
        } catch {
            return .failure(Failure(error: error))
        }
    }

    /// The transfer raced against the timeout. The transport has its own timeout too, but on
    /// Linux URLSession's has not always covered a server that accepts and then never answers,
    /// so the bound is enforced here; the losing transfer is cancelled.
    private func send(_ url: URL, headers: [String: String]) async throws(HotpepperError) -> HTTPReply {
        let timeout = configuration.timeout
        let transport = transport
        let reply: HTTPReply
        do {
            reply = try await withThrowingTaskGroup(of: HTTPReply.self) { group in
                group.addTask { try await transport.get(url, headers: headers, timeout: timeout) }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                    throw HTTPTransferFailure(code: .timedOut, message: "timed out")
                }
                defer { group.cancelAll() }
                guard let reply = try await group.next() else { throw CancellationError() }
                return reply
            }
        } catch {
            throw Self.networkError(error, host: Self.hostDescription(url), timeout: timeout)
        }
        // URLSession answers with a status for every HTTP response; 0 means something else.
        guard reply.status > 0 else { throw .unreadableResponse(detail: "a response that is not HTTP") }
        return reply
    }

    /// Sorts transfer failures into the kinds a user can act on. A transfer that failed after
    /// the headers arrived is a truncated body: the answer is unreadable, not missing.
    static func networkError(_ error: any Error, host: String, timeout: TimeInterval) -> HotpepperError {
        let failure =
            error as? HTTPTransferFailure
            ?? HTTPTransferFailure(code: (error as? URLError)?.code ?? .unknown, message: error.localizedDescription)
        if failure.headersArrived, failure.code != .timedOut {
            return .unreadableResponse(
                detail: "a truncated body: the connection closed before all the bytes the headers promised arrived")
        }
        switch failure.code {
        case .cannotConnectToHost: return .network(.refused, detail: host)
        case .cannotFindHost, .dnsLookupFailed: return .network(.hostNotFound, detail: host)
        case .timedOut: return .network(.timedOut, detail: "no answer from \(host) within \(seconds(timeout))")
        case .badServerResponse, .networkConnectionLost, .zeroByteResource: return .network(.noAnswer, detail: host)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            return .network(.tls, detail: host)
        default:
            // On Linux, libcurl's TLS failures arrive as URLError.unknown with OpenSSL's words.
            let reason = failure.message
            if reason.range(of: #"\b(SSL|TLS|certificate)"#, options: [.regularExpression, .caseInsensitive]) != nil {
                return .network(.tls, detail: "\(host): \(reason)")
            }
            return .network(.other, detail: "\(host): \(reason)")
        }
    }

    /// "host:port", which is what a user can check; never the URL, which carries the key.
    static func hostDescription(_ url: URL) -> String {
        guard let host = url.host else { return "the service" }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// The last failure, saying how many attempts were made when there was more than one.
    static func final(_ error: HotpepperError, attempts: Int) -> HotpepperError {
        guard attempts > 1, case .network(let failure, let detail) = error else { return error }
        return .network(failure, detail: "\(detail); \(attempts) attempts")
    }

    /// A few words for the narration: what went wrong with one attempt.
    static func summary(_ error: HotpepperError) -> String {
        switch error {
        case .network(let failure, _): failure.rawValue
        case .httpStatus(let status): "HTTP \(status)"
        case .serviceFailure(let code, _): "service error \(code)"
        case .rejectedKey: "service error 2000"
        case .invalidRequest: "service error 3000"
        case .unreadableResponse: "an unreadable answer"
        case .missingKey, .unusableKeyFile: "no usable key"
        case .badBaseURL: "no usable HOTPEPPER_BASE_URL"
        }
    }

    static func seconds(_ interval: TimeInterval) -> String {
        interval >= 10 || interval == interval.rounded() ? "\(Int(interval.rounded())) s" : String(format: "%.2f s", interval)
    }

    static func seconds(_ duration: Duration) -> String {
        let parts = duration.components
        return seconds(Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }

    /// Lines hold the URL with its key parameter redacted and fixed words, never the server's
    /// text: no replacing of the key's text, which would mangle a line where a short key recurs.
    private func log(_ line: String) {
        configuration.log?(line)
    }

    /// What arrived, for a body that is not a gourmet response: its type, size and first bytes.
    static func describeBody(detail: String, data: Data, contentType: String?, key: String) -> String {
        let type = contentType ?? "no Content-Type"
        // Redact before cutting, or a key straddling the cut would show its first half.
        let text = Redaction.redact(String(decoding: data.prefix(4096), as: UTF8.self), key: key)
        let preview = String(text.prefix(60))
        let body = data.isEmpty ? "an empty body" : "\(data.count) bytes starting \"\(preview)\(text.count > 60 ? "…" : "")\""
        return "\(detail) (\(type), \(body))"
    }
}

extension HotpepperError {
    /// The same error with the key taken out of every text it carries (a service message or a
    /// transport detail might echo it).
    public func redacting(_ key: String) -> HotpepperError {
        let clean = { (text: String) in Redaction.redact(text, key: key) }
        switch self {
        case .rejectedKey(let message): return .rejectedKey(message: clean(message))
        case .invalidRequest(let message): return .invalidRequest(message: clean(message))
        case .serviceFailure(let code, let message): return .serviceFailure(code: code, message: clean(message))
        case .network(let failure, let detail): return .network(failure, detail: clean(detail))
        case .unreadableResponse(let detail): return .unreadableResponse(detail: clean(detail))
        case .badBaseURL(let text): return .badBaseURL(clean(text))
        case .missingKey, .unusableKeyFile, .httpStatus: return self
        }
    }
}
