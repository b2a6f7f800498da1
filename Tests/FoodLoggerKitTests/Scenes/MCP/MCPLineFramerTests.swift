import Testing

@testable import FoodLoggerKit

@Suite struct MCPLineFramerTests {
    @Test func linesCutAcrossChunksComeOutWhole() {
        // Given a framer, and two messages split at odd places
        var sut = MCPLineFramer(limit: 64)

        // When the chunks arrive
        let events = sut.feed(Array("{\"a\":".utf8)) + sut.feed(Array("1}\n{\"b\"".utf8)) + sut.feed(Array(":2}\n".utf8))

        // Then each message is one line, without its newline
        #expect(events == [.line(Array("{\"a\":1}".utf8)), .line(Array("{\"b\":2}".utf8))], "two whole lines: \(events)")
    }

    @Test func aLineTooLongIsReportedOnceAndSkippedToItsEnd() {
        // Given a framer holding at most 8 bytes of a line
        var sut = MCPLineFramer(limit: 8)

        // When a 20-byte line arrives in pieces, then a short one
        let events =
            sut.feed(Array(repeating: UInt8(ascii: "x"), count: 6)) + sut.feed(Array(repeating: UInt8(ascii: "x"), count: 14))
            + sut.feed(Array("\nok\n".utf8))

        // Then it is refused once, as soon as it passes the limit, and the next line is read
        #expect(
            events == [.tooLong(head: Array(repeating: UInt8(ascii: "x"), count: 20)), .line(Array("ok".utf8))],
            "refused with its first bytes, then the next line: \(events)")
    }

    @Test func blankLinesAreNoMessagesAndALastLineWithoutNewlineCounts() {
        var sut = MCPLineFramer(limit: 64)

        let events = sut.feed(Array("\n \r\n{}".utf8)) + sut.finish()

        #expect(events == [.line(Array("{}".utf8))], "only the last line: \(events)")
    }

    @Test func aLongLinesHeadIsKeptUpToItsLimit() {
        // Given a framer holding at most 8 KiB of a line
        var sut = MCPLineFramer(limit: 8192)

        // When a 10 KiB line arrives
        let events = sut.feed(Array(repeating: UInt8(ascii: "y"), count: 10240) + [UInt8(ascii: "\n")])

        // Then its refusal carries the first 4 KiB, no more
        #expect(
            events == [.tooLong(head: Array(repeating: UInt8(ascii: "y"), count: MCPLineFramer.headLimit))], "\(events.count)")
    }
}
