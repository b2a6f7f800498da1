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

    /// One detached tmux session running a command, read back from its screen.
    final class Session {
        let tmux: String
        let socket = "foodlogger-test-\(UUID().uuidString.prefix(8))"
        /// The session's own state folder: the lists its searches leave stay out of the user's.
        let state: TemporaryFolder

        init(_ command: [String]) throws {
            state = try TemporaryFolder("foodlogger-tmux-state")
            tmux = try #require(Prerequisite.program("tmux"), "tmux is not installed (apt-get install tmux); .ci/run installs it")
            // The shell shows the exit status and then whether the terminal is back in its usual
            // mode; the pane then stays, its screen readable, however soon the command ended.
            let line =
                "export XDG_STATE_HOME=\(InteractiveTerminalTests.shellQuoted(state.path)); "
                + command.map(InteractiveTerminalTests.shellQuoted).joined(separator: " ")
                + "; echo EXIT=$?; stty -a | grep -o -e '-icanon' -e '-echo ' || echo TERMINAL=sane; exec sleep 600"
            try InteractiveTerminalTests.start(
                tmux, ["-L", socket, "new-session", "-d", "-s", "fl", "-x", "120", "-y", "40", line])
        }

        deinit {
            // kill-server leaves the socket file behind: it goes too.
            let path = try? tmux(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .newlines)
            _ = try? InteractiveTerminalTests.run(tmux, ["-L", socket, "kill-server"])
            if let path, !path.isEmpty { try? FileManager.default.removeItem(atPath: path) }
        }

        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            try InteractiveTerminalTests.run(tmux, ["-L", socket] + arguments).stdout
        }

        func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "fl"] + keys) }

        func screen() throws -> String { try tmux(["capture-pane", "-p", "-J", "-t", "fl", "-S", "-200"]) }

        /// The screen, read on a thread of its own: waiting for tmux on the test runner's few
        /// pool threads (two on a 2-core machine) would stall every other test's awaits.
        func screenOffPool() async throws -> String {
            let (tmux, socket) = (tmux, socket)
            return try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(
                        with: Result {
                            try InteractiveTerminalTests.run(
                                tmux, ["-L", socket, "capture-pane", "-p", "-J", "-t", "fl", "-S", "-200"]
                            )
                            .stdout
                        })
                }
            }
        }

        func waitFor(_ what: String, _ seen: (String) -> Bool) async throws -> String {
            let deadline = ContinuousClock.now + InteractiveTerminalTests.patience
            while ContinuousClock.now < deadline {
                let text = try await screenOffPool()
                if seen(text) { return text }
                try await Task.sleep(for: .milliseconds(100))
            }
            let last = try screen()
            Issue.record("timed out waiting for \(what); the screen shows:\n\(last)")
            throw CancellationError()
        }

        /// The first prompt is up.
        func ready() async throws {
            _ = try await waitFor("the prompt") { $0.contains("]> ") }
        }
    }

    @Test("pick 1 shows restaurant #1's card, q exits 0")
    func pickAndQuit() async throws {
        let binary = try #require(Self.builtBinary(), "the foodlogger binary is not next to the test bundle; build it first")
        let expected = try Self.firstRestaurantName(binary: binary)
        let session = try Session([binary] + Self.search + ["-i"])
        try await session.ready()

        try session.send("1", "Enter")
        let afterPick = try await session.waitFor("the card") { $0.contains("]> 1\n") && $0.contains("\n  ID ") }
        let cardTitle = afterPick.components(separatedBy: "]> 1\n").last?.split(separator: "\n").first.map(String.init)
        #expect(cardTitle == expected, "the card after '1' is titled with restaurant #1's name")

        try session.send("q", "Enter")
        let end = try await session.waitFor("the exit status") { $0.contains("TERMINAL=") || $0.contains("-icanon") }
        #expect(end.contains("EXIT=0"), "q ends the session with exit 0")
    }

    @Test("the prompt edits: Left and Backspace fix a typo, Up brings back an entry, Ctrl-U clears; the terminal is left sane")
    func lineEditing() async throws {
        let binary = try #require(Self.builtBinary(), "the foodlogger binary is not next to the test bundle; build it first")
        let expected = try Self.firstRestaurantName(binary: binary)
        let session = try Session([binary] + Self.search + ["-i"])
        try await session.ready()

        // "x1", then Left and Backspace delete the x: the line is "1".
        try session.send("x1")
        try session.send("Left")
        try session.send("BSpace")
        try session.send("Enter")
        let card = try await session.waitFor("the card") { $0.contains("\n  ID ") }
        let lines = card.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let entered = try #require(lines.firstIndex { $0.hasSuffix("]>") || $0.contains("]> ") }, "the prompt line")
        #expect(
            lines[entered].hasSuffix("]> 1") && lines[entered + 1] == expected,
            "the edited line is '1' and picked restaurant 1: \(lines[entered...].prefix(2))")
        #expect(!card.contains("^[["), "no escape codes echoed")

        // Up brings "1" back; Ctrl-U clears it; q quits.
        try session.send("Up")
        _ = try await session.waitFor("the entry recalled") { screen in
            screen.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces).hasSuffix("]> 1") } == true
        }
        try session.send("C-u")
        try session.send("q", "Enter")
        let end = try await session.waitFor("the exit status") { $0.contains("TERMINAL=") || $0.contains("-icanon") }
        #expect(end.contains("EXIT=0"), "q after Ctrl-U quits with 0: \(end.suffix(200))")
        #expect(end.contains("TERMINAL=sane"), "canonical mode and echo are back: \(end.suffix(200))")
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
        // tmux's complaints (a server already gone at clean-up) would only clutter the test log.
        process.standardError = FileHandle.nullDevice
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
        // A state folder no run can make (even as root): a search run from here leaves no last
        // list in the user's; a Session gives its shell a folder of its own.
        environment["XDG_STATE_HOME"] = "/dev/null/foodlogger-test-state"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        return process
    }
}
