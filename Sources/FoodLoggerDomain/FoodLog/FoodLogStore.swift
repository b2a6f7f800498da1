import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The food log as it is on disk: the entries this version can read, in the file's order, and
/// the lines it cannot, which are kept as they are: how many, and the first few's numbers
/// (from 1), which is all a warning names.
public struct FoodLogContents: Sendable, Equatable {
    public var entries: [FoodLogEntry]
    public var unreadableLines: [Int]
    public var unreadableCount: Int

    public init(entries: [FoodLogEntry], unreadableLines: [Int] = [], unreadableCount: Int? = nil) {
        self.entries = entries; self.unreadableLines = unreadableLines
        self.unreadableCount = unreadableCount ?? unreadableLines.count
    }

    /// The most recent meal first (a want counts on the day it was written), then the
    /// entries written later first.
    public var newestFirst: [FoodLogEntry] {
        entries.map { (day: $0.sortDay, entry: $0) }.sorted { ($0.day, $0.entry.number) > ($1.day, $1.entry.number) }
            .map(\.entry)
    }
}

extension FoodLogEntry {
    /// The day of the meal; for a want, the day it was written, in UTC. Counted from 1970 where
    /// Foundation's Gregorian calendar counts the same days (1583 to 9999: before, its days are
    /// Julian), as asking that calendar cost some 10 k instructions an entry.
    var sortDay: CivilDate {
        if let date { return date }
        let seconds = writtenAt.timeIntervalSince1970
        guard (-12_212_553_600...253_402_300_799).contains(seconds) else {
            return CivilDate(writtenAt, in: TimeZone(identifier: "UTC")!)
        }
        return CivilDate(daysSinceEpoch: Int((seconds / 86_400).rounded(.down)))
    }
}

/// An entry added or removed, and the lines of the log that are not entries (kept as they are),
/// counted as `FoodLogContents` counts them.
public struct FoodLogChange: Sendable, Equatable {
    public var entry: FoodLogEntry
    public var unreadableLines: [Int]
    public var unreadableCount: Int

    public init(entry: FoodLogEntry, unreadableLines: [Int] = [], unreadableCount: Int? = nil) {
        self.entry = entry; self.unreadableLines = unreadableLines
        self.unreadableCount = unreadableCount ?? unreadableLines.count
    }
}

/// What scenes ask of the food log; a protocol so tests can seat a spy.
public protocol FoodLogStoring: Sendable {
    /// Where the log is kept, for messages; nil when there is nowhere to keep one.
    var url: URL? { get }
    func read() throws(FoodLogError) -> FoodLogContents
    /// The entries a list shows, newest first: the wants alone (`wants` true), the visits alone
    /// (false) or all (nil); `now` tells the names and positions kept for a while that lapsed.
    func listing(wants: Bool?, at now: Date) throws(FoodLogError) -> FoodLogListing
    /// Adds the entry with the next number, and returns it as written.
    func add(_ entry: FoodLogEntry) async throws(FoodLogError) -> FoodLogChange
    func remove(number: Int) async throws(FoodLogError) -> FoodLogChange
    /// Gives the entries of the shops `answers` holds (by the id the log keeps, `Shop.source`)
    /// the name and position their service answered, kept from `now` for the while its terms
    /// allow (`Shop.refreshed(from:at:)`), in one rewrite; returns how many entries changed.
    func refresh(_ answers: [FoodLogEntry.SourceID: Restaurant], at now: Date) async throws(FoodLogError) -> Int
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
    /// The highest entry has the highest number an entry may have, so a new one has none;
    /// nothing was added.
    case numbersUsedUp(path: String, last: Int)

    init(_ failure: SharedFile.ReadFailure) {
        switch failure {
        case .tooLarge(let path, let bytes, let limit): self = .tooLarge(path: path, bytes: bytes, limit: limit)
        case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
        }
    }
}

