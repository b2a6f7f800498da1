import Foundation

/// The last answer a search gathered, kept for the run by the one that asked for it: every
/// window of that search (the prompt's next page, the map's) is cut from it, so the services
/// are asked once. A lock rather than an actor: a stub search then never leaves its caller's
/// executor.
final class WholeAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: (query: RestaurantQuery, value: Value)?

    /// The kept answer when `reusing` accepts it (the query it was gathered for, and the answer),
    /// else `fetch`'s answer to `query`, kept in its place.
    nonisolated(nonsending) func value(
        for query: RestaurantQuery, reusing: (RestaurantQuery, Value) -> Bool, fetch: () async -> Value
    ) async -> Value {
        if let kept = lock.withLock({ latest.flatMap { reusing($0.query, $0.value) ? $0.value : nil } }) { return kept }
        let value = await fetch()
        lock.withLock { latest = (query, value) }
        return value
    }
}
