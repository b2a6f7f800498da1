import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The food log as a list shows it: its entries (all, only wants, or only visits) newest first,
/// as `FoodLogContents.newestFirst` orders them. The store's listing keeps where each entry's
/// line lies and reads the line again when its turn comes, so a list of 100,000 entries holds
/// 24 bytes an entry, not the 600 or so of an entry decoded (with its text), and is printed
/// as it is read.
public final class FoodLogListing: Sequence, Sendable {
    /// An entry's place in the list and in the file.
    struct Item: Sendable {
        /// The day the entry sorts by (days since 1970), then its number: larger is newer.
        var order: Int64
        var start: Int
        var length: Int32
        var want: Bool
        var provider: Provider
        /// `log check` would bring back the name and position the list shows none of
        /// (`Shop.wantsRefresh`); in the padding, so an item is still 24 bytes.
        var refresh: Bool

        init(_ entry: FoodLogEntry, bytes: Range<Int>, at now: Date) {
            order = Int64(entry.sortDay.daysSinceEpoch) << 32 | Int64(entry.number)
            start = bytes.lowerBound; length = Int32(bytes.count); want = entry.want; provider = entry.shop.provider
            refresh = entry.shop.wantsRefresh(at: now)
        }
    }

    fileprivate enum Storage: Sendable {
        /// The open log and where its entries lie, newest first.
        case file(OpenLog, [Item])
        /// Entries already read, newest first: a store without a file (a test's).
        case entries([FoodLogEntry])
    }

    /// The file, closed when the last listing over it goes.
    final class OpenLog: Sendable {
        let descriptor: Int32
        let path: String
        init(descriptor: Int32, path: String) { self.descriptor = descriptor; self.path = path }
        deinit { close(descriptor) }
    }

    private let storage: Storage
    /// How many entries the log holds, whatever the listing keeps.
    public let total: Int
    /// Of the entries listed, those whose name and position `log check` would bring back.
    public let refreshable: Int
    public let unreadableLines: [Int]
    public let unreadableCount: Int

    /// `wants`: true for the wants alone, false for the visits alone, nil for every entry.
    init(_ log: OpenLog, items: [Item], wants: Bool?, unreadableLines: [Int], unreadableCount: Int) {
        let kept = wants.map { wants in items.filter { $0.want == wants } } ?? items
        storage = .file(log, kept.sorted { $0.order > $1.order })
        total = items.count
        refreshable = kept.count(where: \.refresh)
        self.unreadableLines = unreadableLines; self.unreadableCount = unreadableCount
    }

    public init(_ contents: FoodLogContents, wants: Bool?, at now: Date) {
        let kept = contents.newestFirst.filter { wants == nil || $0.want == wants }
        storage = .entries(kept)
        total = contents.entries.count
        refreshable = kept.count { $0.shop.wantsRefresh(at: now) }
        unreadableLines = contents.unreadableLines; unreadableCount = contents.unreadableCount
    }

    public var count: Int {
        switch storage {
        case .file(_, let items): items.count
        case .entries(let entries): entries.count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// How many of the entries are wants.
    public var wants: Int {
        switch storage {
        case .file(_, let items): items.count { $0.want }
        case .entries(let entries): entries.count { $0.want }
        }
    }

    /// The services the shops are from, in the order the list first shows each.
    public var providers: [Provider] {
        let all =
            switch storage {
            case .file(_, let items): items.map(\.provider)
            case .entries(let entries): entries.map(\.shop.provider)
            }
        return all.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    public func makeIterator() -> Iterator { Iterator(storage: storage) }

    /// Each entry in turn; a failure (the file unreadable, or changed in place since it was
    /// listed) ends the list.
    public struct Iterator: IteratorProtocol {
        fileprivate let storage: Storage
        private var position = 0
        private var line: [UInt8] = []
        private var stopped = false
        private let scanner = FoodLogScanner()

        fileprivate init(storage: Storage) { self.storage = storage }

        public mutating func next() -> Result<FoodLogEntry, FoodLogError>? {
            guard !stopped else { return nil }
            defer { position += 1 }
            switch storage {
            case .entries(let entries):
                return position < entries.count ? .success(entries[position]) : nil
            case .file(let log, let items):
                guard position < items.count else { return nil }
                let result = read(items[position], of: log)
                if case .failure = result { stopped = true }
                return result
            }
        }

        private mutating func read(_ item: Item, of log: OpenLog) -> Result<FoodLogEntry, FoodLogError> {
            let length = Int(item.length)
            if line.count < length { line = [UInt8](repeating: 0, count: length) }
            var filled = 0
            while filled < length {
                let count = line.withUnsafeMutableBytes {
                    pread(log.descriptor, $0.baseAddress! + filled, length - filled, off_t(item.start + filled))
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    let reason = count == 0 ? "it changed while it was read" : String(cString: strerror(errno))
                    return .failure(.unreadable(path: log.path, reason: reason))
                }
                filled += count
            }
            let entry = line.withUnsafeBytes { scanner.entry(in: UnsafeRawBufferPointer(rebasing: $0[..<length])) }
            guard let entry else { return .failure(.unreadable(path: log.path, reason: "it changed while it was read")) }
            return .success(entry)
        }
    }
}

extension FoodLogStoring {
    /// The listing of a store without a file of its own (a test's): its entries read at once.
    public func listing(wants: Bool?, at now: Date) throws(FoodLogError) -> FoodLogListing {
        FoodLogListing(try read(), wants: wants, at: now)
    }
}
