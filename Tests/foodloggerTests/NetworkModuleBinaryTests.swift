import Foundation
import Testing

/// The binary without libFoodLoggerTransport.so beside it: the network stack is loaded only for
/// a request, so everything else works, and a request fails with one line saying what to do.
@Suite struct NetworkModuleBinaryTests {
    /// A copy of the built binary, alone in a fresh directory.
    private func loneBinary() throws -> URL {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("foodlogger-lone-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("foodlogger")
        try FileManager.default.copyItem(at: Binary.url, to: copy)
        return copy
    }

    #if os(Linux)
    @Test func theBuildPutsTheModuleBesideTheBinary() {
        let module = Binary.url.deletingLastPathComponent().appendingPathComponent("libFoodLoggerTransport.so")
        #expect(FileManager.default.fileExists(atPath: module.path), "built at \(module.path)")
    }
    #endif

    @Test func withoutTheModuleTheStubStillWorks() throws {
        let binary = try loneBinary()
        defer { try? FileManager.default.removeItem(at: binary.deletingLastPathComponent()) }
        let result = try Binary.run(["search", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--json"], executable: binary)
        #expect(result.status == 0, "the stub needs no network: \(result.stderr)")
    }

    #if os(Linux)
    @Test func withoutTheModuleARequestSaysWhatToDo() throws {
        let binary = try loneBinary()
        defer { try? FileManager.default.removeItem(at: binary.deletingLastPathComponent()) }
        let result = try Binary.run(["search", "--lat", "35.6812", "--lng", "139.7671"],
                                    environment: ["HOTPEPPER_API_KEY": "x", "HOTPEPPER_BASE_URL": "http://127.0.0.1:9/"],
                                    executable: binary)
        #expect(result.status == 69, "EX_UNAVAILABLE, got \(result.status)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.contains("libFoodLoggerTransport.so") && result.stderr.contains(binary.deletingLastPathComponent().path),
                "names the file and where it was looked for: \(result.stderr)")
        #expect(result.stderr.contains("swift build"), "says how to get it: \(result.stderr)")
        #expect(result.stdout.isEmpty, "no data")
    }
    #endif
}
