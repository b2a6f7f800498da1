import Foundation
import Testing
import LoopbackHTTP
import TestSupport

/// The real binary's interactive map in a real terminal (tmux): keys in, the screen read back,
/// and the terminal's state after each way out.
@Suite("foodlogger map in a terminal (tmux)", Prerequisite.program("tmux", install: "apt-get install tmux, brew install tmux"))
struct MapTerminalTests {
    typealias Session = InteractiveTerminalTests.Session

    static func map(_ binary: String) -> [String] {
        ["env", "LANG=C.UTF-8", binary, "map", "--stub", "--near", "渋谷駅"]
    }

    static func binary() throws -> String {
        try #require(
            InteractiveTerminalTests.builtBinary(), "the foodlogger binary is not next to the test bundle; build it first")
    }

    /// The map is up.
    static func opened(_ session: Session) async throws -> String {
        try await session.waitFor("the map") { $0.contains("restaurants, nearest first") }
    }

    /// The map's process: the child of the pane's shell.
    static func process(_ session: Session) throws -> Int32 {
        let shell = try session.tmux(["display-message", "-p", "-t", "fl", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let children = try InteractiveTerminalTests.run("/usr/bin/pgrep", ["-P", shell]).stdout
        return try #require(children.split(separator: "\n").first.flatMap { Int32($0) }, "the map's process")
    }

    static func ended(_ session: Session) async throws -> String {
        try await session.waitFor("the exit status") { $0.contains("TERMINAL=") || $0.contains("-icanon") }
    }

    @Test("arrows pick markers, q quits with 0, and the terminal is as it was")
    func pickAndQuit() async throws {
        let session = try Session(Self.map(try Self.binary()))
        let first = try await Self.opened(session)
        #expect(first.contains("┌─ 1 豚骨ラーメン 渦 渋谷店") && first.contains("@"), "the nearest is selected: \(first)")
        try session.send("Right")
        _ = try await session.waitFor("the next marker's info window") { $0.contains("┌─ 2 Cafe & Books") }
        try session.send("q")
        let end = try await Self.ended(session)
        #expect(end.contains("EXIT=0") && end.contains("TERMINAL=sane"), "exit 0, canonical mode and echo back: \(end)")
        #expect(!end.contains("nearest first"), "the alternate screen is gone, the shell's screen is back")
    }

    @Test("map --last opens on the shops the last search listed, numbered as it listed them, and asks nothing")
    func lastListOpensTheMap() async throws {
        // Given a search that listed three of the stub's shops near Shibuya, then map --last
        let script =
            "\"$0\" search --stub --near 渋谷駅 --count 3 --json > /dev/null && exec env LANG=C.UTF-8 \"$0\" map --last --stub"
        let session = try Session(["sh", "-c", script, try Self.binary()])

        // When the map is up
        let first = try await Self.opened(session)

        // Then it shows those three, the nearest selected as 1, as the search numbered it
        #expect(first.contains("┌─ 1 豚骨ラーメン 渦 渋谷店"), "the search's first shop is 1: \(first)")
        #expect(first.contains("3 restaurants"), "the list's three shops: \(first)")
        try session.send("q")
        let end = try await Self.ended(session)
        #expect(end.contains("EXIT=0") && end.contains("TERMINAL=sane"), "\(end)")
    }

    @Test("o says in the status line what became of the page: a stub shop's is made up, so nothing opens")
    func openPageSaysWhatHappened() async throws {
        let session = try Session(Self.map(try Self.binary()))
        _ = try await Self.opened(session)
        try session.send("o")
        let noted = try await session.waitFor("the note") { $0.contains("no page to open: https://stub.foodlogger.invalid/") }
        #expect(noted.contains("┌─ 1 豚骨ラーメン 渦 渋谷店"), "the map stays, the note under it: \(noted)")
        try session.send("q")
        let end = try await Self.ended(session)
        #expect(end.contains("EXIT=0") && end.contains("TERMINAL=sane"), "\(end)")
    }

    @Test("Ctrl-C quits with 130, as SIGINT would end it, restoring the terminal")
    func controlC() async throws {
        let session = try Session(Self.map(try Self.binary()))
        _ = try await Self.opened(session)
        try session.send("C-c")
        let end = try await Self.ended(session)
        #expect(end.contains("EXIT=130") && end.contains("TERMINAL=sane"), "\(end)")
    }

    @Test(
        "a signal restores the terminal, then ends the map as it would have (128 + its number), with no crash report",
        arguments: [(SIGTERM, 143), (SIGINT, 130), (SIGQUIT, 131), (SIGHUP, 129)])
    func endingSignals(signal: Int32, status: Int) async throws {
        let session = try Session(Self.map(try Self.binary()))
        _ = try await Self.opened(session)
        kill(try Self.process(session), signal)
        let end = try await Self.ended(session)
        #expect(end.contains("EXIT=\(status)") && end.contains("TERMINAL=sane"), "\(end)")
        #expect(!end.contains("crashed") && !end.contains("Backtrace"), "the runtime's crash reporter stays out: \(end)")
    }

    /// The map over a loopback service, with --verbose.
    static func overService(_ server: LoopbackServer, _ options: [String] = []) throws -> Session {
        try Session(
            [
                "env", "LANG=C.UTF-8", "HOTPEPPER_API_KEY=test-key", "HOTPEPPER_BASE_URL=\(server.baseURL.absoluteString)",
                try binary(), "map", "--lat", "35.6812", "--lng", "139.7671", "--verbose",
            ] + options)
    }

    @Test("q does not wait for a search that hangs; what --verbose says comes after the map, on the shell's screen")
    func quitDuringASearchAndVerboseAfterTheMap() async throws {
        let silent = try LoopbackServer { _ in .hang }
        defer { silent.stop() }
        // Were q to wait for the search, its 300 s time-out would outlast the wait for the end.
        let waiting = try Self.overService(silent, ["--timeout", "300"])
        let searching = try await waiting.waitFor("the search under way") { $0.contains("searching…") }
        #expect(!searching.contains("GET http"), "no log line over the map: \(searching)")
        try waiting.send("q")
        let quit = try await Self.ended(waiting)
        #expect(quit.contains("EXIT=0") && quit.contains("TERMINAL=sane"), "\(quit)")
        #expect(
            quit.contains("GET http://127.0.0.1:") && quit.contains("key=REDACTED"),
            "the request's log line, after the map: \(quit)")
    }

    @Test("a shop the service places off the Earth is left out of the map, and said once after it, on the shell's screen")
    func aShopOffTheEarth() async throws {
        let body = #"""
            {"results":{"results_available":2,"results_start":1,"shop":[
            {"id":"J0000000001","name":"試験食堂","lat":35.6822,"lng":139.7671,"genre":{"name":"居酒屋"}},
            {"id":"J0000000666","name":"遠すぎる店","lat":1e308,"lng":139.7671,"genre":{"name":"居酒屋"}}]}}
            """#
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let session = try Self.overService(server)
        let map = try await session.waitFor("the map") { $0.contains("試験食堂") }
        #expect(!map.contains("遠すぎる店") && !map.contains("warning"), "neither the shop nor the warning over the map: \(map)")
        try session.send("q")
        let end = try await Self.ended(session)
        #expect(end.contains("EXIT=0") && end.contains("TERMINAL=sane"), "no crash, the terminal restored: \(end)")
        #expect(end.components(separatedBy: "warning: left out '遠すぎる店'").count == 2, "one warning, after the map: \(end)")
    }

    @Test("a signal the shell ignores stays ignored")
    func ignoredSignals() async throws {
        let session = try Session(["bash", "-c", "trap '' INT HUP; exec \"$@\"", "bash"] + Self.map(try Self.binary()))
        _ = try await Self.opened(session)
        let pid = try Self.process(session)
        kill(pid, SIGINT)
        kill(pid, SIGHUP)
        // Keys still work after the signals: had they ended the map, ? would show no keys.
        try session.send("?")
        _ = try await session.waitFor("the help, so the map is still there") { $0.contains("back to where you started") }
        try session.send("q", "q")
        let quit = try await Self.ended(session)
        #expect(quit.contains("EXIT=0") && quit.contains("TERMINAL=sane"), "\(quit)")
    }

    @Test("a first search that fails ends with its code and one line, on the shell's screen, the terminal restored")
    func failedFirstSearch() async throws {
        let session = try Session(["env", "LANG=C.UTF-8", try Self.binary(), "map", "--stub", "--near", "札幌"])
        let end = try await Self.ended(session)
        #expect(end.contains("EXIT=66") && end.contains("TERMINAL=sane"), "\(end)")
        #expect(end.contains("foodlogger: no place called '札幌' was found."), "the error, left on the main screen: \(end)")
    }

    @Test("Ctrl-Z gives the shell back a sane terminal; fg brings the map back")
    func suspendAndResume() async throws {
        let binary = try Self.binary()
        let session = try Session(["bash", "--norc", "--noprofile", "-i"])
        let command = Self.map(binary).map(InteractiveTerminalTests.shellQuoted).joined(separator: " ")
        // Keys typed before bash reads them may be flushed as it sets up the line editor.
        _ = try await session.waitFor("bash's prompt") { $0.contains("bash-") }
        try session.send(command, "Enter")
        _ = try await session.waitFor("the map") { $0.contains("restaurants, nearest first") }
        try session.send("C-z")
        _ = try await session.waitFor("the job stopped") { $0.contains("Stopped") }
        // The words the check prints are not in the command line it types.
        try session.send("stty -a | grep -q -e -icanon -e '-echo ' && echo RAW''MODE || echo SANE''MODE", "Enter")
        let stopped = try await session.waitFor("the terminal's state") { $0.contains("RAWMODE") || $0.contains("SANEMODE") }
        #expect(stopped.contains("SANEMODE"), "while stopped, the shell has its usual terminal: \(stopped)")
        try session.send("clear; fg", "Enter")
        _ = try await session.waitFor("the map again") { $0.contains("restaurants, nearest first") && $0.contains("┌─ 1 ") }
        try session.send("q")
        // The keys after q are the shell's only once the map has let go of the terminal.
        _ = try await session.waitFor("the shell's screen again") { _ in
            (try? session.tmux(["display-message", "-p", "-t", "fl", "#{alternate_on}"]))?.hasPrefix("0") ?? false
        }
        try session.send("echo EXIT''=$?", "Enter")
        let end = try await session.waitFor("the exit status") { $0.contains("EXIT=") }
        #expect(end.contains("EXIT=0"), "\(end)")
    }
}
