/// What a user asks for when looking for places, whichever front end asked (the command line's
/// search, pick and map, or an agent over MCP): typed in, checked already.
public struct PlaceSearch: Sendable, Equatable {
    /// Where (a centre, an area or a keyword), what, in what order (`sort`) and which window of
    /// the list (`start`, and `count` or `limit`).
    public var query: RestaurantQuery
    /// A place to find the centre from first, in place of the query's centre.
    public var near: NearPlace?
    /// The moment each place's open state is told for, and whether only the open ones are kept.
    public var open: OpenQuestion
    /// Keep the places the food log says so of (visited, unvisited, on the want list).
    public var log: LogFilter?

    public init(query: RestaurantQuery, near: NearPlace? = nil, open: OpenQuestion, log: LogFilter? = nil) {
        self.query = query; self.near = near; self.open = open; self.log = log
    }

    /// Whether the list must be gathered whole before its window is cut: merged, filtered or
    /// ordered otherwise than nearest first. A plain search is cut by the service's own pages.
    public func gathersWhole(services: Int) -> Bool {
        services > 1 || open.openOnly || log != nil || query.filtersReviews || query.sort != .distance
    }
}

/// What a search found: the window of the list, and the facts about the whole list that every
/// front end words in its own way.
public struct FoundPlaces: Sendable {
    /// The window's places, `start` their first number, `total` the list's length as known.
    public var page: RestaurantPage
    /// The query as it was asked, with the centre --near found.
    public var query: RestaurantQuery
    /// Where the --near place was found, when one was asked for.
    public var located: GeocodingWorker.Located?
    /// False when a service has more places than the search looked at (`looked`): the list's
    /// `total` is then a lower bound.
    public var totalIsExact = true
    /// When the list was gathered whole: how many places it was made from before the filters
    /// (each merged place once), and how many the services said they have in all.
    public var looked: (places: Int, ofAll: Int)?
    /// What --open-now/--open-at/--open-for left out of the whole list; nil when not asked.
    public var tally: OpenTally?
    /// How many places the food log filter left out of the whole list.
    public var logLeftOut = 0
    /// How many places --min-rating and --price left out of the whole list: rated or priced
    /// outside what was asked, and (`unsaid`) not saying what was asked.
    public var reviewsLeftOut = (outside: 0, unsaid: 0)
    /// The food log summed up, read once (empty when there is no log, or no place was found).
    public var log: Result<FoodLogSummary, FoodLogError> = .success(.empty)
    /// The services of a merge that failed while others answered: the list is theirs.
    public var incomplete: [ServiceFailure] = []
    /// Services of a merge not asked: the centre lies outside the countries they cover.
    public var notCovering: [Provider] = []
    /// The services asked, in the merge's order.
    public var asked: [Provider] = []

    public init(page: RestaurantPage, query: RestaurantQuery) {
        self.page = page; self.query = query
    }

    /// The first number of the next window; nil at the end of the list as known. A window the
    /// service paged goes on where the service's positions do (the places it sent that no view
    /// can place count); a window cut here goes on after its last place.
    public var nextStart: Int? {
        let next = page.start + (cutHere ? page.restaurants.count : min(page.sent, query.limit ?? query.count))
        return next <= page.total && next > page.start ? next : nil
    }

    /// Whether the window was cut from a list gathered here, rather than paged by the service.
    public var cutHere = false
}

/// A service of a merge that did not answer, and why.
public struct ServiceFailure: Sendable, Equatable {
    public var provider: Provider
    public var error: ServiceError
    public init(provider: Provider, error: ServiceError) { self.provider = provider; self.error = error }
}

/// A search that found no list at all, and whether it failed finding the --near place.
public struct FindFailure: Error, Sendable {
    public var error: ServiceError
    /// True when the place search failed, before any service was asked.
    public var locating: Bool
    public init(_ error: ServiceError, locating: Bool = false) { self.error = error; self.locating = locating }
}

/// Finds places; a protocol so a scene's test can seat a spy.
public protocol PlaceFinding: Sendable {
    nonisolated(nonsending) func find(_ search: PlaceSearch) async -> Result<FoundPlaces, FindFailure>
}
