/// A worker that answers a lookup by id from shops already at hand (the last list's kept
/// shops), and asks the worker behind it only for the ids it does not know: `show 3` after a
/// search sends nothing. Searches go straight through. (The parts of merged places the list
/// could not keep are looked up again by `ShowPlaces`.)
public struct KnownShopsWorker: HotpepperWorking {
    let base: any HotpepperWorking
    let known: [String: Restaurant]
    let region: RestaurantPage.Region?
    public let provider: Provider

    /// `shops`: the last list's shops kept whole that may be asked for; `region` and `provider`:
    /// the list's.
    public init(base: any HotpepperWorking, shops: [Restaurant], region: RestaurantPage.Region?, provider: Provider) {
        self.base = base
        known = Dictionary(shops.map { ($0.id, $0) }) { first, _ in first }
        self.region = region
        self.provider = provider
    }

    /// Over a whole last list: its shops kept whole.
    public init(base: any HotpepperWorking, list: LastList) {
        self.init(base: base, shops: list.keptShops, region: list.region, provider: list.provider)
    }

    public nonisolated(nonsending) func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        try await base.fetchRestaurants(query)
    }

    /// The known shops as kept, the others as the service answers now, in the order asked.
    public nonisolated(nonsending) func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage {
        let unknown = ids.filter { known[$0] == nil }
        var answered: RestaurantPage?
        if !unknown.isEmpty { answered = try await base.lookupRestaurants(ids: unknown) }
        let fresh = Dictionary((answered?.restaurants ?? []).map { ($0.id, $0) }) { first, _ in first }
        let shops = ids.compactMap { id in known[id] ?? fresh[id] }
        return RestaurantPage(
            total: shops.count, start: 1, restaurants: shops, region: region ?? answered?.region,
            provider: answered?.provider ?? provider)
    }
}
