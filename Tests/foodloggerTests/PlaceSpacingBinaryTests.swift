import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// Nominatim's usage policy: at most one request a second, from all of a user's runs together.
/// Several built binaries started at once against a loopback place search, sharing one cache.
@Suite struct PlaceSpacingBinaryTests {
    /// Arrival times, from the server's threads.
    final class Arrivals: @unchecked Sendable {
        private let lock = NSLock()
        private var times: [Date] = []
        var sorted: [Date] { lock.withLock { times.sorted() } }
        func record() { lock.withLock { times.append(Date()) } }
    }

    static let shop = #"""
        {"results":{"api_version":"1.30","results_available":1,"results_returned":"1","results_start":1,
        "shop":[{"id":"J0000000009","name":"試験食堂","lat":35.6812,"lng":139.7671}]}}
        """#

    /// A place named after the query, at a spot of its own.
    static func place(_ name: String) -> String {
        #"[{"place_id":1,"lat":"35.68","lon":"139.76","category":"railway","type":"station","name":"\#(name)","display_name":"\#(name)"}]"#
    }

    /// A loopback place search that notes when each request arrives, a restaurant service, and
    /// one cache folder for every run.
    final class Services: Sendable {
        let arrivals = Arrivals()
        let places: LoopbackServer, shops: LoopbackServer
        let cache: TemporaryFolder, home: TemporaryFolder

        init() throws {
            let arrivals = arrivals
            places = try LoopbackServer { request in
                arrivals.record()
                return .json(PlaceSpacingBinaryTests.place(request.queryValue("q") ?? "?"))
            }
            shops = try LoopbackServer { _ in .json(PlaceSpacingBinaryTests.shop) }
            cache = try TemporaryFolder("foodlogger-cache")
            home = try TemporaryFolder("foodlogger-home")
        }

        /// Starts one run per place name at once and waits for them all, suspended rather than
        /// blocking one of the test runner's few threads for the seconds the runs take.
        func start(_ names: [String]) async throws -> [Process] {
            let runs = names.map { name in
                let process = Process()
                process.executableURL = Binary.url
                process.arguments = ["search", "--near", name, "--json"]
                process.environment = [
                    "PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CACHE_HOME": cache.path, "HOTPEPPER_API_KEY": "k",
                    "HOTPEPPER_BASE_URL": shops.baseURL.absoluteString,
                    "FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString,
                ]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                process.standardInput = FileHandle.nullDevice
                return process
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for process in runs {
                    let ended = AsyncStream<Void> { continuation in
                        process.terminationHandler = { _ in continuation.finish() }
                    }
                    try process.run()
                    group.addTask { for await _ in ended {} }
                }
                try await group.waitForAll()
            }
            return runs
        }
    }

    @Test func runsStartedTogetherAskASecondApartAndKeepEveryPlace() async throws {
        // Given the services and one cache folder
        let services = try Services()
        let names = (1...6).map { "place-\($0)" }

        // When six runs, each near a place of its own, start at the same time
        let runs = try await services.start(names)

        // Then each succeeded, the place search heard each once, a second or more apart
        #expect(runs.map(\.terminationStatus) == names.map { _ in 0 }, "every run succeeds")
        let times = services.arrivals.sorted
        let gaps = zip(times.dropFirst(), times).map { $0.timeIntervalSince($1) }
        #expect(times.count == names.count, "one place request per run: \(times.count)")
        #expect(gaps.allSatisfy { $0 >= 0.99 }, "requests a second apart, not \(gaps.map { ($0 * 1000).rounded() / 1000 })")

        // And every place is in the one cache file
        let file = services.cache.url.appendingPathComponent("foodlogger/places-127-0-0-1-\(services.places.port).json")
        let keys = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        // Each key is the name after the place search's scope ("[jp ja] place-1").
        let kept = Set((keys?.keys.map { $0 } ?? []).map { String($0.drop { $0 != "]" }.dropFirst(2)) })
        #expect(kept == Set(names), "every place kept: \(kept.sorted())")
    }

    @Test func runsOfOnePlaceStartedTogetherAskOnce() async throws {
        // Given the services and one cache folder
        let services = try Services()

        // When five runs near the same place start at the same time
        let runs = try await services.start(Array(repeating: "same-place", count: 5))

        // Then all succeed and the place is asked for once: the others find it kept in their turn
        #expect(runs.allSatisfy { $0.terminationStatus == 0 }, "every run succeeds")
        #expect(services.arrivals.sorted.count == 1, "one request, not \(services.arrivals.sorted.count)")
    }
}
