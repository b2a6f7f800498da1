import Foundation

/// OpenStreetMap through the Overpass API: food places anywhere, without a key. Overpass
/// answers a search whole, with no pages, and so does this client: every place found, nearest
/// first, whatever `start` and `count` the query holds (the worker cuts the pages).
public struct OverpassAPI: HotpepperProtocol {
    /// Above the server's own limit (`OverpassRequest.serverTimeout`), so that a slow query
    /// ends with the server's remark rather than a cut connection.
    public static let defaultTimeout: TimeInterval = 30

    let url: URL
    /// The user's language, which a place without a `name` tag is named in first.
    let language: String
    private let client: ServiceClient
    /// Where answers are kept and looked up, one per query, whichever page asked for it.
    private let kept: AnswerCache

    /// `timeout` bounds a request, its retries included; `log` takes the narration of each request (verbose mode).
    public init(
        url: URL = OverpassRequest.defaultURL, timeout: TimeInterval = defaultTimeout, retry: RetryPolicy = RetryPolicy(),
        log: (@Sendable (String) -> Void)? = nil, maxResponseBytes: Int = ServiceClient.defaultMaxResponseBytes,
        answers: AnswerCache = AnswerCache(cacheFolder: nil), language: String = "en"
    ) {
        self.url = url
        self.language = language
        kept = answers
        client = ServiceClient(
            timeout: timeout, retry: retry, log: log, maxResponseBytes: maxResponseBytes, transport: URLSessionTransport(),
            service: .provider(.osm))
    }

    public var provider: Provider { .osm }

    /// Shops by id when the query names some, else the food places around its centre: the whole
    /// answer. Text among the ids that is no id of OSM's form is named in `unasked`, never sent.
    public func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        let ql: String
        var refused: [RestaurantPage.UnaskedID] = []
        if !query.ids.isEmpty {
            refused = provider.placeIDs.sorting(query.ids, service: .osm).refused
            guard let lookup = OverpassRequest.lookup(ids: query.ids) else {
                var none = RestaurantPage(total: 0, start: 1, restaurants: [], provider: .osm)
                none.unasked = refused
                return none
            }
            ql = lookup
        } else {
            ql = try OverpassRequest.search(query)
        }
        // A search keeps the places within its circle, of the kinds asked, whatever else a server sends.
        let circle = query.ids.isEmpty ? query.center.map { ($0, Double(query.metres)) } : nil
        let kinds = query.ids.isEmpty ? query.kinds : []
        var answer = try await fetch(
            ql, nearestTo: query.center, within: circle, of: kinds, lookup: !query.ids.isEmpty, unsent: .search(query))
        answer.unasked += refused
        return answer
    }

    /// One POST of `ql`, through the answer cache; the shops nearest `center` first, only those
    /// within `circle` when there is one, and of `kinds` when there are some.
    private func fetch(
        _ ql: String, nearestTo center: Coordinate?, within circle: (center: Coordinate, metres: Double)?,
        of kinds: [PlaceKind], lookup: Bool, unsent: ServiceError.Unsent
    ) async throws(ServiceError) -> RestaurantPage {
        let form = HTTPRequest.Body(contentType: OverpassRequest.contentType, data: OverpassRequest.form(ql))
        var answer = try await kept.answer(AnswerCache.Key(url: url, body: form), unsent: unsent, log: client.log) {
            data throws(ServiceError) in
            try OverpassDecoder.decode(data, language: language, lookup: lookup, log: client.log)
        } send: { decode throws(ServiceError) in
            try await client.fetch(url, accept: "application/json", body: form) { reply throws(ServiceError) in
                try ServiceClient.decoding(reply, key: "", decode)
            }
        }
        if circle != nil || !kinds.isEmpty {
            answer.restaurants = answer.restaurants.filter { place in
                circle.map { place.coordinate.distance(to: $0.center) <= $0.metres } ?? true
                    && (kinds.isEmpty || place.kind.map(kinds.contains) == true)
            }
            answer.total = answer.restaurants.count
        }
        if let center { answer.restaurants = answer.restaurants.nearestFirst(to: center) }
        return answer
    }
}
