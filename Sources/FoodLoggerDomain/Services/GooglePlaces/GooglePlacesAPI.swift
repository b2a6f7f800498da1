import Foundation

/// Google Places API (New): food places anywhere, with ratings, price levels and hours, for a
/// key. A search's whole answer is fetched once and each page the worker asks for is cut from it
/// (as `OverpassAPI` does): Nearby Search gives at most 20 places in one answer; Text Search (for
/// a keyword) gives 20 a page, and the client follows `nextPageToken` for as many places as the
/// pages asked for reach, up to 60, each page fetched once however far the user pages on. Lookups by id are one Place Details request per id.
public struct GooglePlacesAPI: HotpepperProtocol {
    public struct Configuration: Sendable {
        var key: String
        var baseURL: URL
        /// The language of names and types (`NominatimAPI.language`'s reading of the locale).
        var language: String
        var timeout: TimeInterval
        var retry: RetryPolicy
        var log: (@Sendable (String) -> Void)?
        var maxResponseBytes: Int
        /// Place Details asks only whether a place still trades, where it is and its name
        /// (`GooglePlacesRequest.tradingFields`, billed as Place Details Pro) rather than every
        /// field a card shows (Enterprise): what `log check` needs.
        public var tradingOnly = false

        public static let defaultTimeout: TimeInterval = 10

        public init(
            key: String, baseURL: URL = defaultBaseURL, language: String = "en", timeout: TimeInterval = defaultTimeout,
            retry: RetryPolicy = RetryPolicy(), log: (@Sendable (String) -> Void)? = nil,
            maxResponseBytes: Int = ServiceClient.defaultMaxResponseBytes
        ) {
            self.key = key; self.baseURL = baseURL; self.language = language; self.timeout = timeout
            self.retry = retry; self.log = log; self.maxResponseBytes = maxResponseBytes
        }
    }

    /// The public service, used when GOOGLE_PLACES_BASE_URL does not name another.
    public static let defaultBaseURL = GooglePlacesRequest.defaultBaseURL

    let configuration: Configuration
    private let client: ServiceClient
    private let pages = FollowedPages()

    public init(configuration: Configuration) {
        self.init(configuration: configuration, transport: URLSessionTransport())
    }

    /// Over another transport: the paging fuzz target answers without a network.
    init(configuration: Configuration, transport: any HTTPTransport) {
        self.configuration = configuration
        client = ServiceClient(
            timeout: configuration.timeout, retry: configuration.retry, log: configuration.log,
            maxResponseBytes: configuration.maxResponseBytes, transport: transport, service: .provider(.google))
    }

    public var provider: Provider { .google }

