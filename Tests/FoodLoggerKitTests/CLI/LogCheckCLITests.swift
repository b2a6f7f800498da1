import Foundation
import LoopbackHTTP
import TestSupport
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `foodlogger log check` run whole, in-process, over fake HOT PEPPER, Overpass and Google
/// Places servers on loopback: each closure signal, a move, and a service that does not answer.
@MainActor
@Suite struct LogCheckCLITests {
    let folder: TemporaryFolder
    var logFolder: URL { folder.url.appendingPathComponent("foodlogger") }

    init() throws { folder = try TemporaryFolder("foodlogger-logcheck") }

    /// Writes a log of one line per shop, numbered from 1, each a visit.
    func writeLog(_ shops: [FoodLogEntry.Shop]) throws {
        try FileManager.default.createDirectory(at: logFolder, withIntermediateDirectories: true)
        let lines = shops.enumerated().map { index, shop in
            FoodLogStore.encode(
                FoodLogEntry(
                    number: index + 1, date: CivilDate(year: 2026, month: 11, day: 1), note: nil, rating: nil,
                    writtenAt: Date(timeIntervalSince1970: 1_795_000_000), shop: shop))
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: logFolder.appendingPathComponent(FoodLogStore.fileName))
    }

    func run(_ arguments: [String], _ service: [String: String]) async -> CLIRun {
        await CLIRun.run(["log", "check"] + arguments, environment: ["XDG_DATA_HOME": folder.path].merging(service) { $1 })
    }

