import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct PagingProgressLineTests {
    static func context(stderrIsTerminal: Bool, stderr: CapturedOutput) -> ProcessContext {
        ProcessContext(
            arguments: [], stdout: CapturedOutput(), stderr: stderr,
            terminal: Terminal(stderrIsTerminal: stderrIsTerminal))
    }

    @Test func noReporterWhenStderrIsNotATerminal() {
        #expect(
            PagingProgressLine.reporter(for: Self.context(stderrIsTerminal: false, stderr: CapturedOutput())) == nil,
            "no progress into a pipe or a log")
    }

    @Test func overwritesOneLineAndErasesItAtTheEnd() throws {
        let stderr = CapturedOutput()
        let report = try #require(
            PagingProgressLine.reporter(for: Self.context(stderrIsTerminal: true, stderr: stderr)),
            "a reporter on a terminal")
        report(.fetched(pages: 1, of: 3))
        report(.fetched(pages: 3, of: 3))
        report(.finished)
        let parts = stderr.text.split(separator: "\r", omittingEmptySubsequences: true)
        #expect(parts.prefix(2) == ["foodlogger: fetched 1/3 pages", "foodlogger: fetched 3/3 pages"], "one line, rewritten")
        #expect(!stderr.text.contains("\n"), "no line feeds")
        #expect(stderr.text.hasSuffix("\r") && parts.last?.allSatisfy { $0 == " " } == true, "blanked, cursor back at column 1")
    }
}
