/// The gourmet search, wherever it comes from: the web service (`HotpepperAPI`) or the offline
/// stub (`HotpepperStub`). One request, one page.
///
/// `nonisolated(nonsending)`: a search starts on the caller's executor (the scenes' main actor)
/// instead of hopping to the concurrency pool. The stub answers without suspending, so a
/// stub search runs start to finish on the main thread and never starts the pool's threads.
/// `HotpepperAPI` keeps the
/// default and so still decodes off the main actor.
public protocol HotpepperProtocol: Sendable {
    nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage
}