    /// HOT PEPPER answering the three shops of its fixture, whatever ids are asked.
    static func hotpepper() throws -> (LoopbackServer, [String: String]) {
        let server = try LoopbackServer(replies: [try .file(Fixtures.url("gourmet/v1.30_full_3shops.json").path)])
        return (server, ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
    }

    /// Overpass answering node/1 as a live restaurant and node/2 retagged `disused:amenity`; node/3 is gone.
    static func overpass() throws -> (LoopbackServer, [String: String]) {
        let answer = #"""
            {"elements":[
            {"type":"node","id":1,"lat":48.8584,"lon":2.2945,"tags":{"amenity":"restaurant","name":"Chez Un"}},
            {"type":"node","id":2,"lat":48.8590,"lon":2.2950,"tags":{"disused:amenity":"cafe","name":"Café Deux"}}
            ]}
            """#
        let server = try LoopbackServer(replies: [.json(answer, contentType: "application/json")])
        return (server, ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString])
    }

    /// Google answering Place Details: `gone` closed for good, `resting` closed for now, `open`
    /// trading, any other id unknown (404).
    static func google() throws -> (LoopbackServer, [String: String]) {
        let server = try LoopbackServer { request in
            let id = request.path.split(separator: "/").last.map(String.init) ?? ""
            let status = ["gone": "CLOSED_PERMANENTLY", "resting": "CLOSED_TEMPORARILY", "open": "OPERATIONAL"][id]
            guard let status else {
                return .json(#"{"error":{"code":404,"message":"not found","status":"NOT_FOUND"}}"#, status: 404)
            }
            return .json(
                #"{"id":"\#(id)","displayName":{"text":"Place \#(id)"},"location":{"latitude":40.758,"longitude":-73.9855},"businessStatus":"\#(status)"}"#,
                contentType: "application/json")
        }
        return (
            server,
            ["GOOGLE_PLACES_API_KEY": "g", "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1").absoluteString]
        )
    }

    @Test func eachServicesSignalIsListedWithTheServiceThatSaidIt() async throws {
        // Given a log of places at each service: trading, closed for good, closed for now, gone, moved
        let (hp, hpEnv) = try Self.hotpepper()
        let (osm, osmEnv) = try Self.overpass()
        let (google, googleEnv) = try Self.google()
        try writeLog([
            .init(provider: .hotpepper, id: "J900100001", name: "ともしび", coordinate: .init(lat: 35.65812, lng: 139.70171)),
            .init(provider: .hotpepper, id: "J900199999", name: "消えた店", coordinate: .init(lat: 35.66, lng: 139.70)),
            .init(provider: .hotpepper, id: "J900100002", name: "しけん", coordinate: .init(lat: 35.662, lng: 139.7)),
            .init(provider: .osm, id: "node/1", name: "Chez Un", coordinate: .init(lat: 48.8584, lng: 2.2945)),
            .init(provider: .osm, id: "node/2", name: "Café Deux", coordinate: .init(lat: 48.8590, lng: 2.2950)),
            .init(provider: .osm, id: "node/3", name: "Trois", coordinate: .init(lat: 48.86, lng: 2.29)),
            .init(provider: .google, id: "gone"), .init(provider: .google, id: "resting"), .init(provider: .google, id: "open"),
        ])

        // When the log is checked, as JSON
        let result = await run(["--json", "--verbose"], hpEnv.merging(osmEnv) { $1 }.merging(googleEnv) { $1 })

        // Then each closure and the move is listed with its service and why, and the run exits 1
        #expect(result.code == .noResults, "exit 1: some closed; stderr: \(result.stderr)")
        let findings = try #require(result.json?["findings"] as? [[String: Any]], "findings: \(result.stdout)")
        let said = findings.map {
            "\($0["number"] as? Int ?? 0) \($0["service"] as? String ?? "") \($0["status"] as? String ?? "") \($0["evidence"] as? String ?? "")"
        }
        #expect(
            Set(said) == [
                "2 hotpepper closed_permanently not_answered", "3 hotpepper moved position",
                "5 osm closed_permanently business_status", "6 osm closed_permanently not_answered",
                "7 google closed_permanently business_status", "8 google closed_temporarily business_status",
            ], "each signal once: \(said)")
        #expect(result.json?["checked"] as? Int == 9 && result.json?["closed"] as? Int == 5, "9 checked, 5 closed")
        let moved = findings.first { $0["status"] as? String == "moved" }
        #expect(
            (moved?["moved_m"] as? Int).map { (300...400).contains($0) } == true, "moved some 330 m: \(String(describing: moved))"
        )
        #expect(findings.first { $0["number"] as? Int == 7 }?["name"] as? String == "Place gone", "Google's name as it answers")
        // And HOT PEPPER was asked once (one batch), Google once per id, with the Pro-tier mask
        #expect(hp.requests.count == 1 && osm.requests.count == 1, "one batch each: \(hp.requests.count), \(osm.requests.count)")
        #expect(google.requests.count == 3, "one Place Details per id")
        #expect(
            result.stderr.contains("3 billed Place Details requests (Pro) to Google Places"),
            "--verbose counts them: \(result.stderr)")
        #expect(
            google.requests.allSatisfy {
                $0.headers.first { $0.key.lowercased() == "x-goog-fieldmask" }?.value == "id,displayName,location,businessStatus"
            },
            "only what tells whether it trades")
    }

    @Test func noneClosedExitsZeroAndSaysSoOnATerminal() async throws {
        // Given a log of one trading place
        let (osm, osmEnv) = try Self.overpass()
        defer { osm.stop() }
        try writeLog([.init(provider: .osm, id: "node/1", name: "Chez Un", coordinate: .init(lat: 48.8584, lng: 2.2945))])

        // When it is checked on a terminal
        let result = await CLIRun.run(
            ["log", "check"], environment: ["XDG_DATA_HOME": folder.path].merging(osmEnv) { $1 },
            terminal: Terminal(stdoutIsTerminal: true, stderrIsTerminal: true))

        // Then nothing is listed, one line says so, exit 0
        #expect(result.code == .success && result.stdout.isEmpty, "exit 0, no table: \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("Checked 1 place: none closed or moved."), "\(result.stderr)")
    }

    @Test func aServiceThatDoesNotAnswerExits69AndTheOthersAreStillShown() async throws {
        // Given a log with a Google place closed for good and an OSM place, and Overpass refusing connections
        let (google, googleEnv) = try Self.google()
        defer { google.stop() }
        let refusing = try RefusingPort()
        try writeLog([
            .init(provider: .osm, id: "node/1", name: "Chez Un", coordinate: .init(lat: 48.8584, lng: 2.2945)),
            .init(provider: .google, id: "gone"),
        ])

        // When the log is checked
        let result = await run(
            ["--json", "--retries", "0"],
            googleEnv.merging(["FOODLOGGER_OVERPASS_URL": refusing.baseURL.appendingPathComponent("api").absoluteString]) { $1 })

        // Then Google's finding is shown, a line names OpenStreetMap as not asked, exit 69
        #expect(result.code == .unavailable, "exit 69: \(result.stderr)")
        let findings = result.json?["findings"] as? [[String: Any]] ?? []
        #expect(findings.map { $0["service"] as? String } == ["google"], "Google's finding still shown: \(result.stdout)")
        #expect(result.stderr.contains("1 logged place at OpenStreetMap not checked"), "\(result.stderr)")
        let unasked = result.json?["unasked"] as? [[String: Any]]
        #expect(unasked?.first?["service"] as? String == "osm", "the JSON names it: \(String(describing: unasked))")
    }

    @Test func aMergedPlaceIsAskedOfEachOfItsServices() async throws {
        // Given a merged place logged with its OSM and Google ids
        let (osm, osmEnv) = try Self.overpass()
        let (google, googleEnv) = try Self.google()
        try writeLog([
            .init(
                provider: .osm, id: "node/1",
                sources: [.init(provider: .osm, id: "node/1"), .init(provider: .google, id: "resting")])
        ])

        // When it is checked
        let result = await run(["--json"], osmEnv.merging(googleEnv) { $1 })

        // Then both services were asked, and Google's word is the finding
        #expect(osm.requests.count == 1 && google.requests.count == 1, "both asked")
        let findings = result.json?["findings"] as? [[String: Any]] ?? []
        #expect(findings.map { $0["status"] as? String } == ["closed_temporarily"], "\(result.stdout)")
        #expect(result.code == .noResults, "exit 1: closed for now counts")
    }

    @Test func theStubsShowClosedPlacesOffline() async throws {
        // Given the stub's own log with the Google stub's closed place and the OSM stub's disused one
        let environment = ["XDG_DATA_HOME": folder.path]
        let google = await CLIRun.run(
            ["log", "add", "--stub", "--provider", "google", StubClosures.googleClosedForGood], environment: environment)
        let osm = await CLIRun.run(["log", "add", "--stub", StubClosures.osmDisused], environment: environment)
        try #require(google.code == .success && osm.code == .success, "\(google.stderr) \(osm.stderr)")

        // When the log is checked with the stubs
        let result = await CLIRun.run(["log", "check", "--stub", "--json"], environment: environment)

        // Then both are closed for good, with no key and no network
        let services = (result.json?["findings"] as? [[String: Any]] ?? []).compactMap { $0["service"] as? String }
        #expect(result.code == .noResults && Set(services) == ["google", "osm"], "\(result.stdout) \(result.stderr)")
    }
}

/// The stubs' closed places, for the offline demo of `log check`.
enum StubClosures {
    /// The Google stub's ninth place around Tokyo Station, closed for good.
    static let googleClosedForGood = "ChIJfoodloggerStub109"
    /// The OSM stub's restaurant near Tokyo Station tagged `disused:amenity`.
    static let osmDisused = "node/99000000111"
}
