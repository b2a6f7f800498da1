import Foundation
import Testing
import TestSupport

/// `foodlogger mcp` spoken to by a client nobody here wrote: the official MCP Python SDK, which
/// .ci/run installs into .build-mcp-venv (`pip install mcp`).
@Suite struct MCPPythonSDKTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// FOODLOGGER_MCP_PYTHON, else the CI's venv, else python3 on PATH: the first that imports the SDK.
    static let python: String? = {
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["FOODLOGGER_MCP_PYTHON"],
            root.appendingPathComponent(".build-mcp-venv/bin/python").path,
            Prerequisite.program("python3"),
        ]
        return candidates.compactMap { $0 }.first { path in
            FileManager.default.isExecutableFile(atPath: path) && (try? run(path, ["-c", "import mcp, jsonschema"]))?.status == 0
        }
    }()

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Binary.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A client that hangs fails the test rather than the run.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return .init(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test(
        Prerequisite.enabled(
            python != nil, "no Python with the MCP SDK and jsonschema (pip install mcp; .ci/run makes .build-mcp-venv)"))
    func theOfficialPythonSDKListsCallsAndValidatesEveryTool() throws {
        // Given the SDK's client script and a HOME of its own
        let python = try #require(Self.python, "a Python with the MCP SDK")
        let home = try TemporaryFolder("foodlogger-mcp-sdk")

        // When it connects over stdio and calls the tools on the stub
        let result = try Self.run(
            python, [Self.root.appendingPathComponent("Tests/MCP/sdk_client.py").path, Binary.url.path],
            environment: ["FOODLOGGER_MCP_HOME": home.path])

        // Then every structured result matched its output schema
        #expect(result.status == 0, "the SDK's client passed:\n\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("search_restaurants: valid"), "search was validated: \(result.stdout)")
        // In each of the SDK's ways: the handshake, its default (discover) and 2026-07-28 pinned
        for mode in ["handshake", "default (2026-07-28)", "2026-07-28 (2026-07-28)"] {
            #expect(result.stdout.contains("\(mode): 7 tools"), "\(mode) checked: \(result.stdout)")
        }
    }
}
