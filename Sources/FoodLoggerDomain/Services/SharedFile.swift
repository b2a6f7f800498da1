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

/// A small file that several foodlogger runs may read and change at once: the caches, the
/// place search's last-request stamp (and later the food log).
///
/// - Readers never see half a file: a change is written to a temporary file beside it and
///   renamed into place.
/// - Writers take turns: each holds an exclusive advisory lock (`flock`) on a companion
///   `NAME.lock` file while it reads what is on disk, merges its change into that and writes
///   the result, so no run's change overwrites another's. (The lock is on a file of its own
///   because the rename replaces the data file, and with it any lock held on it.)
/// - Reads are bounded: a file larger than `maxBytes`, or one that is not a regular file
///   (a FIFO, /dev/zero behind a link), is absent, and at most `maxBytes + 1` bytes are read.
///
/// `flock` locks belong to an open file description, so two opens in one process exclude each
/// other as two processes do, and a lock ends with its process, however that ends.
public struct SharedFile: Sendable {
    public let url: URL
    public let maxBytes: Int

    /// Larger than any cache foodlogger writes by orders of magnitude, small enough to read.
    public static let defaultMaxBytes = 8 << 20

    public init(_ url: URL, maxBytes: Int = SharedFile.defaultMaxBytes) {
        self.url = url; self.maxBytes = maxBytes
    }

    var lockURL: URL { url.appendingPathExtension("lock") }

    /// Why the file could not be locked or written: the path and the system's reason.
    public struct Failure: Error, Equatable, Sendable {
        public var path: String
        public var reason: String

        init(_ url: URL, errno number: Int32) {
            path = url.path; reason = String(cString: strerror(number))
        }
    }

    /// What is in the file now; nil when it is absent, unreadable, not a regular file, or
    /// larger than `maxBytes`. Needs no lock: a file is only ever replaced whole.
    public func read() -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maxBytes else {
            return nil
        }
        // The size can change after fstat (another writer's file is renamed in, not written
        // in place, but a user may append): read one byte past the cap to notice.
        var data = Data(count: min(Int(status.st_size), maxBytes) + 1)
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            filled += count
            if filled > maxBytes { return nil }
            if filled == data.count { data.count += min(64 << 10, maxBytes + 1 - filled) }
        }
        return data.prefix(filled)
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
    /// trying again every few milliseconds while another holder has it, for `maxLockWait` at most.
    func lock() async throws(Failure) -> Int32 {
        try Self.makeFolder(url.deletingLastPathComponent())
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(lockURL, errno: errno) }
        var pause: UInt64 = 1_000_000
        let deadline = ContinuousClock.now + Self.maxLockWait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let number = errno
            guard number == EWOULDBLOCK || number == EINTR, !Task.isCancelled, ContinuousClock.now < deadline else {
                close(descriptor)
                let reason = Task.isCancelled ? ECANCELED : number == EWOULDBLOCK ? ETIMEDOUT : number
                throw Failure(lockURL, errno: reason)
            }
            try? await Task.sleep(nanoseconds: pause)
            pause = min(pause * 2, 20_000_000)
        }
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

    /// Writes `data` to a new file beside this one and renames it over this one: readers see
    /// the old file or the new, never a mixture. Call with the lock held. `durably` false skips
    /// the flush to disk, for a file whose loss in a crash costs a request only (an answer kept
    /// for minutes): a crash may then leave it empty or cut short, which its reader treats as absent.
    func replace(with data: Data, durably: Bool = true) throws(Failure) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(temporary, errno: errno) }
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let number = errno
                close(descriptor)
                unlink(temporary.path)
                throw Failure(temporary, errno: number)
            }
            written += count
        }
        // On disk before it replaces the old file: a crash must not leave an empty one.
        if durably { fsync(descriptor) }
        close(descriptor)
        guard rename(temporary.path, url.path) == 0 else {
            let number = errno
            unlink(temporary.path)
            throw Failure(url, errno: number)
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
