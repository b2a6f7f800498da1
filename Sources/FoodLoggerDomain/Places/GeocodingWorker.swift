import Foundation

/// Turns a place name into a centre: asks the place search once per name (answers are kept in
/// `cache`), keeps the best match and says how many there were.
public struct GeocodingWorker: PlaceLocating {
    let geocoder: any GeocodingProtocol
    /// nil: ask every time (the offline stub, which costs nothing).
    let cache: PlaceCache?

    public init(geocoder: any GeocodingProtocol, cache: PlaceCache?) {
        self.geocoder = geocoder; self.cache = cache
    }

    public struct Located: Sendable, Equatable {
        public var place: Place
        /// How many places the search matched; the first, its best, was taken.
        public var matches: Int
    }

    public func locate(_ text: String) async throws(HotpepperError) -> Located {
        let key = PlaceCache.key(text)
        if let cached = cache?.lookup(key) { return cached }
        await cache?.waitForTurn()
        let places = try await geocoder.findPlaces(text)
        guard let best = places.first else { throw .placeNotFound(text, known: []) }
        let located = Located(place: best, matches: places.count)
        cache?.store(located, for: key)
        return located
    }
}

/// Places already found, kept on disk under the XDG cache directory so a name is asked for
/// once (a month at most), and the time of the last request, so requests from any number of
/// foodlogger runs are a second apart, as Nominatim's usage policy asks. Places found through
/// another server (FOODLOGGER_NOMINATIM_URL) are kept apart.
public struct PlaceCache: Sendable {
    /// `CacheFolder`.
    let folder: URL
    /// "" for Nominatim itself, else the server's host and port.
    var source = ""
    var now: @Sendable () -> Date = { Date() }
    var sleep: @Sendable (TimeInterval) async -> Void = { try? await Task.sleep(nanoseconds: UInt64($0 * 1e9)) }

    static let lifetime: TimeInterval = 30 * 24 * 3600
    static let spacing: TimeInterval = 1

    public init(folder: URL, service: URL) {
        self.folder = folder
        source = CacheFolder.suffix(for: service, default: NominatimAPI.defaultBaseURL)
    }

    init(folder: URL, now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) async -> Void) {
        self.folder = folder; self.now = now; self.sleep = sleep
    }

    static func key(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    struct Entry: Codable {
        var name: String
        var lat: Double
        var lng: Double
        var matches: Int
        var saved: Date
    }

    var placesFile: URL { folder.appendingPathComponent("places\(source).json") }
    var lastRequestFile: URL { folder.appendingPathComponent("nominatim-last-request") }

    func entries() -> [String: Entry] {
        guard let data = try? Data(contentsOf: placesFile) else { return [:] }
        return (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    func lookup(_ key: String) -> GeocodingWorker.Located? {
        guard let entry = entries()[key], now().timeIntervalSince(entry.saved) < Self.lifetime else { return nil }
        return .init(
            place: Place(name: entry.name, coordinate: Coordinate(lat: entry.lat, lng: entry.lng)), matches: entry.matches)
    }

    /// Written whole to a temporary file and moved into place, so a reader never sees half.
    /// A cache that cannot be written costs a request next time, nothing more.
    func store(_ located: GeocodingWorker.Located, for key: String) {
        var all = entries().filter { now().timeIntervalSince($0.value.saved) < Self.lifetime }
        let coordinate = located.place.coordinate
        all[key] = Entry(
            name: located.place.name, lat: coordinate.lat, lng: coordinate.lng, matches: located.matches, saved: now())
        guard let data = try? JSONEncoder().encode(all) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: placesFile, options: .atomic)
    }

    /// Waits until a second has passed since the last request any run made, then marks this one.
    func waitForTurn() async {
        let last = (try? FileManager.default.attributesOfItem(atPath: lastRequestFile.path)[.modificationDate]) as? Date
        if let last {
            let wait = Self.spacing - now().timeIntervalSince(last)
            if wait > 0, wait <= Self.spacing { await sleep(wait) }
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: lastRequestFile.path, contents: nil)
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: lastRequestFile.path)
    }
}
