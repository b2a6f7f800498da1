/// The services a shop can come from. The raw value is the name the JSON output and the
/// `--provider` option use.
public enum Provider: String, Sendable, CaseIterable, Codable {
    case hotpepper, osm, google

    /// The name a person knows the service by.
    public var title: String {
        switch self {
        case .hotpepper: "HOT PEPPER Gourmet"
        case .osm: "OpenStreetMap"
        case .google: "Google Places"
        }
    }

    /// The credit the service's terms ask for wherever its data is shown, and the page it links to.
    public var credit: (text: String, url: String) {
        switch self {
        case .hotpepper: ("Powered by ホットペッパーグルメ Webサービス", "http://webservice.recruit.co.jp/")
        case .osm: ("© OpenStreetMap contributors", "https://www.openstreetmap.org/copyright")
        case .google: ("Powered by Google", "https://cloud.google.com/maps-platform/terms")
        }
    }

    /// The countries (ISO 3166-1 alpha-2, lower case) the service has shops in, where `--near`
    /// looks for places; empty for the whole world.
    public var countries: [String] {
        switch self {
        case .hotpepper: ["jp"]
        case .osm, .google: []
        }
    }

    /// The language `--near`'s places are named in: the service's own (HOT PEPPER's Japanese),
    /// else nil for the user's.
    public var placeLanguage: String? {
        switch self {
        case .hotpepper: "ja"
        case .osm, .google: nil
        }
    }

    /// The language a keyword must be written in to match the service's text; nil for any.
    public var keywordLanguage: String? {
        switch self {
        case .hotpepper: "ja"
        case .osm, .google: nil
        }
    }

    /// The yes/no filters the service can search by.
    public var searchFilters: Set<SearchFilter> {
        switch self {
        case .hotpepper: Set(SearchFilter.allCases).subtracting([.takeaway, .delivery])
        case .osm: Set(OSMFacts.filters.keys)
        case .google: []
        }
    }

    /// The diets the service says places cater for, which `--diet` can ask for. Google answers
    /// only whether a place serves vegetarian food.
    public var diets: Set<Diet> {
        switch self {
        case .hotpepper: []
        case .osm: Set(Diet.allCases)
        case .google: [.vegetarian]
        }
    }

    /// The kinds of place the service can tell apart, which `--kind` can ask for.
    public var kinds: Set<PlaceKind> {
        switch self {
        case .hotpepper: HotpepperKinds.kinds
        case .osm: Set(PlaceKind.allCases)
        case .google: GooglePlacesTypes.kinds
        }
    }

    /// Whether the service rates places (reviews' stars), which `--sort rating` orders by.
    public var ratesPlaces: Bool {
        switch self {
        case .hotpepper, .osm: false
        case .google: true
        }
    }

    /// The widest radius the service searches, in metres: HOT PEPPER's largest range, Google's
    /// Nearby Search limit, and for Overpass what a public server answers in time.
    public var maxRadius: Int {
        switch self {
        case .hotpepper: SearchRange.m3000.metres
        case .osm: 5000
        case .google: 50_000
        }
    }

    /// Whether `--kind` and `--genre` can be asked together: not where kinds are genres.
    public var kindsWithGenres: Bool { self != .hotpepper }

    /// The conditions of a search the service can honour, beyond a centre, a range, a keyword,
    /// genres and the filters above.
    public var searchConditions: Set<SearchCondition> {
        switch self {
        case .hotpepper: Set(SearchCondition.allCases)
        case .osm, .google: []
        }
    }

    /// Whether the service's terms let foodlogger keep what it answered (names, hours…) past the
    /// run, in the answer cache and the last list. Google's let an app keep place ids only, so
    /// its places are kept as ids and asked for again.
    public var mayKeepContent: Bool {
        switch self {
        case .hotpepper, .osm: true
        case .google: false
        }
    }

    /// The most shops one search can bring, with a keyword or without; nil when only the command's
    /// own cap holds. Google's Nearby Search answers 20 places at most, its Text Search 60.
    public func mostShops(withKeyword: Bool) -> Int? {
        switch self {
        case .hotpepper, .osm: nil
        case .google: withKeyword ? 60 : 20
        }
    }

    /// The code lists the service has (`genres --provider osm` lists OSM's cuisines).
    public var codeLists: Set<CodeListKind> {
        switch self {
        case .hotpepper: Set(CodeListKind.allCases)
        case .osm, .google: [.genres]
        }
    }
}

/// Search conditions not every service has.
public enum SearchCondition: String, Sendable, CaseIterable {
    /// Budget bands (HOT PEPPER's codes).
    case budget
    /// A named area instead of a centre.
    case area
    /// An order other than nearest first.
    case order
    /// A search with no centre at all (by keyword or area alone).
    case withoutCenter
}
