/// Showing places by id: `show N|ID` and `open N|ID`, whichever front end asks. The one owner of
/// what is asked and what is taken as kept: the places the last list kept whole ask nothing;
/// the others are looked up at their service by id; a merged place whose part from a service
/// that lets nothing be kept (Google Places) was left out of the list is made again with that
/// part looked up by id, so its card shows what its row showed. Offline, or where that
/// service cannot be asked, the place is shown as kept and the part named as not asked.
public struct ShowPlaces: PlaceShowing {
    /// Makes the worker of a service whose parts of merged places were not kept, only when one
    /// is needed; or gives why there is none (no key, an unusable address).
    public typealias PartWorkers = @Sendable (Provider) -> Result<any HotpepperWorking, ServiceError>

    /// The service the ids are of.
    let worker: any HotpepperWorking
    /// Nil: parts not kept are never looked up again, nor named (a page to open needs none).
    let parts: PartWorkers?

    public init(_ worker: any HotpepperWorking, parts: PartWorkers? = nil) {
        self.worker = worker; self.parts = parts
    }

    /// The last list's places among those named, kept whole, and where the list says they are.
    public struct KnownPlaces: Sendable, Equatable {
        public var places: [Restaurant]
        public var region: RestaurantPage.Region?
        /// The service of the list.
        public var provider: Provider
        public init(places: [Restaurant], region: RestaurantPage.Region?, provider: Provider) {
            self.places = places; self.region = region; self.provider = provider
        }
    }

    /// What a user asks to see: typed in, checked already.
    public struct Request: Sendable, Equatable {
        /// The ids, without duplicates, in the order to show.
        public var ids: [String]
        /// The last list the numbers were read from; nil when no number named a place (or the
        /// places are asked for again, `--refresh`).
        public var known: KnownPlaces?
        /// Nothing may be sent: a part not kept is named as missing instead of looked up.
        public var offline: Bool
        /// The centre of the search whose list numbered the places, for the way there.
        public var center: Coordinate?
        public init(ids: [String], known: KnownPlaces? = nil, offline: Bool = false, center: Coordinate? = nil) {
            self.ids = ids; self.known = known; self.offline = offline; self.center = center
        }
    }

    /// What was found: the places in the order asked, and what was not.
    public struct Shown: Sendable, Equatable {
        public var places: [Restaurant]
        /// The ids asked for that no place has.
        public var missingIDs: [String]
        /// Parts of merged places not looked up again, and why: those places are shown as kept.
        public var partsNotAsked: [RestaurantPage.UnaskedID]
        /// Where the places are (their clock), as the list or the service said.
        public var region: RestaurantPage.Region?
        /// The service that answered, whose credit goes with the places.
        public var provider: Provider
        /// The request's centre.
        public var center: Coordinate?
        public init(
            places: [Restaurant], missingIDs: [String] = [], partsNotAsked: [RestaurantPage.UnaskedID] = [],
            region: RestaurantPage.Region? = nil, provider: Provider, center: Coordinate? = nil
        ) {
            self.places = places; self.missingIDs = missingIDs; self.partsNotAsked = partsNotAsked
            self.region = region; self.provider = provider; self.center = center
        }
    }

    /// The services whose parts of `places` were not kept: those a card must look up again.
    public static func partsNotKept(of places: [Restaurant]) -> [Provider] {
        Provider.allCases.filter { provider in
            places.contains { $0.sources?.contains { $0.provider == provider && $0.record == nil } == true }
        }
    }

    public nonisolated(nonsending) func show(_ request: Request) async -> Result<Shown, ServiceError> {
        let known = request.known
        let lookup = KnownShopsWorker(
            base: worker, shops: known?.places ?? [], region: known?.region, provider: known?.provider ?? worker.provider)
        let page: RestaurantPage
        do { page = try await lookup.lookupRestaurants(ids: request.ids) } catch { return .failure(error) }
        let kept = Set((known?.places ?? []).map(\.id))
        var notAsked: [RestaurantPage.UnaskedID] = []
        let (records, partsRegion) = await partRecords(
            of: page.restaurants.filter { kept.contains($0.id) }, offline: request.offline, notAsked: &notAsked)
        let places = page.restaurants.map { kept.contains($0.id) ? Self.remade($0, with: records) : $0 }
        let found = Set(places.map(\.id))
        return .success(
            Shown(
                places: places, missingIDs: request.ids.filter { !found.contains($0) }, partsNotAsked: notAsked,
                region: page.region ?? partsRegion, provider: page.provider, center: request.center))
    }

    /// The records of the parts `places` lack, looked up by id at their services, and where they
    /// are; the parts that could not be asked (offline, no worker, a failure) go to `notAsked`.
    private nonisolated(nonsending) func partRecords(
        of places: [Restaurant], offline: Bool, notAsked: inout [RestaurantPage.UnaskedID]
    ) async -> (records: [String: Restaurant], region: RestaurantPage.Region?) {
        var records: [String: Restaurant] = [:]
        var region: RestaurantPage.Region?
        guard let parts else { return (records, region) }
        for provider in Self.partsNotKept(of: places) {
            let ids = places.flatMap { $0.sources ?? [] }.filter { $0.provider == provider && $0.record == nil }.map(\.id)
            do throws(ServiceError) {
                if offline { throw .notCached(.search(RestaurantQuery(ids: ids))) }
                let page = try await parts(provider).get().lookupRestaurants(ids: ids)
                for record in page.restaurants { records[record.id] = record }
                region = region ?? page.region
            } catch {
                notAsked += ids.map { RestaurantPage.UnaskedID(id: $0, error: error) }
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

/// Shows places by id; a protocol so a scene's test can seat a spy.
public protocol PlaceShowing: Sendable {
    nonisolated(nonsending) func show(_ request: ShowPlaces.Request) async -> Result<ShowPlaces.Shown, ServiceError>
}
