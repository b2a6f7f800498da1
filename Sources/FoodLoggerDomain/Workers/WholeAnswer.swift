import Foundation

/// The last whole answer of a service that does not page (`ServiceCapabilities.pages`), kept
/// for the run by the worker that asked for it: every page of that search, the prompt's next
/// page or an open-only search looking further, is cut from it, so the service is asked once.
/// A lock rather than an actor: a stub search then never leaves its caller's executor.
final class WholeAnswer: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: (query: RestaurantQuery, page: RestaurantPage)?

    /// The answer kept for `query`, else `fetch`'s, kept in its place. A failure is not kept.
    nonisolated(nonsending) func value(
        for query: RestaurantQuery, fetch: () async throws(ServiceError) -> RestaurantPage
    ) async throws(ServiceError) -> RestaurantPage {
        try await value(for: query, reusing: { kept, _ in kept == query }, fetch: fetch)
    }

    /// The kept answer when `reusing` accepts it (the query it was fetched for, and the answer),
    /// else `fetch`'s answer to `query`, kept in its place.
    nonisolated(nonsending) func value(
        for query: RestaurantQuery, reusing: (RestaurantQuery, RestaurantPage) -> Bool,
        fetch: () async throws(ServiceError) -> RestaurantPage
    ) async throws(ServiceError) -> RestaurantPage {
        if let kept = lock.withLock({ latest.flatMap { reusing($0.query, $0.page) ? $0.page : nil } }) { return kept }
        let page = try await fetch()
        lock.withLock { latest = (query, page) }
        return page
    }
}
