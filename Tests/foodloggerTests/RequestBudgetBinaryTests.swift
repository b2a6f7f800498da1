import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// Issue #50, items 3 and 13: a request is sent once per call however many calls wait for the
/// same host, its timer starts when it is sent, a request Google may have billed is never sent
/// again, and `--timeout` bounds a request's retries too. Against loopback servers, counting
/// every request that reaches them.
@Suite struct RequestBudgetBinaryTests {
    static let googleKey = "AIzaBUDGET-key-13579"
    static let shibuya = ["--lat", "35.658", "--lng", "139.7016"]
    static let paris = ["--lat", "48.8566", "--lng", "2.3522"]

    static func googleEnvironment(_ server: LoopbackServer) -> [String: String] {
        [
            "GOOGLE_PLACES_API_KEY": googleKey,
            "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1").absoluteString,
        ]
    }

    static func overpassEnvironment(_ server: LoopbackServer) -> [String: String] {
        ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString]
    }

    /// A Nearby Search answer of one place near Shibuya.
    static let nearby = Reply.json(
        #"{"places": [{"id": "ChIJbudget1", "displayName": {"text": "Budget Pub"}, "location": {"latitude": 35.6581, "longitude": 139.7016}}]}"#,
        contentType: "application/json")

    /// Searches at Google sent through `mcp` at once, without waiting for answers, and what each
    /// call's result must be.
    struct CallsAtOnce: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var reply: Reply
        var calls: Int
        /// `--timeout`: the seconds each request is given.
        var timeout: String
        var fails: Bool
        var says: String
    }

    static let callsAtOnce = [
        // Twice the six connections URLSession opens to one host: six wait their turn (today
        // their timers ran while they waited, and 18 requests were sent).
        CallsAtOnce(
            testDescription: "12 calls, a Google answering in 2 s, 3 s allowed", reply: nearby.delayed(by: 2), calls: 12,
            timeout: "3", fails: false, says: "Budget Pub"),
        CallsAtOnce(
            testDescription: "3 calls, a Google that never answers, 1 s allowed", reply: .hang, calls: 3, timeout: "1",
            fails: true, says: "not sent again, as Google Places may have billed it"),
    ]

    // MARK: 3. N calls, N requests

    @Test(arguments: callsAtOnce)
    func callsMadeAtOnceSendOneRequestEach(_ given: CallsAtOnce) throws {
        // Given Google on loopback
        let server = try LoopbackServer { _ in given.reply }
        let session = try MCPSession(["--timeout", given.timeout], environment: Self.googleEnvironment(server))
        _ = try session.initialize()

        // When the calls are sent without waiting for answers
        let search: [String: Any] = [
            "name": "search_restaurants", "arguments": ["lat": 35.658, "lng": 139.7016, "provider": "google"],
        ]
        for id in 1...given.calls { try session.send(id: id, "tools/call", search) }

        // Then every call is answered as expected, and each sent exactly one billed request
        for id in 1...given.calls {
            let result = try #require(try session.answer(id, within: 60)["result"] as? [String: Any], "call \(id) answered")
            #expect(result["isError"] as? Bool == given.fails, "call \(id): \(text(result))")
            #expect(text(result).contains(given.says), "call \(id): \(text(result))")
        }
        #expect(server.requests.count == given.calls, "\(given.calls) calls, \(server.requests.count) requests")
        #expect(session.close() == 0, "exit 0 at EOF")
        #expect(!session.stderr.contains(Self.googleKey), "the key nowhere")
    }

    @Test func aSearchAtAGoogleThatNeverAnswersIsSentOnce() async throws {
        // Given Google that never answers, with retries left
        let server = try LoopbackServer(replies: [.hang])

        // When a search gives it 1 s
        let result = try await Spawned.runOffPool(
            ["search", "--provider", "google", "--timeout", "1", "--retries", "2"] + Self.shibuya,
            environment: Self.googleEnvironment(server))

        // Then one request, one line saying why it was not sent again, EX_UNAVAILABLE
        #expect(result.status == 69, "exit 69; stderr: \(result.stderr)")
        #expect(server.requests.count == 1, "one billed request: \(server.requests.count)")
        #expect(result.stderrLines.count == 1, "one line: \(result.stderr)")
        #expect(
            result.stderr.contains("within 1 s; not sent again, as Google Places may have billed it"),
            "says why: \(result.stderr)")
        #expect(!result.stderr.contains(Self.googleKey), "the key nowhere")
        #expect(result.seconds < 10, "ended, not hung: \(result.seconds) s")
    }

    // MARK: 13. --timeout bounds the retries too

    /// 2 s, and 6 s: long enough for the line a terminal would get after 5 s, which a pipe does not.
    @Test(arguments: [2, 6])
    func anOverpassThatNeverAnswersEndsTheRunWithinTheTimeout(seconds: Int) async throws {
        // Given Overpass that never answers (it took 91 s with three 30 s attempts), stderr a file
        let server = try LoopbackServer(replies: [.hang])

        // When a search allows a few seconds
        let result = try await Spawned.runOffPool(
            ["search", "--provider", "osm", "--timeout", "\(seconds)"] + Self.paris,
            environment: Self.overpassEnvironment(server))

        // Then the run ends with one request and one line naming the time allowed; nobody watches a pipe
        #expect(result.status == 69, "exit 69; stderr: \(result.stderr)")
        #expect(server.requests.count == 1, "no retry once the time is spent: \(server.requests.count)")
        #expect(result.stderrLines.count == 1, "one line, no waiting line: \(result.stderr)")
        #expect(result.stderr.contains("within \(seconds) s"), "names the time allowed: \(result.stderr)")
        #expect(result.seconds < Double(seconds + 8), "ended, not hung: \(result.seconds) s")
    }

    @Test func retriesOfAFailingOverpassStopWhenTheTimeIsSpent() async throws {
        // Given Overpass failing with 503 at once, every time
        let server = try LoopbackServer(replies: [.status(503)])

        // When a search allows 2 s and ten retries
        let result = try await Spawned.runOffPool(
            ["search", "--provider", "osm", "--timeout", "2", "--retries", "10"] + Self.paris,
            environment: Self.overpassEnvironment(server))

        // Then it was asked again while time was left, but not the ten times
        #expect(result.status == 69, "exit 69; stderr: \(result.stderr)")
        #expect((2...10).contains(server.requests.count), "retried within 2 s only: \(server.requests.count)")
        #expect(result.stderr.contains("HTTP 503"), "the last answer said: \(result.stderr)")
        #expect(result.seconds < 10, "ended, not hung: \(result.seconds) s")
    }
}

