/// What scenes ask of the restaurant service; a protocol so tests can seat a spy.
public protocol HotpepperWorking: Sendable {
    /// One page of shops matching the query.
    func fetchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage
    /// Shops by id, in the order asked; ids the service does not know are simply absent.
    func lookupRestaurants(ids: [String]) async throws(HotpepperError) -> [Restaurant]
}

extension HotpepperWorking {
    /// The service takes at most `RestaurantQuery.maxIDs` ids per request, so more are asked
    /// for in batches, one after another. Written once on top of `fetchRestaurants`, so every
    /// worker (and every spy that does not override it) looks shops up the same way.
    public func lookupRestaurants(ids: [String]) async throws(HotpepperError) -> [Restaurant] {
        var found: [String: Restaurant] = [:]
        for batchStart in stride(from: 0, to: ids.count, by: RestaurantQuery.maxIDs) {
            let batch = Array(ids[batchStart..<min(batchStart + RestaurantQuery.maxIDs, ids.count)])
            let page = try await fetchRestaurants(RestaurantQuery(ids: batch, count: batch.count))
            for restaurant in page.restaurants where batch.contains(restaurant.id) {
                found[restaurant.id] = restaurant
            }
        }
        return ids.compactMap { found[$0] }
    }
}

/// The shared worker: scenes talk to it, it talks to whichever service the assembly injected.
public struct HotpepperWorker: HotpepperWorking {
    let api: any HotpepperProtocol

    public init(api: any HotpepperProtocol) {
        self.api = api
    }

    public func fetchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        try await api.searchRestaurants(query)
    }
}
