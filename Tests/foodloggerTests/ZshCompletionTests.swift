import Foundation
import Testing
import TestSupport

/// The zsh script as a person installs it (README: fpath, then compinit), completing in a real
/// interactive zsh inside tmux: `zsh -n` only proves that it parses.
@Suite(
    "foodlogger completions zsh in a real zsh (tmux)",
    Prerequisite.program("tmux", install: "apt-get install tmux"),
    Prerequisite.program("zsh", install: "apt-get install zsh"))
struct ZshCompletionTests {
    typealias Session = InteractiveTerminalTests.Session

    /// An interactive zsh with the script installed under a fresh home, at a `%` prompt.
    static func shell(_ home: TemporaryFolder) async throws -> Session {
        let binary = try #require(InteractiveTerminalTests.builtBinary(), "the foodlogger binary is not built")
        let script = try InteractiveTerminalTests.run(binary, ["completions", "zsh"]).stdout
        try FileManager.default.createDirectory(atPath: home.path + "/.zfunc", withIntermediateDirectories: true)
        try script.write(toFile: home.path + "/.zfunc/_foodlogger", atomically: true, encoding: .utf8)
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let rc = "fpath=(~/.zfunc $fpath)\nautoload -U compinit && compinit -u\nPATH=\(folder):$PATH\nPS1='%% '\n"
        try rc.write(toFile: home.path + "/.zshrc", atomically: true, encoding: .utf8)
        let session = try Session(["env", "HOME=\(home.path)", "ZDOTDIR=\(home.path)", "zsh", "-i"])
        _ = try await session.waitFor("the zsh prompt") { $0.contains("% ") }
        return session
    }

    @Test("options, their values and commands after leading options complete")
    func completes() async throws {
        let home = try TemporaryFolder()
        let session = try await Self.shell(home)
        try session.send("foodlogger search --fo", "Tab")
        _ = try await session.waitFor("--format completed") { $0.contains("% foodlogger search --format") }
        try session.send(" ", "Tab")
        let formats = try await session.waitFor("the formats") { $0.contains("geojson") }
        #expect(formats.contains("ndjson") && formats.contains("table"), "--format's values: \(formats)")
        try session.send("C-u", "foodlogger --stub map --stati", "Tab")
        _ = try await session.waitFor("map's option after --stub") { $0.contains("% foodlogger --stub map --static") }
        try session.send("C-u", "foodlogger search --interac", "Tab")
        let interactive = try await session.waitFor("the long name of -i") { $0.contains("% foodlogger search --interactive") }
        #expect(!interactive.contains("invalid argument"), "no _arguments error: \(interactive)")
        try session.send("C-u", "foodlogger open J900000001 --print-u", "Tab")
        // Offered, not inserted: the word could still be another id.
        _ = try await session.waitFor("an option after the id") { $0.contains("--print-url  -- print the page") }
    }
}
