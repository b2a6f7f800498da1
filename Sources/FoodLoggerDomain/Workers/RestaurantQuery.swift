/// What to ask the gourmet search for: the user's conditions, already validated.
/// Both the real client and the stub read the same query, so they honour the same semantics.
public struct RestaurantQuery: Sendable, Equatable {
    public var center: Coordinate?
    public var range: SearchRange
    /// Space-separated terms, ANDed by the service.
    public var keyword: String?
    /// Shop ids (`J000000000`), for looking shops up rather than searching.
    public var ids: [String]
    public var genres: [String]
    /// Dinner budget codes, any number of bands (`GourmetRequest.maxBudgets` a request).
    public var budgets: [String]
    /// A large, middle or small area code (`Z011`, `Y005`, `X010`): the letter says which.
    public var area: String?
    /// Genre, budget and area names still to be turned into codes; `HotpepperWorker` does that
    /// before searching, so services only ever see codes.
    public var names = CodeNames()
    public var filters: [SearchFilter]
    public var order: SearchOrder?
    /// 1-based position of the first shop wanted.
    public var start: Int
    /// Page size, 1...100.
    public var count: Int
    /// How many shops to fetch in all, from `start` on, in as many pages as it takes (1...1000).
    /// Read by `HotpepperWorker`, which pages; services see single pages and ignore it.
    public var limit: Int?
    /// Diets a place must cater for, every one (`--diet`); services that cannot say are refused
    /// by the command line before they are asked.
    public var diets: [Diet] = []
    /// How the places found are listed (`--sort`): nearest first unless asked otherwise.
    public var sort = SearchSort.distance

    /// The radius in metres when one was given as such (`--radius`); nil for `range`'s.
    public var radius: Int?
    /// How far from the centre places are kept, in metres: the radius given, else the range's.
    public var metres: Int { radius ?? range.metres }

    /// Kinds of place to keep, any of them (`--kind`); none for every kind. Services that
    /// cannot ask for a kind are refused by the command line before they are asked.
    public var kinds: [PlaceKind] = []

    /// The fewest stars a place's reviews may average (`--min-rating`), and the price levels a
    /// place may have, 1 (inexpensive) to 4 (`--price`, `Restaurant.price`). No service is asked
    /// for them: `FindPlaces` keeps the places that say so over the whole list, as it filters by
    /// the open state, so the total is the list's; a place that does not say is left out.
    public var minRating: Double?
    public var prices: ClosedRange<Int>?

    /// Whether the list is filtered by what its places say of reviews and prices.
    public var filtersReviews: Bool { minRating != nil || prices != nil }

    public init(
        center: Coordinate? = nil, range: SearchRange = .default, keyword: String? = nil, ids: [String] = [],
        genres: [String] = [], budgets: [String] = [], filters: [SearchFilter] = [],
        order: SearchOrder? = nil, start: Int = 1, count: Int = 10, limit: Int? = nil, radius: Int? = nil,
        kinds: [PlaceKind] = []
    ) {
        self.center = center; self.range = range; self.keyword = keyword; self.ids = ids
        self.genres = genres; self.budgets = budgets; self.filters = filters
        self.order = order; self.start = start; self.count = count; self.limit = limit
        self.radius = radius; self.kinds = kinds
    }

    /// Whether the query says where or what at all: a search with none of these is no search.
    public var hasCondition: Bool {
        center != nil || !(keyword ?? "").isEmpty || !ids.isEmpty || area != nil || names.area != nil
    }

    /// The most shops one request may return.
    public static let maxCount = 100
    /// The most shops `limit` may ask for: ten requests.
    public static let maxLimit = 1000
    /// The furthest `start` may go: past every total a service gives one search, and far
    /// enough from `Int.max` that no page's arithmetic (`start + limit`) can overflow.
    public static let maxStart = 1_000_000
    /// The most `--budget` values one search gives (each a band of yen, a band's name or a code).
    public static let maxBudgets = 2
    /// The most genres one search names: more than a search needs at once, few enough that the
    /// request stays short (thousands make an address a service refuses: 414).
    public static let maxGenres = 20
    /// The most ids one lookup may name.
    public static let maxIDs = 20
}

/// How a list of places is ordered once found, whichever service found them.
public enum SearchSort: String, Sendable, CaseIterable, Codable {
    /// The service's order, nearest first around a centre.
    case distance
    /// Rated places first, best first; ties, and the places without a rating, nearest first.
    case rating
    /// By name, ignoring case and accents.
    case name
}

extension [Restaurant] {
    /// The places in `sort`'s order; a stable sort, so the order they came in (nearest first)
    /// breaks every tie.
    public func sorted(by sort: SearchSort) -> [Restaurant] {
        let numbered = enumerated().map { (offset: $0.offset, place: $0.element) }
        let ordered: [(offset: Int, place: Restaurant)]
        switch sort {
        case .distance: return self
        case .rating:
            ordered = numbered.sorted { ($0.place.rating ?? -1, -$0.offset) > ($1.place.rating ?? -1, -$1.offset) }
        case .name:
            ordered = numbered.sorted {
                switch $0.place.name.compare($1.place.name, options: [.caseInsensitive, .diacriticInsensitive]) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: $0.offset < $1.offset
                }
            }
        }
        return ordered.map(\.place)
    }
}

/// A radius step around the centre: the `--range 1..5` shorthand and the map's zoom steps, each
/// a radius in metres (a service asks for the radius as it can: `GourmetRequest.rangeCode`).
public enum SearchRange: Int, Sendable, CaseIterable, Codable {
    case m300 = 1, m500, m1000, m2000, m3000

    public static let `default` = SearchRange.m1000

    /// The smallest range that reaches `metres`, the largest when none does.
    public static func covering(_ metres: Int) -> SearchRange {
        allCases.first { $0.metres >= metres } ?? .m3000
    }

    public var metres: Int {
        switch self {
        case .m300: 300
        case .m500: 500
        case .m1000: 1000
        case .m2000: 2000
        case .m3000: 3000
        }
    }
}

/// An order a service keeps for a search without a centre (`SearchCondition.order`): by reading,
/// genre, area, or as it recommends. With a centre the list is nearest first whatever is asked.
public enum SearchOrder: String, Sendable, CaseIterable, Codable {
    case kana, genre, smallArea = "area", recommended

    /// As the `--order` option and MCP's `order` name it.
    public var name: String { rawValue }
}

/// The yes/no search filters, by the names the JSON and the options use (`free_drink` is
/// `--free-drink`). `Provider.searchFilters` says which service has which; each service's request
/// builder asks for them in its own terms (`GourmetRequest.filterParameters`).
public enum SearchFilter: String, Sendable, CaseIterable, Codable {
    case wifi, wedding, course, freeDrink = "free_drink", freeFood = "free_food", privateRoom = "private_room"
    case horigotatsu, tatami, cocktail, shochu, sake, wine, card, nonSmoking = "non_smoking", charter, ktai
    case parking, barrierFree = "barrier_free", sommelier, nightView = "night_view", openAir = "open_air"
    case show, equipment, karaoke, band, tv, lunch, midnight, midnightMeal = "midnight_meal", english, pet, child
    case takeaway, delivery
}
