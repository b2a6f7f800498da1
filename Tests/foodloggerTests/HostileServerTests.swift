import Foundation
import LoopbackHTTP
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built binary against servers that misbehave on purpose, and against outputs that cannot
/// be written: each test asserts the exit status, the one line on stderr, and the peak memory
/// the kernel counted for the process (`Spawned`), never a guess. One at a time: each floods
/// loopback at full speed, which would starve the timing tests running beside them on 2 cores.
@Suite(.serialized) struct HostileServerTests {
    /// Peak RSS allowed, whatever a server sends.
    static let memoryBound = 100 << 20
    static let key = "canary-7d41e0f3"

    static func search(
        _ server: any LoopbackEndpoint, _ extra: [String] = [], stdout: Spawned.Output = .capture
    ) throws -> Spawned.Result {
        try Spawned.run(
            ["search", "--lat", "35.6812", "--lng", "139.7671", "--json", "--retries", "0"] + extra,
            environment: ["HOTPEPPER_API_KEY": key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString], stdout: stdout)
    }

    /// The peak was measured (a process takes more than a MiB) and stayed under the bound.
    static func expectBounded(_ result: Spawned.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            (1 << 20)..<memoryBound ~= result.peakBytes, "peak RSS \(result.peakBytes >> 20) MiB",
            sourceLocation: sourceLocation)
    }

    static let jsonStart = Reply.json(#"{"results":{"api_version":"1.30","results_available":1,"shop":["#)

    @Test(arguments: [nil, 100 << 30])
    func anEndlessBodyIsCutAtTheCap(announcedLength: Int?) throws {
        // Given a server that sends JSON without end, at full loopback speed
        let server = try LoopbackServer(replies: [Self.jsonStart.endless(announcedLength: announcedLength)])
        // When foodlogger searches it
        let result = try Self.search(server)
        // Then it stops at the 8 MiB cap, says so in one line, and stays small
        #expect(result.status == 65, "EX_DATAERR; stderr: \(result.stderr)")
        #expect(result.stderrLines.count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.contains("past the 8 MiB"), "names the limit: \(result.stderr)")
        #expect(result.stderr.contains("--max-response"), "says how to raise it: \(result.stderr)")
        Self.expectBounded(result)
        #expect(result.stdout.isEmpty, "nothing on stdout")
    }

    @Test func aRaisedCapIsHonoured() throws {
        let server = try LoopbackServer(replies: [Self.jsonStart.endless()])
        let result = try Self.search(server, ["--max-response", "20"])
        #expect(result.status == 65, "stopped at the raised cap; stderr: \(result.stderr)")
        #expect(result.stderr.contains("past the 20 MiB"), "names the raised limit: \(result.stderr)")
        Self.expectBounded(result)
    }

    @Test(arguments: ["gzip", "deflate"])
    func aCompressionBombIsCountedAfterDecoding(encoding: String) throws {
        // Given 256 MiB of spaces, compressed to 1.6 MB (the trial's 2 GiB bomb is stopped at the
        // same cap; this one is only quicker to make)
        let bomb = Bomb.compressed(spaces: 256 << 20, encoding: encoding)
        let server = try LoopbackServer(replies: [
            Reply(headers: [("Content-Type", "application/json"), ("Content-Encoding", encoding)], body: bomb)
        ])
        // When foodlogger searches it
        let result = try Self.search(server)
        // Then the decoded bytes hit the cap, whatever the compressed size was
        #expect(result.status == 65, "EX_DATAERR; stderr: \(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("past the 8 MiB"), "one line: \(result.stderr)")
        Self.expectBounded(result)
        #expect(result.stdout.isEmpty, "no 256 MiB JSON on stdout")
    }

    @Test func aPageCutAtTheCapEndsAPagedSearch() throws {
        // Given 400 shops, whose second page is a flood of 1-byte chunks and whose others never come
        let first = LimitBinaryTests.page(start: 1, count: 100).replacingOccurrences(
            of: #""results_available":312"#, with: #""results_available":400"#)
        let server = try LoopbackServer { request in
            switch request.queryValue("start") {
            case "1": .json(first)
            case "101": Reply.json(" ").endless()
            default: .hang
            }
        }
        // When --limit asks for all four pages at once
        let result = try Self.search(server, ["--limit", "400", "--timeout", "5"])
        // Then the flood ends the search, and the pages still waiting are let go (it hung here:
        // cancelling waited for URLSession's queue, which waited for the delegate's)
        #expect(result.status == 65, "the cap's line; stderr: \(result.stderr)")
        #expect(result.seconds < 15, "ended, in \(result.seconds) s")
        Self.expectBounded(result)
    }

    @Test func aLengthShorterThanTheStreamEndsTheBodyAtTheLength() throws {
        // Given a Content-Length of 100 and bytes without end behind it
        let server = try LoopbackServer(replies: [Self.jsonStart.endless(announcedLength: 100)])
        let result = try Self.search(server)
        #expect(result.status == 65, "100 bytes of an unfinished JSON are unreadable; stderr: \(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("unreadable"), "one line: \(result.stderr)")
        Self.expectBounded(result)
    }

    @Test func theTimeoutCoversASlowBody() throws {
        // Given a body that drips a byte every 0.1 s for ever
        let server = try LoopbackServer(replies: [Self.jsonStart.endless(pause: 0.1)])
        // When the search allows 2 seconds
        let result = try Self.search(server, ["--timeout", "2"])
        // Then it ends at the deadline, not when the body does
        #expect(result.status == 69, "EX_UNAVAILABLE; stderr: \(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("timed out"), "one line: \(result.stderr)")
        #expect(result.seconds < 6, "ended near the 2 s deadline, took \(result.seconds) s")
        Self.expectBounded(result)
    }

    @Test func aRedirectToAnotherHostIsNotFollowed() throws {
        let server = try LoopbackServer(replies: [
            Reply(status: 302, headers: [("Location", "http://127.0.0.2:9/steal?key=\(Self.key)")])
        ])
        let result = try Self.search(server)
        #expect(result.status == 69, "EX_UNAVAILABLE; stderr: \(result.stderr)")
        #expect(result.stderrLines.count == 1, "one line: \(result.stderr)")
        #expect(
            result.stderr.contains("redirected to another host (http://127.0.0.2:9/steal"), "names the target: \(result.stderr)")
        #expect(!result.stderr.contains(Self.key), "the key redacted from the target")
        #expect(server.requests.count == 1, "asked once, not again elsewhere")
    }

    @Test func aRedirectOnTheSameHostIsFollowedAndNarrated() throws {
        let shops =
            #"{"results":{"api_version":"1.30","results_available":1,"results_returned":"1","results_start":1,"#
            + #""shop":[{"id":"J999","name":"転送先","lat":35.6812,"lng":139.7671}]}}"#
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/moved/")
                ? .json(shops) : Reply(status: 301, headers: [("Location", "/moved" + request.target)])
        }
        let result = try Self.search(server, ["--verbose"])
        #expect(result.status == 0, "the shop found at the new address; stderr: \(result.stderr)")
        #expect(result.stdout.contains("転送先"), "the shop printed")
        #expect(result.stderr.contains("(the same host: followed)"), "--verbose says so: \(result.stderr)")
        #expect(!result.stderr.contains(Self.key), "no key in the narration")
    }

    @Test func credentialsInABaseURLNeverShow() throws {
        let server = try LoopbackServer(replies: [.status(503)])
        let secret = "pw-5e1f0a"
        let withUser = "http://alice:\(secret)@127.0.0.1:\(server.port)/"
        let result = try Spawned.run(
            ["search", "--lat", "35", "--lng", "139", "--verbose", "--retries", "0"],
            environment: ["HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": withUser])
        #expect(result.status == 69, "the 503 reported; stderr: \(result.stderr)")
        #expect(result.stderr.contains("GET http://127.0.0.1:\(server.port)/gourmet"), "the URL narrated: \(result.stderr)")
        #expect(!result.stderr.contains(secret) && !result.stderr.contains("alice"), "no user-info: \(result.stderr)")

        let bad = try Spawned.run(
            ["search", "--lat", "35", "--lng", "139"],
            environment: ["HOTPEPPER_API_KEY": Self.key, "FOODLOGGER_NOMINATIM_URL": "ftp://alice:\(secret)@example.org/"]
                .merging(["HOTPEPPER_BASE_URL": "ftp://alice:\(secret)@example.org/"]) { $1 })
        #expect(bad.status == 78, "no usable base URL; stderr: \(bad.stderr)")
        #expect(!bad.stderr.contains(secret), "the bad URL echoed without its password: \(bad.stderr)")
    }

    @Test func aFullDiskIsAnErrorNotACutFile() throws {
        // Given stdout on /dev/full, where every write fails with ENOSPC
        let result = try Spawned.run(["search", "--stub", "--near", "東京駅", "--json"], stdout: .path("/dev/full"))
        // Then exit 74 with one line, not exit 0
        #expect(result.status == 74, "EX_IOERR; stderr: \(result.stderr)")
        #expect(result.stderr == "foodlogger: cannot write the output: No space left on device\n", "one line: \(result.stderr)")
    }

    @Test func aClosedStdoutIsAnError() throws {
        let result = try Spawned.run(["search", "--stub", "--near", "東京駅", "--json"], stdout: .closed)
        #expect(result.status == 74, "EX_IOERR; stderr: \(result.stderr)")
        #expect(result.stderr == "foodlogger: cannot write the output: Bad file descriptor\n", "one line: \(result.stderr)")
    }

    @Test func aReaderThatLeftIsNotAnError() throws {
        // Given a pipe whose reader has gone, as after `| head -1`
        let result = try Spawned.run(
            ["search", "--stub", "--near", "東京駅", "--json", "--limit", "100"], stdout: .pipeWithoutReader)
        #expect(
            result.status == 0 || result.signal == SIGPIPE,
            "ended as after any write to a closed pipe, not with 74: status \(result.status)")
        #expect(result.stderr.isEmpty, "nothing said: \(result.stderr)")
    }

    @Test func sigquitEndsASearchAsTheSignalDoes() throws {
        // Given a search waiting on a server that never answers
        let asked = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { _ in
            asked.signal()
            return .hang
        }
        // When SIGQUIT arrives
        let result = try Spawned.run(
            ["search", "--lat", "35", "--lng", "139", "--timeout", "30"],
            environment: ["HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString]
        ) { pid in
            _ = asked.wait(timeout: .now() + 10)
            kill(pid, SIGQUIT)
        }
        // Then it ends at once by the signal (a shell's 131), without the runtime's crash report
        #expect(result.signal == SIGQUIT, "ended by SIGQUIT (status \(result.status), signal \(result.signal ?? 0))")
        #expect(!result.stderr.contains("crashed") && result.stderr.isEmpty, "no crash report: \(result.stderr)")
        #expect(result.seconds < 10, "at once, not after the 30 s timeout: \(result.seconds) s")
    }

    @Test func aRunLeavesNoFoundationFoldersBehind() throws {
        let server = try LoopbackServer(replies: [.status(503)])
        let home = try TemporaryFolder("foodlogger-home")
        _ = try Spawned.run(
            ["search", "--lat", "35", "--lng", "139", "--retries", "0"],
            environment: ["HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString], home: home)
        let left = FileManager.default.subpaths(atPath: home.path) ?? []
        #expect(!left.contains { $0.contains("org.swift.foundation") || $0.hasPrefix(".local") }, "left behind: \(left)")
    }
}

/// The built binary started with posix_spawn, so its stdout can be any file (or none), with its
/// peak memory read by the kernel's count (VmHWM in /proc/PID/status, every 5 ms while it runs).
/// Not wait4's ru_maxrss: on Linux a spawned child inherits the spawning process's peak (the
/// test runner's, over 100 MiB) through the vfork that posix_spawn uses.
enum Spawned {
    enum Output {
        case capture
        case path(String)
        case closed
        case pipeWithoutReader
    }

    struct Result {
        var status: Int32
        /// The signal that ended it, if one did.
        var signal: Int32?
        var stdout: String
        var stderr: String
        var peakBytes: Int
        var seconds: Double
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// `run` on a thread of its own, for a test that waits seconds for the binary: blocking one of
    /// the test runner's few pool threads (two on a 2-core machine) that long stalls every other
    /// test's awaits, the terminal tests' deadlines among them.
    static func runOffPool(
        _ arguments: [String], environment: [String: String] = [:], stdin: String = "/dev/null"
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try run(arguments, environment: environment, stdin: stdin) })
            }
        }
    }

    /// Runs the binary with a clean environment plus `environment`, stdin from `stdin`
    /// (/dev/null unless a file is named); `whileRunning` gets the process id before it is waited for.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], stdout: Output = .capture,
        home: TemporaryFolder? = nil, stdin: String = "/dev/null", whileRunning: (pid_t) -> Void = { _ in }
    ) throws -> Result {
        let folder = try TemporaryFolder("foodlogger-spawn")
        let home = try home ?? TemporaryFolder("foodlogger-home")
        let outPath = folder.path + "/stdout", errPath = folder.path + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        var pipeEnds: [Int32] = [-1, -1]
        switch stdout {
        case .capture: posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .path(let path): posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
        case .closed: posix_spawn_file_actions_addclose(&actions, 1)
        case .pipeWithoutReader:
            guard pipe(&pipeEnds) == 0 else { throw POSIXError(.EMFILE) }
            close(pipeEnds[0])
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        }
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let variables = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config"]
            .merging(Loopback.unreachableServices) { $1 }.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = ([Binary.url.path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Binary.url.path, &actions, nil, argv, envp)
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        let peak = PeakMemory(pid)
        whileRunning(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let seconds = Date().timeIntervalSince(started)
        let signalled = status & 0x7F
        return Result(
            status: signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled, signal: signalled == 0 ? nil : signalled,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            peakBytes: peak.stop(), seconds: seconds)
    }
}

/// A process's peak resident memory, sampled from /proc while it lives (VmHWM only grows, so
/// the last sample is the peak up to 5 ms before the end).
private final class PeakMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var running = true

    init(_ pid: pid_t) {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                    let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
                else {
                    usleep(5_000)
                    continue
                }
                lock.withLock { peak = max(peak, kilobytes * 1024) }
                usleep(5_000)
            }
        }
    }

    /// Stops sampling; the peak seen, in bytes.
    func stop() -> Int {
        lock.withLock {
            running = false
            return peak
        }
    }
}

