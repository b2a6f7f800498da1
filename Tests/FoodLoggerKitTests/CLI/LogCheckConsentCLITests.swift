import Foundation
import LoopbackHTTP
import TestSupport
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `foodlogger log check` at a terminal with more than 100 billed requests to send (#50, item
/// 13): the question on stderr, the answer read through the context's line reader, and only a
/// yes sends them. In-process, over a loopback Google Places.
@MainActor
@Suite struct LogCheckConsentCLITests {
    static let terminal = Terminal(stdinIsTerminal: true, stdoutIsTerminal: true, stderrIsTerminal: true, columns: 100)

    /// A log of `count` Google places, checked at a terminal where `typed` is typed.
    static func check(count: Int, typed: [String], arguments: [String] = []) async throws -> (CLIRun, requests: Int) {
        let harness = try LogCheckCLITests()
        try harness.writeLog((1...count).map { .init(provider: .google, id: "ChIJconsent\($0)") })
        let (google, environment) = try LogCheckCLITests.google()
        let result = await CLIRun.run(
            ["log", "check", "--retries", "0"] + arguments,
            environment: environment.merging(["XDG_DATA_HOME": harness.folder.path]) { $1 }, terminal: terminal,
            lines: typed)
        return (result, google.requests.count)
    }

    static let question =
        "foodlogger: log check will send 101 billed Place Details requests to Google Places; send them? [y/N] "

    @Test(arguments: ["y", "Yes", " y "])
    func aYesAtTheTerminalSendsThem(_ answer: String) async throws {
        // When 101 places are checked at a terminal and the user answers yes
        let (result, requests) = try await Self.check(count: 101, typed: [answer])

        // Then the question was asked once, and every request sent
        #expect(result.stderr.hasPrefix(Self.question), "\(result.stderr)")
        #expect(requests == 101, "\(requests)")
        #expect(result.code != .usage, "\(result.code) \(result.stderr)")
    }

    @Test(arguments: [["n"], [""], ["sure"], []])
    func anythingButYesSendsNothing(_ typed: [String]) async throws {
        // When 101 places are checked at a terminal and the user answers no, nothing, or ends input
        let (result, requests) = try await Self.check(count: 101, typed: typed)

        // Then nothing was sent, and the check ends as without --yes: exit 64
        #expect(result.stderr.hasPrefix(Self.question), "\(result.stderr)")
        #expect(requests == 0 && result.code == .usage, "\(requests) \(result.code) \(result.stderr)")
        #expect(result.stderr.contains("nothing was sent. Give --yes to send them"), "\(result.stderr)")
    }

    @Test func yesAsksNothing() async throws {
        // When 101 places are checked at a terminal with --yes
        let (result, requests) = try await Self.check(count: 101, typed: ["n"], arguments: ["--yes"])

        // Then no question, and every request sent
        #expect(!result.stderr.contains("[y/N]") && requests == 101, "\(requests) \(result.stderr)")
    }

    @Test func aHundredAskNothing() async throws {
        // When 100 places are checked at a terminal
        let (result, requests) = try await Self.check(count: 100, typed: ["n"])

        // Then no question, and every request sent
        #expect(!result.stderr.contains("[y/N]") && requests == 100, "\(requests) \(result.stderr)")
    }

    @Test func yesIsInTheHelpAndTheManualSaysTheExitCodes() async {
        // When the log's help and the manual are asked for
        let help = await CLIRun.run(["log", "--help"])
        let manual = await CLIRun.run(["manual"])

        // Then --yes is listed, and the exit codes say what log check means by 64 and 65
        #expect(help.stdout.contains("--yes"), "\(help.stdout)")
        #expect(manual.stdout.contains(#"more than 100 billed requests without \-\-yes"#), "64 in the manual")
        #expect(manual.stdout.contains("an id in the log is none of its service's"), "65 in the manual")
    }
}
