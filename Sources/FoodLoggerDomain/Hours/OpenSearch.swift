import Foundation

extension Restaurant {
    /// The shop's week for the JSON's `hours` and the day's periods: HOT PEPPER's `open` and
    /// `close` texts, or an OpenStreetMap value that is the same every week; nil where neither
    /// can be read with confidence.
    public var openingHours: OpeningHours? { PlaceHours(self).weekly }

    /// Whether the shop is open at a moment on its own clock, as far as its hours tell: the one
    /// question every search and view asks. `region` is the page's (where OpenStreetMap's shops
    /// are); a list of shops asks through one `OpenClock` instead, which works the clocks out once.
    public func openStatus(at moment: OpenQuestion.Moment, region: RestaurantPage.Region?) -> OpenStatus {
        OpenClock(moment, region: region).status(of: self)
    }
}

/// When to tell whether shops are open, and whether to keep only the open ones.
public struct OpenQuestion: Sendable, Equatable {
    public var moment: Moment
    /// Keep only the shops open at `moment` (--open-now, --open-at).
    public var openOnly: Bool
    /// With `openOnly`: keep the shops whose hours cannot be read, too.
    public var includeUnknown: Bool
    /// With `openOnly` (--open-for): keep only the shops that stay open at least this long.
    public var openFor: OpenDuration?

    public init(moment: Moment, openOnly: Bool = false, includeUnknown: Bool = false, openFor: OpenDuration? = nil) {
        self.moment = moment; self.openOnly = openOnly; self.includeUnknown = includeUnknown
        self.openFor = openFor
    }

    /// An instant, or a time on the clock where the shops are, whatever the user's own zone.
    public enum Moment: Sendable, Equatable {
        /// --open-now, and a card's "now": each shop reads the instant on its own clock.
        case now(Date)
        /// --open-at: `minute` (0..<1440) of `day` on the shops' clock; "today" and a weekday
        /// count from the date that clock shows at `asked`.
        case wallClock(day: Day, minute: Int, asked: Date)

        public enum Day: Sendable, Equatable {
            case today
            /// The day after today.
            case tomorrow
            /// The next such weekday from today, today included.
            case weekday(Weekday)
            case date(CivilDate)
        }

        /// The moment on a clock that shows `reading` for an instant.
        public func time(_ reading: (Date) -> JapanTime) -> JapanTime {
            switch self {
            case .now(let instant):
                return reading(instant)
            case .wallClock(let day, let minute, let asked):
                let today = reading(asked).date
                switch day {
                case .today: return JapanTime(date: today, minute: minute)
                case .tomorrow: return JapanTime(date: today.adding(days: 1), minute: minute)
                case .weekday(let weekday):
                    let ahead = (weekday.rawValue - today.weekday.rawValue + 7) % 7
                    return JapanTime(date: today.adding(days: ahead), minute: minute)
                case .date(let date): return JapanTime(date: date, minute: minute)
                }
            }
        }
    }
}

/// The clock a service's hours are read on, given where its shops are.
public enum HoursClock: Sendable, Equatable {
    /// Japan's, with its public holidays: every HOT PEPPER shop is there.
    case japan
    /// The zone the region names (`Europe/Paris`).
    case zone(TimeZone)
    /// The region names no zone (or one this system does not know): open or closed is unknown,
    /// never answered on the user's own clock.
    case unknown
}

/// Japan's clock is read with arithmetic, not through a Foundation `TimeZone`: the first one a
/// run makes costs 0.8 M instructions, a tenth of a stub search's own work.
extension HoursClock {
    /// The moment as this clock shows it; nil when the clock is unknown.
    public func time(_ moment: OpenQuestion.Moment) -> JapanTime? {
        switch self {
        case .japan: moment.time { JapanTime($0) }
        case .zone(let zone): moment.time { JapanTime($0, timeZone: zone) }
        case .unknown: nil
        }
    }

    /// What this clock shows at `instant`; nil when the clock is unknown.
    public func time(at instant: Date) -> JapanTime? {
        switch self {
        case .japan: JapanTime(instant)
        case .zone(let zone): JapanTime(instant, timeZone: zone)
        case .unknown: nil
        }
    }

    /// The instant this clock shows `time` (see `JapanTime.instant(in:)` for the hour summer
    /// time skips or repeats); nil when the clock is unknown.
    public func instant(_ time: JapanTime) -> Date? {
        switch self {
        case .japan: time.instant
        case .zone(let zone): time.instant(in: zone)
        case .unknown: nil
        }
    }

    /// The clock's offset from UTC at `instant`, in seconds; nil when the clock is unknown.
    public func secondsFromGMT(at instant: Date) -> Int? {
        switch self {
        case .japan: CivilDate.offset
        case .zone(let zone): zone.secondsFromGMT(for: instant)
        case .unknown: nil
        }
    }
}

extension Provider {
    /// The clock the service's places keep (HOT PEPPER's Japan's), else the zone its answer gave
    /// for the area (OpenStreetMap's around the search's centre, Google's places' own).
    public func clock(in region: RestaurantPage.Region?) -> HoursClock {
        capabilities.clock ?? region?.timeZone.flatMap(TimeZone.init(identifier:)).map(HoursClock.zone) ?? .unknown
    }
}

/// A question's moment read on the clocks a list of shops keeps, worked out once for the list
/// (an open-only search reads up to 500 shops).
public struct OpenClock: Sendable {
    /// The moment on each service's clock; absent where that clock is unknown.
    private let moments: [Provider: OpeningHours.Moment]
    /// Each service's clock, to write the moments it gives as instants.
    private let clocks: [Provider: HoursClock]
    /// The region's country (ISO 3166-1 alpha-2), for OpenStreetMap's public holidays and the
    /// currency a price level is written in.
    public let country: String?

