/// One answer of the gourmet search: a page of shops and where it sits in the whole result.
public struct RestaurantPage: Sendable, Equatable {
    /// `results_available`: how many shops match in all.
    public var total: Int
    /// `results_start`: the 1-based position of the first shop of this page.
    public var start: Int
    public var restaurants: [Restaurant]

    public init(total: Int, start: Int, restaurants: [Restaurant]) {
        self.total = total; self.start = start; self.restaurants = restaurants
    }
}
