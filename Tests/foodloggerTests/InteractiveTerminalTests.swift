import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real binary at a real terminal: `search -i` inside a detached tmux session, driven by
/// keystrokes, read back from the screen.
@Suite("foodlogger -i in a terminal (tmux)", Prerequisite.program("tmux", install: "apt-get install tmux, brew install tmux"))
struct InteractiveTerminalTests {
    static let search = ["search", "--stub", "--lat", "35.6812", "--lng", "139.7671"]
    /// How long to wait for the screen to show something before failing; generous for slow CI.
    static let patience: Duration = .seconds(30)

    @Test("pick 1 shows restaurant #1's card, q exits 0")
    func pickAndQuit() async throws {
        let tmux = try #require(Prerequisite.program("tmux"), "tmux is not installed (apt-get install tmux); .ci/run installs it")
        let binary = try #require(Self.builtBinary(), "the foodlogger binary is not next to the test bundle; build it first")
        let expected = try Self.firstRestaurantName(binary: binary)

        let socket = "foodlogger-test-\(UUID().uuidString.prefix(8))"
        func tmuxRun(_ arguments: [String]) throws -> String {
            try Self.run(tmux, ["-L", socket] + arguments).stdout
        }
        var socketPath: String?
        defer {
            _ = try? Self.run(tmux, ["-L", socket, "kill-server"])
            // A server ended while its pane is dead may leave the socket file behind.
            if let socketPath { try? FileManager.default.removeItem(atPath: socketPath) }
        }

        let command = ([binary] + Self.search + ["-i"]).map(Self.shellQuoted).joined(separator: " ") + "; echo EXIT=$?"
        try Self.start(tmux, ["-L", socket, "new-session", "-d", "-s", "fl", "-x", "120", "-y", "40", command])
        func screen() throws -> String { try tmuxRun(["capture-pane", "-p", "-J", "-t", "fl", "-S", "-200"]) }
        func waitFor(_ what: String, _ seen: (String) -> Bool) async throws -> String {
            let deadline = ContinuousClock.now + Self.patience
            while ContinuousClock.now < deadline {
                let text = try screen()
                if seen(text) { return text }
                try await Task.sleep(for: .milliseconds(100))
            }
            let last = try screen()
            Issue.record("timed out waiting for \(what); the screen shows:\n\(last)")
            throw CancellationError()
        }

        _ = try await waitFor("the prompt") { $0.contains("]> ") }
        socketPath = try tmuxRun(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .newlines)
        // Keeps the screen readable after the command ends, so the exit status can be seen.
        _ = try tmuxRun(["set-option", "-t", "fl", "remain-on-exit", "on"])
        _ = try tmuxRun(["send-keys", "-t", "fl", "1", "Enter"])
        let afterPick = try await waitFor("the card") { $0.contains("]> 1\n") && $0.contains("\n  ID ") }
        let cardTitle = afterPick.components(separatedBy: "]> 1\n").last?.split(separator: "\n").first.map(String.init)
        #expect(cardTitle == expected, "the card after '1' is titled with restaurant #1's name")

        _ = try tmuxRun(["send-keys", "-t", "fl", "q", "Enter"])
        let end = try await waitFor("the exit status") { $0.contains("EXIT=") }
        #expect(end.contains("EXIT=0"), "q ends the session with exit 0")
    }

    /// The name of the first restaurant of the same search, from its JSON.
    static func firstRestaurantName(binary: String) throws -> String {
        let output = try run(binary, search + ["--json"]).stdout
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let first = (object?["restaurants"] as? [[String: Any]])?.first
        return try #require(first?["name"] as? String, "the stub search finds a restaurant")
    }

    /// SwiftPM builds the executable into the same directory as the test bundle.
    static func builtBinary() -> String? {
        let bundleDirectories = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        let executableDirectory = Bundle.main.executableURL.map { [$0.deletingLastPathComponent()] } ?? []
        return (bundleDirectories + executableDirectory)
            .map { $0.appendingPathComponent("foodlogger").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a program to completion (no shell) and returns its stdout.
    static func run(_ program: String, _ arguments: [String]) throws -> (stdout: String, status: Int32) {
        let process = makeProcess(program, arguments)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// Starts a program without waiting for it. For `tmux new-session`: the server it forks
    /// inherits the descriptors Foundation uses to notice the client's exit (on Linux), so
    /// waiting would never end; the screen says when the session is up instead.
    static func start(_ program: String, _ arguments: [String]) throws {
        let process = makeProcess(program, arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try withSignalsUnblocked { try process.run() }
    }

    /// Children inherit the signal mask, and the test runner's threads block most signals: a
    /// tmux server started with SIGCHLD blocked never sees its pane end, so kill-server would
    /// leave it running. The mask is cleared only around the (synchronous) launch.
    static func withSignalsUnblocked(_ body: () throws -> Void) rethrows {
        var empty = sigset_t(), saved = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try body()
    }

    static func makeProcess(_ program: String, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = environment["TERM"].flatMap { $0.isEmpty || $0 == "dumb" ? nil : $0 } ?? "xterm-256color"
        environment.removeValue(forKey: "TMUX")
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        return process
    }
}
