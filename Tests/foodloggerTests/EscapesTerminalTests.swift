import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// The real binary on a real terminal (tmux), every format, over a service whose shop name
/// would set the window title, clear the screen and write the clipboard: the escapes arrive as
/// visible text and do none of it.
@Suite(
    "escapes from the service on a terminal (tmux)",
    Prerequisite.program("tmux", install: "apt-get install tmux, brew install tmux"))
struct EscapesTerminalTests {
    typealias Session = InteractiveTerminalTests.Session

    static let body = #"""
        {"results":{"results_available":1,"results_start":1,"shop":[
        {"id":"J0000000001","name":"\u001b]0;pwned\u0007\u001b[2J\u001b]52;c;cHduZWQ=\u0007悪い店\u009b2J\u202e","lat":35.6822,"lng":139.7671,"genre":{"name":"居酒屋"}}]}}
        """#

    @Test(arguments: ["table", "json", "ndjson", "geojson", "csv", "html"])
    func noFormatLetsTheServiceDriveTheTerminal(format: String) async throws {
        let binary = try #require(
            InteractiveTerminalTests.builtBinary(), "the foodlogger binary is not next to the test bundle; build it first")
        let server = try LoopbackServer { _ in .json(Self.body) }
        defer { server.stop() }
        // Given a line on the screen before the output
        let session = try Session(
            [
                "bash", "-c", "echo BEFORE-THE-OUTPUT; exec \"$@\"", "bash", "env", "LANG=C.UTF-8", "HOTPEPPER_API_KEY=k",
                "HOTPEPPER_BASE_URL=\(server.baseURL.absoluteString)", binary, "search", "--lat", "35.6812", "--lng",
                "139.7671", "--format", format,
            ])
        // When the search has printed
        _ = try await session.waitFor("the end") { $0.contains("EXIT=") }
        let screen = try session.tmux(["capture-pane", "-p", "-J", "-t", "fl", "-S", "-"])
        // Then
        #expect(screen.contains("EXIT=0"), "\(format): exit 0: \(screen.suffix(400))")
        #expect(screen.contains("BEFORE-THE-OUTPUT"), "\(format): the screen was not cleared")
        #expect(screen.contains("悪い店"), "\(format): the shop is shown")
        #expect(screen.contains("]0;pwned"), "\(format): the escape is shown as text")
        let title = try session.tmux(["display-message", "-p", "-t", "fl", "#{pane_title}"])
        #expect(!title.contains("pwned"), "\(format): the window title is untouched: \(title)")
        let buffers = try session.tmux(["list-buffers"])
        #expect(buffers.isEmpty, "\(format): nothing reached the clipboard: \(buffers)")
    }
}
