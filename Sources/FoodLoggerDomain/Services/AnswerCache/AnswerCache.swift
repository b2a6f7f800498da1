import Foundation

/// The search answers kept for a short while, so that a search repeated, paged back or
/// re-drawn on the map costs no request (and no quota): one file per answered page under
/// `$XDG_CACHE_HOME/foodlogger/answers/`, named by a hash of the request, which the entry also
/// holds whole (a hash collision is then a miss, never another search's shops).
///
/// - Several runs may write at once: each entry is written to a temporary file and renamed
///   into place, so a reader sees a whole entry or none, and two runs writing the same entry
///   leave one whole. Nothing is merged, so no lock is needed for that.
/// - The folder stays under `maxTotalBytes`: after each write the oldest entries (by their
///   time, which is the file's) go first, under a lock so that runs trimming together do not
///   remove more than needed; a file that vanished meanwhile is simply gone.
/// - What is read back is checked: a file that is not a regular file, larger than
///   `maxEntryBytes`, not an entry, for another request, saved in the future or expired is
///   absent.
/// - The API key is in no file: the request is keyed by provider, server and query, none of
///   which holds it.
public struct AnswerCache: Sendable {
    /// `…/foodlogger/answers`.
    let folder: URL
    var now: @Sendable () -> Date = { Date() }
    var maxTotalBytes = AnswerCache.maxTotalBytes

    /// Ten minutes: long enough for what a user does within one sitting (the search again
    /// with another format, `show 3`, paging back, the map re-drawing the same circle), short
    /// enough that a shop's changed hours, a closing or a new shop show up soon after. The
    /// services' answers are live data, not reference lists like the code lists (kept a day).
    public static let lifetime: TimeInterval = 10 * 60
    /// About thirty pages of a hundred shops: what a busy sitting asks for, and nothing that
    /// a user would notice on disk.
    static let maxTotalBytes = 8 << 20
    /// Several times a real 100-shop page, encoded; a larger file is no entry of ours.
    static let maxEntryBytes = 2 << 20
    /// The entry format; another is foreign, and absent.
    static let format = 1

    /// `cacheFolder`: `CacheFolder.url(environment:)`.
    public init(cacheFolder: URL) {
        folder = cacheFolder.appendingPathComponent("answers")
    }

    init(cacheFolder: URL, now: @escaping @Sendable () -> Date, maxTotalBytes: Int = AnswerCache.maxTotalBytes) {
        self.init(cacheFolder: cacheFolder)
        self.now = now; self.maxTotalBytes = maxTotalBytes
    }

    /// What an answer depends on: the service, the server asked (a test server's answers never
    /// stand in for the real one's) and the query. Never the key.
    public struct Key: Sendable, Equatable {
        /// The canonical text: the provider, the server's address without user-info, query
        /// or fragment, and the query as JSON with sorted keys.
        let text: String

        public init(provider: Provider, server: URL, query: RestaurantQuery) {
            var address = URLComponents(url: server, resolvingAgainstBaseURL: false)
            address?.user = nil
            address?.password = nil
            address?.query = nil
            address?.fragment = nil
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let json = (try? encoder.encode(query)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            text = "\(provider.rawValue) \(address?.string ?? "")\n\(json)"
        }

        /// FNV-1a, 64 bits, in hex: Foundation has no digest on Linux, and a collision costs a
        /// request only (the entry holds the whole key).
        var hash: String {
            var value: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in text.utf8 {
                value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
    }

    /// An answer found: the page and how long ago it was kept.
    public struct Hit: Sendable, Equatable {
        public var page: RestaurantPage
        public var age: TimeInterval
    }

    struct Entry: Codable {
        var format: Int
        var key: String
        var saved: Date
        var page: RestaurantPage
    }

    func file(_ key: Key) -> URL { folder.appendingPathComponent("\(key.hash).json") }

    /// The answer kept for `key` within the lifetime; nil when there is none (or nothing usable).
    public func lookup(_ key: Key) -> Hit? {
        guard let data = SharedFile(file(key), maxBytes: Self.maxEntryBytes).read(),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.format == Self.format, entry.key == key.text, Self.isPlausible(entry.page)
        else { return nil }
        let now = now()
        guard CacheCheck.isFresh(entry.saved, now: now, lifetime: Self.lifetime) else { return nil }
        return Hit(page: entry.page, age: now.timeIntervalSince(entry.saved))
    }

    /// A page the service could have sent, as the client hands it on: counts in range, at most
    /// a page of shops, each on the Earth and once (`sanitized` would change nothing), each id
    /// text the last list would keep.
    static func isPlausible(_ page: RestaurantPage) -> Bool {
        page.total >= 0 && page.start >= 1 && page.repeats >= 0 && page.sent <= RestaurantQuery.maxCount
            && page.sanitized().restaurants == page.restaurants
            && page.restaurants.allSatisfy { CacheCheck.isPlausible($0.id, maxLength: 500) }
    }

    /// Keeps `page` for `key`, then trims the folder. A cache that cannot be written costs a
    /// request next time, nothing more.
    public func store(_ page: RestaurantPage, for key: Key) async {
        let saved = now()
        let entry = Entry(format: Self.format, key: key.text, saved: saved, page: page)
        guard let data = try? JSONEncoder().encode(entry), data.count <= Self.maxEntryBytes else { return }
        let url = file(key)
        do {
            try SharedFile.makeFolder(folder)
            // Not flushed to disk: that would cost every search several milliseconds, and a
            // crash can only cost an answer, which is then broken and asked for again.
            try SharedFile(url).replace(with: data, durably: false)
        } catch {
            return
        }
        // The file's time is the entry's: trimming reads no file, and follows the same clock.
        try? FileManager.default.setAttributes([.modificationDate: saved], ofItemAtPath: url.path)
        await trim()
    }

    /// One file in the folder, as trimming sees it.
    struct Kept {
        var url: URL
        var bytes: Int
        var modified: Date
    }

    /// The entries on disk now: regular files named `*.json`, with their sizes and times. A
    /// time in the future counts as the oldest, so that no file can stay forever.
    func kept() -> [Kept] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let now = now()
        return names.filter { $0.hasSuffix(".json") }.compactMap { name in
            let url = folder.appendingPathComponent(name)
            // Not following links: a link is no entry of ours, wherever it points.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let bytes = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
            else { return nil }
            return Kept(url: url, bytes: bytes, modified: modified > now ? .distantPast : modified)
        }
    }

    /// Removes the oldest entries while the folder holds more than `maxTotalBytes`.
    func trim() async {
        guard kept().reduce(0, { $0 + $1.bytes }) > maxTotalBytes else { return }
        try? await SharedFile(folder.appendingPathComponent("trim")).withLock { () throws(SharedFile.Failure) in
            var entries = kept().sorted { $0.modified < $1.modified }
            var total = entries.reduce(0) { $0 + $1.bytes }
            while total > maxTotalBytes, !entries.isEmpty {
                let oldest = entries.removeFirst()
                try? FileManager.default.removeItem(at: oldest.url)  // gone already: another run trimmed it
                total -= oldest.bytes
            }
        }
    }
}
