import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libFuzzer entry: any bytes as a food log (the first byte chooses how the reads cut it), read
/// by the scanner with a short line cap (so the long-line path is reached within libFuzzer's
/// 64 KiB inputs), then by the store from a file, then changed by the store's copy. Besides
/// crashes, hangs and memory past the limit, it stops on a broken promise: lines that do not
/// tile the bytes exactly, lines that read differently when the blocks cut them elsewhere, an
/// entry in a line too long to hold or with a number outside `FoodLogEntry.numbers` or twice,
/// or numbered above what a glance at its line says, a store that reads other entries than the
/// scanner, a copy that does not keep every other
/// byte as it was.
@_cdecl("LLVMFuzzerTestOneInput")
public func foodLogFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count > 0 else { return 0 }
    let input = UnsafeRawBufferPointer(start: bytes + 1, count: count - 1)
    let block = Int(bytes[0]) % 97 + 1
    let cut = lines(input, block: block, maxLineBytes: 300)
    let whole = lines(input, block: max(input.count, 1), maxLineBytes: 300)
    guard describe(cut) == describe(whole) else { fatalError("blocks of \(block) read differently: \(cut) vs \(whole)") }
    var end = 0
    var numbers: Set<Int> = []
    for (index, line) in cut.enumerated() {
        guard line.number == index + 1, line.bytes.lowerBound == end, !line.bytes.isEmpty else {
            fatalError("line \(index + 1) at \(line.bytes) after \(end)")
        }
        end = line.bytes.upperBound
        guard line.ended == (input[end - 1] == UInt8(ascii: "\n")), line.ended || end == input.count else {
            fatalError("line \(line.number)'s end is wrong")
        }
        if let entry = line.entry {
            guard line.bytes.count <= 300, FoodLogEntry.numbers.contains(entry.number), numbers.insert(entry.number).inserted
            else { fatalError("line \(line.number) is no entry to take: \(entry.number), \(line.bytes.count) bytes") }
            let glance = FoodLogScanner.glance(UnsafeRawBufferPointer(rebasing: input[line.bytes]))
            switch glance {
            case .unclear: break
            case .numbered(let largest) where largest >= entry.number: break
            default: fatalError("line \(line.number) holds entry \(entry.number), but a glance says \(glance)")
            }
        }
    }
    guard end == input.count else { fatalError("the lines end at \(end) of \(input.count)") }
    checkStore(input, lines: lines(input, block: block, maxLineBytes: FoodLogScanner.defaultMaxLineBytes), hole: Int(bytes[0]))
    return 0
}

/// The lines the scanner hands on for `input` read `block` bytes at a time.
func lines(_ input: UnsafeRawBufferPointer, block: Int, maxLineBytes: Int) -> [FoodLogScanner.Line] {
    var scanner = FoodLogScanner(maxLineBytes: maxLineBytes)
    var lines: [FoodLogScanner.Line] = []
    for start in stride(from: 0, to: input.count, by: block) {
        scanner.feed(UnsafeRawBufferPointer(rebasing: input[start..<min(start + block, input.count)])) { lines.append($0) }
    }
    scanner.finish { lines.append($0) }
    return lines
}

func describe(_ lines: [FoodLogScanner.Line]) -> [String] {
    lines.map { "\($0.number) \($0.bytes) \($0.entry?.number ?? 0) \($0.blank) \($0.ended)" }
}

/// The input as a log file: the store reads the entries the scanner found, and a copy that
/// leaves out one line (a remove) or writes it anew (a refresh) keeps every other byte.
func checkStore(_ input: UnsafeRawBufferPointer, lines: [FoodLogScanner.Line], hole: Int) {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("foodlogger-fuzz-\(getpid())")
    let store = FoodLogStore(folder: folder)
    guard let file = store.file else { fatalError("no file") }
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(input).write(to: file.url)
    } catch {
        fatalError("cannot write \(file.url.path): \(error)")
    }
    let read: FoodLogContents
    do { read = try store.read() } catch { fatalError("the store cannot read it: \(error)") }
    guard read.entries == lines.compactMap(\.entry) else { fatalError("the store read other entries") }
    guard read.unreadableCount == lines.filter({ $0.entry == nil && !$0.blank }).count else {
        fatalError("the store counted \(read.unreadableCount) unreadable lines")
    }
    let left = lines.isEmpty ? nil : lines[hole % lines.count].bytes
    let anew = hole % 2 == 0 ? Data() : Data("{\"refreshed\":true}\n".utf8)
    guard let source = try? FoodLogStore.open(file) else { fatalError("cannot open the log") }
    defer { close(source) }
    do {
        try file.replace { writer throws(SharedFile.Failure) in
            try FoodLogStore.copy(source, of: file, replacing: left.map { [($0, anew)] } ?? [], to: writer)
        }
    } catch {
        fatalError("the copy failed: \(error)")
    }
    var expected = Data(input)
    if let left { expected.replaceSubrange(left, with: anew) }
    // Read back by the store's own reader: Foundation's Data(contentsOf:) leaks a page under
    // LeakSanitizer on Linux, which would stop the run on a harness fault.
    guard (try? file.contents()) == expected else { fatalError("the copy changed other bytes") }
}
