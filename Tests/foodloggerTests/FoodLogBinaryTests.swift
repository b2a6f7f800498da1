import Foundation
import Testing
import TestSupport

/// The food log written by separate runs of the built binary at once, as a user's shell
/// scripts or several terminals would.
@Suite struct FoodLogBinaryTests {
    @Test func eightRunsAddingAtOnceKeepEightEntries() throws {
        // Given one data folder, and eight `log add` processes started together (the stub's
        // places, into the stub's own log)
        let data = try TemporaryFolder("foodlogger-data")
        let home = try TemporaryFolder("foodlogger-home")
        let processes = (1...8).map { _ in
            let process = Process()
            process.executableURL = Binary.url
            process.arguments = ["log", "add", "--stub", "J900000001", "--note", "one of eight"]
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_DATA_HOME": data.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            return process
        }

        // When they all run at the same time
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }

        // Then every run succeeded and the log holds eight entries numbered 1 to 8
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8), "all exit 0")
        let listed = try Binary.run(["log", "--json", "--stub"], environment: ["XDG_DATA_HOME": data.path])
        let numbers = (listed.json?["entries"] as? [[String: Any]])?.compactMap { $0["number"] as? Int }.sorted()
        #expect(numbers == Array(1...8), "eight entries: \(String(describing: numbers)); \(listed.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: data.url.appendingPathComponent("foodlogger/stub").path)
        #expect(names.sorted() == ["log.jsonl", "log.jsonl.lock"], "the log and its lock, no temporary file: \(names)")
    }
}
