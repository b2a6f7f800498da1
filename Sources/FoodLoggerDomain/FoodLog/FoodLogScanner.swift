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
    }

    /// Far longer than any line foodlogger writes (a note is at most 1000 characters): a longer
    /// line is not an entry, and is not held in memory to find out.
    static let defaultMaxLineBytes = 64 << 10
    /// `defaultMaxLineBytes`, or less where a fuzzer's short inputs must reach the long-line path.
    let maxLineBytes: Int
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

    init(maxLineBytes: Int = FoodLogScanner.defaultMaxLineBytes) {
        self.maxLineBytes = maxLineBytes
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
        var entry = bytes.flatMap(read)
        if let number = entry?.number, !numbers.insert(number).inserted { entry = nil }
        let blank = bytes?.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A } ?? false
        body(Line(number: lineNumber, bytes: offset..<(offset + length), entry: entry, blank: blank, ended: ended))
        offset += length
    }

    /// The entry in a line, if it holds one.
    private func read(_ bytes: UnsafeRawBufferPointer) -> FoodLogEntry? {
        guard bytes.count >= Self.shortestEntry, bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{")
        else { return nil }
        return try? decoder.decode(FoodLogEntry.self, from: Data(bytes))
    }
}
