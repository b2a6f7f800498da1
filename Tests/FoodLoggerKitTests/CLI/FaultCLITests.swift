import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The whole CLI in-process against a misbehaving loopback server: exit status, the one line
/// the user reads, how many requests were made, and that the key shows up nowhere.
@MainActor
@Suite struct FaultCLITests {
    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var replies: [Reply]
        var options: [String] = ["--retries", "0"]
        var exitCode: ExitCode
        var message: String
        var requests: Int
        var testDescription: String { name }
    }

    nonisolated static let faults: [Fault] = [
        Fault(
            name: "503 then 200", replies: [.status(503), .json(FaultSeeds.oneShop)], options: ["--retries", "1"],
            exitCode: .success, message: "", requests: 2),
        Fault(
            name: "429 with Retry-After: 1", replies: [.status(429, retryAfter: "1"), .json(FaultSeeds.oneShop)],
            options: ["--retries", "1"], exitCode: .success, message: "", requests: 2),
        Fault(
            name: "503", replies: [.status(503)], exitCode: .unavailable,
            message: "HOT PEPPER Gourmet answered HTTP 503 instead of 200. Try again later.", requests: 1),
        Fault(
            name: "404", replies: [.status(404)], options: ["--retries", "2"], exitCode: .unavailable,
            message:
                "HOT PEPPER Gourmet answered HTTP 404 instead of 200. Check HOTPEPPER_BASE_URL, FOODLOGGER_OVERPASS_URL, GOOGLE_PLACES_BASE_URL or FOODLOGGER_NOMINATIM_URL if you set one.",
            requests: 1),
        Fault(
            name: "error 1000", replies: [.json(FaultSeeds.serviceError(1000, "サーバ障害"))], exitCode: .unavailable,
            message: "HOT PEPPER Gourmet failed (error 1000: サーバ障害). Try again in a moment.", requests: 1),
        Fault(
            name: "error 2000", replies: [.json(FaultSeeds.serviceError(2000, "APIキーが正しくありません"))],
            options: ["--retries", "2"], exitCode: .permissionDenied,
            message:
                "HOT PEPPER Gourmet rejected the API key (error 2000: APIキーが正しくありません). Check the key in your key.plist or HOTPEPPER_API_KEY.",
            requests: 1),
        Fault(
            name: "error 3000", replies: [.json(FaultSeeds.serviceError(3000, "少なくとも１つの条件を入れてください。"))],
            options: ["--retries", "2"], exitCode: .usage,
            message:
                "HOT PEPPER Gourmet refused the search (error 3000: 少なくとも１つの条件を入れてください。). Check the search options (--help).",
            requests: 1),
        Fault(
            name: "hang", replies: [.hang], options: ["--retries", "0", "--timeout", "0.5"], exitCode: .unavailable,
            message:
                "cannot reach HOT PEPPER Gourmet: timed out (no answer from 127.0.0.1:PORT within 0.50 s). Try again later, or allow more time with --timeout SECONDS.",
            requests: 1),
        Fault(
            name: "close without answer", replies: [.closeWithoutAnswer], exitCode: .unavailable,
            message:
                "cannot reach HOT PEPPER Gourmet: connection closed without an answer (127.0.0.1:PORT). Check your connection, or HOTPEPPER_BASE_URL, FOODLOGGER_OVERPASS_URL, GOOGLE_PLACES_BASE_URL or FOODLOGGER_NOMINATIM_URL if you set one.",
            requests: 1),
        Fault(
            name: "truncated body", replies: [Reply.json(FaultSeeds.oneShop).truncated()], options: ["--retries", "2"],
            exitCode: .dataError,
            message:
                "HOT PEPPER Gourmet answered something unreadable: a truncated body: the connection closed before all the bytes the headers promised arrived. Try again later, or check HOTPEPPER_BASE_URL, FOODLOGGER_OVERPASS_URL, GOOGLE_PLACES_BASE_URL or FOODLOGGER_NOMINATIM_URL if you set one.",
            requests: 1),
        Fault(
            name: "HTML",
            replies: [
                Reply(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html>captive portal</html>".utf8))
            ],
            exitCode: .dataError,
            message:
                "HOT PEPPER Gourmet answered something unreadable: not JSON (text/html, 27 bytes starting \"<html>captive portal</html>\"). Try again later, or check HOTPEPPER_BASE_URL, FOODLOGGER_OVERPASS_URL, GOOGLE_PLACES_BASE_URL or FOODLOGGER_NOMINATIM_URL if you set one.",
            requests: 1),
        Fault(
            name: "unexpected shape", replies: [.json(#"{"results":{"api_version":"1.30"}}"#)], exitCode: .dataError,
            message:
                "HOT PEPPER Gourmet answered something unreadable: JSON without results.results_available or results.error (text/javascript; charset=utf-8, 34 bytes starting \"{\"results\":{\"api_version\":\"1.30\"}}\"). Try again later, or check HOTPEPPER_BASE_URL, FOODLOGGER_OVERPASS_URL, GOOGLE_PLACES_BASE_URL or FOODLOGGER_NOMINATIM_URL if you set one.",
            requests: 1),
    ]

    func run(_ options: [String], server: some LoopbackEndpoint, verbose: Bool) async -> FaultSeeds.Run {
        await FaultSeeds.run(
            ["search", "--lat", "35.6812", "--lng", "139.7671", "--json"] + options + (verbose ? ["--verbose"] : []),
            environment: [
                "HOTPEPPER_API_KEY": FaultSeeds.canary,
                "HOTPEPPER_BASE_URL": server.baseURL.absoluteString,
            ])
    }

    @Test(arguments: faults)
    func faultEndsInOneLineAndItsExitCode(fault: Fault) async throws {
        let server = try LoopbackServer(replies: fault.replies)
        let run = await run(fault.options, server: server, verbose: false)
        #expect(run.exitCode == fault.exitCode, "\(fault.name): exit \(fault.exitCode.rawValue), got \(run.exitCode.rawValue)")
        #expect(server.requests.count == fault.requests, "\(fault.name): \(fault.requests) requests")
        #expect(!run.output.contains(FaultSeeds.canary), "the key appears nowhere")
        if fault.exitCode == .success {
            #expect(run.stdout.contains("試験食堂") && run.stderr.isEmpty, "the shop, and no message")
        } else {
            let expected = "foodlogger: " + fault.message.replacingOccurrences(of: "PORT", with: "\(server.port)") + "\n"
            #expect(run.stderr == expected, "one line on stderr")
            #expect(run.stdout.isEmpty, "no data")
        }
    }

    @Test(arguments: faults)
    func verboseShowsEachRequestButNeverTheKey(fault: Fault) async throws {
        let server = try LoopbackServer(replies: fault.replies)
        let run = await run(fault.options, server: server, verbose: true)
        let lines = run.stderr.split(separator: "\n")
        #expect(run.exitCode == fault.exitCode, "--verbose changes nothing else")
        #expect(
            lines.filter { $0.contains("GET http://127.0.0.1:\(server.port)/gourmet/v1/?key=REDACTED&") }.count == fault.requests,
            "one redacted URL per request: \(lines)")
        #expect(lines.filter { $0.contains("retrying in") }.count == fault.requests - 1, "each retry with its reason")
        #expect(!run.output.contains(FaultSeeds.canary), "the key appears nowhere")
    }

    @Test func retryAfterIsShownInVerbose() async throws {
        let server = try LoopbackServer(replies: [.status(429, retryAfter: "1"), .json(FaultSeeds.oneShop)])
        let run = await run(["--retries", "1"], server: server, verbose: true)
        #expect(
            run.stderr.contains("foodlogger: retrying in 1 s (Retry-After) after HTTP 429\n"), "the server's wait: \(run.stderr)")
    }

    @Test func refusedConnectionNamesTheHost() async throws {
        let server = try RefusingPort()
        let run = await run(["--retries", "0"], server: server, verbose: false)
        #expect(run.exitCode == .unavailable, "exit 69")
        #expect(
            run.stderr
                == "foodlogger: cannot reach HOT PEPPER Gourmet: connection refused (127.0.0.1:\(server.port)). Check your connection, or HOTPEPPER_BASE_URL, FOODLOGGER_OVERPASS_URL, GOOGLE_PLACES_BASE_URL or FOODLOGGER_NOMINATIM_URL if you set one.\n",
            "one line: \(run.stderr)")
    }

    @Test(arguments: ["notaurl", "ftp://127.0.0.1/", "http://", "127.0.0.1:8080"])
    func aBaseURLThatIsNoURLIsAConfigurationError(text: String) async {
        // Given a key, so that only the base URL is wrong
        let environment = ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": text]
        // When
        let run = await FaultSeeds.run(["search", "--keyword", "x", "--json"], environment: environment)
        // Then
        #expect(run.exitCode == .configuration, "exit 78, as for any setting that cannot work: \(run.stderr)")
        #expect(run.stderr.hasPrefix("foodlogger: HOTPEPPER_BASE_URL is not an http(s) URL with a host: "), "names the variable")
        #expect(run.stderr.contains("Unset it"), "says how to get back to the real service")
        #expect(!run.stderr.contains("connection"), "no advice about the network: \(run.stderr)")
        #expect(run.stdout.isEmpty, "no data")
    }

    @Test func aKeyPastedIntoTheBaseURLIsNotEchoed() async {
        let environment = ["HOTPEPPER_API_KEY": "canary-key-123", "HOTPEPPER_BASE_URL": "canary-key-123"]
        let run = await FaultSeeds.run(["search", "--keyword", "x"], environment: environment)
        #expect(run.exitCode == .configuration, "exit 78")
        #expect(!run.stderr.contains("canary-key-123"), "the key is redacted: \(run.stderr)")
    }
}

