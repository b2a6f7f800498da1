/// One answer of the gourmet search: a page of shops and where it sits in the whole result.
public struct RestaurantPage: Sendable, Equatable {
    /// `results_available`: how many shops match in all.
    public var total: Int
    /// `results_start`: the 1-based position of the first shop of this page.
    public var start: Int
    public var restaurants: [Restaurant]
    /// Set when the search's centre lies away from the only places the answering service has
    /// shops (the offline stub's neighbourhoods): those places. Nil for the real service.
    public var coverage: [String]?

    public init(total: Int, start: Int, restaurants: [Restaurant], coverage: [String]? = nil) {
        self.total = total; self.start = start; self.restaurants = restaurants; self.coverage = coverage
    }
}
