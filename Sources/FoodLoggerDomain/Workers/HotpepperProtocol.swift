/// The seam every service stands behind: the restaurant search, wherever it comes from: a web
/// service's client (`HotpepperAPI`, `OverpassAPI`, `GooglePlacesAPI`) or an offline stub. One
/// request, one page, or the whole answer from a service that does not page.
///
/// `nonisolated(nonsending)`: a search starts on the caller's executor (the scenes' main actor)
/// instead of hopping to the concurrency pool. The stub answers without suspending, so a
/// stub search runs start to finish on the main thread and never starts the pool's threads.
/// `HotpepperAPI` keeps the
/// default and so still decodes off the main actor.
public protocol HotpepperProtocol: Sendable {
    /// The service that answers: what it can do (`ServiceCapabilities`) tells the worker how
    /// to ask it.
    var provider: Provider { get }
    nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage
}