/// The food log file, `log.jsonl` in the XDG data folder: JSON Lines, one `FoodLogEntry` a line,
/// which a user can read, grep and back up.
///
/// The file is read as a stream (`FoodLogScanner`): memory holds a block and one line at a
/// time besides the entries kept, so a log of millions of blank lines costs no more than an
/// empty one. Changes go through `SharedFile` (a temporary file renamed over the log, under a
/// lock), so runs adding at once all keep their entries, and a crash leaves the old log or the
/// new one. A change reads the log once to find the numbers, then copies it once into the new
/// file, leaving out the removed entry's line or adding the new entry's at the end: every other
/// line is written back byte for byte, so a line this version cannot read (a hand edit, a later
/// version's entry) is never lost.
///
/// Numbers are never given twice: removing the entry with the highest number first writes that
/// number to `log.jsonl.last-number` beside the log (under the same lock, before the log
/// changes, so a crash between the two leaves a mark too high, never too low), and `add` gives
/// one more than the higher of the log's highest and the mark. A log without the mark (an older
/// version's, or one whose mark is unreadable) numbers from its own highest entry, as before;
/// a mark without a log (the log deleted to start afresh) is not read, and the first `add`
/// removes it.
public struct FoodLogStore: FoodLogStoring {
    public static let fileName = "log.jsonl"
    /// Beside the log: the highest number given to an entry that has since been removed.
    public static let lastNumberFileName = "log.jsonl.last-number"
    /// Far more than a lifetime of meals (an entry is some 400 bytes): a larger file is refused
    /// whole rather than read in part, so no change can drop the entries past the cap.
    public static let defaultMaxBytes = 64 << 20

    /// nil: neither HOME nor an absolute XDG_DATA_HOME, and every use fails with `noFolder`.
    let file: SharedFile?
    public var url: URL? { file?.url }
    /// The mark of the highest number given (see the type's note), beside `file`.
    var lastNumberFile: SharedFile? {
        file.map { SharedFile($0.url.deletingLastPathComponent().appendingPathComponent(Self.lastNumberFileName), maxBytes: 64) }
    }

    public init(folder: URL, maxBytes: Int = FoodLogStore.defaultMaxBytes, lockWait: Duration = SharedFile.maxLockWait) {
        file = SharedFile(folder.appendingPathComponent(Self.fileName), maxBytes: maxBytes, lockWait: lockWait)
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
        guard let source = try Self.open(file) else { return FoodLogContents(entries: []) }
        defer { close(source) }
        var entries: [FoodLogEntry] = []
        let unreadable = try Self.scanEntries(source, of: file) { entry, _ in entries.append(entry) }
        return FoodLogContents(entries: entries, unreadableLines: unreadable.first, unreadableCount: unreadable.count)
    }

    /// The entries a list shows, newest first, each read from the file when its turn comes (see
    /// `FoodLogListing`): the log is read through once to find them.
    public func listing(wants: Bool?, at now: Date) throws(FoodLogError) -> FoodLogListing {
        guard let file else { throw .noFolder }
        guard let source = try Self.open(file) else {
            return FoodLogListing(FoodLogContents(entries: []), wants: wants, at: now)
        }
        let log = FoodLogListing.OpenLog(descriptor: source, path: file.url.path)
        var items: [FoodLogListing.Item] = []
        let unreadable = try Self.scanEntries(source, of: file) { entry, bytes in
            items.append(.init(entry, bytes: bytes, at: now))
        }
        return FoodLogListing(
            log, items: items, wants: wants, unreadableLines: unreadable.first, unreadableCount: unreadable.count)
    }

    /// Hands `body` each entry of `source` with where its line lies, and names the lines that
    /// are not entries.
    static func scanEntries(_ source: Int32, of file: SharedFile, _ body: (FoodLogEntry, Range<Int>) -> Void)
        throws(FoodLogError) -> UnreadableLines
    {
        var unreadable = UnreadableLines()
        try scan(source, of: file) { line in
            if let entry = line.entry { body(entry, line.bytes) } else { unreadable.note(line) }
        }
        return unreadable
    }

