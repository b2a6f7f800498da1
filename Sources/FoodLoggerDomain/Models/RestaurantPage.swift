/// One answer of the gourmet search: a page of shops and where it sits in the whole result.
public struct RestaurantPage: Sendable, Equatable, Codable {
    /// `results_available`: how many shops match in all.
    public var total: Int
    /// `results_start`: the 1-based position of the first shop of this page.
    public var start: Int
    public var restaurants: [Restaurant]
    /// Set when the search's centre lies away from the only places the answering service has
    /// shops (the offline stub's neighbourhoods): those places. Nil for the real service.
    public var coverage: [String]?
    /// Shops the service sent that no view can place (a position off the Earth), left out of
    /// `restaurants` and named here so the app can say so.
    public var dropped: [DroppedShop]
    /// Shops the service sent again (an id already in the page), left out of `restaurants`.
    public var repeats = 0
    /// Of the places a fetch of several pages asked for within the total, how many never came:
    /// later pages that came back empty, short, or repeating earlier ones.
    public var missing = 0
    /// Of the ids a lookup asked about, those the service said it does not know (Google's 404):
    /// an id it retired, which is not the same as a place that closed.
    public var unknownIDs: [String] = []
    /// Of the ids a lookup asked about, those that could not be asked (refused, or a later
    /// request failed after others were answered), with why; their places went unchecked.
    public var unasked: [UnaskedID] = []

    /// An id a lookup could not ask about, and why.
    public struct UnaskedID: Sendable, Equatable {
        public var id: String
        public var error: ServiceError
        public init(id: String, error: ServiceError) { self.id = id; self.error = error }
    }

    /// `unknownIDs` and `unasked` are one lookup's news, never kept with an answer.
    enum CodingKeys: String, CodingKey {
        case total, start, restaurants, coverage, dropped, repeats, missing, region, provider
    }

    /// How many shops the service sent for this page, left-out ones included: where the next
    /// page starts.
    public var sent: Int { restaurants.count + dropped.count + repeats }

    /// Where the shops are, as far as the service says: their clock and country, which the
    /// opening hours are read in. Nil when the service does not say (HOT PEPPER: always Japan).
    public var region: Region?
    /// The service that answered, whose credit goes with the page even when it holds no shop.
    public var provider: Provider
    /// The total counts only what was looked at, the service having more (a search kept by
    /// band within the service's reach: `HotpepperWorker.inBands`); not kept with the page.
    public var totalIsLowerBound = false

    public init(
        total: Int, start: Int, restaurants: [Restaurant], coverage: [String]? = nil, dropped: [DroppedShop] = [],
        region: Region? = nil, provider: Provider
    ) {
        self.total = total; self.start = start; self.restaurants = restaurants; self.coverage = coverage
        self.dropped = dropped; self.region = region; self.provider = provider
    }

    /// The page with every place marked as made up: what an offline stub answers.
    public var invented: RestaurantPage {
        var page = self
        page.restaurants = restaurants.map { shop in
            var shop = shop
            shop.invented = true
            return shop
        }
        return page
    }

    /// The areas around a search's centre, from OpenStreetMap's `timezone` and `ISO3166-1` tags.
    public struct Region: Sendable, Equatable, Codable {
        /// An IANA zone name (`Asia/Ho_Chi_Minh`), nil when no area around the centre has one.
        public var timeZone: String?
        /// ISO 3166-1 alpha-2, upper case (`VN`), for the public holidays; nil when unknown.
        public var countryCode: String?
        /// ISO 3166-2, upper case (`GB-SCT`), for the regional public holidays; nil when unknown.
        public var subdivision: String?
        public init(timeZone: String?, countryCode: String?, subdivision: String? = nil) {
            self.timeZone = timeZone; self.countryCode = countryCode; self.subdivision = subdivision
        }
    }

    /// A shop left out of a page, and the position that made it unplaceable.
    public struct DroppedShop: Sendable, Equatable, Codable {
        public var id: String
        public var name: String
        public var coordinate: Coordinate
        public init(id: String, name: String, coordinate: Coordinate) {
            self.id = id; self.name = name; self.coordinate = coordinate
        }
    }

    /// Only the shops within `metres` of `center`, of a page the service sent nearest first (HOT
    /// PEPPER around a centre): past the first shop beyond, every later one is beyond too, so
    /// the total ends with the last shop within.
    mutating func keepNearestFirst(within metres: Int, of center: Coordinate) {
        let within = restaurants.filter { $0.coordinate.distance(to: center) <= Double(metres) }
        if within.count < restaurants.count { total = min(total, start - 1 + within.count) }
        restaurants = within
    }

    /// `count` shops from the 1-based `start` of a whole answer. The shops left out for their
    /// position go with the first page only, so pages put together name each once.
    func page(from start: Int, count: Int) -> RestaurantPage {
        var page = self
        page.start = start
        page.restaurants = Array(restaurants.dropFirst(max(start - 1, 0)).prefix(max(count, 0)))
        if start > 1 { page.dropped = [] }
        return page
    }

    /// The page as every view may take it: each shop whose position is not on the Earth moved
    /// to `dropped`, and each shop id once (the first; a shop without an id is kept as it is).
    public func sanitized() -> RestaurantPage {
        var page = self
        var seen = Set<String>()
        page.restaurants = []
        page.restaurants.reserveCapacity(restaurants.count)
        for shop in restaurants {
            guard shop.id.isEmpty || seen.insert(shop.id).inserted else {
                page.repeats += 1
                continue
            }
            if shop.coordinate.isOnEarth {
                page.restaurants.append(shop)
            } else {
                page.dropped.append(DroppedShop(id: shop.id, name: shop.name, coordinate: shop.coordinate))
            }
        }
        return page
    }
}