/// The line after 5 s without an answer, at a real terminal.
@Suite("a slow answer at a terminal (tmux)", Prerequisite.program("tmux", install: "apt-get install tmux, brew install tmux"))
struct SlowAnswerTerminalTests {
    @Test func aSlowAnswerIsAnnouncedAfterFiveSecondsAtATerminal() async throws {
        // Given Overpass that never answers, and a search at a terminal that allows 8 s
        let server = try LoopbackServer(replies: [.hang])
        let home = try TemporaryFolder("foodlogger-home")
        let variables = RequestBudgetBinaryTests.overpassEnvironment(server).merging(["HOME": home.path]) { $1 }
        let search = ["search", "--provider", "osm", "--timeout", "8"] + RequestBudgetBinaryTests.paris
        let session = try InteractiveTerminalTests.Session(
            ["env"] + variables.map { "\($0.key)=\($0.value)" } + [Binary.url.path] + search)

        // When it has waited 5 s, then ended
        let screen = try await session.waitFor("the exit status") { $0.contains("EXIT=") }

        // Then one line said what it waited for, before the failure
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let waiting =
            "foodlogger: waiting for OpenStreetMap (127.0.0.1:\(server.port)): no answer yet after 5 s (giving up at 8 s); Ctrl-C to stop"
        #expect(lines.filter { $0.contains("waiting for") } == [waiting], "one waiting line: \(screen)")
        #expect(screen.contains("EXIT=69"), "then the failure: \(screen)")
        #expect(server.requests.count == 1, "one request: \(server.requests.count)")
    }
}
