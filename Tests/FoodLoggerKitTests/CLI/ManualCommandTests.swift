import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct ManualCommandTests {
    func manual() async -> String {
        let run = await CLIRun.run(["manual"])
        #expect(run.code == .success && run.stderr.isEmpty, "exit 0: \(run.stderr)")
        return run.stdout
    }

    @Test func everyCommandOptionVariableAndExitCodeIsDocumented() async {
        let page = await manual()
        #expect(page.hasPrefix(".TH FOODLOGGER 1 "), "a section 1 page")
        for command in FoodLogger.commands {
            #expect(page.contains(#".SS "foodlogger \#(command.command)""#), "a section for \(command.command)")
            for option in command.options {
                #expect(page.contains(#"\fB"# + ManualCommand.escape(option.name) + #"\fR"#), "\(command.command) \(option.name)")
            }
        }
        for name in ProcessContext.variablesRead {
            #expect(page.contains(#"\fB"# + ManualCommand.escape(name) + #"\fR"#), "the environment variable \(name)")
        }
        for code in ExitCode.allCases {
            #expect(page.contains(#".TP\#n\fB\#(code.rawValue)\fR"#), "exit status \(code.rawValue)")
        }
        #expect(page.contains("ended by signal N"), "the statuses of a signal's end")
        #expect(page.contains("key.plist"), "the key file")
    }

    /// The option names on the label lines of a printed --help (`  -i, --interactive  …`), the
    /// lines a wrapped description continues on left out.
    static func optionNames(inHelp help: String) -> [String] {
        help.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
            let label = line.dropFirst(2).components(separatedBy: "  ")[0]
            return label.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init).filter { $0.hasPrefix("-") }
        }
    }

    @Test func everyCommandAndOptionThePrintedHelpNamesIsInTheManual() async throws {
        // Given the manual page, and the top-level help as a user reads it
        let page = await manual()
        let top = await CLIRun.run(["--help"])
        let listed =
            top.stdout.components(separatedBy: "\nCommands:\n").last?.components(separatedBy: "\n\n")[0]
            .split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) } ?? []
        try #require(listed.count == FoodLogger.commands.count, "the top-level help lists every command: \(listed)")

        // When each command's own --help is read
        for command in listed {
            let help = await CLIRun.run(command.split(separator: " ").map(String.init) + ["--help"])
            let options = Self.optionNames(inHelp: help.stdout)
            #expect(help.code == .success && !options.isEmpty, "\(command) --help lists options: \(help.stdout.prefix(200))")

            // Then the manual has a section for it naming every one of those options
            let section = page.components(separatedBy: #".SS "foodlogger \#(command)""#).dropFirst().first?
                .components(separatedBy: "\n.SS ")[0].components(separatedBy: "\n.SH ")[0]
            #expect(section != nil, "the manual has a section for \(command)")
            for option in options {
                #expect(
                    section?.contains(#"\fB"# + ManualCommand.escape(option) + #"\fR"#) == true,
                    "the manual's \(command) section names \(option)")
            }
        }
        for option in Self.optionNames(inHelp: top.stdout) {
            #expect(page.contains(ManualCommand.escape(option)), "the manual names the top-level \(option)")
        }
    }

    @Test func textThatLooksLikeARequestStaysText() {
        #expect(ManualCommand.text(".hidden") == #"\&.hidden"#, "a leading dot is escaped")
        #expect(ManualCommand.text(#"a\b --c"#) == #"a\eb \-\-c"#, "backslashes and hyphens")
    }

    @Test(Prerequisite.program("man", install: "apt-get install man-db"))
    func manRendersIt() async throws {
        _ = try #require(Prerequisite.program("man"), "man is not installed (apt-get install man-db)")
        let page = await manual()
        let rendered = try #require(try runTool("sh", ["-c", "LC_ALL=C.UTF-8 MANWIDTH=80 man -l - 2>&1 <<'EOF'\n\(page)EOF\n"]))
        #expect(rendered.status == 0, "man -l renders it: \(rendered.output)")
        #expect(
            rendered.output.contains("EXIT STATUS") && rendered.output.contains("--key-file PATH"),
            "sections and options: \(rendered.output.prefix(400))")
        #expect(!rendered.output.contains("warning"), "no troff warnings: \(rendered.output.prefix(400))")
        #expect(!rendered.output.contains("\u{2010}\n"), "no word broken by a hyphen")
    }
}
