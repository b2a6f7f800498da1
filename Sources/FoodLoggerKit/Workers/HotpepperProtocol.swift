/// The gourmet search, wherever it comes from: the web service (`HotpepperAPI`) or the offline
/// stub (`HotpepperStub`). One request, one page.
public protocol HotpepperProtocol: Sendable {
    func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage
}
