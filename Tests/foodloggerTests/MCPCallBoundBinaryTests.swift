import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// `foodlogger mcp` sent 5,000 tool calls at once against a service that never answers (issue
/// #50, item 5): 16 run at a time, 256 wait, the rest are told at once that the server is busy;
/// those still running or waiting a second after the input ends are stopped and said so (#49, 15).
@Suite struct MCPCallBoundBinaryTests {
    static let calls = 5000
    /// `MCPInteractor.defaultCallsAtOnce` and `defaultCallsWaiting`.
    static let atOnce = 16, waiting = 256
    static let timeout = 0.5

    @Test func fiveThousandCallsAtOnceAreBoundedAndEachAnsweredOnce() async throws {
        // Given a HOT PEPPER that never answers, and 5,000 search calls in one burst on stdin
        let server = try LoopbackServer(replies: [.hang])
        defer { server.stop() }
        let folder = try TemporaryFolder("foodlogger-mcp-burst")
        let lines = (1...Self.calls).map { id in
            #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"search_restaurants","arguments":{"lat":35.68,"lng":139.76}}}"#
        }
        let input = folder.path + "/calls.jsonl"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: input))

        // When the server reads them all, then its input ends
        let result = try await Spawned.runOffPool(
            ["mcp", "--provider", "hotpepper", "--timeout", String(Self.timeout), "--retries", "0"],
            environment: ["HOTPEPPER_API_KEY": "test-key", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString],
            stdin: input)

        // Then every call got exactly one answer
        #expect(result.status == 0, "EOF: exit 0; stderr: \(result.stderr.suffix(300))")
        let answers = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let ids = answers.compactMap { $0["id"] as? Int }
        #expect(ids.count == Self.calls && Set(ids) == Set(1...Self.calls), "\(ids.count) answers for \(Set(ids).count) ids")
        // The calls past those running and waiting were told at once that the server is busy
        let busy = answers.filter { ($0["error"] as? [String: Any])?["code"] as? Int == -32000 }
        let message = (busy.first?["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(
            message.hasPrefix("Server busy: 16 tool calls are running and 256 more are waiting")
                && message.contains("was not run"), "\(message)")
        // And the calls that ran each said that the service did not answer
        let ran = answers.compactMap { $0["result"] as? [String: Any] }
        let timedOut = ran.filter { $0["isError"] as? Bool == true && text($0).contains("no answer from") }
        #expect(timedOut.count == ran.count, "every call that ran timed out: \(ran.first.map(text) ?? "")")
        let stopped = answers.filter { ($0["error"] as? [String: Any])?["code"] as? Int == -32001 }
        #expect(
            busy.count + ran.count + stopped.count == Self.calls,
            "\(busy.count) busy, \(ran.count) run and \(stopped.count) stopped at the end of input")
        #expect(
            ran.count + stopped.count >= Self.atOnce + Self.waiting,
            "those running and waiting all ran or were stopped: \(ran.count) + \(stopped.count)")
        #expect(busy.count >= Self.calls / 2, "most of a burst is refused, not held: \(busy.count) busy")
        // A call's time-out starts when it runs: no more calls timed out, and no more requests
        // were sent, than run at once in each time-out (unbounded: 5,000 timed out in 10 s of 0.5 s time-outs)
        let periods = Int((result.seconds / Self.timeout).rounded(.up)) + 1
        #expect(timedOut.count <= Self.atOnce * periods, "\(timedOut.count) timed out in \(result.seconds) s")
        #expect(server.requests.count <= Self.atOnce * periods, "\(server.requests.count) requests in \(result.seconds) s")
        #expect(server.requests.count >= Self.atOnce / 2, "the calls that ran asked: \(server.requests.count)")
        // A request waits its turn in foodlogger's own queue before its clock starts: every call
        // told "no answer" had its request sent
        #expect(
            timedOut.count <= server.requests.count, "\(timedOut.count) timed out, \(server.requests.count) requests sent")
        // And memory stayed flat
        #expect(
            (1 << 20)..<(64 << 20) ~= result.peakBytes, "peak RSS \(result.peakBytes >> 20) MiB (was 505 MB unbounded)")
    }
}
