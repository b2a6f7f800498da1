import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The food log as it is on disk: the entries this version can read, in the file's order, and
/// the lines it cannot (numbered from 1), which are kept as they are.
public struct FoodLogContents: Sendable, Equatable {
    public var entries: [FoodLogEntry]
    public var unreadableLines: [Int]

    public init(entries: [FoodLogEntry], unreadableLines: [Int] = []) {
        self.entries = entries; self.unreadableLines = unreadableLines
    }

    /// The most recent meal first (a want counts on the day it was written), then the
    /// entries written later first.
    public var newestFirst: [FoodLogEntry] {
        entries.sorted { ($0.sortDay, $0.number) > ($1.sortDay, $1.number) }
    }
}

extension FoodLogEntry {
    var sortDay: LogDate { date ?? LogDate(writtenAt, in: TimeZone(identifier: "UTC")!) }
}

/// An entry added or removed, and the lines of the log that are not entries (kept as they are).
public struct FoodLogChange: Sendable, Equatable {
    public var entry: FoodLogEntry
    public var unreadableLines: [Int]

    public init(entry: FoodLogEntry, unreadableLines: [Int] = []) {
        self.entry = entry; self.unreadableLines = unreadableLines
    }
}

/// What scenes ask of the food log; a protocol so tests can seat a spy.
public protocol FoodLogStoring: Sendable {
    /// Where the log is kept, for messages; nil when there is nowhere to keep one.
    var url: URL? { get }
    func read() throws(FoodLogError) -> FoodLogContents
    /// Adds the entry with the next number, and returns it as written.
    func add(_ entry: FoodLogEntry) async throws(FoodLogError) -> FoodLogChange
    func remove(number: Int) async throws(FoodLogError) -> FoodLogChange
}

/// Why the food log could not be read or changed: facts, worded by the app.
public enum FoodLogError: Error, Equatable, Sendable {
    /// Neither HOME nor an absolute XDG_DATA_HOME is set: there is nowhere to keep a log.
    case noFolder
    /// The file is larger than the store reads; nothing was changed.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The file is there but cannot be read (permissions, not a regular file).
    case unreadable(path: String, reason: String)
    /// The change could not be written (or its lock taken); the file is as it was.
    case unwritable(SharedFile.Failure)
    /// No entry has this number; `last` is the highest one there is (nil: the log is empty).
    case noSuchEntry(Int, last: Int?)
}

/// The food log file, `log.jsonl` in the XDG data folder: JSON Lines, one `FoodLogEntry` a line,
/// which a user can read, grep and back up.
///
/// Changes go through `SharedFile` (a temporary file renamed over the log, under a lock), so
/// runs adding at once all keep their entries, and a crash leaves the old log or the new one.
/// A change rewrites every other line byte for byte: a line this version cannot read (a hand
/// edit, a later version's entry) is never lost.
public struct FoodLogStore: FoodLogStoring {
    public static let fileName = "log.jsonl"
    /// Far more than a lifetime of meals (an entry is some 400 bytes): a larger file is refused
    /// whole rather than read in part, so no change can drop the entries past the cap.
    public static let defaultMaxBytes = 64 << 20

    /// nil: neither HOME nor an absolute XDG_DATA_HOME, and every use fails with `noFolder`.
    let file: SharedFile?
    public var url: URL? { file?.url }

    public init(folder: URL, maxBytes: Int = FoodLogStore.defaultMaxBytes) {
        file = SharedFile(folder.appendingPathComponent(Self.fileName), maxBytes: maxBytes)
    }

    /// The log in `$XDG_DATA_HOME/foodlogger`, by default `~/.local/share/foodlogger`.
    public init(environment: [String: String]) {
        file = XDGFolder.data.url(environment: environment).map {
            SharedFile($0.appendingPathComponent(Self.fileName), maxBytes: Self.defaultMaxBytes)
        }
    }

