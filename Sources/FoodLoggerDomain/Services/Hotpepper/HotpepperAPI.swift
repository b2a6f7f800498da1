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
        /// The most one answer may bring, decoded.
        var maxResponseBytes: Int
        /// Where searches' answers are kept and looked up (code lists have a cache of their own).
        var answers: AnswerCache

        public static let defaultTimeout: TimeInterval = 10
        public static let maxTimeout: TimeInterval = 300

        public init(
            key: String, baseURL: URL = GourmetRequest.defaultBaseURL, timeout: TimeInterval = defaultTimeout,
            retry: RetryPolicy = RetryPolicy(), log: (@Sendable (String) -> Void)? = nil,
            maxResponseBytes: Int = ServiceClient.defaultMaxResponseBytes, answers: AnswerCache = AnswerCache(cacheFolder: nil)
        ) {
            self.key = key; self.baseURL = baseURL; self.timeout = timeout; self.retry = retry; self.log = log
            self.maxResponseBytes = maxResponseBytes; self.answers = answers
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

    /// Through the answer cache, filed without the key.
    public func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        let url = GourmetRequest.url(for: query, key: configuration.key, baseURL: configuration.baseURL)
        let key = AnswerCache.Key(url: url, removing: GourmetRequest.keyParameter, secret: configuration.key)
        var page = try await configuration.answers.answer(key, unsent: .search(query), log: configuration.log) {
            body throws(HotpepperError) in
            try GourmetResponseDecoder.decode(body)
        } send: { decode throws(HotpepperError) in
            try await fetch(url, decode: decode)
        }
        if let radius = query.radius, let center = query.center { page.keepNearestFirst(within: radius, of: center) }
        return page
    }

    /// One request with the configured time-out, retries and narration; a body `decode` cannot
    /// read is described (its type, size and first bytes, the key redacted).
    func fetch<Answer>(_ url: URL, decode: (Data) throws(HotpepperError) -> Answer) async throws(HotpepperError) -> Answer {
        let client = ServiceClient(
            timeout: configuration.timeout, retry: configuration.retry, log: configuration.log,
            maxResponseBytes: configuration.maxResponseBytes, transport: transport)
        return try await client.fetch(
            url, accept: "application/json, text/javascript", secret: configuration.key
        ) { reply throws(HotpepperError) -> Answer in
            try Self.decoding(reply, key: configuration.key, decode)
        }
    }

    /// `decode` on the reply's body; a body it cannot read is described (`describeBody`). Every
    /// service's client reads its answers through this.
    static func decoding<Answer>(
        _ reply: HTTPReply, key: String, _ decode: (Data) throws(HotpepperError) -> Answer
    ) throws(HotpepperError) -> Answer {
        do throws(HotpepperError) {
            return try decode(reply.body)
        } catch .unreadableResponse(let detail) {
            throw .unreadableResponse(
                detail: describeBody(detail: detail, data: reply.body, contentType: reply.header("Content-Type"), key: key))
        }
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
        case .rejectedKey(let message, let service): return .rejectedKey(message: clean(message), service: service)
        case .invalidRequest(let message, let service): return .invalidRequest(message: clean(message), service: service)
        case .explainedStatus(let status, let message): return .explainedStatus(status, message: clean(message))
        case .serviceFailure(let code, let message): return .serviceFailure(code: code, message: clean(message))
        case .queryFailed(let remark): return .queryFailed(remark: clean(remark))
        case .network(let failure, let detail): return .network(failure, detail: clean(detail))
        case .unreadableResponse(let detail): return .unreadableResponse(detail: clean(detail))
        case .badBaseURL(let text, let variable): return .badBaseURL(clean(text), variable: variable)
        case .placeNotFound(let text, let known): return .placeNotFound(clean(text), known: known)
        case .unknownName(let kind, let text, let closest): return .unknownName(kind, clean(text), closest: closest)
        case .ambiguousName(let kind, let text, let matches): return .ambiguousName(kind, clean(text), matches: matches)
        case .redirectRefused(let target): return .redirectRefused(to: clean(target))
        case .missingKey, .unusableKeyFile, .httpStatus, .tooManyRequests, .asksToWait, .responseTooLarge, .noCodeList,
            .notCached:
            return self
        }
    }
}
