import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Runs `tool` with `arguments` and returns its status and what it printed; nil when it is not installed.
func runTool(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
    guard let path = Prerequisite.program(tool) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@MainActor
@Suite struct CompletionsCommandTests {
    func script(_ shell: String) async -> String {
        let run = await CLIRun.run(["completions", shell])
        #expect(run.code == .success && run.stderr.isEmpty, "completions \(shell) exits 0: \(run.stderr)")
        return run.stdout
    }

    /// What bash's completion function offers for the words typed so far (the last one being completed).
    func bashCompletes(_ words: [String]) async throws -> [String] {
        let typed = words.map { "'\($0)'" }.joined(separator: " ")
        let program =
            await script("bash")
            + "\nCOMP_WORDS=(\(typed)); COMP_CWORD=\(words.count - 1); _foodlogger; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
        let result = try #require(try runTool("bash", ["-c", program]), "bash is on every machine the tests run on")
        #expect(result.status == 0, "the script runs: \(result.output)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() async throws {
        #expect(try await bashCompletes(["foodlogger", "se"]) == ["search"], "a command")
        #expect(try await bashCompletes(["foodlogger", "search", "--for"]) == ["--format"], "an option")
        #expect(
            try await bashCompletes(["foodlogger", "search", "--range", ""]) == ["1", "2", "3", "4", "5"], "--range's values")
        #expect(try await bashCompletes(["foodlogger", "search", "--order", "k"]) == ["kana"], "--order's values")
        #expect(
            try await bashCompletes(["foodlogger", "--stub", "show", "--col"]) == ["--color"], "after options before the command")
        #expect(try await bashCompletes(["foodlogger", "completions", "z"]) == ["zsh"], "the shells")
    }

    @Test(Prerequisite.program("zsh", install: "apt-get install zsh"))
    func zshScriptParses() async throws {
        let result = try #require(try runTool("zsh", ["-n", "-c", await script("zsh")]), "zsh is installed")
        #expect(result.status == 0, "zsh -n accepts it: \(result.output)")
    }

    @Test(Prerequisite.program("fish", install: "apt-get install fish"))
    func fishScriptParsesAndCompletes() async throws {
        let script = await script("fish")
        let parsed = try #require(try runTool("fish", ["-n", "-c", script]), "fish is installed")
        #expect(parsed.status == 0, "fish -n accepts it: \(parsed.output)")
        let offered = try #require(try runTool("fish", ["-c", script + "\ncomplete -C 'foodlogger search --for'"]))
        #expect(offered.output.hasPrefix("--format\t"), "fish completes --format: \(offered.output)")
    }

    @Test func everyOptionOfEveryCommandIsInEveryScript() async {
        for shell in CompletionsCommand.Shell.allCases {
            let script = await script(shell.rawValue)
            for command in FoodLogger.commands {
                #expect(script.contains(command.command), "\(shell) knows \(command.command)")
                for option in command.options {
                    let name =
                        shell == .fish
                        ? (option.name.hasPrefix("--") ? "-l \(option.name.dropFirst(2))" : "-s \(option.name.dropFirst())")
                        : option.name
                    #expect(script.contains(name), "\(shell) completes \(command.command) \(option.name)")
                }
            }
        }
    }

    @Test func anUnknownShellIsAUsageError() async {
        let run = await CLIRun.run(["completions", "tcsh"])
        #expect(run.code == .usage, "exit 64")
        #expect(
            run.stderr
                == "foodlogger completions: name one shell: bash, zsh, fish, not 'tcsh'. See 'foodlogger completions --help'.\n",
            "one line: \(run.stderr)")
    }
}