/// Key problems through the CLI: exit 78 naming the file, and the permission warning.
@MainActor
@Suite struct KeyFileCLITests {
    /// Removed, key files and all, when the test's suite instance goes.
    let folder: TemporaryFolder
    var directory: String { folder.path }

    init() throws {
        folder = try TemporaryFolder("foodlogger-faults")
    }

    func write(_ text: String, to name: String, mode: Int = 0o600) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>hotpepperApiKey</key><string>\(FaultSeeds.canary)</string></dict></plist>
        """

    @Test(
        arguments: [
            ("missing.plist", nil, "no such file"), ("garbage.plist", "{not a plist", "not a property list"),
            (
                "nokey.plist", "<plist version=\"1.0\"><dict><key>other</key><string>x</string></dict></plist>",
                "no hotpepperApiKey string in it"
            ),
            (".", nil, "is a directory"),
        ] as [(String, String?, String)])
    func unusableKeyFileIsExit78NamingIt(name: String, content: String?, problem: String) async throws {
        let path = try content.map { try write($0, to: name) } ?? directory + "/" + name
        let run = await FaultSeeds.run(["search", "--keyword", "x", "--key-file", path])
        #expect(run.exitCode == .configuration, "exit 78")
        #expect(
            run.stderr == "foodlogger: key file \(path): \(problem). See key.plist.example for the expected format.\n",
            "one line naming the file: \(run.stderr)")
    }

    @Test func oddKeyFileNamesStayOnOneLine() async {
        let path = directory + "/two\nlines\u{1B}[2J.plist"
        let run = await FaultSeeds.run(["search", "--keyword", "x", "--key-file", path])
        #expect(run.exitCode == .configuration, "exit 78")
        #expect(
            run.stderr.contains("two\\nlines\\u{1B}[2J.plist: no such file") && run.stderr.filter(\.isNewline).count == 1,
            "escaped, on one line: \(run.stderr)")
    }

    @Test func noKeyAnywhereIsTheOneParagraph() async {
        let run = await FaultSeeds.run(["search", "--provider", "hotpepper", "--keyword", "x"], currentDirectory: directory)
        #expect(run.exitCode == .configuration, "exit 78")
        #expect(
            run.stderr.hasPrefix("foodlogger: no HOT PEPPER API key found. Looked in: HOTPEPPER_API_KEY, \(directory)/key.plist"),
            "names where it looked: \(run.stderr)")
        #expect(run.stderr.contains("--stub"), "says how to try without a key")
    }

    @Test func readableKeyFileWarnsOnceAndStillWorks() async throws {
        let path = try write(Self.plist, to: "key.plist", mode: 0o644)
        let server = try LoopbackServer(replies: [.json(FaultSeeds.oneShop)])
        let run = await FaultSeeds.run(
            ["search", "--keyword", "x", "--json"], environment: ["HOTPEPPER_BASE_URL": server.baseURL.absoluteString],
            currentDirectory: directory)
        #expect(run.exitCode == .success && server.requests.count == 1, "the search still runs")
        #expect(
            run.stderr
                == "foodlogger: warning: \(path) is readable by others (mode 644); protect your API key with: chmod 600 '\(path)'\n",
            "one warning with the fix: \(run.stderr)")
        #expect(!run.output.contains(FaultSeeds.canary), "the key from the file appears nowhere")
    }

    @Test func aKeyFileNamedWithControlCharactersIsShownSafely() async throws {
        let path = try write(Self.plist, to: "key\u{1B}[2J.plist", mode: 0o640)
        let server = try LoopbackServer(replies: [.json(FaultSeeds.oneShop)])
        let warned = await FaultSeeds.run(
            ["search", "--keyword", "x", "--key-file", path, "--json"],
            environment: ["HOTPEPPER_BASE_URL": server.baseURL.absoluteString], currentDirectory: directory)
        #expect(
            warned.stderr.contains("readable by others (mode 640); protect your API key with: chmod 600 on that file"),
            "the warning, with no chmod line naming another file: \(warned.stderr)")
        #expect(!warned.stderr.contains("\u{1B}"), "no escape sequence reaches the terminal: \(warned.stderr.debugDescription)")
    }

    @Test func anUpperCaseSchemeInTheBaseURLWorks() async throws {
        let server = try LoopbackServer(replies: [.json(FaultSeeds.oneShop)])
        let address = server.baseURL.absoluteString.replacingOccurrences(of: "http://", with: "HTTP://")
        let run = await FaultSeeds.run(
            ["search", "--keyword", "x", "--json"],
            environment: ["HOTPEPPER_BASE_URL": address, "HOTPEPPER_API_KEY": "k"])
        #expect(run.exitCode == .success && server.requests.count == 1, "\(address): \(run.stderr)")
    }
}
