import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit
import TestSupport

/// Test data for the fault-handling tests: a canary key, bodies the service (or an impostor)
/// might send, and a way to run the whole CLI in-process.
enum FaultSeeds {
    /// A key that must never appear in any output; unique per run so nothing else can contain it.
    static let canary = "canary-" + UUID().uuidString.lowercased()

    /// The smallest gourmet answer with one shop.
    static let oneShop = #"""
        {"results":{"api_version":"1.30","results_available":1,"results_returned":"1","results_start":1,
        "shop":[{"id":"J0000000009","name":"試験食堂","lat":35.6812,"lng":139.7671,"genre":{"name":"居酒屋","code":"G001"}}]}}
        """#

    static func serviceError(_ code: Int, _ message: String) -> String {
        #"{"results":{"api_version":"1.30","error":[{"code":\#(code),"message":"\#(message)"}]}}"#
    }

    static let query = RestaurantQuery(center: Coordinate(lat: 35.6812, lng: 139.7671))

    /// What one in-process run of the CLI produced.
    struct Run {
        var exitCode: ExitCode
        var stdout: String
        var stderr: String

        /// Every line the user saw.
        var output: String { stdout + stderr }
    }

    @MainActor
    static func run(
        _ arguments: [String], environment: [String: String] = [:],
        currentDirectory: String = NSTemporaryDirectory()
    ) async -> Run {
        let stdout = CapturedOutput(), stderr = CapturedOutput()
        // A cache of the run's own, unless the test names a home or a cache: one test's kept
        // answers never stand in for another's.
        let ownsCache = environment["HOME"] == nil && environment["XDG_CACHE_HOME"] == nil
        let cache = ownsCache ? try? TemporaryFolder("foodlogger-cache") : nil
        // A state folder of the run's own: a search's last list reaches no other test.
        let state = try? TemporaryFolder("foodlogger-state")
        let isolated = ["HOME": "/nonexistent-home", "XDG_CONFIG_HOME": "/nonexistent-config"]
            .merging(cache.map { ["XDG_CACHE_HOME": $0.path] } ?? [:]) { $1 }
            .merging(state.map { ["XDG_STATE_HOME": $0.path] } ?? [:]) { $1 }
            .merging(Loopback.unreachableServices) { $1 }
        let context = ProcessContext(
            arguments: arguments, environment: isolated.merging(environment) { $1 },
            currentDirectory: currentDirectory, stdout: stdout, stderr: stderr)
        let code = await FoodLogger.main(context: context)
        withExtendedLifetime((cache, state)) {}
        return Run(exitCode: code, stdout: stdout.text, stderr: stderr.text)
    }
}
