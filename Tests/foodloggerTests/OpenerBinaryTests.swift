import Foundation
import Testing
import TestSupport

/// `open` through the real binary with a browser opener that fails noisily, as xdg-open does
/// on a machine without a browser: only foodlogger's own words reach the terminal.
@Suite struct OpenerBinaryTests {
    #if canImport(Darwin)
    static let opener = "open"
    #else
    static let opener = "xdg-open"
    #endif

    @Test func aFailingOpenersChatterStaysOutOfTheTerminal() throws {
        let folder = try TemporaryFolder("foodlogger-opener")
        let script = folder.url.appendingPathComponent(Self.opener)
        try Data("#!/bin/sh\necho 'www-browser: not found' >&2\necho 'chatter on stdout'\nexit 3\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)

        let result = try Binary.run(["open", "--stub", "J900000001"], environment: ["PATH": folder.path + ":/usr/bin:/bin"])

        #expect(!result.stderr.contains("not found") && !result.stdout.contains("chatter"), "no opener noise: \(result.stderr)")
        #expect(result.stderr.contains("exited with status 3"), "our one line says what happened: \(result.stderr)")
        #expect(result.stdout.hasPrefix("http"), "the address is still given: \(result.stdout)")
    }
}
