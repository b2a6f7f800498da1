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
///   remove more than needed; a file that vanished meanwhile is simply gone. What runs killed
///   mid-write left is counted too, and removed under that lock once their process is gone.
/// - Only what foodlogger wrote is ever removed: a file named as an entry (or as one's temporary
///   file) that begins with `signature`. Anything else in the folder is neither counted nor
///   touched, and a link is never followed, neither to read an entry nor to write one: a link in
///   an entry's place is no entry, and the next answer kept replaces the link, not its target.
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
    ///
    /// A folder that is a symbolic link (to a RAM disk, to a larger disk) is used as the folder:
    /// a user who links a cache folder elsewhere means it to be used there, as for `~/.cache`
    /// itself, and refusing it would turn the cache off without a word in most runs. What makes
    /// that safe is that trimming removes only files foodlogger wrote, checked by name and by
    /// their first line on the file itself, through one open descriptor of the folder for both
    /// the check and the removal; whatever else the linked folder holds is never removed.
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

    /// Every key the run has located: a request that holds any of them (one service's key sent
    /// to another as a keyword) is neither looked up nor kept, as one holding its own key is not.
    var keys: KnownKeys?

    /// `cacheFolder`: `CacheFolder.url(environment:)`; nil keeps nothing.
    public init(cacheFolder: URL?, mode: Mode = .normal, keys: KnownKeys? = nil) {
        folder = cacheFolder?.appendingPathComponent("answers")
        self.mode = mode
        self.keys = keys
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
        guard let file = file(key), let data = SharedFile(file, maxBytes: Self.maxEntryBytes, followsLinks: false).read(),
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
            try SharedFile(url, followsLinks: false).replace(with: data, durably: false)
        } catch {
            return
        }
        // The file's time is the entry's: trimming orders entries by it, and follows the same clock.
        let seconds = saved.timeIntervalSince1970.rounded(.down)
        let time = timespec(tv_sec: Int(seconds), tv_nsec: Int((saved.timeIntervalSince1970 - seconds) * 1e9))
        _ = utimensat(AT_FDCWD, url.path, [time, time], AT_SYMLINK_NOFOLLOW)
        await trim()
    }

    /// One file of ours in the folder, as trimming sees it: an entry, or a temporary file that a
    /// run writing one left (`writer`: its process).
    struct Kept {
        var name: String
        var bytes: Int
        var modified: Date
        var writer: Int32?
    }

    /// Whether `name` is an entry's: `Key.hash` (16 lower-case hex digits) and `.answer`.
    static func isEntryName(_ name: String) -> Bool {
        let hex = Array("0123456789abcdef".utf8)
        return name.utf8.count == 23 && name.hasSuffix(".answer") && name.utf8.prefix(16).allSatisfy(hex.contains)
    }

    /// Runs `body` with the folder open, so that a file checked and then removed are one file of
    /// one folder, even if the folder's name is made to lead elsewhere meanwhile; nil when there
    /// is no folder.
    func withFolder<T>(_ body: (Int32) -> T) -> T? {
        guard let folder else { return nil }
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return nil }
        defer { close(directory) }
        return body(directory)
    }

    /// The files of ours by name in the folder open as `directory`: regular files named as an
    /// entry, or as an entry's temporary file (`SharedFile.temporaryName`), with their sizes and
    /// times; not a link, wherever it points. Whatever else is there (earlier `*.json` pages, a
    /// user's own files in a folder linked here) is not ours to count or remove. A time in the
    /// future counts as the oldest, so that no file can stay forever.
    func kept(in directory: Int32) -> [Kept] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let now = now()
        return names.compactMap { name in
            let writer = SharedFile.temporaryWriter(of: name)
            guard Self.isEntryName(writer?.name ?? name) else { return nil }
            var status = stat()
            guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else {
                return nil
            }
            let modified = Self.time(of: status)
            return Kept(
                name: name, bytes: Int(status.st_size), modified: modified > now ? .distantPast : modified, writer: writer?.pid)
        }
    }

    /// Whether `file`, in the folder open as `directory`, is one foodlogger wrote: a regular file
    /// beginning with `signature`, or, for a temporary file, with part of it (its writer killed
    /// before it wrote its first bytes). Read on the file itself, not trusted to its name: a
    /// foreign file named as an entry is never removed.
    static func isOurs(_ file: Kept, in directory: Int32) -> Bool {
        let descriptor = openat(directory, file.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: signature.count)
        var filled = 0
        while filled < head.count {
            let count = head.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(filled))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        let partly = file.writer != nil && filled < head.count
        return head.prefix(filled).elementsEqual(signature.prefix(filled)) && (filled == head.count || partly)
    }

    /// Whether the folder needs trimming: more than `maxTotalBytes` kept, or temporary files
    /// that runs now gone left.
    func needsTrimming(_ files: [Kept]) -> Bool {
        files.reduce(0) { $0 + $1.bytes } > maxTotalBytes || files.contains { $0.writer.map(SharedFile.hasEnded) == true }
    }

    /// When the file was last written. Read with fstatat(2), not `attributesOfItem`, which builds
    /// a bridged dictionary per file: trimming looks at every entry after every search kept.
    static func time(of status: stat) -> Date {
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// Removes what runs now gone left mid-write, then the oldest entries while the folder holds
    /// more than `maxTotalBytes`, live runs' temporary files counted. Every file is checked to be
    /// ours (`isOurs`) under the lock, before any goes; one that is not is neither removed nor
    /// counted.
    func trim() async {
        guard let folder, withFolder({ needsTrimming(kept(in: $0)) }) == true else { return }
        let lock = SharedFile(folder.appendingPathComponent("trim"), followsLinks: false)
        try? await lock.withLock { () throws(SharedFile.Failure) in
            withFolder { directory in
                let ours = kept(in: directory).filter { Self.isOurs($0, in: directory) }
                var total = ours.reduce(0) { $0 + $1.bytes }
                var entries: [Kept] = []
                for file in ours.sorted(by: { $0.modified < $1.modified }) {
                    guard let writer = file.writer else {
                        entries.append(file)
                        continue
                    }
                    if SharedFile.hasEnded(writer), unlinkat(directory, file.name, 0) == 0 { total -= file.bytes }
                }
                for oldest in entries where total > maxTotalBytes {
                    unlinkat(directory, oldest.name, 0)  // gone already: another run trimmed it
                    total -= oldest.bytes
                }
            }
        }
    }
}
