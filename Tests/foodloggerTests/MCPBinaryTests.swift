import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// `foodlogger mcp` run as an MCP client runs it: a child process spoken to over pipes.
final class MCPSession: @unchecked Sendable {
    let process = Process()
    let input = Pipe(), output = Pipe(), errors = Pipe()
    /// HOME and the XDG folders, so the log and the last list are the test's own.
    let home: TemporaryFolder
    private let lock = NSLock()
    private var lines: [String] = []
    private var stderrText = Data()
    private var reader: Thread?

    init(_ arguments: [String] = ["--stub"], environment: [String: String] = [:]) throws {
        home = try TemporaryFolder("foodlogger-mcp")
        process.executableURL = Binary.url
        process.arguments = ["mcp"] + arguments
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config",
            "XDG_DATA_HOME": home.path + "/data", "XDG_STATE_HOME": home.path + "/state", "XDG_CACHE_HOME": home.path + "/cache",
        ].merging(Loopback.unreachableServices) { $1 }.merging(environment) { $1 }
        process.currentDirectoryURL = home.url
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading, err = errors.fileHandleForReading
        reader = Thread { [weak self] in
            var pending = Data()
            while case let chunk = out.availableData, !chunk.isEmpty {
                pending += chunk
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    self?.lock.withLock { self?.lines.append(line) }
                }
            }
        }
        reader?.start()
        Thread {
            [weak self] in
            while case let chunk = err.availableData, !chunk.isEmpty { self?.lock.withLock { self?.stderrText += chunk } }
        }.start()
    }

    deinit { if process.isRunning { process.terminate() } }

    var stderr: String { lock.withLock { String(decoding: stderrText, as: UTF8.self) } }
    var received: [String] { lock.withLock { lines } }

    func send(_ text: String) {
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
    }

    func send(id: Int, _ method: String, _ params: [String: Any] = [:]) throws {
        let message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        send(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self))
    }

    /// The answer with this id (nil: the one with a null id), waiting up to `seconds`.
    func answer(_ id: Int?, within seconds: Double = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            for line in received {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
                if let id, object["id"] as? Int == id { return object }
                if id == nil, object["id"] is NSNull { return object }
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw MCPSessionError.noAnswer(id: id, received: received, stderr: stderr)
    }

    /// Calls a tool and gives its result.
    func call(id: Int, _ tool: String, _ arguments: [String: Any] = [:]) throws -> [String: Any] {
        try send(id: id, "tools/call", ["name": tool, "arguments": arguments])
        let answer = try answer(id)
        guard let result = answer["result"] as? [String: Any] else { throw MCPSessionError.notAResult("\(answer)") }
        return result
    }

    /// A session over HOT PEPPER on loopback that never answers, with call 1 (a search) sent and
    /// waiting for it; the server is returned to keep it alive and count its requests.
    static func waitingOnASilentService() throws -> (MCPSession, LoopbackServer) {
        let server = try LoopbackServer(replies: [.hang])
        let session = try MCPSession(
            ["--provider", "hotpepper", "--timeout", "60", "--retries", "0"],
            environment: ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        _ = try session.initialize()
        try session.send(id: 1, "tools/call", ["name": "search_restaurants", "arguments": ["keyword": "x"]])
        let deadline = Date().addingTimeInterval(20)
        while server.requests.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return (session, server)
    }

    func initialize(_ revision: String = "2025-06-18") throws -> [String: Any] {
        try send(
            id: 0, "initialize",
            ["protocolVersion": revision, "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]])
        let answer = try answer(0)
        send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        return answer["result"] as? [String: Any] ?? [:]
    }

    /// Closes stdin and waits for the exit status.
    func close(within seconds: Double = 20) -> Int32? {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return process.isRunning ? nil : process.terminationStatus
    }
}

enum MCPSessionError: Error {
    case noAnswer(id: Int?, received: [String], stderr: String)
    case notAResult(String)
}

/// The text a tool result carries.
func text(_ result: [String: Any]) -> String {
    ((result["content"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }.joined(separator: "\n")
}

@Suite(.serialized) struct MCPBinaryTests {
    @Test(arguments: ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2099-01-01"])
    func initializeNegotiatesTheRevision(asked: String) throws {
        // Given the server
        let session = try MCPSession()

        // When a client asks for a revision
        let result = try session.initialize(asked)

        // Then a supported one is answered in kind; another gets the newest
        #expect(result["protocolVersion"] as? String == (asked == "2099-01-01" ? "2025-11-25" : asked), "\(result)")
        #expect((result["capabilities"] as? [String: Any])?["tools"] != nil, "tools offered")
        #expect((result["serverInfo"] as? [String: Any])?["name"] as? String == "foodlogger", "named")
        #expect(session.close() == 0, "EOF: exit 0")
    }

    @Test func toolsAreListedWithSchemasAndAnnotations() throws {
        let session = try MCPSession()
        _ = try session.initialize()

        try session.send(id: 1, "tools/list")
        let tools = try #require((try session.answer(1)["result"] as? [String: Any])?["tools"] as? [[String: Any]])

        #expect(
            tools.compactMap { $0["name"] as? String }.sorted()
                == [
                    "list_genres", "list_log", "log_visit", "pick_restaurant", "remove_log_entry", "search_restaurants",
                    "show_restaurant",
                ])
        for tool in tools {
            #expect((tool["inputSchema"] as? [String: Any])?["type"] as? String == "object", "\(tool["name"] ?? "")")
            #expect((tool["outputSchema"] as? [String: Any])?["type"] as? String == "object", "\(tool["name"] ?? "")")
        }
        #expect(session.close() == 0)
    }

    @Test func everyToolAnswersOnTheStubAndTheLogToolsUseTheTestsFolder() throws {
        // Given a server over the stub, with its own HOME and XDG folders
        let session = try MCPSession(["--stub"])
        _ = try session.initialize()

        // When each tool is called
        let search = try session.call(id: 1, "search_restaurants", ["lat": 35.6812, "lng": 139.7671, "count": 3])
        let show = try session.call(id: 2, "show_restaurant", ["shops": [1, "J900000002"]])
        // (at a set hour: pick keeps open places, and at night in Japan none is)
        let pick = try session.call(
            id: 3, "pick_restaurant", ["lat": 35.6812, "lng": 139.7671, "seed": 7, "open_at": "wed 12:00"])
        let logged = try session.call(id: 4, "log_visit", ["shop": "J900000001", "rating": 4, "note": "good"])
        let log = try session.call(id: 5, "list_log")
        let genres = try session.call(id: 6, "list_genres")

        // Then each gives its command's --json as structuredContent
        let found = search["structuredContent"] as? [String: Any]
        #expect((found?["restaurants"] as? [[String: Any]])?.count == 3 && found?["total"] as? Int == 10, "\(search)")
        #expect(text(search).contains("More: call again with start 4."), "paging said: \(text(search))")
        let shown = (show["structuredContent"] as? [String: Any])?["restaurants"] as? [[String: Any]]
        #expect(shown?.compactMap { $0["id"] as? String } == ["J900000001", "J900000002"], "1 is the last list's first: \(show)")
        #expect((pick["structuredContent"] as? [String: Any])?["id"] is String, "a place: \(pick)")
        #expect(logged["isError"] as? Bool == false && text(logged).hasPrefix("Logged entry 1:"), "\(logged)")
        let entries = (log["structuredContent"] as? [String: Any])?["entries"] as? [[String: Any]]
        #expect(entries?.first?["note"] as? String == "good", "the entry just logged: \(log)")
        #expect(
            ((log["structuredContent"] as? [String: Any])?["file"] as? String)?.hasPrefix(
                session.home.url.resolvingSymlinksInPath().path) == true
                || ((log["structuredContent"] as? [String: Any])?["file"] as? String)?.hasPrefix(session.home.path) == true,
            "the log in the test's folder: \(log)")
        #expect(((genres["structuredContent"] as? [String: Any])?["genres"] as? [[String: Any]])?.isEmpty == false, "\(genres)")
        #expect(session.close() == 0)
    }

    @Test func searchAsksTheServiceItIsPointedAtWithTheKeyNeverShown() throws {
        // Given HOT PEPPER on loopback and a key in the environment
        let key = "canary-mcp-7d41"
        let server = try LoopbackServer(replies: [try .file(Fixtures.url("gourmet/v1.30_full_3shops.json").path)])
        let session = try MCPSession(
            ["--provider", "hotpepper"],
            environment: ["HOTPEPPER_API_KEY": key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        _ = try session.initialize()

        // When a search is called, and one the service never gets (a bad argument)
        let result = try session.call(id: 1, "search_restaurants", ["keyword": "x"])
        let refused = try session.call(id: 2, "search_restaurants", ["open_at": "someday", "lat": 35, "lng": 139])

        // Then the service's shops come back, the refusal is the CLI's line, and the key is nowhere
        let shops = (result["structuredContent"] as? [String: Any])?["restaurants"] as? [[String: Any]]
        #expect(shops?.count == 3, "three shops: \(result)")
        #expect(server.requests.first?.queryValue("key") == key, "the key was sent to the service")
        #expect(refused["isError"] as? Bool == true, "isError")
        #expect(
            text(refused).hasPrefix("open_at takes a time such as") && !text(refused).contains("--"),
            "the command's refusal in the tool's words: \(text(refused))")
        #expect(session.close() == 0)
        #expect(!session.received.joined().contains(key) && !session.stderr.contains(key), "the key never appears")
    }

    @Test func mistakesGetTheirErrorsAndTheServerKeepsServing() throws {
        let session = try MCPSession()
        _ = try session.initialize()

        // When a client sends an unknown tool, an unknown method, broken JSON and a notification
        try session.send(id: 1, "tools/call", ["name": "nope"])
        try session.send(id: 2, "sampling/whatever")
        session.send(#"{"jsonrpc":"2.0","id":3,"method":"#)
        session.send(#"{"jsonrpc":"2.0","method":"notifications/progress","params":{}}"#)
        try session.send(id: 4, "ping")

        // Then each gets its JSON-RPC error, the notification nothing, and the server still answers
        #expect((try session.answer(1)["error"] as? [String: Any])?["code"] as? Int == -32602, "unknown tool")
        #expect((try session.answer(2)["error"] as? [String: Any])?["code"] as? Int == -32601, "unknown method")
        #expect((try session.answer(nil)["error"] as? [String: Any])?["code"] as? Int == -32700, "parse error")
        #expect(try session.answer(4)["result"] is [String: Any], "ping answered")
        #expect(session.received.count == 5, "the notification got no answer: \(session.received)")
        #expect(session.close() == 0)
    }

    @Test func aTenMegabyteLineIsRefusedAndTheServerKeepsServing() throws {
        let session = try MCPSession()

        session.send(String(repeating: "x", count: 10 << 20))
        try session.send(id: 1, "ping")

        #expect((try session.answer(nil)["error"] as? [String: Any])?["code"] as? Int == -32600, "refused")
        #expect(try session.answer(1)["result"] is [String: Any], "then a ping is answered")
        #expect(session.close() == 0)
    }

    @Test func aCancelledCallStopsItsRequestAndIsNotAnswered() throws {
        // Given HOT PEPPER on loopback that never answers, and a call waiting for it
        let (session, server) = try MCPSession.waitingOnASilentService()

        // When the client cancels the call
        session.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user"}}"#)
        try session.send(id: 2, "ping")
        _ = try session.answer(2)
        let closed = Date().addingTimeInterval(20)
        while server.activeConnections > 0, Date() < closed { Thread.sleep(forTimeInterval: 0.01) }

        // Then the request is dropped, no answer comes, and the server exits at EOF without waiting 60 s
        #expect(server.activeConnections == 0, "the connection to the service was closed")
        let started = Date()
        #expect(session.close() == 0, "exit 0")
        #expect(Date().timeIntervalSince(started) < 10, "no wait for the cancelled call")
        #expect(!session.received.contains { $0.contains(#""id":1,"#) }, "no answer to the cancelled call: \(session.received)")
    }

    @Test func aClientThatStopsReadingEndsTheSessionWithoutACrash() throws {
        // Given the server with nobody reading its stdout
        let home = try TemporaryFolder("foodlogger-mcp")
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["mcp", "--stub"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": home.path]
        let input = Pipe(), output = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, FileHandle.nullDevice)
        try process.run()
        try output.fileHandleForReading.close()

        // When a client writes requests, then ends
        // (in one write: the server may be gone before a second one, which would fail here)
        let pings = (1...3).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# + "\n" }.joined()
        input.fileHandleForWriting.write(Data(pings.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()

        // Then the server ends as a session ends, not by SIGPIPE or a trap
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "exit 0: \(process.terminationStatus)")
    }
}
