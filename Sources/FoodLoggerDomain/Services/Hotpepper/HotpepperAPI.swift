import Foundation

/// The web service client: one gourmet/v1 search per call over `transport`, all its attempts
/// bounded by `timeout`, transient failures retried by `retry`. Nothing it logs or throws contains the key.
public struct HotpepperAPI: HotpepperProtocol {
    public static let defaultBaseURL = GourmetRequest.defaultBaseURL

    public struct Configuration: Sendable {
        var key: String
        var baseURL: URL
        /// Bounds a request from when it is sent, its retries, connections and bodies included.
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

        public init(
            key: String, baseURL: URL = HotpepperAPI.defaultBaseURL, timeout: TimeInterval = defaultTimeout,
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

    public var provider: Provider { .hotpepper }

    /// Through the answer cache, filed without the key. Text among the ids that is no id of HOT
    /// PEPPER's form is named in `unasked`, never sent; with none left, nothing is.
    public func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        var query = query
        let (ids, refused) = provider.placeIDs.sorting(query.ids, service: .hotpepper)
        if !refused.isEmpty {
            query.ids = ids
            guard !ids.isEmpty else {
                var none = RestaurantPage(total: 0, start: 1, restaurants: [], provider: provider)
                none.unasked = refused
                return none
            }
        }
        var answer = try await searchChecked(query)
        answer.unasked += refused
        return answer
    }

    /// A search, or a lookup of ids of HOT PEPPER's form.
    private func searchChecked(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        let url = GourmetRequest.url(for: query, key: configuration.key, baseURL: configuration.baseURL)
        let key = AnswerCache.Key(url: url, removing: GourmetRequest.keyParameter, secret: configuration.key)
        var page = try await configuration.answers.answer(key, unsent: .search(query), log: configuration.log) {
            body throws(ServiceError) in
            try GourmetResponseDecoder.decode(body)
        } send: { decode throws(ServiceError) in
            try await fetch(url, decode: decode)
        }
        if let radius = query.radius, let center = query.center { page.keepNearestFirst(within: radius, of: center) }
        return page
    }

    /// One request with the configured time-out, retries and narration; a body `decode` cannot
    /// read is described (its type, size and first bytes, the key redacted).
    func fetch<Answer>(_ url: URL, decode: (Data) throws(ServiceError) -> Answer) async throws(ServiceError) -> Answer {
        let client = ServiceClient(
            timeout: configuration.timeout, retry: configuration.retry, log: configuration.log,
            maxResponseBytes: configuration.maxResponseBytes, transport: transport, service: .provider(.hotpepper))
        return try await client.fetch(
            url, accept: "application/json, text/javascript", secret: configuration.key
        ) { reply throws(ServiceError) -> Answer in
            try ServiceClient.decoding(reply, key: configuration.key, decode)
        }
    }
}
