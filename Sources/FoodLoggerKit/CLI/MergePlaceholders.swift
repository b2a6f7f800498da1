import FoodLoggerDomain

// Stand-in until the h22-stub branch lands (it brings the real type into the domain); this
// file goes with that merge.
struct OverpassStub: HotpepperProtocol {
    func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        throw .invalidRequest(message: "the OpenStreetMap stub is not merged yet")
    }
}