/// A compression bomb made here, without zlib: one fixed-Huffman deflate block of a literal
/// space followed by copies of 258 bytes at distance 1 (13 bits each, about 160:1).
enum Bomb {
    static func compressed(spaces: Int, encoding: String) -> Data {
        var bits = BitWriter()
        bits.put(1, count: 1)  // BFINAL
        bits.put(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.putCode(0x30 + 0x20, length: 8)  // the literal ' '
        for _ in 0..<((spaces - 1) / 258) {
            bits.putCode(0b1100_0101, length: 8)  // length code 285: 258 bytes
            bits.putCode(0, length: 5)  // distance code 0: 1 byte back
        }
        bits.putCode(0, length: 7)  // end of block
        let deflate = bits.finished
        // The trailers' checksums are never reached: the client stops at its cap long before.
        switch encoding {
        case "gzip": return Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + deflate + [UInt8](repeating: 0, count: 8))
        default: return Data([0x78, 0x01] + deflate + [UInt8](repeating: 0, count: 4))
        }
    }

    /// Deflate's bit order: values from their lowest bit, Huffman codes from their highest.
    struct BitWriter {
        private(set) var bytes: [UInt8] = []
        private var pending: UInt64 = 0
        private var count = 0

        mutating func put(_ value: UInt32, count bits: Int) {
            pending |= UInt64(value & ((1 << UInt32(bits)) - 1)) << UInt64(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                count -= 8
            }
        }

        mutating func putCode(_ code: UInt32, length: Int) {
            var reversed: UInt32 = 0
            for index in 0..<length where code & (1 << UInt32(index)) != 0 { reversed |= 1 << UInt32(length - 1 - index) }
            put(reversed, count: length)
        }

        /// The bytes, the last one padded with zero bits.
        var finished: [UInt8] { count > 0 ? bytes + [UInt8(truncatingIfNeeded: pending)] : bytes }
    }
}