    /// Adds `entry` with the next number (one more than the highest there is) and returns it
    /// as written.
    ///
    /// Decoding every line would cost seconds in a large log, so the lines are glanced at
    /// (`FoodLogScanner.glance`), and only those that could hold the highest entry are decoded,
    /// highest first, until the next could hold no higher one: in a log foodlogger wrote, one.
    /// The lines named as not entries are those that show it at a glance or were decoded;
    /// `read` names every one.
    @discardableResult
    public func add(_ entry: FoodLogEntry) async throws(FoodLogError) -> FoodLogChange {
        try await change { source, file, given throws(FoodLogError) in
            var highest = given
            var unreadable = UnreadableLines()
            var endsLine = true
            var undecoded: [(number: Int, line: Int, bytes: Range<Int>)] = []
            let scanner = FoodLogScanner()
            if let source {
                try Self.scan(source, of: file, decoding: false) { line in
                    endsLine = line.ended
                    switch FoodLogScanner.glance(line.text) {
                    case .noEntry: unreadable.note(line)
                    case .numbered(let number): undecoded.append((number, line.number, line.bytes))
                    case .unclear:
                        if let number = line.text.flatMap(scanner.entry)?.number {
                            highest = max(highest, number)
                        } else {
                            unreadable.note(line)
                        }
                    }
                }
                for candidate in undecoded.sorted(by: { $0.number > $1.number }) where candidate.number > highest {
                    if let number = try Self.entry(at: candidate.bytes, in: source, of: file, scanner)?.number {
                        highest = max(highest, number)
                    } else {
                        unreadable.note(number: candidate.line)
                    }
                }
            }
            guard highest < FoodLogEntry.numbers.upperBound else { throw .numbersUsedUp(path: file.url.path, last: highest) }
            var entry = entry
            entry.number = highest + 1
            let line = Data(((endsLine ? "" : "\n") + Self.encode(entry) + "\n").utf8)
            let change = FoodLogChange(entry: entry, unreadableLines: unreadable.first, unreadableCount: unreadable.count)
            return ([], line, change, nil)
        }
    }

    /// The entry in the line at `bytes` of `source`, read again.
    static func entry(at bytes: Range<Int>, in source: Int32, of file: SharedFile, _ scanner: FoodLogScanner)
        throws(FoodLogError) -> FoodLogEntry?
    {
        var line = [UInt8](repeating: 0, count: bytes.count)
        var filled = 0
        while filled < line.count {
            let count = line.withUnsafeMutableBytes {
                pread(source, $0.baseAddress! + filled, $0.count - filled, off_t(bytes.lowerBound + filled))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .unreadable(path: file.url.path, reason: String(cString: strerror(errno))) }
            filled += count
        }
        return line.withUnsafeBytes(scanner.entry)
    }

    /// Removes the entry numbered `number` and returns it.
    @discardableResult
    public func remove(number: Int) async throws(FoodLogError) -> FoodLogChange {
        try await change { source, file, given throws(FoodLogError) in
            var removed: (entry: FoodLogEntry, bytes: Range<Int>)?
            var highest: Int?
            var unreadable = UnreadableLines()
            if let source {
                try Self.scan(source, of: file) { line in
                    if let entry = line.entry {
                        highest = max(highest ?? 0, entry.number)
                        if entry.number == number, removed == nil { removed = (entry, line.bytes) }
                    }
                    unreadable.note(line)
                }
            }
            guard let removed else { throw .noSuchEntry(number, last: highest) }
            let change = FoodLogChange(entry: removed.entry, unreadableLines: unreadable.first, unreadableCount: unreadable.count)
            // Only the highest number needs the mark: a lower one stays below an entry still there.
            let number = removed.entry.number
            return ([(removed.bytes, Data())], Data(), change, number >= (highest ?? 0) && number > given ? number : nil)
        }
    }

