import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Runs the whole CLI in-process with captured streams.
struct CLIRun {
    var code: ExitCode
    var stdout: String
    var stderr: String

    @MainActor
    static func run(
        _ arguments: [String], environment: [String: String] = [:], terminal: Terminal = Terminal(),
        currentDirectory: String = NSTemporaryDirectory()
    ) async -> CLIRun {
        let out = CapturedOutput(), err = CapturedOutput()
        // A home with no key.plist, so a developer's own key never leaks into a test.
        let environment = ["HOME": "/nonexistent-home", "XDG_CONFIG_HOME": "/nonexistent-config"].merging(environment) { $1 }
        let context = ProcessContext(
            arguments: arguments, environment: environment, currentDirectory: currentDirectory,
            stdout: out, stderr: err, terminal: terminal)
        let code = await FoodLogger.main(context: context)
        return CLIRun(code: code, stdout: out.text, stderr: err.text)
    }

    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
    }
}
