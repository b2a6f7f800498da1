extension Restaurant {
    /// The shop's week read from its `open` and `close` texts; nil where they cannot be read
    /// with confidence.
    public var openingHours: OpeningHours? { OpeningHoursParser.parse(open: open, close: close) }

    /// Whether the shop is open at a moment, as far as its texts tell.
    public func openStatus(at moment: OpeningHours.Moment) -> OpenStatus {
        openingHours?.status(at: moment) ?? .unknown
    }
}

/// When to tell whether shops are open, and whether to keep only the open ones.
public struct OpenQuestion: Sendable, Equatable {
    public var moment: JapanTime
    /// Keep only the shops open at `moment` (--open-now, --open-at).
    public var openOnly: Bool
    /// With `openOnly`: keep the shops whose hours cannot be read, too.
    public var includeUnknown: Bool
    /// The moment was asked for with its date (`--open-at 2027-01-01 12:00`), which its wording keeps.
    public var dated: Bool

    public init(moment: JapanTime, openOnly: Bool = false, includeUnknown: Bool = false, dated: Bool = false) {
        self.moment = moment; self.openOnly = openOnly; self.includeUnknown = includeUnknown; self.dated = dated
    }
}

/// What an open-only search passed over to fill its page.
public struct OpenTally: Sendable, Equatable {
    /// Shops left out as closed at the moment asked.
    public var closed: Int
    /// Shops left out because their hours could not be read (0 when they are kept).
    public var unknown: Int
    /// How many of the service's results were looked at, from the query's start.
    public var examined: Int
    /// The service had more results than the search may look at (`OpenSearch.maxExamined`).
    public var stoppedEarly: Bool
}

/// Searching for shops open at a moment: the service cannot filter by hours, so the worker asks
/// for full pages and keeps the open ones.
public enum OpenSearch {
    /// Results looked at, at most, to fill one page: 5 requests of 100, the first alone, the
    /// other four at once.
    public static let maxExamined = 500
}

extension HotpepperWorking {
    /// The shops open at the question's moment (with `includeUnknown`, also those whose hours
    /// cannot be read), nearest first, up to the query's count (or limit), and what was left
    /// out on the way. One page of 100 first; when that does not fill the list, up to 400 more
    /// at once.
    /// A search that asks no such question is `searchNearestFirst`, with no tally.
    public nonisolated(nonsending) func search(_ query: RestaurantQuery, _ question: OpenQuestion) async -> Result<
        (page: RestaurantPage, tally: OpenTally?), HotpepperError
    > {
        guard question.openOnly else { return await searchNearestFirst(query).map { ($0, nil) } }
        let wanted = query.limit ?? query.count
        let includeUnknown = question.includeUnknown
        let facts = OpeningHours.Moment(question.moment)
        var ask = query
        ask.limit = nil
        ask.count = RestaurantQuery.maxCount
        var kept: [Restaurant] = []
        var tally = OpenTally(closed: 0, unknown: 0, examined: 0, stoppedEarly: false)
        var total = 0
        var dropped: [RestaurantPage.DroppedShop] = []
        var seen = Set<String>()
        /// Looks at shops in the service's order until the list is full, each once.
        func examine(_ shops: [Restaurant]) {
            for shop in shops where kept.count < wanted && (shop.id.isEmpty || seen.insert(shop.id).inserted) {
                tally.examined += 1
                switch shop.openStatus(at: facts) {
                case .open, .closingSoon: kept.append(shop)
                case .closed: tally.closed += 1
                case .unknown: if includeUnknown { kept.append(shop) } else { tally.unknown += 1 }
                }
            }
        }
        let first = await searchNearestFirst(ask)
        guard case .success(let firstPage) = first else { return first.map { ($0, nil) } }
        total = firstPage.total
        examine(firstPage.restaurants)
        dropped = firstPage.dropped
        let sent = firstPage.sent
        let remaining = total - (query.start + sent) + 1
        if kept.count < wanted, remaining > 0, sent > 0 {
            ask.start = query.start + sent
            ask.limit = min(remaining, OpenSearch.maxExamined - sent)
            switch await searchNearestFirst(ask) {
            case .failure(let error): return .failure(error)
            case .success(let more):
                examine(more.restaurants)
                dropped += more.dropped
            }
        }
        tally.stoppedEarly = kept.count < wanted && query.start - 1 + tally.examined < total
        let page = RestaurantPage(
            total: total, start: query.start, restaurants: kept, coverage: firstPage.coverage, dropped: dropped,
            region: firstPage.region, provider: firstPage.provider)
        return .success((page, tally))
    }
}
