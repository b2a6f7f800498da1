import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
            process.arguments = ["log", "add", "--stub", "J900000001", "--note", "one of eight", "--again"]
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

/// The food log made hostile (#38), as the built binary meets it: exit code, stderr, the log's
/// bytes after, and for the large ones the peak memory GNU time reports.
@Suite struct HostileFoodLogBinaryTests {
    static let time = "/usr/bin/time"
    static let hasTime = Prerequisite.enabled(
        FileManager.default.isExecutableFile(atPath: time), "GNU time is not installed (apt-get install time)")
    /// What a run may hold at most, whatever the log: far below the gigabytes a log of short
    /// lines once took.
    static let maxPeak = 100 << 20

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Peak resident memory in bytes, when run under GNU time.
        var peak: Int?
    }

    /// Runs the binary with its data in `data`, stdout to `stdout` (a file's path), and under
    /// GNU time when `measured`.
    static func run(_ arguments: [String], data: TemporaryFolder, stdout: String? = nil, measured: Bool = false) throws -> Run {
        let scratch = try TemporaryFolder("foodlogger-run")
        let report = scratch.url.appendingPathComponent("peak")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: measured ? time : Binary.url.path)
        process.arguments = (measured ? ["-f", "%M", "-o", report.path, Binary.url.path] : []) + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "XDG_DATA_HOME": data.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = try stdout.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = stdout == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let said = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let kibibytes = (try? String(contentsOf: report, encoding: .utf8))?.split(separator: "\n").last.flatMap { Int($0) }
        return Run(
            status: process.terminationStatus, stdout: String(decoding: printed, as: UTF8.self),
            stderr: String(decoding: said, as: UTF8.self), peak: kibibytes.map { $0 * 1024 })
    }

    /// A data folder whose stub log (the one `--stub` runs keep) holds `bytes`.
    static func log(_ bytes: Data) throws -> (TemporaryFolder, URL) {
        let data = try TemporaryFolder("foodlogger-data")
        let url = data.url.appendingPathComponent("foodlogger/stub/log.jsonl")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
        return (data, url)
    }

    /// 8 MB of blank lines and 4 MB of `{}` lines: the logs that once took 1.7 GB and 957 MB.
    @Test(hasTime, arguments: [("\n", 8_000_000), ("{}\n", 1_400_000)])
    func aLogOfManyShortLinesIsReadAndAddedToInBoundedMemory(line: String, count: Int) throws {
        // Given the log
        let (data, url) = try Self.log(Data(String(repeating: line, count: count).utf8))
        let before = try Data(contentsOf: url)

        // When it is listed, and an entry added, each under GNU time
        let listed = try Self.run(["log", "--json", "--stub"], data: data, measured: true)
        let added = try Self.run(["log", "add", "--stub", "J900000001"], data: data, measured: true)

        // Then both run in bounded memory; the list is empty (exit 1); the entry is 1, after every byte
        let peaks = [listed.peak ?? .max, added.peak ?? .max]
        #expect(peaks.allSatisfy { $0 < Self.maxPeak }, "peaks under 100 MiB: \(peaks)")
        let count = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])?["count"] as? Int
        #expect(listed.status == 1 && count == 0, "an empty list: \(listed.stdout)")
        #expect(added.status == 0 && added.stdout.hasPrefix("Logged entry 1: "), "\(added.stdout) \(added.stderr)")
        let after = try Data(contentsOf: url)
        #expect(after.prefix(before.count) == before && after.count > before.count, "every byte before kept, then the entry")
    }

    @Test func aLogPastTheCapIsRefusedInOneLineAndLeftAsItWas() throws {
        // Given a 65 MiB log (sparse: it takes no disk)
        let (data, url) = try Self.log(Data())
        #expect(truncate(url.path, 65 << 20) == 0, "the file made 65 MiB")

        // When it is listed and added to
        let listed = try Self.run(["log", "--stub"], data: data)
        let added = try Self.run(["log", "add", "--stub", "J900000001"], data: data)

        // Then each exits 74 with one line, and the file is as it was
        let line =
            "foodlogger: the food log \(url.path) is 65 MiB, more than the 64 MiB foodlogger reads; nothing was changed (move it aside to start a new one)\n"
        #expect(listed.status == 74 && listed.stderr == line, "\(listed.status) \(listed.stderr)")
        #expect(added.status == 74 && added.stderr == line, "\(added.status) \(added.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        #expect(size == 65 << 20, "the size as it was: \(String(describing: size))")
    }

    @Test func anEntryAddedWhileStdoutIsFullIsSaidOnStderrAndExitsZero() throws {
        // Given an empty data folder, and stdout on /dev/full
        let data = try TemporaryFolder("foodlogger-data")

        // When an entry is added
        let added = try Self.run(["log", "add", "--stub", "J900000001"], data: data, stdout: "/dev/full")

        // Then exit 0, one line on stderr saying it is in the log, and it is, once
        #expect(added.status == 0, "exit 0: \(added.status)")
        #expect(
            added.stderr
                == "foodlogger: entry 1 (炉端 かがり火 丸の内店) is in the food log, but stdout did not take the line saying so; do not add it again\n",
            "\(added.stderr)")
        let listed = try Binary.run(["log", "--json", "--stub"], environment: ["XDG_DATA_HOME": data.path])
        #expect((listed.json?["count"] as? Int) == 1, "one entry: \(listed.stdout)")
    }
}
