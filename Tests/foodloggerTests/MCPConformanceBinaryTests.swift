import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// `foodlogger mcp` keeping the protocol's rules (issue #49, items 15 and 16), spoken to over pipes.
@Suite(.serialized) struct MCPConformanceBinaryTests {
    static var envelope: [String: Any] {
        [
            "_meta": ["io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": [:]]
        ]
    }

    @Test func aBatchUnder20250326IsAnsweredInOneLine() throws {
        // Given a session in 2025-03-26
        let session = try MCPSession()
        _ = try session.initialize("2025-03-26")

        // When a batch brings a ping and a call
        session.send(
            #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_genres"}}]"#
        )

        // Then one line answers both, as an array
        let deadline = Date().addingTimeInterval(20)
        var batch: [[String: Any]]?
        while batch == nil, Date() < deadline {
            batch =
                session.received.lazy.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [[String: Any]] }
                .first
            Thread.sleep(forTimeInterval: 0.01)
        }
        let answers = try #require(batch, "a batch answer: \(session.received)")
        #expect(Set(answers.compactMap { $0["id"] as? Int }) == [1, 2], "both answered: \(answers)")
        #expect(session.close() == 0)
    }

    @Test func theEndOfInputEndsTheServerWithinTwoSecondsStoppingWhatRuns() throws {
        // Given HOT PEPPER on loopback that never answers, and a call waiting for it
        let (session, server) = try MCPSession.waitingOnASilentService()

        // When the client closes stdin
        let started = Date()
        let status = session.close()

        // Then the server ends soon after (a one-second grace, not the call's 60 s), the call answered as stopped
        #expect(status == 0, "exit 0")
        #expect(
            Date().timeIntervalSince(started) < 4, "ended \(Date().timeIntervalSince(started)) s after EOF (2 s and CI's slack)")
        let answer = try session.answer(1, within: 1)
        #expect((answer["error"] as? [String: Any])?["code"] as? Int == -32001, "stopped: \(answer)")
    }

    @Test func aLineOverTheLimitIsAnsweredWithItsID() throws {
        let session = try MCPSession()

        session.send(
            #"{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"search_restaurants","arguments":{"keyword":""#
                + String(repeating: "x", count: 2 << 20) + #""}}}"#)
        try session.send(id: 1, "ping")

        let refused = try session.answer(77)
        #expect((refused["error"] as? [String: Any])?["code"] as? Int == -32600, "refused: \(refused)")
        #expect(try session.answer(1)["result"] is [String: Any], "then a ping is answered")
        #expect(session.close() == 0)
    }

    @Test func initializeIsOnceAndNeedsItsVersion() throws {
        let session = try MCPSession()

        try session.send(id: 1, "initialize", ["capabilities": [:]])
        _ = try session.initialize("2025-06-18")
        try session.send(id: 2, "initialize", ["protocolVersion": "2025-06-18", "capabilities": [:]])
        try session.send(id: 3, "tools/list", ["cursor": "next"])

        #expect((try session.answer(1)["error"] as? [String: Any])?["code"] as? Int == -32602, "no protocolVersion")
        #expect((try session.answer(2)["error"] as? [String: Any])?["code"] as? Int == -32600, "a second initialize")
        #expect((try session.answer(3)["error"] as? [String: Any])?["code"] as? Int == -32602, "a cursor never handed out")
        #expect(session.close() == 0)
    }

    @Test func revision20260728IsSpokenInItsEnvelope() throws {
        let session = try MCPSession()

        // When a client discovers and calls without initialize, then asks in a revision not spoken
        try session.send(id: 1, "server/discover", Self.envelope)
        try session.send(
            id: 2, "tools/call", Self.envelope.merging(["name": "list_genres", "arguments": [:]]) { $1 })
        try session.send(
            id: 3, "tools/list",
            [
                "_meta": [
                    "io.modelcontextprotocol/protocolVersion": "2030-01-01", "io.modelcontextprotocol/clientCapabilities": [:],
                ]
            ])

        // Then each answer has 2026-07-28's shape, and the unknown revision is -32022 naming the one spoken
        let discovered = try #require(try session.answer(1)["result"] as? [String: Any])
        #expect(discovered["supportedVersions"] as? [String] == ["2026-07-28"], "\(discovered)")
        #expect(discovered["resultType"] as? String == "complete" && discovered["ttlMs"] is Int, "\(discovered)")
        let called = try #require(try session.answer(2)["result"] as? [String: Any])
        #expect(called["resultType"] as? String == "complete" && called["structuredContent"] is [String: Any], "\(called)")
        let refused = try #require(try session.answer(3)["error"] as? [String: Any])
        #expect(refused["code"] as? Int == -32022, "\(refused)")
        #expect((refused["data"] as? [String: Any])?["supported"] as? [String] == ["2026-07-28"], "\(refused)")
        #expect(session.close() == 0)
    }
}
