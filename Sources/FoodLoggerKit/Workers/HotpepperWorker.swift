/// What scenes ask of the restaurant service; a protocol so tests can seat a spy.
public protocol HotpepperWorking: Sendable {
    /// One page of shops matching the query.
    func fetchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage
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
