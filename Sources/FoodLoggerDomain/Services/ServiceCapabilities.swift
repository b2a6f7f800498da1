/// What a service is and what it can say and filter, declared once beside its client
/// (`Services/<service>/…+Capabilities.swift`). Scenes, views and options ask the provider for
/// these facts (`provider.maxRadius`) and never which service it is: a difference between
/// services is data here.
public struct ServiceCapabilities: Sendable {
    /// The name a person knows the service by.
    public var title: String
    /// The credit the service's terms ask for wherever its data is shown, and the page it links to.
    public var credit: (text: String, url: String)
    /// The service in a few letters, where a merged place's sources are listed (`OSM·G·HP`).
    public var abbreviation: String
    /// The countries (ISO 3166-1 alpha-2, lower case) the service has places in; empty for the
    /// whole world. A search centred outside them goes to a service that covers the place, or,
    /// with this service named, is refused.
    public var countries: [String] = []
    /// The language `--near`'s places are named in: the service's own (HOT PEPPER's Japanese),
    /// else nil for the user's.
    public var placeLanguage: String?
    /// The language a keyword must be written in to match the service's text; nil for any.
    public var keywordLanguage: String?
    /// The clock every place of the service keeps; nil when each answer says its area's zone.
    public var clock: HoursClock?
    /// The parts of a place beyond the neutral core that the service describes.
    public var fields: Set<ShopField> = []
    /// The yes/no filters the service can search by.
    public var searchFilters: Set<SearchFilter> = []
    /// The diets the service says places cater for, which `--diet` can ask for.
    public var diets: Set<Diet> = []
    /// The kinds of place the service can tell apart, which `--kind` can ask for.
    public var kinds: Set<PlaceKind> = []
    /// Whether `--kind` and `--genre` can be asked together: not where kinds are genres.
    public var kindsWithGenres = true
    /// Whether the service rates places (reviews' stars), which `--sort rating` orders by.
    public var ratesPlaces = false
    /// The widest radius the service searches, in metres.
    public var maxRadius: Int
    /// The conditions of a search the service can honour, beyond a centre, a range, a keyword,
    /// genres and the filters above.
    public var searchConditions: Set<SearchCondition> = []
    /// Whether the service's terms let foodlogger keep what it answered (names, hours…) past the
    /// run, in the answer cache and the last list.
    public var mayKeepContent = true
    /// Where the service's terms let foodlogger keep nothing of a place but its id
    /// (`mayKeepContent` false), how long they let the food log keep its name and position all
    /// the same (Google's 30 days); the log says until when (`FoodLogEntry.Shop.keptUntil`) and
    /// `log check` renews them. In seconds; nil: no while (the content is kept for good, or never).
    public var nameAndPositionKeptFor: Double?
    /// The most places one search can bring, with a keyword and without; nil when only the
    /// command's own cap holds.
    public var mostShops: (withKeyword: Int?, withoutKeyword: Int?) = (nil, nil)
    /// How the service says what places cost, when it does.
    public var prices: Prices?
    /// The most places a search looks at when it gathers its list whole (merged, filtered or
    /// ordered otherwise than nearest first): 5 requests of 100. Capped by `mostShops`; a
    /// service that does not page gives its whole answer.
    public var reach = 500
    /// Whether the service answers a search a page at a time (from `start`, `count` long). One
    /// that does not answers whole, and the worker cuts the pages from that one answer.
    public var pages = true
    /// The code lists the service has (`genres --provider osm` lists OSM's cuisines).
    public var codeLists: Set<CodeListKind> = [.genres]
    /// The most ids one lookup request names: HOT PEPPER's `id` takes 20; Overpass takes a
    /// query of many elements (a page's worth); Google asks one Place Details per id whatever.
    public var idsPerLookup = RestaurantQuery.maxIDs
    /// The billed request a lookup by id sends for each id (`log check` says how many it will
    /// send); nil where a lookup costs nothing.
    public var billedLookup: String?
    /// Whether the service bills every request it is sent, answered or not: a request that got
    /// no answer in time may have been billed, so it is not sent again.
    public var billsEachRequest = false
    /// The fields of a merged place this service's answer is taken for first, best first: a
    /// lower number wins; a field no service ranks comes from the first of the merge's order.
    public var knowsBest: [MergedField: Int] = [:]
    /// The map site whose directions a link from the search's centre opens for the service's places.
    public var directions = DirectionsSite.openStreetMap
    /// The form of the service's place ids, which every id is checked against before any
    /// request carries it (`PlaceIDGrammar`).
    public var placeIDs: PlaceIDGrammar

    /// The fields a merge takes from the service that knows them best (`knowsBest`).
    public enum MergedField: Sendable, Hashable, CaseIterable {
        /// The rating, its count and the price level, together.
        case rating
        case businessStatus
        /// A service's own part (HOT PEPPER's budget, station, access, courses).
        case ownPart
        case diets
        case kind
    }

    /// How a service says what places cost.
    public enum Prices: Sendable, Equatable {
        /// Bands of a budget in a currency, which a search can ask for (HOT PEPPER's in yen).
        case bands(currency: String)
        /// A level for each place, from inexpensive to very expensive (Google's).
        case levels
    }

    /// The most places one search can bring, with a keyword or without.
    public func mostShops(withKeyword: Bool) -> Int? {
        withKeyword ? mostShops.withKeyword : mostShops.withoutKeyword
    }
}
