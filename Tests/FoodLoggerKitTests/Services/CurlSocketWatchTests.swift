import Foundation
import LoopbackHTTP
import Testing
@testable import FoodLoggerDomain

@Suite struct CurlSocketWatchTests {
    private let readable = CurlSocketWatch.readable, writable = CurlSocketWatch.writable
    private let both = CurlSocketWatch.both, remove = CurlSocketWatch.remove

    @Test func aSocketThatStopsWaitingToWriteIsRemovedBeforeItIsWatchedForReading() {
        // Given a socket libcurl watched for writing while it connected
        var sut = CurlSocketWatch()
        #expect(sut.calls(for: writable, on: 9) == [writable], "a first wish passes as it is")

        // When libcurl, the request sent, wants to read only
        let calls = sut.calls(for: readable, on: 9)

        // Then Foundation is told to remove the socket first, so its write source goes
        #expect(calls == [remove, readable], "removed, then watched for reading: \(calls)")
    }

    @Test func aWishThatOnlyAddsADirectionPassesAsItIs() {
        var sut = CurlSocketWatch()
        _ = sut.calls(for: readable, on: 7)
        #expect(sut.calls(for: both, on: 7) == [both], "reading and now writing too: nothing to take away")
        #expect(sut.calls(for: readable, on: 7) == [remove, readable], "writing dropped again: removed first")
        #expect(sut.calls(for: writable, on: 7) == [remove, writable], "reading dropped: removed first")
    }

    @Test func aRemovedSocketStartsAfresh() {
        var sut = CurlSocketWatch()
        _ = sut.calls(for: writable, on: 5)
        #expect(sut.calls(for: remove, on: 5) == [remove], "a removal passes as it is")
        #expect(sut.calls(for: readable, on: 5) == [readable], "the socket (or a new one on its number) is new")
        #expect(sut.calls(for: readable, on: 6) == [readable], "each socket has its own state")
    }

    #if os(Linux) && canImport(Glibc)
        @Test func urlSessionsSocketsGoThroughTheWatch() async throws {
            // Given a server that answers once, after a while: an answer sent at once can end
            // the transfer before libcurl ever narrows its wish to reading
            let server = try LoopbackServer(replies: [.json(#"{"ok":true}"#).delayed(by: 0.2)])
            defer { server.stop() }
            let before = CurlSocketHook.shared.narrowings

            // When the real transport fetches from it
            let reply = try await URLSessionTransport().send(
                HTTPRequest(url: server.baseURL, headers: [:]), timeout: 10, limit: 1 << 20)

            // Then the answer came, and libcurl's move from connecting (writable) to waiting for
            // the answer (readable) was handed to Foundation as a removal first
            #expect(reply.status == 200 && reply.body == Data(#"{"ok":true}"#.utf8), "the answer: \(reply)")
            #expect(CurlSocketHook.shared.narrowings > before, "the socket's watch narrowed through the hook")
        }
    #endif
}
