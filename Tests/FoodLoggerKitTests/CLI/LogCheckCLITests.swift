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
    /// trading, `renamed` trading under a refreshed id, `bad` refused (400), `boom` failing
    /// (500), any other id unknown (404).
    static func google() throws -> (LoopbackServer, [String: String]) {
        let server = try LoopbackServer { request in
            let id = request.path.split(separator: "/").last.map(String.init) ?? ""
            switch id {
            case "bad":
                return .json(#"{"error":{"code":400,"message":"bad id","status":"INVALID_ARGUMENT"}}"#, status: 400)
            case "boom": return .json(#"{"error":{"code":500,"message":"oops","status":"INTERNAL"}}"#, status: 500)
            default: break
            }
            let status = [
                "gone": "CLOSED_PERMANENTLY", "resting": "CLOSED_TEMPORARILY", "open": "OPERATIONAL", "renamed": "OPERATIONAL",
            ][id]
            guard let status else {
                return .json(#"{"error":{"code":404,"message":"not found","status":"NOT_FOUND"}}"#, status: 404)
            }
            let answered = id == "renamed" ? "ChIJrefreshed" : id
            return .json(
                #"{"id":"\#(answered)","displayName":{"text":"Place \#(id)"},"location":{"latitude":40.758,"longitude":-73.9855},"businessStatus":"\#(status)"}"#,
                contentType: "application/json")
        }
        return (
            server,
            [
                "GOOGLE_PLACES_API_KEY": "test-google-key",
                "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1").absoluteString,
            ]
        )
    }

    /// The services' environments together.
    static func merged(_ environments: [String: String]...) -> [String: String] {
        environments.reduce(into: [:]) { $0.merge($1) { $1 } }
    }

    /// The findings of a JSON run as "number service status evidence" lines.
    static func said(_ result: CLIRun) -> [String] {
        (result.json?["findings"] as? [[String: Any]] ?? []).map {
            "\($0["number"] as? Int ?? 0) \($0["service"] as? String ?? "") \($0["status"] as? String ?? "") \($0["evidence"] as? String ?? "")"
        }
    }

    @Test func eachServicesSignalIsListedWithTheServiceThatSaidIt() async throws {
        // Given a log of places at each service: trading, closed for good, closed for now, gone, moved
        let (hp, hpEnv) = try Self.hotpepper()
        let (osm, osmEnv) = try Self.overpass()
        let (google, googleEnv) = try Self.google()
        defer { (hp.stop(), osm.stop(), google.stop()) }
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
                "2 hotpepper closed_permanently not_listed", "3 hotpepper moved position",
                "5 osm closed_permanently lifecycle_tag", "6 osm closed_permanently not_listed",
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
            result.stderr.components(
                separatedBy: "asking Google Places about 3 logged places: 3 billed Place Details requests (Pro)"
            ).count == 2,
            "--verbose counts them, once: \(result.stderr)")
        #expect(
            findings.first { $0["number"] as? Int == 5 }?["detail"] as? String == "disused:amenity", "the tag, from the decoder")
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
        defer { (osm.stop(), google.stop()) }
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

/// The reviewer's findings on `log check`, each over loopback services.
extension LogCheckCLITests {
    @Test func anIDGoogleNoLongerKnowsIsNotAClosure() async throws {
        // Given a Google id Google answers 404 for, and one it answers under a refreshed id
        let (google, googleEnv) = try Self.google()
        defer { google.stop() }
        try writeLog([.init(provider: .google, id: "retired"), .init(provider: .google, id: "renamed")])

        // When the log is checked, as a table and as JSON
        let table = await CLIRun.run(
            ["log", "check"], environment: Self.merged(["XDG_DATA_HOME": folder.path], googleEnv),
            terminal: Terminal(stdoutIsTerminal: true, stderrIsTerminal: true, columns: 120))
        let json = await run(["--json"], googleEnv)

        // Then the retired id is its own finding, not a closure, exit 0; the refreshed one still trades
        #expect(Self.said(json) == ["1 google unknown_id unknown_id"], "\(json.stdout)")
        #expect(json.code == .success && table.code == .success, "an unknown id is no closure: \(json.code) \(table.code)")
        #expect(
            table.stdout.contains("Google Places no longer knows this id; search for it again"),
            "the table says why: \(table.stdout)")
    }

    @Test func aRefusedLookupIsNotCheckedAndExits69() async throws {
        // Given a Google id Google refuses to read (400), beside one it answers closed
        let (google, googleEnv) = try Self.google()
        defer { google.stop() }
        try writeLog([.init(provider: .google, id: "bad"), .init(provider: .google, id: "gone")])

        // When the log is checked
        let result = await run(["--json"], googleEnv)

        // Then the refused id is not called closed, the other is; 69 wins over 1; the words say lookup
        #expect(Self.said(result) == ["2 google closed_permanently business_status"], "\(result.stdout)")
        #expect(result.code == .unavailable, "exit 69, not 1: \(result.stderr)")
        #expect(
            result.stderr.contains("Google Places refused the lookup by id (")
                && result.stderr.contains("); 1 logged place at Google Places not checked"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("search options"), "no search advice for a lookup: \(result.stderr)")
    }

    @Test func answersAlreadyPaidForAreKeptWhenALaterRequestFails() async throws {
        // Given Google answering the first id closed, then failing, with one id after it
        let (google, googleEnv) = try Self.google()
        defer { google.stop() }
        // (the log is checked newest first: `gone` is asked first)
        try writeLog([
            .init(provider: .google, id: "open"), .init(provider: .google, id: "boom"), .init(provider: .google, id: "gone"),
        ])

        // When the log is checked, with no retries
        let result = await run(["--json", "--retries", "0"], googleEnv)

        // Then the first answer stands, the other two are not checked, exit 69
        #expect(Self.said(result) == ["3 google closed_permanently business_status"], "\(result.stdout)")
        #expect(result.code == .unavailable, "\(result.stderr)")
        #expect(result.stderr.contains("2 logged places at Google Places not checked"), "\(result.stderr)")
        #expect(result.json?["checked"] as? Int == 1 && result.json?["not_checked"] as? Int == 2, "\(result.stdout)")
        #expect(google.requests.count == 2, "no request after the failure: \(google.requests.count)")
    }

    @Test func providerNarrowsTheServicesAskedAndTheSummarySaysWhatWasNotChecked() async throws {
        // Given a log with an OSM place and a Google place
        let (osm, osmEnv) = try Self.overpass()
        let (google, googleEnv) = try Self.google()
        defer { (osm.stop(), google.stop()) }
        try writeLog([
            .init(provider: .osm, id: "node/1", name: "Chez Un", coordinate: .init(lat: 48.8584, lng: 2.2945)),
            .init(provider: .google, id: "gone"),
        ])

        // When it is checked with --provider osm,hotpepper on a terminal
        let result = await CLIRun.run(
            ["log", "check", "--provider", "osm,hotpepper"],
            environment: Self.merged(["XDG_DATA_HOME": folder.path], osmEnv, googleEnv),
            terminal: Terminal(stdoutIsTerminal: true, stderrIsTerminal: true))

        // Then Google is not asked, and the summary says one of two places was checked
        #expect(google.requests.isEmpty && osm.requests.count == 1, "only OSM asked: \(google.requests.count)")
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stderr.contains("Checked 1 of 2 places (1 not checked): none closed or moved."), "\(result.stderr)")
    }

    @Test func manyGoogleRequestsAreAnnouncedOnceWithoutVerbose() async throws {
        // Given 25 Google places, more than one batch of 20
        let (google, googleEnv) = try Self.google()
        defer { google.stop() }
        try writeLog((1...25).map { .init(provider: .google, id: "open\($0)") })

        // When the log is checked without --verbose
        let result = await run(["--json"], googleEnv)

        // Then one line before the requests counts them all
        let line = "asking Google Places about 25 logged places: 25 billed Place Details requests (Pro)"
        #expect(result.stderr.components(separatedBy: line).count == 2, "once: \(result.stderr)")
        #expect(google.requests.count == 25, "one request per id")
    }

    @Test func idsGoThroughTheWorkersBatches() async throws {
        // Given 21 HOT PEPPER places and 101 OSM places
        let (hp, hpEnv) = try Self.hotpepper()
        let (osm, osmEnv) = try Self.overpass()
        defer { (hp.stop(), osm.stop()) }
        try writeLog(
            (1...21).map { .init(provider: .hotpepper, id: String(format: "J9001%05d", $0)) }
                + (1...101).map { .init(provider: .osm, id: "node/\($0)") })

        // When the log is checked
        _ = await run(["--json"], Self.merged(hpEnv, osmEnv))

        // Then HOT PEPPER took 20 ids a request and Overpass 100
        #expect(hp.requests.count == 2, "21 ids, 20 a request: \(hp.requests.count)")
        #expect(osm.requests.count == 2, "101 ids, 100 a request: \(osm.requests.count)")
    }

    @Test func htmlIsRefusedWithWordsForACheck() async throws {
        // When a check is asked for as HTML
        let result = await run(["--format", "html"], [:])

        // Then the message does not send the user to log map
        #expect(result.code == .usage && !result.stderr.contains("log map"), "\(result.stderr)")
    }
}

/// The stubs' closed places, for the offline demo of `log check`.
enum StubClosures {
    /// The Google stub's ninth place around Tokyo Station, closed for good.
    static let googleClosedForGood = "ChIJfoodloggerStub109"
    /// The OSM stub's restaurant near Tokyo Station tagged `disused:amenity`.
    static let osmDisused = "node/99000000111"
}
