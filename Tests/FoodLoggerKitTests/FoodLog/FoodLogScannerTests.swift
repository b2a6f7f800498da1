import Foundation
import Testing

@testable import FoodLoggerDomain

@Suite struct FoodLogScannerTests {
    /// What the scanner hands on for `text` fed in blocks of `size` bytes: each line's number,
    /// bytes, entry number, blankness and end.
    static func scan(_ text: String, blocks size: Int) -> [String] {
        var sut = FoodLogScanner()
        var seen: [String] = []
        let record = { (line: FoodLogScanner.Line) in
            seen.append(
                "\(line.number) \(line.bytes) \(line.entry.map { "entry \($0.number)" } ?? "-") \(line.blank ? "blank" : "") \(line.ended)"
            )
        }
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: size) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { sut.feed($0, record) }
        }
        sut.finish(record)
        return seen
    }

    @Test(arguments: [1, 2, 7, 64, 1 << 16])
    func linesAreTheSameWhereverTheBlocksCutThem(size: Int) {
        // Given a log of an entry, a blank line, `{}`, the entry's copy and a last line without its end
        let entry = FoodLogStore.encode(FoodLogStoreTests.entry().numbered(3))
        let text = entry + "\n \t\r\n{}\n" + entry + "\n" + "# tail"
        let length = entry.utf8.count + 1

        // When it is fed in blocks of `size` bytes
        let lines = Self.scan(text, blocks: size)

        // Then every line is there once, where it lies, and only the first holds the entry
        let blank = length..<(length + 4)
        let braces = blank.upperBound..<(blank.upperBound + 3)
        let copy = braces.upperBound..<(braces.upperBound + length)
        #expect(
            lines == [
                "1 \(0..<length) entry 3  true", "2 \(blank) - blank true", "3 \(braces) -  true", "4 \(copy) -  true",
                "5 \(copy.upperBound..<(copy.upperBound + 6)) -  false",
            ], "\(lines)")
    }

    @Test func aLineLongerThanItHoldsIsCountedNotRead() {
        // Given an entry whose note makes the line longer than the scanner holds
        var long = FoodLogStoreTests.entry().numbered(1)
        long.note = String(repeating: "x", count: FoodLogScanner.defaultMaxLineBytes)
        let text = FoodLogStore.encode(long) + "\n"

        // When it is fed in blocks smaller and larger than the line
        for size in [4096, 1 << 20] {
            let lines = Self.scan(text, blocks: size)

            // Then it is one line, its whole length, and no entry
            #expect(lines == ["1 \(0..<text.utf8.count) -  true"], "blocks of \(size): \(lines)")
        }
    }

    @Test(arguments: [
        (#"{"date":"2026-11-20","number":42,"shop":{"id":"J1","provider":"hotpepper"},"want":false}"#, "numbered(42)"),
        (#"{ "number" : 7 , "shop" : { "number": 90 } , "want": true, "written_at": "x" }"#, "numbered(90)"),
        (#"{"\u006eumber":7,"shop":{"id":"J1","provider":"hotpepper"},"want":true,"written_at":"x"}"#, "unclear"),
        (#"{"number":7e0,"shop":{"id":"J1","provider":"hotpepper"},"want":true,"written_at":"2026"}"#, "unclear"),
        (#"{"number":9223372036854775807,"shop":{"id":"J1","provider":"hotpepper"},"want":true}"#, "unclear"),
        (#"{"note":"the \"number\":99 one","shop":{"id":"J1","provider":"hotpepper"},"want":true}"#, "noEntry"),
        ("{}", "noEntry"), ("# my notes, and a number: 3, long enough to be an entry if it were one", "noEntry"),
    ])
    func aGlanceFindsTheLargestNumberOrSaysItCannotTell(line: String, expected: String) {
        // When a line is glanced at
        let glance = Array(line.utf8).withUnsafeBytes { FoodLogScanner.glance($0) }

        // Then it names the largest plain number, or sends the line to the decoder
        #expect("\(glance)" == expected, "\(line): \(glance)")
    }
}

extension FoodLogEntry {
    /// The entry with another number, as a store would write it.
    func numbered(_ number: Int) -> FoodLogEntry {
        var entry = self
        entry.number = number
        return entry
    }
}
