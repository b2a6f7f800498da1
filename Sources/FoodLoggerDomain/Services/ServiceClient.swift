import Foundation

/// One request to a web service (a GET, or a POST with a body), with the faults every service
/// shares handled alike: all its attempts together bounded by `timeout` (connections and bodies
/// included, counted from when it is first sent), each answer by `maxResponseBytes` (counted as
/// the body arrives, after decoding), transient failures retried by `retry`, redirects followed
/// on the same host only, each step narrated to `log`. Every service goes through it.
public struct ServiceClient: Sendable {
    var timeout: TimeInterval
    var retry: RetryPolicy
    var log: (@Sendable (String) -> Void)?
    var maxResponseBytes = Self.defaultMaxResponseBytes
    let transport: any HTTPTransport
    /// The service asked: every failure names it, the line of a long wait too, and its
    /// capabilities say whether a request unanswered in time may have been billed.
    var service: ServiceName

    /// The most one answer may bring, decoded: the real service's largest page is well under 1 MB.
    public static let defaultMaxResponseBytes = 8 << 20

    /// The longest `--timeout` a user may ask of any service.
    public static let maxTimeout: TimeInterval = 300

    /// `decode` reads a 200 answer; `secret` (the key) is taken out of every URL the narration
    /// prints and out of every error's text, as is any user-info in a URL. With a `body` the
    /// request is a POST; the narration gives the body's size only, never its text. A POST is
    /// retried like a GET: the services' POSTs (Overpass queries, Google's searches) only read.
    /// `headers` go with the request as they are (Google's key and field mask) and are never
    /// narrated. `explain` reads the body of an answer other than 200 (Google explains its
    /// refusals there); without it, or when it finds nothing, the failure is the status alone.
    /// Every failure comes named: `.from(service, …)`.
    func fetch<Value>(
        _ url: URL, accept: String, secret: String = "", headers: [String: String] = [:], body: HTTPRequest.Body? = nil,
        explain: ((HTTPReply) -> ServiceError?)? = nil, decode: (HTTPReply) throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        do throws(ServiceError) {
            return try await attempts(
                url, accept: accept, secret: secret, headers: headers, body: body, explain: explain, decode: decode)
        } catch {
            throw .from(service, error)
        }
    }

    /// `fetch`'s attempts, whose failures `fetch` names.
    private func attempts<Value>(
        _ url: URL, accept: String, secret: String, headers: [String: String], body: HTTPRequest.Body?,
        explain: ((HTTPReply) -> ServiceError?)?, decode: (HTTPReply) throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        let request = HTTPRequest(
            url: url,
            headers: headers.merging(["Accept": accept, "User-Agent": "foodlogger/\(FoodLoggerVersion.current)"]) { $1 },
            body: body)
        let sent = body.map { ", \($0.data.count) bytes of \($0.contentType)" } ?? ""
        let policy = retry
        var budget = Budget(total: timeout)
        var attempt = 1
        while true {
            narrate("attempt \(attempt) of \(policy.retries + 1): \(request.method) \(Redaction.shown(url, key: secret))\(sent)")
            let failure: Failure
            switch await self.attempt(request, within: &budget, secret: secret, explain: explain, decode: decode) {
            case .success(let value): return value
            case .failure(let error): failure = error
            }
            let cause = secret.isEmpty ? failure.error : failure.error.redacting(secret)
            guard policy.shouldRetry(cause, afterAttempt: attempt) else {
                throw Self.final(cause, attempts: attempt)
            }
            // The service may have counted a request it never answered: asking again could bill it twice.
            if cause.isTimeOut, case .provider(let service) = service, service.billsEachRequest {
                narrate("not retrying: \(service.title) may have billed the request it did not answer")
                throw Self.final(cause, attempts: attempt, mayHaveBilled: service)
            }
            // A server that asks for longer than a run waits is not waited out, nor asked again early.
            if let asked = failure.retryAfter, asked > policy.maxDelay, let status = cause.status {
                narrate("not retrying: the server asks for \(Self.seconds(asked)), more than \(Self.seconds(policy.maxDelay))")
                throw .asksToWait(status: status, seconds: Int(min(asked, 86_400).rounded(.up)))
            }
            let wait = policy.delay(afterAttempt: attempt, retryAfter: failure.retryAfter)
            guard wait < budget.left else {
                narrate("not retrying: \(Self.seconds(timeout)) allowed in all, \(Self.seconds(max(0, budget.left))) left")
                // A wait the server asked for is said, as one past `maxDelay` is: the user can wait it out.
                if let asked = failure.retryAfter, let status = cause.status {
                    throw .asksToWait(status: status, seconds: Int(min(asked, 86_400).rounded(.up)))
                }
                throw Self.final(cause, attempts: attempt)
            }
            let because = failure.retryAfter == nil ? "" : " (Retry-After)"
            narrate("retrying in \(Self.seconds(wait))\(because) after \(Self.summary(cause))")
            // Without --verbose a long silence gets one line: after a time-out, or before a long wait.
            if log == nil, wait >= RetryPolicy.announceAfter || cause.isTimeOut {
                policy.announce?(
                    "\(Self.summary(cause, host: Self.hostDescription(url))); asking again in \(Self.seconds(wait)) "
                        + "(attempt \(attempt + 1) of \(policy.retries + 1))")
            }
            do { try await policy.sleep(wait) } catch { throw Self.final(cause, attempts: attempt) }
            budget.spend(wait)
            attempt += 1
        }
    }

