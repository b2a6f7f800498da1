import Foundation

/// The services' answers kept for a short while, as they arrived, so that a search repeated,
/// paged back or re-drawn on the map costs no request (and no quota): one file per answer under
/// `$XDG_CACHE_HOME/foodlogger/answers/`, named by a hash of the request (`Key`), which the file
/// also holds whole (a hash collision is then a miss, never another search's shops).
///
/// What is kept is the body the service sent (after the transport's caps and decompression), and
/// a kept body is read by the service's own decoder, as a body from the network is: keeping it
/// costs a write, and whatever the decoder refuses or cleans up it refuses and cleans up here too.
///
/// - Several runs may write at once: each entry is written to a temporary file and renamed
///   into place, so a reader sees a whole entry or none, and two runs writing the same entry
///   leave one whole. Nothing is merged, so no lock is needed for that.
/// - The folder stays under `maxTotalBytes`: after each write the oldest entries (by their
///   time, which is the file's) go first, under a lock so that runs trimming together do not
///   remove more than needed; a file that vanished meanwhile is simply gone.
/// - What is read back is checked: a file that is not a regular file, larger than
///   `maxEntryBytes`, not an entry, for another request, saved in the future, expired or that
///   the decoder refuses is absent.
/// - The API key is in no file: `Key` takes the key's parameter out of the request, and a
///   request that would still hold the key is neither looked up nor kept.
public struct AnswerCache: Sendable {
    /// How a run shares the work between the cache and the service (--refresh, --offline).
    public enum Mode: Sendable, Equatable {
        /// The cache when it has the answer, else the service (whose answer is kept).
        case normal
        /// The service every time, its answer replacing what was kept.
        case refresh
        /// The cache only: nothing is sent, and a request with no answer kept fails
        /// (`ServiceError.notCached`).
        case offline
    }

    /// `…/foodlogger/answers`; nil: nothing is kept (no cache folder), and offline nothing answers.
    let folder: URL?
    public let mode: Mode
    var now: @Sendable () -> Date = { Date() }
    var maxTotalBytes = AnswerCache.maxTotalBytes

    /// Ten minutes: long enough for what a user does within one sitting (the search again
    /// with another format, `show 3`, paging back, the map re-drawing the same circle), short
    /// enough that a shop's changed hours, a closing or a new shop show up soon after. The
    /// services' answers are live data, not reference lists like the code lists (kept a day).
    public static let lifetime: TimeInterval = 10 * 60
    /// About thirty answers of a hundred HOT PEPPER shops (≈ 280 KB each): what a busy sitting
    /// asks for, and nothing that a user would notice on disk.
    static let maxTotalBytes = 8 << 20
    /// Several times a 100-shop page or a large OpenStreetMap answer; a larger answer is not
    /// kept, and a larger file is no entry of ours.
    static let maxEntryBytes = 2 << 20
    /// The first line of every entry, which names its format; another is foreign, and absent.
    static let signature = Data("foodlogger answer 2\n".utf8)

    /// `cacheFolder`: `CacheFolder.url(environment:)`; nil keeps nothing.
    public init(cacheFolder: URL?, mode: Mode = .normal) {
        folder = cacheFolder?.appendingPathComponent("answers")
        self.mode = mode
    }

    init(
        cacheFolder: URL?, mode: Mode = .normal, now: @escaping @Sendable () -> Date,
        maxTotalBytes: Int = AnswerCache.maxTotalBytes
    ) {
        self.init(cacheFolder: cacheFolder, mode: mode)
        self.now = now; self.maxTotalBytes = maxTotalBytes
    }

    /// What an answer depends on: the request as sent (method, address, body), without the key.
    /// The server's address is part of it, so a test server's answers never stand in for the
    /// real one's.
    public struct Key: Sendable, Equatable {
        /// The method and address, then the body's type and the body, each after a line break.
        let bytes: Data

        /// `url` and `body` as they are sent, less every `secretParameter` in the query (the
        /// key's, whatever its value: a run without the key finds what a run with it kept), the
        /// user-info and the fragment. nil when `secret` would still be in it, in any spelling
        /// (a keyword that is the key): such a request is never looked up or kept.
        init?(url: URL, body: HTTPRequest.Body? = nil, removing secretParameter: String? = nil, secret: String = "") {
            guard var address = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
            address.user = nil
            address.password = nil
            address.fragment = nil
            if let secretParameter, let query = address.percentEncodedQuery {
                let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter {
                    $0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
                        != secretParameter
                }
                address.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
            }
            var bytes = Data("\(body == nil ? "GET" : "POST") \(address.string ?? "")\n".utf8)
            if let body {
                bytes.append(Data("\(body.contentType)\n".utf8))
                bytes.append(body.data)
            }
            if !secret.isEmpty {
                let text = String(decoding: bytes, as: UTF8.self)
                let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
                guard !text.contains(secret), !decoded.contains(secret) else { return nil }
            }
            self.bytes = bytes
        }