    public init(_ moment: OpenQuestion.Moment, region: RestaurantPage.Region?) {
        var moments: [Provider: OpeningHours.Moment] = [:]
        var clocks: [Provider: HoursClock] = [:]
        for provider in Provider.allCases {
            clocks[provider] = provider.clock(in: region)
            moments[provider] = clocks[provider]?.time(moment).map(OpeningHours.Moment.init)
        }
        self.moments = moments
        self.clocks = clocks
        country = region?.countryCode
    }

    /// The clock `shop`'s hours are read on.
    public func clock(for shop: Restaurant) -> HoursClock { clocks[shop.provider] ?? .unknown }

    /// The moment on the clock `shop`'s hours are read on (its day and minute); nil when that
    /// clock is unknown. The day's holiday facts are Japan's, which only HOT PEPPER's texts
    /// read: an OpenStreetMap week (`weekly`) has no holiday rules.
    public func moment(for shop: Restaurant) -> OpeningHours.Moment? { moments[shop.provider] }

    /// Open, closing soon, closed or unknown: the shop's periods (`PeriodHours`), else an
    /// OpenStreetMap value read by the specification
    /// on the shop's clock (the region's country for public holidays), else HOT PEPPER's texts.
    /// A place closed for a while or for good is closed, whatever its hours say.
    public func status(of shop: Restaurant) -> OpenStatus { status(of: shop, hours: PlaceHours(shop)) }

    /// The same, with the shop's hours as the caller has read them (a list reads each shop's
    /// once for every question it asks).
    public func status(of shop: Restaurant, hours: PlaceHours) -> OpenStatus {
        if let status = shop.businessStatus, status != .operational { return .closed }
        guard let moment = moment(for: shop) else { return .unknown }
        switch hours.source {
        case .periods(let periods): return periods.status(on: moment.today.date, minute: moment.minute)
        case .osm(let value): return value?.status(on: moment.today.date, minute: moment.minute, country: country) ?? .unknown
        case .texts(let texts): return texts?.status(at: moment) ?? .unknown
        }
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
    /// Shops left out as open but closing before the time --open-for asks for.
    public var closingTooSoon = 0
    /// Of `unknown`, the shops whose service gives no hours at all (the rest have hours that
    /// cannot be read, or leave the moment in doubt).
    public var noHours = 0
    /// The --open-for threshold the shops were held to, so `closingTooSoon` is said with the
    /// minutes it was counted by; nil: open was enough.
    public var openFor: OpenDuration?

    /// Counts one shop `OpenFilter` looked at, by its verdict.
    public mutating func count(_ verdict: OpenFilter.Verdict) {
        examined += 1
        switch verdict {
        case .kept: break
        case .closed: closed += 1
        case .closingTooSoon: closingTooSoon += 1
        case .unknown(let noHours):
            unknown += 1
            if noHours { self.noHours += 1 }
        }
    }
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
    /// A search that asks no such question is `searchNearestFirst`, with no tally. The list
    /// found is put in the query's `sort` order last, so it orders every place kept.
    public nonisolated(nonsending) func search(_ query: RestaurantQuery, _ question: OpenQuestion) async -> Result<
        (page: RestaurantPage, tally: OpenTally?), ServiceError
    > {
        await searchOpen(query, question).map { found in
            var page = found.page
            page.restaurants = page.restaurants.sorted(by: query.sort)
            return (page, found.tally)
        }
    }

    private nonisolated(nonsending) func searchOpen(_ query: RestaurantQuery, _ question: OpenQuestion) async -> Result<
        (page: RestaurantPage, tally: OpenTally?), ServiceError
    > {
        guard question.openOnly else { return await searchNearestFirst(query).map { ($0, nil) } }
        let wanted = query.limit ?? query.count
        let filter = OpenFilter(question)
        var ask = query
        ask.limit = nil
        ask.count = RestaurantQuery.maxCount
        var kept: [Restaurant] = []
        var tally = OpenTally(closed: 0, unknown: 0, examined: 0, stoppedEarly: false, openFor: question.openFor)
        var total = 0
        var dropped: [RestaurantPage.DroppedShop] = []
        var seen = Set<String>()
        /// Looks at shops in the service's order until the list is full, each once.
        func examine(_ shops: [Restaurant], on clock: OpenClock) {
            for shop in shops where kept.count < wanted && (shop.id.isEmpty || seen.insert(shop.id).inserted) {
                let verdict = filter.keeps(shop, on: clock)
                tally.count(verdict)
                if verdict == .kept { kept.append(shop) }
            }
        }
        let first = await searchNearestFirst(ask)
        guard case .success(let firstPage) = first else { return first.map { ($0, nil) } }
        total = firstPage.total
        let clock = OpenClock(question.moment, region: firstPage.region)
        examine(firstPage.restaurants, on: clock)
        dropped = firstPage.dropped
        let sent = firstPage.sent
        let remaining = total - (query.start + sent) + 1
        if kept.count < wanted, remaining > 0, sent > 0 {
            ask.start = query.start + sent
            ask.limit = min(remaining, OpenSearch.maxExamined - sent)
            switch await searchNearestFirst(ask) {
            case .failure(let error): return .failure(error)
            case .success(let more):
                examine(more.restaurants, on: clock)
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

extension RestaurantPage {
    /// The clock the page's hours are read on.
    public var clock: HoursClock { provider.clock(in: region) }
}
