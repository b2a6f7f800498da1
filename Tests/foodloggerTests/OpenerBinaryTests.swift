import Foundation
import LoopbackHTTP
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

    /// Runs `open` with `arguments` and an opener that fails noisily on PATH.
    func open(_ arguments: [String], environment: [String: String] = [:]) throws -> Binary.Result {
        let folder = try TemporaryFolder("foodlogger-opener")
        let script = folder.url.appendingPathComponent(Self.opener)
        try Data("#!/bin/sh\necho 'www-browser: not found' >&2\necho 'chatter on stdout'\nexit 3\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return try Binary.run(
            ["open"] + arguments, environment: ["PATH": folder.path + ":/usr/bin:/bin"].merging(environment) { $1 })
    }

    @Test func aFailingOpenersChatterStaysOutOfTheTerminal() throws {
        let page = "http://127.0.0.1:9/shops/J000000009/"
        let server = try LoopbackServer(replies: [
            .json(
                #"{"results":{"results_available":1,"results_returned":"1","results_start":1,"shop":[{"id":"J000000009","name":"a","lat":35,"lng":139,"urls":{"pc":"\#(page)"}}]}}"#
            )
        ])

        let result = try open(
            ["J000000009"], environment: ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])

        #expect(!result.stderr.contains("not found") && !result.stdout.contains("chatter"), "no opener noise: \(result.stderr)")
        #expect(result.stderr.contains("exited with status 3"), "our one line says what happened: \(result.stderr)")
        #expect(result.stdout == page + "\n", "the address is still given: \(result.stdout)")
    }

    @Test func aStubAddressIsNotOpenedButSaidToBeMadeUp() throws {
        let result = try open(["--stub", "J900000001"])

        #expect(result.status == 0, "exit 0: \(result.stderr)")
        #expect(
            result.stderr.contains("no page to open: https://stub.foodlogger.invalid/"),
            "says why: \(result.stderr)")
        #expect(!result.stderr.contains("exited with status"), "the opener was not run: \(result.stderr)")
        #expect(result.stdout == "https://stub.foodlogger.invalid/shops/J900000001/\n", "the address on stdout")
    }
}
