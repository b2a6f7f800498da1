import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit
import TestSupport

/// Runs the whole CLI in-process with captured streams.
struct CLIRun {
    var code: ExitCode
    var stdout: String
    var stderr: String

    @MainActor
    static func run(
        _ arguments: [String], environment: [String: String] = [:], terminal: Terminal = Terminal(),
        currentDirectory: String = NSTemporaryDirectory(), now: Date = CLIRun.friday,
        fullScreen: ScriptedTerminal? = nil, lines: [String] = []
    ) async -> CLIRun {
        let out = CapturedOutput(), err = CapturedOutput()
        // A cache and a state folder of the run's own, unless the test names a home or one of
        // them: one test's kept answers or last list never stand in for another's (nor a
        // developer's own).
        let ownsCache = environment["HOME"] == nil && environment["XDG_CACHE_HOME"] == nil
        let cache = ownsCache ? try? TemporaryFolder("foodlogger-cache") : nil
        let state = environment["XDG_STATE_HOME"] == nil ? try? TemporaryFolder("foodlogger-state") : nil
        // A home with no key.plist, so a developer's own key never leaks into a test.
        let environment = ["HOME": "/nonexistent-home", "XDG_CONFIG_HOME": "/nonexistent-config"]
            .merging(cache.map { ["XDG_CACHE_HOME": $0.path] } ?? [:]) { $1 }
            .merging(state.map { ["XDG_STATE_HOME": $0.path] } ?? [:]) { $1 }
            .merging(Loopback.unreachableServices) { $1 }.merging(environment) { $1 }
        var context = ProcessContext(
            arguments: arguments, environment: environment, currentDirectory: currentDirectory,
            stdout: out, stderr: err, terminal: terminal)
        context.now = { now }
        // The prompt's input: the lines typed, then the end of input.
        let typed = TypedLines(lines)
        context.readLine = { typed.next() }
        if let fullScreen { context.fullScreen = { fullScreen } }
        let code = await FoodLogger.main(context: context)
        withExtendedLifetime((cache, state)) {}
        return CLIRun(code: code, stdout: out.text, stderr: err.text)
    }

    /// The tests' "now": Friday 2026-11-20, 19:30 in Japan, when most of the stub's shops are open.
    static let friday = CivilTime(date: CivilDate(year: 2026, month: 11, day: 20), minute: 19 * 60 + 30).instant(
        secondsFromGMT: HoursClock.japanOffset)

    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
    }
}

/// The lines a test types at a prompt, handed out one at a time, then nil.
final class TypedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    func next() -> String? { lock.withLock { lines.isEmpty ? nil : lines.removeFirst() } }
}