    /// Rewrites the line of each entry whose shop `answers` holds, when its name, position or
    /// `kept_until` changes; every other line is copied byte for byte. A line holding keys this
    /// version does not know (a later version's) is left as it is: writing its entry anew would
    /// lose them.
    public func refresh(_ answers: [FoodLogEntry.SourceID: Restaurant], at now: Date) async throws(FoodLogError) -> Int {
        guard !answers.isEmpty else { return 0 }
        return try await change { source, file, _ throws(FoodLogError) in
            var edits: [Edit] = []
            if let source {
                try Self.scan(source, of: file) { line in
                    guard var entry = line.entry, let answer = answers[entry.shop.source],
                        let shop = entry.shop.refreshed(from: answer, at: now), shop != entry.shop,
                        let text = line.text, Self.knowsEveryKey(text)
                    else { return }
                    entry.shop = shop
                    edits.append((line.bytes, Data((Self.encode(entry) + (line.ended ? "\n" : "")).utf8)))
                }
            }
            return (edits, Data(), edits.count, nil)
        }
    }

    /// Whether the line holds no key `FoodLogEntry` does not read: in the plain form (which has
    /// none), or, read as JSON, with every key of the entry, its shop and their sources known.
    static func knowsEveryKey(_ line: UnsafeRawBufferPointer) -> Bool {
        if FoodLogLineReader.entry(in: line) != nil { return true }
        func known<Key: CodingKey & CaseIterable>(_ object: Any?, _: Key.Type) -> Bool {
            guard let object = object as? [String: Any] else { return object == nil || object is NSNull }
            return Set(object.keys).isSubset(of: Key.allCases.map(\.stringValue))
        }
        guard let entry = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else { return false }
        let shop = entry["shop"] as? [String: Any]
        let sources = shop?["sources"] as? [Any] ?? []
        return known(entry, FoodLogEntry.CodingKeys.self) && known(shop, FoodLogEntry.Shop.CodingKeys.self)
            && sources.allSatisfy { known($0, FoodLogEntry.SourceID.CodingKeys.self) }
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

    /// How many bytes one read asks for, while scanning and while copying.
    static let blockBytes = 64 << 10

    /// The log opened for reading; nil when there is no file yet.
    static func open(_ file: SharedFile) throws(FoodLogError) -> Int32? {
        do { return try file.openForReading() } catch { throw FoodLogError(error) }
    }

    /// Reads `source` from its start a block at a time and hands each line to `body`. More
    /// than the file's `maxBytes` (a file grown since it was opened) is refused, not cut.
    static func scan(_ source: Int32, of file: SharedFile, decoding: Bool = true, _ body: (FoodLogScanner.Line) -> Void)
        throws(FoodLogError)
    {
        var scanner = FoodLogScanner(decodes: decoding)
        var block = [UInt8](repeating: 0, count: blockBytes)
        var offset = 0
        while true {
            let count = block.withUnsafeMutableBytes { pread(source, $0.baseAddress!, $0.count, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: file.url.path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            offset += count
            if offset > file.maxBytes { throw .tooLarge(path: file.url.path, bytes: offset, limit: file.maxBytes) }
            block.withUnsafeBytes { scanner.feed(UnsafeRawBufferPointer(rebasing: $0[..<count]), body) }
        }
        scanner.finish(body)
    }

    /// Bytes of the log and what to write in their place.
    typealias Edit = (bytes: Range<Int>, with: Data)

    /// Copies `source` into the new file, each edit's bytes (whole lines, none overlapping)
    /// replaced by its data.
    static func copy(_ source: Int32, of file: SharedFile, replacing edits: [Edit], to writer: SharedFile.Writer)
        throws(SharedFile.Failure)
    {
        var pending = edits.sorted { $0.bytes.lowerBound < $1.bytes.lowerBound }[...]
        var block = [UInt8](repeating: 0, count: blockBytes)
        var offset = 0
        while true {
            let count = block.withUnsafeMutableBytes { pread(source, $0.baseAddress!, $0.count, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw SharedFile.Failure(file.url, errno: errno) }
            if count == 0 { break }
            // A file that grew past the cap since it was scanned is not copied whole.
            guard offset + count <= file.maxBytes else { throw SharedFile.Failure(file.url, errno: EFBIG) }
            let end = offset + count
            var cursor = offset
            while cursor < end {
                guard let edit = pending.first, edit.bytes.lowerBound < end else {
                    try write(block, cursor..<end, from: offset, to: writer)
                    cursor = end
                    continue
                }
                if cursor < edit.bytes.lowerBound {
                    try write(block, cursor..<edit.bytes.lowerBound, from: offset, to: writer)
                    cursor = edit.bytes.lowerBound
                }
                // The replacement goes where the edit starts; its bytes may run on into the next block.
                if cursor == edit.bytes.lowerBound { try writer.write(edit.with) }
                cursor = min(edit.bytes.upperBound, end)
                if cursor == edit.bytes.upperBound { pending.removeFirst() }
            }
            offset = end
        }
    }

    /// The bytes of `range` (offsets in the file) of `block`, which starts at `offset`.
    private static func write(_ block: [UInt8], _ range: Range<Int>, from offset: Int, to writer: SharedFile.Writer)
        throws(SharedFile.Failure)
    {
        guard !range.isEmpty else { return }
        let bytes = (range.lowerBound - offset)..<(range.upperBound - offset)
        try block.withUnsafeBytes { buffer in
            Result { () throws(SharedFile.Failure) in try writer.write(UnsafeRawBufferPointer(rebasing: buffer[bytes])) }
        }.get()
    }

    /// Under the lock: `plan` reads the log (nil when there is none) with the highest number
    /// given before (0 without a mark), and says what to change (lines to replace or leave out,
    /// bytes to add at the end) and the number to mark, if any, which is then written in one
    /// copy. A log that cannot be read whole is refused, never replaced by what was read of it.
    private func change<Outcome>(
        _ plan: (Int32?, SharedFile, Int) throws(FoodLogError) -> (
            edits: [Edit], append: Data, outcome: Outcome, mark: Int?
        )
    ) async throws(FoodLogError) -> Outcome {
        guard let file, let lastNumberFile else { throw .noFolder }
        let lock: Int32
        do { lock = try await file.lock() } catch { throw .unwritable(error) }
        defer { close(lock) }  // closing it unlocks the file
        let source = try Self.open(file)
        defer { if let source { close(source) } }
        let given = source == nil ? 0 : Self.lastNumber(in: lastNumberFile)
        let (edits, append, outcome, mark) = try plan(source, file, given)
        // Nothing to change (a refresh that found nothing new): the file is not rewritten.
        if edits.isEmpty, append.isEmpty, mark == nil { return outcome }
        do throws(SharedFile.Failure) {
            if let mark {
                try lastNumberFile.replace(with: Data("\(mark)\n".utf8))
            } else if source == nil, unlink(lastNumberFile.url.path) != 0, errno != ENOENT {
                throw SharedFile.Failure(lastNumberFile.url, errno: errno)
            }
            try file.replace { writer throws(SharedFile.Failure) in
                if let source { try Self.copy(source, of: file, replacing: edits, to: writer) }
                try writer.write(append)
            }
        } catch {
            throw .unwritable(error)
        }
        return outcome
    }
}

extension FoodLogStore {
    /// The number a mark holds; 0 when there is none, or it is not a number an entry may have.
    static func lastNumber(in mark: SharedFile) -> Int {
        guard let data = mark.read(),
            let number = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            FoodLogEntry.numbers.contains(number)
        else { return 0 }
        return number
    }
}

/// The lines of the log that are not entries: how many, and the first few's numbers.
struct UnreadableLines {
    /// As many as a warning names.
    static let listed = 5
    var first: [Int] = []
    var count = 0

    mutating func note(_ line: FoodLogScanner.Line) {
        guard line.entry == nil, !line.blank else { return }
        note(number: line.number)
    }

    /// A line found not to be an entry after the lines after it: the first few are kept in order.
    mutating func note(number: Int) {
        count += 1
        guard first.count < Self.listed || number < first[Self.listed - 1] else { return }
        first.append(number)
        first.sort()
        if first.count > Self.listed { first.removeLast() }
    }
}
