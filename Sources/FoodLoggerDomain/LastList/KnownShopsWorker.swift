/// A worker that answers a lookup by id from shops already at hand (the last list's kept
/// shops), and asks the worker behind it only for the ids it does not know: `show 3` after a
/// search sends nothing. Searches go straight through.
///
/// A merged place whose parts from a service that lets nothing be kept (Google Places) were left
/// out of the list is made again with those parts looked up by id (`parts`), so the card shows
/// what its row showed; a part that cannot be asked (no worker: --offline, no key) is named in
/// the answer's `unasked` and the place shown as kept.
public struct KnownShopsWorker: HotpepperWorking {
    let base: any HotpepperWorking
    let known: [String: Restaurant]
    let region: RestaurantPage.Region?
    public let provider: Provider
    /// Each service whose parts of merged places were not kept, and the failure to name when
    /// it cannot be asked.
    let parts: [Provider: Result<any HotpepperWorking, ServiceError>]

    /// `shops`: the last list's shops kept whole that may be asked for; `region` and `provider`:
    /// the list's.
    public init(
        base: any HotpepperWorking, shops: [Restaurant], region: RestaurantPage.Region?, provider: Provider,
        parts: [Provider: Result<any HotpepperWorking, ServiceError>] = [:]
    ) {
        self.base = base
        known = Dictionary(shops.map { ($0.id, $0) }) { first, _ in first }
        self.region = region
        self.provider = provider
        self.parts = parts
    }

    /// The services whose parts of `shops` were not kept: those a card must look up again.
    public static func partsNotKept(of shops: [Restaurant]) -> [Provider] {
        Provider.allCases.filter { provider in
            shops.contains { $0.sources?.contains { $0.provider == provider && $0.record == nil } == true }
        }
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
        var unasked: [RestaurantPage.UnaskedID] = []
        let (records, partsRegion) = await partRecords(of: ids.compactMap { known[$0] }, unasked: &unasked)
        let shops = ids.compactMap { id in known[id].map { Self.remade($0, with: records) } ?? fresh[id] }
        var page = RestaurantPage(
            total: shops.count, start: 1, restaurants: shops, region: region ?? answered?.region ?? partsRegion,
            provider: answered?.provider ?? provider)
        page.unasked = unasked
        return page
    }

    /// The records of the parts `shops` lack, looked up by id at their services, and where they
    /// are; the parts that could not be asked are added to `unasked`.
    private nonisolated(nonsending) func partRecords(of shops: [Restaurant], unasked: inout [RestaurantPage.UnaskedID])
        async -> (records: [String: Restaurant], region: RestaurantPage.Region?)
    {
        var records: [String: Restaurant] = [:]
        var region: RestaurantPage.Region?
        for provider in Self.partsNotKept(of: shops) {
            let ids = shops.flatMap { $0.sources ?? [] }.filter { $0.provider == provider && $0.record == nil }.map(\.id)
            do throws(ServiceError) {
                guard let worker = try parts[provider]?.get() else { continue }
                let page = try await worker.lookupRestaurants(ids: ids)
                for record in page.restaurants { records[record.id] = record }
                region = region ?? page.region
            } catch {
                unasked += ids.map { RestaurantPage.UnaskedID(id: $0, error: error) }
            }
        }
        return (records, region)
    }

    /// `place` made again from its sources' records, the parts looked up filled in: the same
    /// merge as the search made; as kept when a part is still missing.
    static func remade(_ place: Restaurant, with parts: [String: Restaurant]) -> Restaurant {
        guard let sources = place.sources, sources.contains(where: { $0.record == nil }) else { return place }
        let group = sources.compactMap { $0.record ?? parts[$0.id] }
        guard group.count == sources.count else { return place }
        return PlaceMerge.merge(group)
    }
}
