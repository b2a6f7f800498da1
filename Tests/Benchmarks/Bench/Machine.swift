import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the numbers were measured on, so a reader can tell whether they apply to theirs.
enum Machine {
    static func describe() -> [(String, String)] {
        [
            ("uname -a", Spawn.output(of: "uname", ["-a"]) ?? "unknown"),
            ("nproc", Spawn.output(of: "nproc", []) ?? String(ProcessInfo.processInfo.activeProcessorCount)),
            (
                "CPU",
                procField("/proc/cpuinfo", "model name") ?? Spawn.output(of: "sysctl", ["-n", "machdep.cpu.brand_string"])
                    ?? "unknown"
            ),
            ("memory", String(format: "%.1f GiB", Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824)),
            ("swift", Spawn.output(of: "swift", ["--version"])?.split(separator: "\n").first.map(String.init) ?? "unknown"),
        ]
    }

    /// The 1, 5 and 15 minute load averages: other work on the machine makes timings noisy.
    static func load() -> String {
        var averages = [Double](repeating: 0, count: 3)
        guard getloadavg(&averages, 3) == 3 else { return "unknown" }
        return averages.map { String(format: "%.2f", $0) }.joined(separator: ", ")
    }

    /// The first `name : value` line of a /proc file.
    static func procField(_ path: String, _ name: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix(name) }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