    /// Why one attempt failed, with the server's Retry-After when it sent one.
    struct Failure: Error {
        var error: ServiceError
        var retryAfter: TimeInterval?
    }

    /// The time one request may take, its retries and the waits between them included. It is
    /// spent by the time each attempt took once sent (as the transport timed it, on its own
    /// threads) and by each wait between attempts; never by a wait for a turn in the host's
    /// queue, nor by a busy process not getting round to the request's task: a request is late
    /// only by what the service took.
    struct Budget {
        let total: TimeInterval
        private(set) var spent: TimeInterval = 0

        init(total: TimeInterval) { self.total = total }

        var left: TimeInterval { total - spent }

        mutating func spend(_ seconds: TimeInterval) { spent += max(0, seconds) }
    }

    /// One request, one answer: sent, bounded by what is left of the time allowed, checked and decoded.
    private func attempt<Value>(
        _ request: HTTPRequest, within budget: inout Budget, secret: String, explain: ((HTTPReply) -> ServiceError?)?,
        decode: (HTTPReply) throws(ServiceError) -> Value
    ) async -> Result<Value, Failure> {
        let clock = ContinuousClock()
        let started = clock.now
        let reply: HTTPReply
        do {
            reply = try await send(request, within: &budget)
        } catch {
            narrate("failed after \(Self.seconds(started.duration(to: clock.now))): \(Self.summary(error))")
            return .failure(Failure(error: error))
        }
        for target in reply.redirects {
            narrate("redirected to \(Redaction.shown(target, key: secret)) (the same host: followed)")
        }
        narrate("HTTP \(reply.status), \(reply.body.count) bytes in \(Self.seconds(started.duration(to: clock.now)))")
        if let target = reply.refusedRedirect {
            narrate("redirected to \(Redaction.shown(target, key: secret)) (another host: not followed)")
            return .failure(Failure(error: .redirectRefused(to: Redaction.shown(target, key: secret))))
        }
        guard reply.status == 200 else {
            let retryAfter = retry.retryAfter(reply.header("Retry-After"))
            let unexplained: ServiceError =
                reply.status == 429 ? .tooManyRequests(keyed: !secret.isEmpty) : .httpStatus(reply.status)
            // The key out of the body before it is explained: an explanation cut to one line
            // could keep a piece of the key that no longer matches it whole.
            var told = reply
            if !secret.isEmpty {
                // The start is all an explanation reads; a long body is not worth scanning whole.
                told.body = Data(Redaction.redact(String(decoding: reply.body.prefix(64 << 10), as: UTF8.self), key: secret).utf8)
            }
            return .failure(Failure(error: explain?(told) ?? unexplained, retryAfter: retryAfter))
        }
        do {
            return .success(try decode(reply))
        } catch {
            return .failure(Failure(error: error))
        }
    }