        /// FNV-1a, 64 bits, in hex: Foundation has no digest on Linux, and a collision costs a
        /// request only (the entry holds the whole key).
        var hash: String {
            var value: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
    }

    /// An answer found: the body the service sent and how long ago it was kept.
    public struct Hit: Sendable, Equatable {
        public var body: Data
        public var age: TimeInterval
    }

    func file(_ key: Key) -> URL? { folder?.appendingPathComponent("\(key.hash).answer") }

    /// The answer kept for `key` within the lifetime; nil when there is none (or nothing usable).
    public func lookup(_ key: Key) -> Hit? {
        guard let file = file(key), let data = SharedFile(file, maxBytes: Self.maxEntryBytes).read(),
            let entry = Self.entry(data, for: key)
        else { return nil }
        let now = now()
        guard CacheCheck.isFresh(entry.saved, now: now, lifetime: Self.lifetime) else { return nil }
        return Hit(body: entry.body, age: now.timeIntervalSince(entry.saved))
    }

    /// An entry: the signature, the time it was saved (seconds since 1970) and the key's length
    /// on a line each, then the key and the body as they are. Nothing is encoded, so writing
    /// and reading an entry cost a copy of its bytes.
    static func entry(key: Key, saved: Date, body: Data) -> Data {
        var data = signature
        data.append(Data("\(saved.timeIntervalSince1970)\n\(key.bytes.count)\n".utf8))
        data.append(key.bytes)
        data.append(body)
        return data
    }

    /// The time and body of `data` when it is an entry for `key`; nil otherwise.
    static func entry(_ data: Data, for key: Key) -> (saved: Date, body: Data)? {
        guard data.starts(with: signature) else { return nil }
        var rest = data.dropFirst(signature.count)
        func line() -> String? {
            guard let end = rest.prefix(32).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            defer { rest = rest[(end + 1)...] }
            return String(decoding: rest[..<end], as: UTF8.self)
        }
        guard let seconds = line().flatMap(Double.init), seconds.isFinite, let count = line().flatMap(Int.init),
            count == key.bytes.count, rest.starts(with: key.bytes)
        else { return nil }
        return (Date(timeIntervalSince1970: seconds), Data(rest.dropFirst(count)))
    }

    /// Keeps `body` for `key`, then trims the folder. A cache that cannot be written costs a
    /// request next time, nothing more.
    public func store(_ body: Data, for key: Key) async {
        guard let folder, let url = file(key) else { return }
        let saved = now()
        let data = Self.entry(key: key, saved: saved, body: body)
        guard data.count <= Self.maxEntryBytes else { return }
        do {
            try SharedFile.makeFolder(folder)
            // Not flushed to disk: that would cost every search several milliseconds, and a
            // crash can only cost an answer, which is then broken and asked for again.
            try SharedFile(url).replace(with: data, durably: false)
        } catch {
            return
        }
        // The file's time is the entry's: trimming reads no file, and follows the same clock.
        let seconds = saved.timeIntervalSince1970.rounded(.down)
        let time = timespec(tv_sec: Int(seconds), tv_nsec: Int((saved.timeIntervalSince1970 - seconds) * 1e9))
        _ = utimensat(AT_FDCWD, url.path, [time, time], 0)
        await trim()
    }

    /// One file in the folder, as trimming sees it.
    struct Kept {
        var url: URL
        var bytes: Int
        var modified: Date
    }

    /// The entries on disk now: regular files named `*.answer` (or `*.json`, the decoded pages
    /// an earlier foodlogger kept, which go as any other), with their sizes and times. A time in
    /// the future counts as the oldest, so that no file can stay forever.
    func kept() -> [Kept] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let now = now()
        return names.filter { $0.hasSuffix(".answer") || $0.hasSuffix(".json") }.compactMap { name in
            let url = folder.appendingPathComponent(name)
            // Not following links: a link is no entry of ours, wherever it points.
            var status = stat()
            guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            let modified = Self.time(of: status)
            return Kept(url: url, bytes: Int(status.st_size), modified: modified > now ? .distantPast : modified)
        }
    }

    /// When the file was last written. Read with lstat(2), not `attributesOfItem`, which builds a
    /// bridged dictionary per file: trimming reads every entry after every search kept.
    static func time(of status: stat) -> Date {
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// Removes the oldest entries while the folder holds more than `maxTotalBytes`.
    func trim() async {
        guard let folder, kept().reduce(0, { $0 + $1.bytes }) > maxTotalBytes else { return }
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
