import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif

/// A file that several foodlogger runs may read and change at once: the caches, the place
/// search's last-request stamp, the last list and the food log.
///
/// - Readers never see half a file: a change is written to a temporary file beside it and
///   renamed into place.
/// - Writers take turns: each holds an exclusive advisory lock (`flock`) on a companion
///   `NAME.lock` file while it reads what is on disk, merges its change into that and writes
///   the result, so no run's change overwrites another's. (The lock is on a file of its own
///   because the rename replaces the data file, and with it any lock held on it.)
/// - Reads are bounded: a file larger than `maxBytes`, or one that is not a regular file
///   (a FIFO, /dev/zero behind a link), is refused, and at most `maxBytes + 1` bytes are read.
/// - A file the user owns that is a symbolic link (`followsLinks`: the food log, the last list)
///   is written through: the new file goes beside the link's target and is renamed there, so
///   the link stays and its target keeps receiving changes. The lock stays beside the link, in
///   foodlogger's own folder. A cache's file never follows a link: see `followsLinks`.
/// - Leftovers are removed: a writer killed mid-change leaves its temporary file, which the
///   next run to take the lock deletes.
///
/// `flock` locks belong to an open file description, so two opens in one process exclude each
/// other as two processes do, and a lock ends with its process, however that ends.
public struct SharedFile: Sendable {
    public let url: URL
    public let maxBytes: Int
    /// How long a run waits for another's lock: `maxLockWait`, or less in a test.
    public let lockWait: Duration
    /// Whether a symbolic link in the file's place is followed: true for a file the user owns
    /// (the food log, the last list), which a user may keep elsewhere through a link on
    /// purpose; false for a cache's file (anything under the cache folder), which foodlogger
    /// alone writes and any name may be made to point at: a link there is read as no file at
    /// all (opened with `O_NOFOLLOW`, its target never read), and writing replaces the link
    /// itself (its lock file's too), its target left as it was. Otherwise an entry linked to
    /// the food log would have the log replaced by a cached answer.
    public let followsLinks: Bool

    /// Larger than any cache foodlogger writes by orders of magnitude, small enough to read.
    public static let defaultMaxBytes = 8 << 20

    public init(
        _ url: URL, maxBytes: Int = SharedFile.defaultMaxBytes, lockWait: Duration = SharedFile.maxLockWait,
        followsLinks: Bool = true
    ) {
        self.url = url; self.maxBytes = maxBytes; self.lockWait = lockWait; self.followsLinks = followsLinks
    }

    /// `O_NOFOLLOW` when the file follows no link, for every open of its name.
    var noFollow: Int32 { followsLinks ? 0 : O_NOFOLLOW }

    var lockURL: URL { url.appendingPathExtension("lock") }

    /// Why the file could not be locked or written: the path and the system's reason.
    public struct Failure: Error, Equatable, Sendable {
        public var path: String
        public var reason: String
        /// How long another run had held the lock when this one gave up waiting for it; nil
        /// for any other failure.
        public var lockHeld: Duration?

        init(_ url: URL, errno number: Int32) {
            path = url.path; reason = String(cString: strerror(number))
        }
    }

    /// Why a file that is there could not be read: facts for the app to word.
    public enum ReadFailure: Error, Equatable, Sendable {
        /// Larger than `maxBytes`: refused whole rather than read in part.
        case tooLarge(path: String, bytes: Int, limit: Int)
        /// Not readable (permissions), or not a regular file (a folder, a FIFO, a device).
        case unreadable(path: String, reason: String)
    }

