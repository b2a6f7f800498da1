import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// The third hostile trial's input faults, through the real binary: key files too large to read,
/// the key echoed in other forms, numbers with an exponent, and text too long to send. Each test
/// asserts the exit status, the one line on stderr, what reached the server, and (for the key
/// files) the peak memory the kernel counted.
@Suite struct UntrustedInputBinaryTests {
    /// 18 characters: its base64 is whole groups, so an echo of it is redacted whole.
    static let key = "canary-5e83b1f0a2c"
    static let tokyo = ["--lat", "35.6812", "--lng", "139.7671"]

    /// A sparse file of `bytes` bytes (no disk used) in `folder`.
    static func sparseFile(_ name: String, bytes: UInt64, in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/" + name
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: bytes)
        try handle.close()
        return path
    }

    // MARK: 4. A key file is read up to 64 KiB, no further

    @Test func aHugeKeyFileIsRefusedBeforeItIsRead() throws {
        // Given a 2 GB key.plist where foodlogger looks for one, and a 1 GB one named by --key-file
        let home = try TemporaryFolder("foodlogger-home")
        try FileManager.default.createDirectory(atPath: home.path + "/config/foodlogger", withIntermediateDirectories: true)
        let found = try Self.sparseFile("config/foodlogger/key.plist", bytes: 2 << 30, in: home)
        let named = try Self.sparseFile("named.plist", bytes: 1 << 30, in: home)
        let server = try LoopbackServer(replies: [.status(500)])
        let environment = ["HOTPEPPER_BASE_URL": server.baseURL.absoluteString]
        for (arguments, path) in [([String](), found), (["--key-file", named], named)] {
            // When a search looks for the key
            let result = try Spawned.run(["search", "--keyword", "x"] + arguments, environment: environment, home: home)
            // Then it is refused in one line, as a configuration fault, without reading the file
            #expect(result.status == 78, "EX_CONFIG for \(path); stderr: \(result.stderr)")
            #expect(
                result.stderrLines.count == 1 && result.stderr.contains("key file \(path)")
                    && result.stderr.contains("more than a key file's 64 KiB"),
                "one line naming the file and the cap: \(result.stderr)")
            #expect(result.peakBytes < 64 << 20, "\(path): peak RSS \(result.peakBytes >> 20) MiB, not the file's size")
        }
        #expect(server.requests.isEmpty, "nothing was sent")
    }

    // MARK: 10. The key in other forms

    /// A Google search refused by a server that echoes the key reversed or in base64.
    @Test(arguments: ["reversed", "base64", "base64url"])
    func aGoogleRefusalEchoingTheKeyInAnotherFormShowsNoKey(form: String) throws {
        let bytes = Data(Self.key.utf8)
        let echoed =
            switch form {
            case "reversed": String(Self.key.reversed())
            case "base64": bytes.base64EncodedString()
            default: bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            }
        let refusal = #"{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": "The key \#(echoed) is blocked."}}"#
        let server = try LoopbackServer(replies: [.json(refusal, status: 403, contentType: "application/json")])
        let result = try Spawned.run(
            ["search", "--provider", "google", "--verbose"] + Self.tokyo,
            environment: [
                "GOOGLE_PLACES_API_KEY": Self.key,
                "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1").absoluteString,
            ])
        #expect(result.status == 77, "the refusal is a rejected key; stderr: \(result.stderr)")
        #expect(result.stderr.contains("The key REDACTED is blocked."), "\(form): the echo is redacted: \(result.stderr)")
        #expect(!result.stderr.contains(echoed) && !result.stderr.contains(Self.key), "\(form): no key in any form")
    }

    @Test func aKeywordThatIsTheKeyIsRedactedInTheNarratedRequest() throws {
        // Given a HOT PEPPER key, and the same text slipped into --keyword
        let server = try LoopbackServer(replies: [.json(#"{"results":{"results_available":0,"shop":[]}}"#)])
        // When the search is narrated
        let result = try Spawned.run(
            ["search", "--keyword", Self.key, "--verbose", "--json"],
            environment: ["HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        // Then the request line shows neither the key parameter nor the keyword's copy of it
        #expect(result.status == 1, "nothing found; stderr: \(result.stderr)")
        let line = result.stderrLines.first { $0.contains("GET ") }
        #expect(line?.contains("key=REDACTED") == true && line?.contains("keyword=REDACTED") == true, "\(line ?? "no line")")
        #expect(!(result.stderr + result.stdout).contains(Self.key), "no key anywhere: \(result.stderr)")
        #expect(server.requests.first?.queryValue("keyword") == Self.key, "the keyword is still sent as given")
    }

    /// One service's key given to another as a keyword: it is in no line and no file.
    @Test(arguments: ["hotpepper", "osm"])
    func anotherServicesKeyAsAKeywordIsShownAndKeptAsNoKeyIs(provider: String) async throws {
        // Given both services' keys in the environment, and Google's pasted as the keyword
        let googleKey = "AIzaSyD-canary-7b0e5c2d91f4a8e36"
        let server = try LoopbackServer(replies: [
            provider == "osm"
                ? .json(
                    #"{"elements":[{"type":"node","id":1,"lat":35.6813,"lon":139.7672,"tags":{"name":"Kissa","amenity":"cafe"}}]}"#
                )
                : .json(#"{"results":{"results_available":0,"shop":[]}}"#)
        ])
        let home = try TemporaryFolder("foodlogger-home")
        let result = try await Spawned.runOffPool(
            ["search", "--provider", provider, "--keyword", googleKey, "--verbose"] + Self.tokyo,
            environment: [
                "HOME": home.path, "HOTPEPPER_API_KEY": Self.key, "GOOGLE_PLACES_API_KEY": googleKey,
                "HOTPEPPER_BASE_URL": server.baseURL.absoluteString, "FOODLOGGER_OVERPASS_URL": server.baseURL.absoluteString,
            ])
        // When it is searched for, the key is sent as the words asked for
        #expect(server.requests.count == 1, "\(provider): asked once; stderr: \(result.stderr)")
        // Then no line shows it, and no file keeps it
        if provider == "hotpepper" {
            #expect(result.stderr.contains("keyword=REDACTED"), "the request line shows where it stood: \(result.stderr)")
        }
        #expect(!(result.stderr + result.stdout).contains(googleKey), "\(provider): the key in no output: \(result.stderr)")
        let files = FileManager.default.enumerator(atPath: home.path)?.compactMap { $0 as? String } ?? []
        for file in files {
            let data = (try? Data(contentsOf: home.url.appendingPathComponent(file))) ?? Data()
            #expect(data.range(of: Data(googleKey.utf8)) == nil, "\(provider): \(file) holds the key")
        }
    }

    // MARK: 11. Numbers with an exponent

    @Test func aCoordinateWithAnExponentIsTaken() throws {
        // Given Overpass on loopback (no key: OpenStreetMap answers anywhere)
        let server = try LoopbackServer(replies: [
            .json(
                #"{"elements":[{"type":"node","id":1,"lat":0.0001,"lon":0.0001,"tags":{"name":"Null Island","amenity":"cafe"}}]}"#
            )
        ])
        // When the centre is written with an exponent
        let result = try Spawned.run(
            ["search", "--lat", "1.5e-7", "--lng", "-2E-5", "--json"],
            environment: ["FOODLOGGER_OVERPASS_URL": server.baseURL.absoluteString])
        // Then it is read as the number it is
        #expect(result.status == 0, "exit 0; stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let center = json?["center"] as? [String: Any]
        #expect(
            center?["lat"] as? Double == 1.5e-7 && center?["lng"] as? Double == -2e-5, "the centre: \(String(describing: center))"
        )
        #expect(server.requests.count == 1, "and asked around")
    }

    // MARK: 12. Text too long to send

    @Test(arguments: [
        (["--keyword", String(repeating: "ラ", count: 400)], "--keyword takes at most 1024 bytes of text, not 1200"),
        (["--keyword", String(repeating: "x", count: 100_000)], "--keyword takes at most 1024 bytes of text, not 100000"),
        (["--near", "a" + String(repeating: "\u{0301}", count: 45_000)], "--near takes at most 1024 bytes of text, not 90001"),
    ])
    func textLongerThanAKilobyteIsRefusedBeforeSending(arguments: [String], line: String) throws {
        let server = try LoopbackServer(replies: [.status(500)])
        let result = try Spawned.run(
            ["search"] + arguments,
            environment: [
                "HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString,
                "FOODLOGGER_NOMINATIM_URL": server.baseURL.absoluteString,
            ])
        #expect(result.status == 64, "EX_USAGE; stderr: \(result.stderr.prefix(300))")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(line), "one line: \(result.stderr.prefix(300))")
        #expect(server.requests.isEmpty, "nothing was sent")
    }

    @Test func aServerRefusingALongRequestIsSaidToBeRefusingItsLength() throws {
        let server = try LoopbackServer(replies: [.status(414)])
        let result = try Spawned.run(
            ["search", "--keyword", "ramen", "--retries", "0"],
            environment: ["HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        #expect(result.status == 64, "the request's length is the user's to change; stderr: \(result.stderr)")
        #expect(
            result.stderrLines.count == 1 && result.stderr.contains("the request was too long"),
            "worded as a long request: \(result.stderr)")
        #expect(!result.stderr.contains("BASE_URL"), "not blamed on configuration: \(result.stderr)")
    }
}