    /// The transfer raced against what is left of the time allowed, once the host's queue lets
    /// it go (the clock starts then). The transport has its own timeout too, but on Linux
    /// URLSession's has not always covered a server that accepts and then never answers, so the
    /// bound is enforced here; the losing transfer is cancelled.
    private func send(_ request: HTTPRequest, within budget: inout Budget) async throws(ServiceError) -> HTTPReply {
        let limit = maxResponseBytes
        let transport = transport
        let queue = transport.queue(for: request.url)
        let reply: HTTPReply
        do {
            do { try await queue?.enter() } catch { throw HTTPTransferFailure.cancelled }
            defer { queue?.leave() }
            let allowed = min(timeout, budget.left)
            guard allowed > 0 else { throw HTTPTransferFailure(code: .timedOut, message: "timed out") }
            let notice = waitingNotice(for: request.url, allowed: allowed)
            defer { notice?.cancel() }
            let sent = retry.now()
            do {
                reply = try await withThrowingTaskGroup(of: HTTPReply.self) { group in
                    group.addTask { try await transport.send(request, timeout: allowed, limit: limit) }
                    group.addTask {
                        try await Task.sleep(nanoseconds: UInt64(allowed * 1_000_000_000))
                        throw HTTPTransferFailure(code: .timedOut, message: "timed out", elapsed: allowed)
                    }
                    defer { group.cancelAll() }
                    guard let reply = try await group.next() else { throw CancellationError() }
                    return reply
                }
            } catch {
                let took = (error as? HTTPTransferFailure)?.elapsed
                budget.spend(min(allowed, took ?? retry.now().timeIntervalSince(sent)))
                throw error
            }
            budget.spend(min(allowed, reply.elapsed ?? retry.now().timeIntervalSince(sent)))
        } catch let failure as HTTPTransferFailure where failure.code == .dataLengthExceedsMaximum {
            throw .responseTooLarge(limit: limit)
        } catch {
            throw Self.networkError(error, host: Self.hostDescription(request.url), timeout: timeout)
        }
        // URLSession answers with a status for every HTTP response; 0 means something else.
        guard reply.status > 0 else { throw .unreadableResponse(detail: "a response that is not HTTP") }
        return reply
    }

    /// One line, once an attempt has waited `RetryPolicy.announceWait` without an answer,
    /// of what the run waits for; nil when no such line is wanted, or the attempt ends first.
    private func waitingNotice(for url: URL, allowed: TimeInterval) -> Task<Void, Never>? {
        guard let (after, hint) = retry.announceWait, after < allowed, let announce = retry.announce else { return nil }
        let host = Self.hostDescription(url)
        let line =
            "waiting for \(service.title) (\(host)): no answer yet after \(Self.seconds(after)) "
            + "(giving up at \(Self.seconds(allowed))); \(hint)"
        let sleep = retry.sleep
        return Task {
            guard (try? await sleep(after)) != nil, !Task.isCancelled else { return }
            announce(line)
        }
    }