    /// The file opened for reading, at its start; nil when there is no file. Refuses a file
    /// that is not a regular one (a FIFO would block, /dev/zero never ends) or that is larger
    /// than `maxBytes`, before reading any of it. The caller closes the descriptor.
    public func openForReading() throws(ReadFailure) -> Int32? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | noFollow)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP, !followsLinks { throw .unreadable(path: url.path, reason: "a symbolic link") }
            throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let number = errno
            close(descriptor)
            throw .unreadable(path: url.path, reason: String(cString: strerror(number)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unreadable(path: url.path, reason: "not a regular file")
        }
        guard status.st_size <= maxBytes else {
            close(descriptor)
            throw .tooLarge(path: url.path, bytes: Int(status.st_size), limit: maxBytes)
        }
        return descriptor
    }

    /// What is in the file now; nil when there is none. Needs no lock: a file is only ever
    /// replaced whole.
    public func contents() throws(ReadFailure) -> Data? {
        guard let descriptor = try openForReading() else { return nil }
        defer { close(descriptor) }
        var status = stat()
        fstat(descriptor, &status)
        // The size can change after fstat (another writer's file is renamed in, not written
        // in place, but a user may append): read one byte past the cap to notice.
        var data = Data(count: min(Int(status.st_size), maxBytes) + 1)
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: url.path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            filled += count
            if filled > maxBytes { throw .tooLarge(path: url.path, bytes: filled, limit: maxBytes) }
            if filled == data.count { data.count += min(64 << 10, maxBytes + 1 - filled) }
        }
        return data.prefix(filled)
    }

    /// What is in the file now; nil when it is absent, unreadable, not a regular file, or
    /// larger than `maxBytes`: for a cache, where all of these cost a request.
    public func read() -> Data? {
        (try? contents()) ?? nil
    }

    /// Changes the file under the lock: `change` gets what is on disk now (as `read` gives it)
    /// and returns what to write in its place, or nil to leave the file as it is.
    public func update(_ change: (Data?) -> Data?) async throws(Failure) {
        try await withLock { () throws(Failure) in
            if let data = change(read()) { try replace(with: data) }
        }
    }

    /// Runs `body` while holding the file's lock, which it may hold across a sleep. Waiting for
    /// the lock suspends the task rather than blocking its thread.
    public func withLock<T>(_ body: () async throws(Failure) -> T) async throws(Failure) -> T {
        let descriptor = try await lock()
        defer { close(descriptor) }  // closing the last descriptor of the open file unlocks it
        return try await body()
    }

    /// How long a run waits for another's lock before it goes on without (ETIMEDOUT): a holder
    /// stopped with Ctrl-Z must not stop every other run.
    public static let maxLockWait: Duration = .seconds(30)

    /// Opens the lock file (creating the folder and the file) and takes its exclusive lock,
    /// trying again every few milliseconds while another holder has it, for `lockWait` at most.
    /// Once it holds the lock, it removes what killed writers left (see `removeLeftovers`).
    func lock() async throws(Failure) -> Int32 {
        try Self.makeFolder(url.deletingLastPathComponent())
        var descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC | noFollow, 0o600)
        var status = stat()
        if descriptor < 0, errno == ELOOP, !followsLinks, lstat(lockURL.path, &status) == 0,
            status.st_mode & S_IFMT == S_IFLNK, unlink(lockURL.path) == 0
        {
            // A link in the lock file's place: the link goes, its target is neither opened nor made.
            descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard descriptor >= 0 else { throw Failure(lockURL, errno: errno) }
        var pause: UInt64 = 1_000_000
        let deadline = ContinuousClock.now + lockWait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let number = errno
            guard number == EWOULDBLOCK || number == EINTR, !Task.isCancelled, ContinuousClock.now < deadline else {
                close(descriptor)
                let reason = Task.isCancelled ? ECANCELED : number == EWOULDBLOCK ? ETIMEDOUT : number
                var failure = Failure(lockURL, errno: reason)
                if reason == ETIMEDOUT { failure.lockHeld = lockWait }
                throw failure
            }
            try? await Task.sleep(nanoseconds: pause)
            pause = min(pause * 2, 20_000_000)
        }
        removeLeftovers()
        return descriptor
    }

    /// Creates the folder and any missing parents, private to the user as the XDG
    /// specification asks.
    static func makeFolder(_ folder: URL) throws(Failure) {
        var missing: [URL] = []
        var current = folder.standardizedFileURL
        while access(current.path, F_OK) != 0, current.path != "/" {
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        for path in missing.reversed() where mkdir(path.path, 0o700) != 0 && errno != EEXIST {
            throw Failure(path, errno: errno)
        }
    }

    /// Where a change is written: the file itself, or, when it is a symbolic link, the file the
    /// link leads to (through every link on the way), so a log the user keeps in a synced
    /// folder or a backup through a link goes on receiving what is written. A link to
    /// something other than a regular file (a folder, /dev/zero) keeps no file elsewhere: the
    /// link itself is replaced, as a broken file is, and the thing it leads to left alone
    /// (written "through", a rename would replace a device, run as root). A file that follows no
    /// link (`followsLinks`) is its own target: a link there is replaced, whatever it leads to.
    func target() throws(Failure) -> URL {
        guard followsLinks else { return url }
        var path = url.path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(path, &status) == 0 else {
                if errno == ENOENT { return URL(fileURLWithPath: path) }
                throw Failure(URL(fileURLWithPath: path), errno: errno)
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG: return URL(fileURLWithPath: path)
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(path, &buffer, buffer.count - 1)
                guard count >= 0 else { throw Failure(URL(fileURLWithPath: path), errno: errno) }
                let destination = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                path =
                    destination.hasPrefix("/")
                    ? destination
                    : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(destination).path
            default:
                return url
            }
        }
        throw Failure(url, errno: ELOOP)
    }

    /// The name of a temporary file of this file's, beside `target`: `.NAME.PID.RANDOM.tmp`.
    static func temporaryName(of target: URL, pid: Int32, random: UInt32) -> String {
        ".\(target.lastPathComponent).\(pid).\(random).tmp"
    }

    /// The name of the file a temporary file named by `temporaryName` was written for, and the
    /// process that wrote it; nil for any other name.
    static func temporaryWriter(of name: String) -> (name: String, pid: Int32)? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(".tmp".count).split(separator: ".", omittingEmptySubsequences: false)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard parts.count >= 3, parts.suffix(2).allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(digits.contains) }),
            let pid = Int32(parts[parts.count - 2]), pid > 0, UInt32(parts[parts.count - 1]) != nil
        else { return nil }
        return (parts.dropLast(2).joined(separator: "."), pid)
    }

    /// Whether process `pid` is gone, so that a temporary file it left will never be renamed
    /// into place.
    static func hasEnded(_ pid: Int32) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the temporary files that writers killed mid-change (`kill -9`, a power cut) left
    /// beside the file: each a copy of it, which nothing else would ever remove. Only those of
    /// runs that are gone: a live run's file may be about to be renamed into place. Called with
    /// the lock held; a file that cannot be removed is left for the next run.
    func removeLeftovers() {
        guard let target = try? target() else { return }
        let folder = target.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            guard let writer = Self.temporaryWriter(of: name), writer.name == target.lastPathComponent,
                Self.hasEnded(writer.pid)
            else { continue }
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// Where `replace` writes: a new file, and the file it takes the place of.
    public struct Writer {
        let descriptor: Int32
        let temporary: URL

        /// Appends `bytes` to the new file.
        public func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            var written = 0
            while written < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw Failure(temporary, errno: errno) }
                written += count
            }
        }

        public func write(_ data: Data) throws(Failure) {
            try data.withUnsafeBytes { buffer in Result { () throws(Failure) in try write(buffer) } }.get()
        }
    }

    /// Writes `data` in place of the file, as `replace(durably:_:)` does.
    func replace(with data: Data, durably: Bool = true) throws(Failure) {
        try replace(durably: durably) { writer throws(Failure) in try writer.write(data) }
    }

    /// Writes what `fill` writes to a new file beside the file (beside its link's target, for a
    /// link) and renames it over that: readers see the old file or the new, never a mixture, and
    /// a failure on the way (a full disk) leaves the old one as it was. Call with the lock held.
    /// `durably` false skips the flush to disk, for a file whose loss in a crash costs a request
    /// only (an answer kept for minutes): a crash may then leave it empty or cut short, which its
    /// reader treats as absent.
    public func replace(durably: Bool = true, _ fill: (Writer) throws(Failure) -> Void) throws(Failure) {
        let target = try target()
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(Self.temporaryName(of: target, pid: getpid(), random: .random(in: 0...UInt32.max)))
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(temporary, errno: errno) }
        do {
            try fill(Writer(descriptor: descriptor, temporary: temporary))
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        // On disk before it replaces the old file: a crash must not leave an empty one.
        if durably { fsync(descriptor) }
        close(descriptor)
        guard rename(temporary.path, target.path) == 0 else {
            let number = errno
            unlink(temporary.path)
            throw Failure(target, errno: number)
        }
    }
}

extension SharedFile {
    /// The file's JSON as `T`; nil when absent or not a `T`.
    public func read<T: Decodable>(_ type: T.Type) -> T? {
        read().flatMap { try? JSONDecoder().decode(T.self, from: $0) }
    }

    /// Changes the file's JSON under the lock: `merge` gets what is on disk now (nil when
    /// absent or not a `T`) and returns what to keep.
    public func update<T: Codable>(_ type: T.Type, _ merge: (T?) -> T) async throws(Failure) {
        try await update { data in
            try? JSONEncoder().encode(merge(data.flatMap { try? JSONDecoder().decode(T.self, from: $0) }))
        }
    }
}
