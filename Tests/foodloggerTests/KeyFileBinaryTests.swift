import Foundation
import Testing
import TestSupport

/// Key files as a newcomer gets them wrong, through the real binary: what reaches the terminal's
/// stderr is only foodlogger's own line (CoreFoundation writes to fd 2 itself, out of reach of
/// in-process tests).
@Suite struct KeyFileBinaryTests {
    /// Writes `content` as a key file in a folder of its own (removed after), and runs a search with it.
    func search(withKeyFile content: String) throws -> Binary.Result {
        let folder = try TemporaryFolder("foodlogger-keyfile")
        let file = folder.url.appendingPathComponent("key.plist")
        try Data(content.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return try Binary.run(
            ["search", "--keyword", "x", "--verbose", "--key-file", file.path],
            environment: ["HOTPEPPER_BASE_URL": "http://127.0.0.1:9/"])
    }

    @Test func aFileThatIsNoPropertyListGetsOurOneLineOnly() throws {
        let result = try search(withKeyFile: "hotpepperApiKey = abc\n")
        #expect(result.status == 78, "exit 78; stderr: \(result.stderr)")
        #expect(
            result.stderr.hasPrefix("foodlogger: key file ") && result.stderr.contains(": not a property list."),
            "our message: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line, no CoreFoundation debug line: \(result.stderr)")
    }

    @Test func anUneditedCopyOfTheExampleIsRefusedBeforeAnyRequest() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("key.plist.example")
        let result = try search(withKeyFile: try String(contentsOf: example, encoding: .utf8))
        #expect(result.status == 78, "exit 78 (configuration); stderr: \(result.stderr)")
        #expect(result.stderr.contains("still holds the placeholder YOUR_HOTPEPPER_API_KEY"), "says so: \(result.stderr)")
        #expect(!result.stderr.contains("GET "), "no request was made: \(result.stderr)")
    }
}
