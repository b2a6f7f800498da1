import Foundation

/// What scenes and the search ask of the code lists; a protocol so tests can seat a spy.
public protocol CodeListing: Sendable {
    func list(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry]
}

/// The code lists, asked of the service at most once a day: answers are kept in `cache`.
public struct CodeListWorker: CodeListing {
    let service: any CodeListProtocol
    /// nil: ask every time (the offline stub, which costs nothing).
    let cache: CodeListCache?

    public init(service: any CodeListProtocol, cache: CodeListCache?) {
        self.service = service; self.cache = cache
    }

    public func list(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry] {
        if let cached = cache?.lookup(kind) { return cached }
        let entries = try await service.codeList(kind)
        await cache?.store(entries, for: kind)
        return entries
    }
}

/// Code lists already fetched, one file each under the XDG cache directory, kept a day: the
/// service changes them rarely, and an area list is hundreds of kilobytes. Lists from another
/// server (HOTPEPPER_BASE_URL) are kept apart, so a test server's lists never stand in for
/// the real service's.
public struct CodeListCache: Sendable {
    let folder: URL
    /// "" for the real service, else the server's host and port.
    let source: String
    var now: @Sendable () -> Date = { Date() }

    static let lifetime: TimeInterval = 24 * 3600

    public init(folder: URL, service: URL) {
        self.folder = folder
        source = CacheFolder.suffix(for: service, default: HotpepperAPI.defaultBaseURL)
    }

    init(folder: URL, service: URL, now: @escaping @Sendable () -> Date) {
        self.init(folder: folder, service: service)
        self.now = now
    }

    struct Saved: Codable {
        var saved: Date
        var entries: [CodeEntry]
    }

    func file(_ kind: CodeListKind) -> URL { folder.appendingPathComponent("codes-\(kind.rawValue)\(source).json") }

    /// A cache's file: a link in its place is replaced, never written through (`followsLinks`).
    func shared(_ kind: CodeListKind) -> SharedFile { SharedFile(file(kind), followsLinks: false) }

    /// The list kept, while it is fresh, without any entry whose code or names could not be
    /// the service's; nil when there is no such list (or nothing plausible in it).
    func lookup(_ kind: CodeListKind) -> [CodeEntry]? {
        guard let saved = shared(kind).read(Saved.self),
            CacheCheck.isFresh(saved.saved, now: now(), lifetime: Self.lifetime)
        else { return nil }
        let entries = saved.entries.filter(Self.isPlausible)
        return entries.isEmpty ? nil : entries
    }

    static func isPlausible(_ entry: CodeEntry) -> Bool {
        CacheCheck.isPlausibleCode(entry.code) && CacheCheck.isPlausible(entry.name)
            && entry.within.map { within in
                CacheCheck.isPlausibleCode(within.code) && (within.name.isEmpty || CacheCheck.isPlausible(within.name))
            } ?? true
    }

    /// Written whole and moved into place under the file's lock; a cache that cannot be
    /// written costs a request next time.
    func store(_ entries: [CodeEntry], for kind: CodeListKind) async {
        let saved = Saved(saved: now(), entries: entries)
        try? await shared(kind).update(Saved.self) { _ in saved }
    }
}
