import Foundation

/// A service with an answer cache in front: a page asked for again within
/// `AnswerCache.lifetime` comes from the cache and sends nothing. It stands behind the same
/// seam as the service it wraps, so the worker and the scenes never know where a page came
/// from. A service whose terms do not let foodlogger keep its content (`Provider.mayKeepContent`)
/// is asked every time and nothing of it is kept. Failures are never kept.
public struct CachingService: HotpepperProtocol {
    /// How the cache and the service share the work.
    public enum Mode: Sendable, Equatable {
        /// The cache when it has the answer, else the service (whose answer is kept).
        case normal
        /// The service every time, its answer replacing what was kept.
        case refresh
        /// The cache only: nothing is sent, and a request with no answer kept fails
        /// (`HotpepperError.notCached`).
        case offline
    }

    let service: any HotpepperProtocol
    let provider: Provider
    /// The address the service asks, part of each answer's key.
    let server: URL
    /// nil: nothing is kept (no cache folder).
    let store: AnswerCache?
    let mode: Mode
    /// Says where each answer came from (verbose mode); nil: silent.
    let log: (@Sendable (String) -> Void)?

    public init(
        _ service: any HotpepperProtocol, provider: Provider, server: URL, store: AnswerCache?, mode: Mode = .normal,
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.service = service; self.provider = provider; self.server = server
        self.store = provider.mayKeepContent ? store : nil
        self.mode = mode; self.log = log
    }

    public nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError)
        -> RestaurantPage
    {
        let key = AnswerCache.Key(provider: provider, server: server, query: query)
        if mode != .refresh, let hit = store?.lookup(key) {
            log?("answer from the cache, kept \(Self.age(hit.age)) ago (\(hit.page.restaurants.count) shops)")
            return hit.page
        }
        if mode == .offline { throw .notCached(.search(query)) }
        let page = try await service.searchRestaurants(query)
        if page.provider.mayKeepContent { await store?.store(page, for: key) }
        return page
    }

    /// "42 s", "3 min 5 s".
    static func age(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded(.down))
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }
}
