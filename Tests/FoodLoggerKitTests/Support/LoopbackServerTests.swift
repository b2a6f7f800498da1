import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import LoopbackHTTP
import Testing

/// The loopback server, exercised with the real URLSession the API client uses.
@Suite struct LoopbackServerTests {
    // MARK: Helpers

    /// A fresh session per test: no cache, no cookies, no connection shared with other tests.
    private func makeSession(timeout: TimeInterval = 10) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout, 120)
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }

    private func get(
        _ url: URL, session: URLSession, headers: [String: String] = [:]
    ) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse, "expected an HTTP response")
        return (data, http)
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Polls `condition` for up to 5 s; the answer of the last poll.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<100 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return condition()
    }

    // MARK: Recording

    @Test func getWithQueryIsRecordedExactly() async throws {
        // Given
        let sut = try LoopbackServer(replies: [.json("{}")])
        defer { sut.stop() }
        let session = makeSession()
        defer { session.invalidateAndCancel() }
        let query = "key=k%2B1&keyword=%E6%B8%8B%E8%B0%B7&lat=35.658&range=3&format=json&flag"
        let url = try #require(URL(string: "gourmet/v1/?\(query)", relativeTo: sut.baseURL))

        // When
        _ = try await get(url.absoluteURL, session: session, headers: ["X-Probe": "yes"])

        // Then
        let requests = sut.requests
        #expect(requests.count == 1, "expected exactly one recorded request, got \(requests.count)")
        let request = try #require(requests.first)
        #expect(request.method == "GET", "expected GET, got \(request.method)")
        #expect(request.path == "/gourmet/v1/", "expected the path without the query, got \(request.path)")
        #expect(request.query == query, "expected the raw query kept percent-encoded, got \(request.query ?? "nil")")
        #expect(request.target == "/gourmet/v1/?\(query)", "expected the raw target, got \(request.target)")
        #expect(request.queryValue("keyword") == "渋谷", "expected keyword decoded to 渋谷")
        #expect(request.queryValue("key") == "k+1", "expected %2B decoded to +")
        #expect(
            request.queryItems.map(\.name) == ["key", "keyword", "lat", "range", "format", "flag"],
            "expected the query items in order")
        #expect(request.queryItems.last?.value == nil, "expected an item without = to have no value")
        #expect(request.headers["x-probe"] == "yes", "expected header names lowercased, got \(request.headers)")
        #expect(request.headers["host"] == "127.0.0.1:\(sut.port)", "expected the Host header of the base URL")
        #expect(request.body.isEmpty, "expected no body on a GET")
    }

    @Test func postBodyIsRecorded() async throws {
        // Given
        let sut = try LoopbackServer(replies: [.status(204)])
        defer { sut.stop() }
        let session = makeSession()
        defer { session.invalidateAndCancel() }
        let payload = Data((0..<(2 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 * 7) })
        var request = URLRequest(url: sut.baseURL.appendingPathComponent("upload"))
        request.httpMethod = "POST"
        request.httpBody = payload
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")

        // When
        let (_, response) = try await session.data(for: request)

        // Then
        #expect((response as? HTTPURLResponse)?.statusCode == 204, "expected the 204 reply")
        let recorded = try #require(sut.requests.first, "expected the POST to be recorded")
        #expect(recorded.method == "POST", "expected POST, got \(recorded.method)")
        #expect(recorded.path == "/upload", "expected /upload, got \(recorded.path)")
        #expect(recorded.query == nil, "expected no query, got \(recorded.query ?? "nil")")
        #expect(recorded.body == payload, "expected the 2 MiB body byte for byte, got \(recorded.body.count) bytes")
        #expect(recorded.headers["content-type"] == "application/octet-stream", "expected the content type")
    }

    // MARK: Replies

    @Test func jsonReplyComesBackWithStatusAndContentType() async throws {
        // Given
        let json = #"{"results":{"results_available":1,"shop":[{"name":"渋谷食堂"}]}}"#
        let sut = try LoopbackServer(replies: [.json(json, status: 200)])
        defer { sut.stop() }
        let session = makeSession()
        defer { session.invalidateAndCancel() }

        // When
        let (data, response) = try await get(sut.baseURL, session: session)

        // Then
        #expect(response.statusCode == 200, "expected 200, got \(response.statusCode)")
        #expect(String(decoding: data, as: UTF8.self) == json, "expected the JSON body unchanged")
        #expect(
            response.value(forHTTPHeaderField: "Content-Type") == "text/javascript; charset=utf-8",
            "expected the service's text/javascript content type")
    }

    @Test func fileReplyServesTheFileContents() async throws {
        // Given
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("loopback-\(UUID().uuidString).json").path
        let contents = Data(#"{"results":{"shop":[]}}"#.utf8)
        try contents.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sut = try LoopbackServer(replies: [try .file(path)])
        defer { sut.stop() }
        let session = makeSession()
        defer { session.invalidateAndCancel() }

        // When
        let (data, _) = try await get(sut.baseURL, session: session)

        // Then
        #expect(data == contents, "expected the file's bytes")
    }

    @Test func repliesAreServedInOrderThenTheLastRepeats() async throws {
        // Given
        let sut = try LoopbackServer(replies: [
            .status(503, retryAfter: "2"), .status(500, body: "boom"), .json(#"{"ok":true}"#),
        ])
        defer { sut.stop() }
        let session = makeSession()
        defer { session.invalidateAndCancel() }

        // When
        var statuses: [Int] = []
        var retryAfter: String?
        var bodies: [String] = []
        for _ in 0..<4 {
            let (data, response) = try await get(sut.baseURL, session: session)
            statuses.append(response.statusCode)
            bodies.append(String(decoding: data, as: UTF8.self))
            if response.statusCode == 503 { retryAfter = response.value(forHTTPHeaderField: "Retry-After") }
        }

        // Then
        #expect(statuses == [503, 500, 200, 200], "expected fail, fail, succeed, then the last again")
        #expect(retryAfter == "2", "expected Retry-After: 2 on the 503")
        #expect(bodies == ["", "boom", #"{"ok":true}"#, #"{"ok":true}"#], "expected each reply's body")
        #expect(sut.requests.count == 4, "expected four recorded requests")
    }

    @Test func delayedReplyArrivesAfterTheDelay() async throws {
        // Given
        let sut = try LoopbackServer(replies: [Reply.json("{}").delayed(by: 0.3)])
        defer { sut.stop() }
        let session = makeSession()
        defer { session.invalidateAndCancel() }

        // When
        let start = ContinuousClock.now
        let (_, response) = try await get(sut.baseURL, session: session)
        let elapsed = seconds(since: start)

        // Then
        #expect(response.statusCode == 200, "expected the delayed reply to arrive")
        #expect(elapsed >= 0.3, "expected to wait at least the 0.3 s delay, waited \(elapsed) s")
        // Well before the session's 120 s resource limit, with room for a loaded 2-core machine
        // (15 s was seen there with builds beside the tests).
        #expect(elapsed < 60, "expected the delayed reply well before the 120 s limit, waited \(elapsed) s")
    }

    // MARK: Faults

    @Test func closeWithoutAnswerIsAnError() async throws {
        // Given
        let sut = try LoopbackServer(replies: [.closeWithoutAnswer])
        defer { sut.stop() }
        let session = makeSession()
        defer { session.invalidateAndCancel() }

        // When
        let result = await Result { try await get(sut.baseURL, session: session) }

        // Then
        #expect(throws: URLError.self, "expected a URLError when the server closes without answering") {
            try result.get()
        }
        #if canImport(FoundationNetworking)
            // libcurl retries only on reused connections, and the server never lets one be reused.
            #expect(sut.requests.count == 1, "expected the request read once, not retried, got \(sut.requests.count)")
        #else
            // Apple's URLSession may retry an idempotent request once on a lost connection (QA1941).
            #expect(sut.requests.count >= 1, "expected the request to have been read")
        #endif
    }

    @Test func truncatedBodyIsAnError() async throws {
        // Given
        let sut = try LoopbackServer(replies: [Reply.json(#"{"results":{"shop":[]}}"#).truncated()])
        defer { sut.stop() }
        let session = makeSession()
        defer { session.invalidateAndCancel() }

        // When
        let result = await Result { try await get(sut.baseURL, session: session) }

        // Then
        #expect(throws: URLError.self, "expected a URLError for a body shorter than Content-Length") {
            try result.get()
        }
    }

    @Test func hangingReplyTimesOutAndItsConnectionEnds() async throws {
        // Given
        let sut = try LoopbackServer(replies: [.hang])
        defer { sut.stop() }
        let session = makeSession(timeout: 1)
        defer { session.invalidateAndCancel() }

        // When
        let start = ContinuousClock.now
        let result = await Result { try await get(sut.baseURL, session: session) }
        let elapsed = seconds(since: start)

        // Then
        #expect(throws: URLError.self, "expected the 1 s request timeout to fire") { try result.get() }
        if case .failure(let error as URLError) = result {
            #expect(error.code == .timedOut, "expected .timedOut, got \(error.code)")
        }
        // The 1 s request timeout, not the 120 s resource limit, ended it (room for load as above).
        #expect(elapsed < 60, "expected the 1 s timeout, not the 120 s limit, to end the request, took \(elapsed) s")
        #expect(
            await eventually { sut.activeConnections == 0 },
            "expected the hanging connection to end once the client gave up")
        let stopStart = ContinuousClock.now
        sut.stop()
        #expect(seconds(since: stopStart) < 5, "expected stop() to return promptly")
    }

    @Test func stopEndsAHangingConnectionAndTheListener() async throws {
        // Given: a request the server will never answer, and a client that would wait 60 s.
        let sut = try LoopbackServer(replies: [.hang])
        let session = makeSession(timeout: 60)
        defer { session.invalidateAndCancel() }
        let baseURL = sut.baseURL
        let pending = Task { [self] in try await get(baseURL, session: session) }
        #expect(
            await eventually { sut.requests.count == 1 && sut.activeConnections == 1 },
            "expected the hanging request to arrive")

        // When
        let start = ContinuousClock.now
        sut.stop()
        let stopTook = seconds(since: start)
        let result = await pending.result

        // Then
        // Well under the client's own 60 s, with room for a loaded 2-core machine (6.5 s seen in
        // CI while the hostile-server tests flooded loopback beside it).
        #expect(stopTook < 20, "expected stop() to return promptly, took \(stopTook) s")
        #expect(sut.activeConnections == 0, "expected no connection left after stop()")
        #expect(seconds(since: start) < 20, "expected the client to fail promptly after stop()")
        #expect(throws: URLError.self, "expected the client to see the connection closed") { try result.get() }
        let afterStop = await Result { try await get(baseURL, session: session) }
        #expect(throws: URLError.self, "expected the port to refuse connections after stop()") {
            try afterStop.get()
        }
    }

    @Test func releasingTheServerStopsIt() async throws {
        // Given
        var sut: LoopbackServer? = try LoopbackServer(replies: [.hang])
        let baseURL = try #require(sut?.baseURL)
        let session = makeSession(timeout: 60)
        defer { session.invalidateAndCancel() }
        let pending = Task { [self] in try await get(baseURL, session: session) }
        #expect(await eventually { sut?.requests.count == 1 }, "expected the hanging request to arrive")

        // When
        sut = nil

        // Then
        let released = await pending.result
        #expect(throws: URLError.self, "expected deinit to close the hanging connection") {
            try released.get()
        }
        let afterRelease = await Result { try await get(baseURL, session: session) }
        #expect(throws: URLError.self, "expected the port to refuse connections after deinit") {
            try afterRelease.get()
        }
    }

    // MARK: Load

    @Test func twentyConcurrentRequestsAreAllServed() async throws {
        // Given: a handler that echoes the request number.
        let sut = try LoopbackServer { request in
            Reply.json(#"{"n":\#(request.queryValue("n") ?? "-")}"#).delayed(by: 0.05)
        }
        defer { sut.stop() }
        let session = makeSession()
        defer { session.invalidateAndCancel() }
        let baseURL = sut.baseURL

        // When
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for n in 0..<20 {
                group.addTask { [self] in
                    let url = try #require(URL(string: "?n=\(n)", relativeTo: baseURL))
                    let (data, response) = try await get(url.absoluteURL, session: session)
                    #expect(response.statusCode == 200, "expected 200 for request \(n)")
                    return (n, String(decoding: data, as: UTF8.self))
                }
            }
            var answers: [Int: String] = [:]
            for try await (n, body) in group { answers[n] = body }
            return answers
        }

        // Then
        #expect(answers.count == 20, "expected 20 answers, got \(answers.count)")
        for n in 0..<20 {
            #expect(answers[n] == #"{"n":\#(n)}"#, "expected request \(n) to get its own answer")
        }
        let recorded = Set(sut.requests.compactMap(\.query))
        #expect(recorded == Set((0..<20).map { "n=\($0)" }), "expected all 20 requests recorded once each")
        #expect(sut.requests.count == 20, "expected exactly 20 recorded requests")
    }
}

extension Result where Failure == any Error {
    /// `Result(catching:)` for async bodies.
    fileprivate init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
