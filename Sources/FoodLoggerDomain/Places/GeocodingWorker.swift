import Foundation

/// Turns a place name into a centre: asks the place search once per name (answers are kept in
/// `cache`), keeps the best match and says how many there were.
public struct GeocodingWorker: PlaceLocating {
    let geocoder: any GeocodingProtocol
    /// nil: ask every time (the offline stub, which costs nothing; or no cache folder).
    let cache: PlaceCache?
    /// nil: ask at once (the offline stub).
    let turns: RequestTurns?
    /// The service whose regions a match is taken from first (HOT PEPPER's Japan: 松山 is
    /// Matsuyama before Taipei's Songshan), else the search's best match; nil: the best.
    let preferring: Provider?

    public init(
        geocoder: any GeocodingProtocol, cache: PlaceCache?, turns: RequestTurns? = nil, preferring: Provider? = nil
    ) {
        self.geocoder = geocoder; self.cache = cache; self.turns = turns; self.preferring = preferring
    }

    public struct Located: Sendable, Equatable {
        public var place: Place
        /// How many places the search matched; the first, its best, was taken.
        public var matches: Int
        /// The other matches, best first (a few): the places the user may have meant instead.
        public var others: [Place] = []
    }

    /// The other matches kept beside the one taken: enough to name the likeliest alternatives.
    static let othersKept = 2

    public func locate(_ text: String) async throws(ServiceError) -> Located {
        let key = PlaceCache.key(text, scope: geocoder.scope)
        if let cached = cache?.lookup(key) { return cached }
        guard let turns else { return try await find(text) }
        // Runs started together with the same name wait in turn; all but the first find it kept,
        // since it is kept before the turn ends.
        return try await turns.take(already: { cache?.lookup(key) }) { () throws(ServiceError) in
            let located = try await find(text)
            await cache?.store(located, for: key)
            return located
        }
    }

    func find(_ text: String) async throws(ServiceError) -> Located {
        let places = try await geocoder.findPlaces(text)
        let covered = preferring.flatMap { provider in places.first(where: provider.covers) }
        guard let best = covered ?? places.first else { throw .placeNotFound(text, known: []) }
        return Located(place: best, matches: places.count, others: Array(places.filter { $0 != best }.prefix(Self.othersKept)))
    }
}

/// Places already found, kept on disk under the XDG cache directory so a name is asked for
/// once (a month at most). Places found through another server (FOODLOGGER_NOMINATIM_URL) are
/// kept apart, and so are those found in another scope (Japan only or the whole world, in each
/// language): the key says which. Runs add their places under the file's lock, each to what is
/// on disk then, so runs at the same time keep every place.
public struct PlaceCache: Sendable {
    /// `CacheFolder`.
    let folder: URL
    /// "" for Nominatim itself, else the server's host and port.
    var source = ""
    var now: @Sendable () -> Date = { Date() }

    static let lifetime: TimeInterval = 30 * 24 * 3600
    /// The newest places kept: a few hundred kilobytes, far under `SharedFile.defaultMaxBytes`.
    static let maxEntries = 2000

    public init(folder: URL, service: URL) {
        self.folder = folder
        source = CacheFolder.suffix(for: service, default: NominatimAPI.defaultBaseURL)
    }

    init(folder: URL, now: @escaping @Sendable () -> Date) {
        self.folder = folder; self.now = now
    }

    /// The time of the last request to that server, from any run: `RequestTurns`'s stamp.
    public static func stamp(folder: URL, service: URL) -> URL {
        folder.appendingPathComponent(
            "nominatim-last-request\(CacheFolder.suffix(for: service, default: NominatimAPI.defaultBaseURL))")
    }

    /// The name in lower case with its spaces made single, after the place search's scope:
    /// "[jp ja] shibuya", "[world fr] tour eiffel".
    static func key(_ text: String, scope: String) -> String {
        "[\(scope)] " + text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    struct Entry: Codable {
        var name: String
        var lat: Double
        var lng: Double
        var matches: Int
        var saved: Date
        /// Places kept before countries were: nil.
        var country: String?
        /// Kept before regions and the other matches were: nil.
        var region: String?
        var countryName: String?
        var others: [Place]?
    }

    /// A cache's file: a link in its place is replaced, never written through (`followsLinks`).
    var file: SharedFile { SharedFile(folder.appendingPathComponent("places\(source).json"), followsLinks: false) }

    /// The entries still good: fresh, and holding a name, a place on Earth and a count that
    /// the place search could have given. A file that is not such a table is no cache at all.
    func entries() -> [String: Entry] { kept(file.read([String: Entry].self)) }

    func kept(_ entries: [String: Entry]?) -> [String: Entry] {
        let now = now()
        return (entries ?? [:]).filter { key, entry in
            CacheCheck.isFresh(entry.saved, now: now, lifetime: Self.lifetime) && CacheCheck.isPlausible(key)
                && CacheCheck.isPlausible(entry.name) && (-90...90).contains(entry.lat) && (-180...180).contains(entry.lng)
                && (1...100).contains(entry.matches) && entry.country.map { NominatimAPI.countryCode($0) != nil } != false
                && Self.othersArePlausible(entry)
        }
    }

    /// The region, the country's name and the other matches, as the place search could have given them.
    static func othersArePlausible(_ entry: Entry) -> Bool {
        let others = entry.others ?? []
        let texts = [entry.region, entry.countryName].compactMap { $0 } + others.map(\.name)
        return others.count <= GeocodingWorker.othersKept && texts.allSatisfy { CacheCheck.isPlausible($0) }
            && others.allSatisfy { $0.coordinate.isOnEarth }
    }

    func lookup(_ key: String) -> GeocodingWorker.Located? {
        guard let entry = entries()[key] else { return nil }
        return .init(
            place: Place(
                name: entry.name, coordinate: Coordinate(lat: entry.lat, lng: entry.lng), country: entry.country,
                region: entry.region, countryName: entry.countryName),
            matches: entry.matches, others: entry.others ?? [])
    }

    /// Adds a place to what is on disk now, under the lock, keeping the newest `maxEntries`.
    /// A cache that cannot be written costs a request next time, nothing more.
    func store(_ located: GeocodingWorker.Located, for key: String) async {
        let coordinate = located.place.coordinate
        let entry = Entry(
            name: located.place.name, lat: coordinate.lat, lng: coordinate.lng, matches: located.matches, saved: now(),
            country: located.place.country, region: located.place.region, countryName: located.place.countryName,
            others: located.others)
        try? await file.update([String: Entry].self) { onDisk in
            var all = kept(onDisk)
            all[key] = entry
            guard all.count > Self.maxEntries else { return all }
            let newest = all.sorted { $0.value.saved > $1.value.saved }.prefix(Self.maxEntries)
            return Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
        }
    }
}
