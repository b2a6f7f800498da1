import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// The built binary run as a process: stdout, stderr and exit code, as a user or script sees them.
struct Binary {
    /// The `foodlogger` built beside this test bundle (the test target depends on it).
    static let url: URL = {
        let candidates = [
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        return candidates.map { $0.appendingPathComponent("foodlogger") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0].appendingPathComponent("foodlogger")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any] }
    }

    /// Runs `executable` (the built one unless told) with a clean environment (no key, no config) plus `environment`, stdin from /dev/null.
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: URL = url) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let home = try TemporaryFolder("foodlogger-home")
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config"]
            .merging(Loopback.unreachableServices) { $1 }.merging(environment) { $1 }
        process.currentDirectoryURL = home.url
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        // Read both pipes before waiting, so a large output cannot fill a pipe and stall the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

@Suite struct BinaryTests {
    static let key = "canary-5b1e2d0c"

    @Test func binaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: Binary.url.path), "built foodlogger at \(Binary.url.path)")
    }

    @Test func stubSearchPipedIsJSONNearestFirst() throws {
        let result = try Binary.run(["search", "--stub", "--lat", "35.6812", "--lng", "139.7671"])
        #expect(result.status == 0, "exit 0; stderr: \(result.stderr)")
        let shops = try #require(result.json?["restaurants"] as? [[String: Any]], "JSON when stdout is a pipe")
        let distances = shops.compactMap { $0["distance_m"] as? Int }
        #expect(!shops.isEmpty && distances.count == shops.count, "every shop has a distance")
        #expect(distances == distances.sorted(), "nearest first")
        #expect(result.stderr.isEmpty, "nothing on stderr")
    }

    @Test func badFlagIsExit64WithOneLine() throws {
        let result = try Binary.run(["search", "--range", "9", "--lat", "35", "--lng", "139"])
        #expect(result.status == 64, "exit 64")
        #expect(
            result.stderr
                == "foodlogger search: --range must be an integer from 1 to 5, not '9'. See 'foodlogger search --help'.\n",
            "one line naming the flag")
    }

    @Test func withoutAKeyTheBinaryAsksTheOverpassServerItIsGiven() throws {
        // Given Overpass on loopback, named by the environment (the binary reads only the variables it lists)
        let server = try LoopbackServer(replies: [
            .json(#"{"elements":[{"type":"node","id":1,"lat":21.03,"lon":105.85,"tags":{"name":"Phở Thử"}}]}"#)
        ])
        let result = try Binary.run(
            ["search", "--lat", "21.03", "--lng", "105.85", "--json"],
            environment: ["FOODLOGGER_OVERPASS_URL": server.baseURL.absoluteString + "api/interpreter"])
        #expect(result.status == 0, "found: \(result.stderr)")
        #expect(server.requests.first?.path == "/api/interpreter", "asked there, as written")
        #expect(result.stdout.contains("Phở Thử"), "the place: \(result.stdout)")
    }

    @Test func noKeyIsExit78() throws {
        let result = try Binary.run(["search", "--provider", "hotpepper", "--lat", "35", "--lng", "139"])
        #expect(result.status == 78, "exit 78")
        #expect(result.stderr.contains("--stub"), "suggests --stub")
    }

    /// Any real capture replayed by a loopback server comes out whole.
    @Test(Samples.required, arguments: Samples.files("gourmet"))
    func replayedCapturePrintsEveryShop(file: URL) throws {
        try printsEveryShop(replaying: file.path)
    }

    /// And so does every fixture with shops.
    @Test(arguments: Fixtures.gourmetWithShops)
    func replayedFixturePrintsEveryShop(file: String) throws {
        try printsEveryShop(replaying: Fixtures.url(file).path)
    }

    func printsEveryShop(replaying path: String) throws {
        let server = try LoopbackServer(replies: [try .file(path)])
        let result = try Binary.run(
            ["search", "--keyword", "x", "--json"],
            environment: ["HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        let raw = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let expected = try #require((raw["results"] as? [String: Any])?["shop"] as? [[String: Any]])
        let shops = try #require(result.json?["restaurants"] as? [[String: Any]], "JSON out; stderr: \(result.stderr)")
        #expect(result.status == 0, "exit 0")
        #expect(shops.map { $0["id"] as? String } == expected.map { $0["id"] as? String }, "every shop, in order")
        #expect(shops.map { $0["name"] as? String } == expected.map { $0["name"] as? String }, "names")
        #expect(shops.allSatisfy { $0["lat"] is Double && $0["lng"] is Double }, "lat/lng are numbers")
        #expect(server.requests.first?.queryValue("key") == Self.key, "the key is sent to the service")
        #expect(!result.stdout.contains(Self.key) && !result.stderr.contains(Self.key), "and never printed")
    }

    @Test func rejectedKeyIsExit77() throws {
        let server = try LoopbackServer(replies: [try .file(Fixtures.url("errors/error_2000_key.json").path)])
        let result = try Binary.run(
            ["search", "--keyword", "x"],
            environment: ["HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        #expect(result.status == 77, "exit 77")
        #expect(result.stderr.contains("rejected the API key"), "says the key was rejected")
        #expect(!result.stderr.contains(Self.key), "without printing it")
    }

    @Test func nothingFoundIsExit1WithJSON() throws {
        let server = try LoopbackServer(replies: [
            .json(#"{"results":{"api_version":"1.30","results_available":0,"results_returned":"0","results_start":1,"shop":[]}}"#)
        ])
        let result = try Binary.run(
            ["search", "--lat", "35", "--lng", "139"],
            environment: ["HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        #expect(result.status == 1, "exit 1")
        #expect((result.json?["restaurants"] as? [Any])?.isEmpty == true, "JSON with an empty list is still printed")
    }
}
