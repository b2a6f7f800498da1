import Foundation

extension Restaurant {
    /// The shop's week for the JSON's `hours` and the day's periods: HOT PEPPER's `open` and
    /// `close` texts, or an OpenStreetMap value that is the same every week; nil where neither
    /// can be read with confidence.
    public var openingHours: OpeningHours? { hours.weekly }

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
        public func time(_ reading: (Date) -> CivilTime) -> CivilTime {
            switch self {
            case .now(let instant):
                return reading(instant)
            case .wallClock(let day, let minute, let asked):
                let today = reading(asked).date
                switch day {
                case .today: return CivilTime(date: today, minute: minute)
                case .tomorrow: return CivilTime(date: today.adding(days: 1), minute: minute)
                case .weekday(let weekday):
                    let ahead = (weekday.rawValue - today.weekday.rawValue + 7) % 7
                    return CivilTime(date: today.adding(days: ahead), minute: minute)
                case .date(let date): return CivilTime(date: date, minute: minute)
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
    /// Japan has kept UTC+9 without summer time since 1952.
    public static let japanOffset = 9 * 3600

    /// The moment as this clock shows it; nil when the clock is unknown.
    public func time(_ moment: OpenQuestion.Moment) -> CivilTime? {
        switch self {
        case .japan: moment.time { CivilTime($0, secondsFromGMT: Self.japanOffset) }
        case .zone(let zone): moment.time { CivilTime($0, timeZone: zone) }
        case .unknown: nil
        }
    }

    /// What this clock shows at `instant`; nil when the clock is unknown.
    public func time(at instant: Date) -> CivilTime? {
        switch self {
        case .japan: CivilTime(instant, secondsFromGMT: Self.japanOffset)
        case .zone(let zone): CivilTime(instant, timeZone: zone)
        case .unknown: nil
        }
    }

    /// The instant this clock shows `time` (see `CivilTime.instant(in:)` for the hour summer
    /// time skips or repeats); nil when the clock is unknown.
    public func instant(_ time: CivilTime) -> Date? {
        switch self {
        case .japan: time.instant(secondsFromGMT: Self.japanOffset)
        case .zone(let zone): time.instant(in: zone)
        case .unknown: nil
        }
    }

    /// The clock's offset from UTC at `instant`, in seconds; nil when the clock is unknown.
    public func secondsFromGMT(at instant: Date) -> Int? {
        switch self {
        case .japan: Self.japanOffset
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
    /// The region's country (ISO 3166-1 alpha-2), for the currency a price level is written in.
    public let country: String?
    /// Where the region's hours are read: its holidays (its subdivision's, where the areas name
    /// one) and clock; `place(for:)` adds the shop's position, for the sun.
    private let regionPlace: HoursPlace

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
        regionPlace = HoursPlace(
            holidays: region?.subdivision ?? region?.countryCode, timeZone: region?.timeZone.flatMap(TimeZone.init(identifier:)))
    }

    /// Where `shop`'s hours are read.
    func place(for shop: Restaurant) -> HoursPlace {
        var place = regionPlace
        place.coordinate = shop.coordinate
        return place
    }

    /// The clock `shop`'s hours are read on.
    public func clock(for shop: Restaurant) -> HoursClock { clocks[shop.provider] ?? .unknown }

    /// The moment on the clock `shop`'s hours are read on (its day and minute); nil when that
    /// clock is unknown. The day's holiday facts are Japan's, which only HOT PEPPER's texts
    /// read; other hours read their holidays from `place(for:)`.
    public func moment(for shop: Restaurant) -> OpeningHours.Moment? { moments[shop.provider] }

    /// Open, closing soon, closed or unknown on the shop's clock, as its service's hours say
    /// (`HoursReading`). A place closed for a while or for good is closed, whatever its hours say.
    /// The reading is the one the service's reader stored when the answer was decoded.
    public func status(of shop: Restaurant) -> OpenStatus {
        if let status = shop.businessStatus, status != .operational { return .closed }
        guard let moment = moment(for: shop), let reading = shop.hours.reading else { return .unknown }
        return reading.status(at: moment, in: place(for: shop))
    }

    /// The public holiday whose rule gives `shop`'s answer on the moment's day; nil when none does.
    public func holiday(of shop: Restaurant) -> HoursPlace.Holiday? {
        guard let moment = moment(for: shop) else { return nil }
        return shop.hours.reading?.holiday(at: moment, in: place(for: shop))
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

extension RestaurantPage {
    /// The clock the page's hours are read on.
    public var clock: HoursClock { provider.clock(in: region) }
}
