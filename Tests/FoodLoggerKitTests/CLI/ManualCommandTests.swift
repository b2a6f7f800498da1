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
