import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program to run: an absolute path (or a name found on PATH) and its arguments.
struct Command: CustomStringConvertible {
    var path: String
    var arguments: [String]

    init(_ path: String, _ arguments: [String] = []) {
        self.path = path; self.arguments = arguments
    }

    var description: String { ([URL(fileURLWithPath: path).lastPathComponent] + arguments).joined(separator: " ") }

    /// `name`'s absolute path on PATH, or nil when it is not installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}

struct SpawnError: Error, CustomStringConvertible {
    var description: String
}

/// Runs processes with posix_spawn and reaps them with waitpid, which keeps the parent's overhead
/// out of the timing: no Foundation `Process`, no run loop. stdin is /dev/null, the last stdout
/// goes to /dev/null, stderr to a scratch file that is shown when a run fails, so a failing
/// candidate can never pass as a fast one.
enum Spawn {
    static let stderrFile = NSTemporaryDirectory() + "foodlogger-bench-stderr-\(getpid())"

    /// Seconds from the first spawn until every process of the pipeline has exited.
    static func run(_ pipeline: [Command], environment: [String: String]) throws -> Double {
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pids: [pid_t] = []
        var previousRead: Int32 = -1
        let start = DispatchTime.now().uptimeNanoseconds
        for (index, command) in pipeline.enumerated() {
            let isLast = index == pipeline.count - 1
            var pipeFDs: [Int32] = [-1, -1]
            if !isLast {
                guard pipe(&pipeFDs) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
                pipeFDs.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
            }
            let pid = try spawn(command, stdin: previousRead, stdout: pipeFDs[1], envp: envp)
            pids.append(pid)
            if previousRead >= 0 { close(previousRead) }
            if !isLast { close(pipeFDs[1]) }
            previousRead = pipeFDs[0]
        }
        var failure: String?
        for (pid, command) in zip(pids, pipeline) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
            if failure == nil, !(exited && code == 0) {
                failure = "\(command) " + (exited ? "exited \(code)" : "was killed by signal \(status & 0x7f)")
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if let failure {
            let stderr = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
            throw SpawnError(
                description: failure + (stderr.isEmpty ? "" : ": " + stderr.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return seconds
    }

    /// One child with its standard streams set; -1 means /dev/null.
    private static func spawn(
        _ command: Command, stdin: Int32, stdout: Int32,
        envp: [UnsafeMutablePointer<CChar>?]
    ) throws -> pid_t {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin >= 0 {
            posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        if stdout >= 0 {
            posix_spawn_file_actions_adddup2(&actions, stdout, STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderrFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([command.path] + command.arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, command.path, &actions, nil, argv, envp)
        guard result == 0 else {
            throw SpawnError(description: "cannot run \(command.path): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// The peak resident set of `command` in KiB and its voluntary + involuntary context
    /// switches, as GNU time reports them, or nil without /usr/bin/time. Not from our own wait4:
    /// a child spawned with posix_spawn (vfork) inherits the parent's high-water mark at exec on
    /// Linux, so it would report the bench's memory.
    static func usage(of command: Command, environment: [String: String]) throws -> (peakKiB: Int, switches: Int)? {
        let time = "/usr/bin/time", report = stderrFile + ".rss"
        guard access(time, X_OK) == 0 else { return nil }
        _ = try run(
            [Command(time, ["-f", "%M %w %c", "-o", report, command.path] + command.arguments)], environment: environment)
        let numbers = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
            .compactMap { Int($0) }
        return numbers.count == 3 ? (numbers[0], numbers[1] + numbers[2]) : nil
    }

    /// Wall and CPU (user + sys) seconds of one run of `command` that must exit `expectedStatus`,
    /// as GNU time reports them, or nil without /usr/bin/time.
    static func cpuSeconds(of command: Command, environment: [String: String], expectedStatus: Int32) throws -> (
        wall: Double, cpu: Double
    )? {
        let time = "/usr/bin/time", report = stderrFile + ".cpu"
        guard access(time, X_OK) == 0 else { return nil }
        // GNU time exits with the command's status: wrap it so the expected failure counts as success.
        let script = "\"$@\"; test $? -eq \(expectedStatus)"
        _ = try run(
            [Command("/bin/sh", ["-c", script, "sh", time, "-f", "%e %U %S", "-o", report, command.path] + command.arguments)],
            environment: environment)
        // The last line: before it GNU time says "Command exited with non-zero status …".
        let last = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n").last ?? ""
        let numbers = last.split(separator: " ").compactMap { Double($0) }
        try? FileManager.default.removeItem(atPath: report)
        guard numbers.count == 3 else { return nil }
        return (numbers[0], numbers[1] + numbers[2])
    }

    /// The instructions one run of `command` executes, as callgrind counts them (the machine
    /// has no hardware counters for perf), or nil without valgrind. `profile` keeps callgrind's
    /// output there, for callgrind_annotate.
    static func instructions(of command: Command, environment: [String: String], profile: String? = nil) throws -> Int? {
        guard let valgrind = Command.find("valgrind") else { return nil }
        _ = try run(
            [
                Command(
                    valgrind,
                    ["--tool=callgrind", "--callgrind-out-file=\(profile ?? "/dev/null")", command.path] + command.arguments)
            ],
            environment: environment)
        // "==123== Collected : 4567" on valgrind's stderr.
        let report = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
        return report.split(separator: "\n").first { $0.contains("Collected :") }
            .flatMap { $0.split(separator: " ").last }.flatMap { Int($0) }
    }

    /// A command's standard output, for describing the machine (uname, nproc, swift --version).
    static func output(of name: String, _ arguments: [String]) -> String? {
        guard let path = Command.find(name) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