    /// Sorts transfer failures into the kinds a user can act on. A transfer that failed after
    /// the headers arrived is a truncated body: the answer is unreadable, not missing.
    static func networkError(_ error: any Error, host: String, timeout: TimeInterval) -> ServiceError {
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

    /// The last failure, saying how many attempts were made when there was more than one, and
    /// why it was not sent again when the service (`mayHaveBilled`) may have billed it.
    static func final(_ error: ServiceError, attempts: Int, mayHaveBilled service: Provider? = nil) -> ServiceError {
        guard case .network(let failure, var detail) = error else { return error }
        if attempts > 1 { detail += "; \(attempts) attempts" }
        if let service { detail += "; not sent again, as \(service.title) may have billed it" }
        return .network(failure, detail: detail)
    }

    /// A few words for the narration: what went wrong with one attempt.
    static func summary(_ error: ServiceError) -> String {
        switch error {
        case .network(let failure, _): failure.rawValue
        case .httpStatus(let status), .explainedStatus(let status, _), .asksToWait(let status, _): "HTTP \(status)"
        case .tooManyRequests: "HTTP 429"
        case .serviceFailure: "a failure the service reported"
        case .queryFailed: "the query failed on the server"
        case .rejectedKey: "the key refused"
        case .invalidRequest: "the request refused"
        case .unreadableResponse: "an unreadable answer"
        case .responseTooLarge: "an answer over the size limit"
        case .redirectRefused: "a redirect to another host"
        case .missingKey, .unusableKeyFile: "no usable key"
        case .badBaseURL(_, let variable): "no usable \(variable)"
        case .placeNotFound: "no such place"
        case .outsideCoverage: "a place outside the service's countries"
        case .unknownName, .ambiguousName: "a name without a code"
        case .noCodeList: "no such code list"
        case .inMerge(let error, let service, _): "\(service.title): \(summary(error))"
        case .from(_, let error): summary(error)
        case .notCached: "nothing cached"
        case .notAnID: "not an id"
        }
    }

    /// The summary as a line of its own, naming the host where nothing came back from it.
    static func summary(_ error: ServiceError, host: String) -> String {
        guard case .network(let failure, _) = error else { return "\(host) answered \(summary(error))" }
        return failure == .timedOut ? "no answer from \(host) in time" : "\(host): \(failure.rawValue)"
    }

    static func seconds(_ interval: TimeInterval) -> String {
        interval >= 10 || interval == interval.rounded() ? "\(Int(interval.rounded())) s" : String(format: "%.2f s", interval)
    }

    static func seconds(_ duration: Duration) -> String { seconds(duration / .seconds(1)) }

    /// Lines hold the URL with the key taken out wherever it stands (`Redaction.shown`) and fixed
    /// words, never the server's text. Made only for --verbose: the line of every reply formats its seconds with
    /// `String(format:)`, whose first use costs four conformance scans (≈1.3 M instructions).
    private func narrate(_ line: @autoclosure () -> String) {
        log?(line())
    }
}

extension ServiceClient {
    /// `decode` on the reply's body; a body it cannot read is described (`describeBody`). Every
    /// service's client reads its answers through this.
    static func decoding<Answer>(
        _ reply: HTTPReply, key: String, _ decode: (Data) throws(ServiceError) -> Answer
    ) throws(ServiceError) -> Answer {
        do throws(ServiceError) {
            return try decode(reply.body)
        } catch .unreadableResponse(let detail) {
            throw .unreadableResponse(
                detail: describeBody(detail: detail, data: reply.body, contentType: reply.header("Content-Type"), key: key))
        }
    }

    /// What arrived, for a body that is not one the service gives: its type, size and first bytes.
    static func describeBody(detail: String, data: Data, contentType: String?, key: String) -> String {
        let type = contentType ?? "no Content-Type"
        // Redact before cutting, or a key straddling the cut would show its first half.
        let text = Redaction.redact(String(decoding: data.prefix(4096), as: UTF8.self), key: key)
        let preview = String(text.prefix(60))
        let body = data.isEmpty ? "an empty body" : "\(data.count) bytes starting \"\(preview)\(text.count > 60 ? "…" : "")\""
        return "\(detail) (\(type), \(body))"
    }
}