    /// Places by id when the query names some, else those around its centre (by keyword with
    /// one); the page from `query.start`, `query.count` long, nearest first.
    public func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        if !query.ids.isEmpty { return try await lookup(query.ids) }
        // Text Search's pages as far as the page asked for reaches: whole pages of 20, so that
        // the worker's pages within them share one answer.
        let size = GooglePlacesRequest.pageSize
        var wanted = size
        var limit = 1
        let first: GooglePlacesRequest
        if query.keyword?.isEmpty == false {
            // One place past the page asked: Google's total is what has been fetched, so the next
            // page is known to exist only once its first place is in hand.
            wanted = min((query.start + query.count + size - 1) / size * size, GooglePlacesRequest.maxTextResults)
            limit = GooglePlacesRequest.maxTextPages
            first = try request(query, pageToken: nil)
        } else {
            first = try GooglePlacesRequest.nearby(
                query, key: configuration.key, baseURL: configuration.baseURL, language: configuration.language)
        }
        // The search is the request itself (its body holds every condition); how far to page is not
        // part of it, so a later page follows on from the pages already fetched.
        let search = "\(first.url) \(String(decoding: first.body ?? Data(), as: UTF8.self))"
        let (answers, sent) = try await pages.pages(of: search, wanted: wanted, limit: limit) {
            token async throws(ServiceError) in
            try await fetch(token == nil ? first : try request(query, pageToken: token))
        }
        if sent {
            configuration.log?("\(answers.count) billed request\(answers.count == 1 ? "" : "s") to Google Places for this search")
        }
        return whole(answers.map(\.page), query).page(from: query.start, count: query.count)
    }

    /// The pages fetched (the first always among them) as one answer: the places within the
    /// circle, nearest the centre first.
    private func whole(_ pages: [RestaurantPage], _ query: RestaurantQuery) -> RestaurantPage {
        var whole = pages[0]
        for page in pages.dropFirst() {
            whole.restaurants += page.restaurants
            whole.dropped += page.dropped
        }
        if let center = query.center {
            // Text Search is only biased to the circle: what lies beyond the range is left out.
            // Google cannot search by diet: the places it does not say serve them are left out here.
            // Nor by every kind at once with a genre: the places of other kinds are left out here too.
            whole.restaurants = whole.restaurants.filter {
                $0.coordinate.distance(to: center) <= Double(query.metres) && $0.serves(query.diets)
                    && (query.kinds.isEmpty || $0.kind.map(query.kinds.contains) == true)
            }
            .nearestFirst(to: center)
        }
        whole = whole.sanitized()
        whole.total = whole.restaurants.count
        return whole
    }

    private func request(_ query: RestaurantQuery, pageToken: String?) throws(ServiceError) -> GooglePlacesRequest {
        try GooglePlacesRequest.text(
            query, pageToken: pageToken, key: configuration.key, baseURL: configuration.baseURL,
            language: configuration.language)
    }

    /// One Place Details request per id, one after another, in the order asked; each answer
    /// is given the id asked (Google may answer with a refreshed one), so whoever asked finds it.
    /// An id Google does not know (404, a retired id) is listed in `unknownIDs`; one it refuses
    /// to read (400), or text that is no id of Google's form (never sent), in `unasked`, and
    /// `show` names both and still shows the others. A failure after some answers keeps those
    /// (they are paid for) and lists the rest in `unasked`; a failure before any is thrown.
    private func lookup(_ ids: [String]) async throws(ServiceError) -> RestaurantPage {
        var shops: [Restaurant] = []
        var region: RestaurantPage.Region?
        var unknown: [String] = []
        var unasked: [RestaurantPage.UnaskedID] = []
        var sent = 0
        for (index, id) in ids.enumerated() {
            let page: RestaurantPage
            do throws(ServiceError) {
                let request = try GooglePlacesRequest.details(
                    id: id, key: configuration.key, baseURL: configuration.baseURL, language: configuration.language,
                    fields: configuration.tradingOnly
                        ? GooglePlacesRequest.tradingFieldMask : GooglePlacesRequest.detailsFieldMask)
                sent += 1
                page = try await send(request) { data throws(ServiceError) in try GooglePlacesDecoder.decodePlace(data) }
            } catch {
                switch error.cause {
                case .explainedStatus(404, _), .httpStatus(404):
                    unknown.append(id)
                    continue
                // Each names Google already: what the id was, or what Google said of it.
                case .notAnID, .invalidRequest(_, service: .google):
                    unasked.append(.init(id: id, error: error.cause))
                    continue
                default:
                    guard index > 0 else { throw error }
                    unasked += ids[index...].map { .init(id: $0, error: error) }
                }
                break
            }
            shops += page.restaurants.prefix(1).map { place in
                var place = place
                place.id = id.hasPrefix("places/") ? String(id.dropFirst("places/".count)) : id
                return place
            }
            region = region ?? page.region
        }
        // `log check` says how many it will send, once, before it sends any (`tradingOnly`).
        if sent > 0, !configuration.tradingOnly {
            configuration.log?(
                "\(sent) billed Place Details request\(sent == 1 ? "" : "s") (Enterprise) to Google Places for this lookup"
            )
        }
        var answer = RestaurantPage(total: shops.count, start: 1, restaurants: shops, region: region, provider: .google)
        answer.unknownIDs = unknown
        answer.unasked = unasked
        return answer
    }

    private func fetch(_ request: GooglePlacesRequest) async throws(ServiceError) -> (
        page: RestaurantPage, nextPageToken: String?
    ) {
        try await send(request) { data throws(ServiceError) in try GooglePlacesDecoder.decode(data) }
    }

    /// One request with the configured time-out, retries and narration (which never shows the
    /// headers, where the key is); Google's error bodies read by `GooglePlacesError`, a body
    /// `decode` cannot read described with the key redacted.
    private func send<Answer>(_ request: GooglePlacesRequest, decode: (Data) throws(ServiceError) -> Answer)
        async throws(ServiceError) -> Answer
    {
        let key = configuration.key
        return try await client.fetch(
            request.url, accept: "application/json", secret: key, headers: request.headers,
            body: request.body.map { HTTPRequest.Body(contentType: GooglePlacesRequest.contentType, data: $0) },
            explain: { reply in GooglePlacesError.error(status: reply.status, body: reply.body) }
        ) { reply throws(ServiceError) -> Answer in
            try ServiceClient.decoding(reply, key: key, decode)
        }
    }
}

/// The genre list is local (`GooglePlacesTypes`), so a worker over the client reads genre names.
extension GooglePlacesAPI: CodeListProtocol {
    public func codeList(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry] {
        try await GooglePlacesTypes().codeList(kind)
    }
}