    /// The log now; empty when there is no file yet.
    public func read() throws(FoodLogError) -> FoodLogContents {
        guard let file else { throw .noFolder }
        return Self.parse(try Self.contents(of: file)).log
    }

    /// Adds `entry` with the next number (one more than the highest there is) and returns it
    /// as written.
    @discardableResult
    public func add(_ entry: FoodLogEntry) async throws(FoodLogError) -> FoodLogChange {
        try await change { lines throws(FoodLogError) in
            var entry = entry
            entry.number = (lines.compactMap(\.entry?.number).max() ?? 0) + 1
            let line = Data(Self.encode(entry).utf8) + Data("\n".utf8)
            var data = lines.reduce(Data()) { $0 + $1.bytes }
            if let last = data.last, last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
            return (data + line, entry)
        }
    }

    /// Removes the entry numbered `number` and returns it.
    @discardableResult
    public func remove(number: Int) async throws(FoodLogError) -> FoodLogChange {
        try await change { lines throws(FoodLogError) in
            guard let index = lines.firstIndex(where: { $0.entry?.number == number }), let removed = lines[index].entry else {
                throw .noSuchEntry(number, last: lines.compactMap(\.entry?.number).max())
            }
            return (lines.enumerated().filter { $0.offset != index }.reduce(Data()) { $0 + $1.element.bytes }, removed)
        }
    }

    /// One entry as its line, without the line end: keys sorted, so a line reads the same
    /// every time; slashes unescaped, so a page's address can be copied.
    static func encode(_ entry: FoodLogEntry) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Every member is a string, number or bool: encoding cannot fail.
        return (try? encoder.encode(entry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A line of the file, with its end, as it is on disk, and the entry in it if it holds one.
    struct Line {
        var bytes: Data
        var entry: FoodLogEntry?
    }

    /// The file's lines. A line that is not an entry (or repeats an earlier entry's number,
    /// which `remove` could not tell apart) has none; blank lines are not counted as unreadable.
    static func parse(_ data: Data) -> (lines: [Line], log: FoodLogContents) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var lines: [Line] = []
        var log = FoodLogContents(entries: [])
        var numbers: Set<Int> = []
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.endIndex
            let bytes = data[start..<end]
            start = end
            var entry = try? decoder.decode(FoodLogEntry.self, from: bytes)
            if let number = entry?.number, !numbers.insert(number).inserted { entry = nil }
            lines.append(Line(bytes: Data(bytes), entry: entry))
            if let entry {
                log.entries.append(entry)
            } else if bytes.contains(where: { !" \t\r\n".utf8.contains($0) }) {
                log.unreadableLines.append(lines.count)
            }
        }
        return (lines, log)
    }

    /// Reads the lines under the lock and writes what `edit` makes of them. A log that cannot
    /// be read whole is refused, never replaced by what was read of it.
    private func change(
        _ edit: ([Line]) throws(FoodLogError) -> (Data, FoodLogEntry)
    ) async throws(FoodLogError) -> FoodLogChange {
        guard let file else { throw .noFolder }
        let descriptor: Int32
        do { descriptor = try await file.lock() } catch { throw .unwritable(error) }
        defer { close(descriptor) }  // closing it unlocks the file
        let (lines, log) = Self.parse(try Self.contents(of: file))
        let (data, entry) = try edit(lines)
        do { try file.replace(with: data) } catch { throw .unwritable(error) }
        return FoodLogChange(entry: entry, unreadableLines: log.unreadableLines)
    }

    /// The whole file; empty when it does not exist.
    private static func contents(of file: SharedFile) throws(FoodLogError) -> Data {
        if let data = file.read() { return data }
        let url = file.url
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            if errno == ENOENT { return Data() }
            throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
        }
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > file.maxBytes {
            throw .tooLarge(path: url.path, bytes: Int(status.st_size), limit: file.maxBytes)
        }
        let reason = status.st_mode & S_IFMT == S_IFREG ? String(cString: strerror(EACCES)) : "not a regular file"
        throw .unreadable(path: url.path, reason: reason)
    }
}
