import Foundation

/// Cuts the food log into lines as its blocks arrive and reads each line that can be an entry,
/// holding one line at most: a line that a block cut in two waits for the next block, and a
/// line longer than `maxLineBytes` is counted, never held (nor read as an entry).
///
/// Fed any bytes in any blocks, it hands on every line once, in order, with where it lies in
/// the file, so a change can copy the lines it does not touch byte for byte.
struct FoodLogScanner {
    /// A line of the file as the scanner met it.
    struct Line {
        /// From 1, as an editor numbers lines.
        var number: Int
        /// Where the line lies in the file, its end included.
        var bytes: Range<Int>
        /// The entry the line holds: nil for a line that is not one, or that repeats an earlier
        /// entry's number (which `remove` could not tell apart).
        var entry: FoodLogEntry?
        /// Nothing but spaces, tabs and the line end: no entry, and nothing to warn about.
        var blank: Bool
        /// False for a last line without its end.
        var ended: Bool
        /// The line's bytes, while `body` has it; nil for a line too long to hold.
        var text: UnsafeRawBufferPointer?
    }

    /// What a line's bytes say of the entry it may hold, without the JSON decoder (which costs
    /// some 30 µs a line on Linux: 3 s for a log of 100,000 entries).
    enum Glance: Equatable {
        /// It holds no entry: too short, not an object, or no `"number"` key.
        case noEntry
        /// Every `"number"` key in it is followed by plain digits, and this is the largest: an
        /// entry it holds is numbered this or less (quotes inside a JSON string are escaped, so
        /// the entry's own key is among those seen).
        case numbered(Int)
        /// Only the decoder can tell (a `\u` escape could spell a key, a number is written
        /// `1e3`, or the line is too long to hold).
        case unclear
    }

    /// Far longer than any line foodlogger writes (a note is at most 1000 characters): a longer
    /// line is not an entry, and is not held in memory to find out.
    static let defaultMaxLineBytes = 64 << 10
    /// `defaultMaxLineBytes`, or less where a fuzzer's short inputs must reach the long-line path.
    let maxLineBytes: Int
    /// False: lines are handed on undecoded, for a caller that glances at them first.
    let decodes: Bool
    /// Shorter than the shortest entry (its keys alone take more): such a line, like one that
    /// does not start with `{`, is not given to the JSON decoder, so a log of millions of short
    /// lines is read at the speed of the disk.
    static let shortestEntry = 64

    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
    /// The start of the line a block cut, while it is no longer than `maxLineBytes`.
    private var pending: [UInt8] = []
    /// How long the current line is so far, held or not.
    private var pendingLength = 0
    private var offset = 0
    private var lineNumber = 0
    private var numbers: Set<Int> = []

    init(maxLineBytes: Int = FoodLogScanner.defaultMaxLineBytes, decodes: Bool = true) {
        self.maxLineBytes = maxLineBytes; self.decodes = decodes
    }

    /// Hands `body` every line that ends in `block`.
    mutating func feed(_ block: UnsafeRawBufferPointer, _ body: (Line) -> Void) {
        var start = 0
        while start < block.count {
            let newline = memchr(block.baseAddress! + start, Int32(UInt8(ascii: "\n")), block.count - start)
            let end = newline.map { block.baseAddress!.distance(to: UnsafeRawPointer($0)) + 1 } ?? block.count
            let part = UnsafeRawBufferPointer(rebasing: block[start..<end])
            start = end
            guard newline != nil else {
                hold(part)
                continue
            }
            if pendingLength == 0 {
                emit(part.count <= maxLineBytes ? part : nil, length: part.count, ended: true, body)
            } else {
                hold(part)
                emitHeld(ended: true, body)
            }
        }
    }

    /// Hands `body` the last line, when the file does not end with a line end.
    mutating func finish(_ body: (Line) -> Void) {
        guard pendingLength > 0 else { return }
        emitHeld(ended: false, body)
    }

    private mutating func hold(_ part: UnsafeRawBufferPointer) {
        pendingLength += part.count
        if pendingLength <= maxLineBytes {
            pending.append(contentsOf: part)
        } else if !pending.isEmpty {
            pending = []
        }
    }

    /// The line held so far, which ends here.
    private mutating func emitHeld(ended: Bool, _ body: (Line) -> Void) {
        let (held, length) = (pending, pendingLength)
        pending.removeAll(keepingCapacity: true)
        pendingLength = 0
        held.withUnsafeBytes { emit(length <= maxLineBytes ? $0 : nil, length: length, ended: ended, body) }
    }

    /// One line: its bytes when held (nil for a line too long to hold), and its length.
    private mutating func emit(_ bytes: UnsafeRawBufferPointer?, length: Int, ended: Bool, _ body: (Line) -> Void) {
        lineNumber += 1
        var entry = decodes ? bytes.flatMap(entry) : nil
        if let number = entry?.number, !numbers.insert(number).inserted { entry = nil }
        let blank = bytes?.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A } ?? false
        body(Line(number: lineNumber, bytes: offset..<(offset + length), entry: entry, blank: blank, ended: ended, text: bytes))
        offset += length
    }

    /// The entry in a line, if it holds one (whatever the lines before it hold): read by
    /// `FoodLogLineReader` when the line is in the form foodlogger writes, else by JSONDecoder.
    func entry(in bytes: UnsafeRawBufferPointer) -> FoodLogEntry? {
        guard Self.mayBeEntry(bytes) else { return nil }
        return FoodLogLineReader.entry(in: bytes) ?? (try? decoder.decode(FoodLogEntry.self, from: Data(bytes)))
    }

    static func mayBeEntry(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= shortestEntry && bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{")
    }

    /// What `bytes` (a line; nil when too long to hold) say of their entry at a glance.
    static func glance(_ bytes: UnsafeRawBufferPointer?) -> Glance {
        guard let bytes else { return .unclear }
        guard mayBeEntry(bytes) else { return .noEntry }
        let key = Array(#""number""#.utf8)
        var largest: Int?
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                return .unclear
            }
            guard bytes[index] == key[0], index + key.count <= bytes.count,
                bytes[(index + 1)..<(index + key.count)].elementsEqual(key.dropFirst())
            else {
                index += 1
                continue
            }
            index += key.count
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { continue }
            index += 1
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            let digits = bytes[index...].prefix { (0x30...0x39).contains($0) }
            index += digits.count
            let next = index < bytes.count ? bytes[index] : 0x20
            guard (1...18).contains(digits.count), !".eE".utf8.contains(next),
                let value = Int(String(decoding: digits, as: UTF8.self))
            else { return .unclear }
            largest = max(largest ?? 0, value)
        }
        return largest.map(Glance.numbered) ?? .noEntry
    }
}
