import Foundation
import Testing

/// What a test needs from outside the package (the captures in shared/, Chromium, tmux, a
/// shell). Without it the test is skipped with the reason, so the run's summary counts it as
/// skipped, never as passed; with FOODLOGGER_FULL_TESTS=1 (CI) it runs and fails instead.
public enum Prerequisite {
    public static let allRequired = ProcessInfo.processInfo.environment["FOODLOGGER_FULL_TESTS"] == "1"

    public static func enabled(_ isPresent: Bool, _ reason: String) -> ConditionTrait {
        .enabled(if: isPresent || allRequired, Comment(rawValue: reason + "; FOODLOGGER_FULL_TESTS=1 makes this a failure"))
    }

    /// `name`'s path on PATH, nil when it is not there.
    public static func program(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// The trait of a test that runs `name`.
    public static func program(_ name: String, install: String) -> ConditionTrait {
        enabled(program(name) != nil, "\(name) is not installed (\(install))")
    }
}

/// A folder for one test's files under the temporary directory, removed with its last reference,
/// so no run leaves files (key files least of all) behind.
public final class TemporaryFolder: Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(_ prefix: String = "foodlogger") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
