import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// `foodlogger log check` run as the built binary over a prepared food log and loopback Google
/// Places, Overpass and HOT PEPPER servers (#50, items 7, 8 and 13): text in the log that is no id
/// of its service is named and never sent (no request at all, never "closed"), the good ids are
/// sent as one path segment, and more than 100 billed requests need --yes where nobody can be
/// asked. Each test asserts the exit status, the stderr lines, the requests each server
/// counted, and the log's bytes afterwards (the good Google ids' lines refreshed, the others as they were).
@Suite struct LogCheckIDsBinaryTests {
    /// A place at each service, as the log keeps it.
    struct Logged {
        var provider: String
        var id: String
    }

    /// The three services on loopback, each recording what it was sent: Google answers any
    /// Place Details as trading, Overpass answers node/1 as a restaurant, HOT PEPPER its
    /// fixture's three shops (J900100001 to 3).
    struct Services {
        let google: LoopbackServer
        let overpass: LoopbackServer
        let hotpepper: LoopbackServer

        init() throws {
            google = try LoopbackServer { request in
                let id = request.path.split(separator: "/").last.map(String.init) ?? ""
                return .json(
                    #"{"id":"\#(id)","displayName":{"text":"Place"},"location":{"latitude":40.758,"longitude":-73.9855},"businessStatus":"OPERATIONAL"}"#,
                    contentType: "application/json")
            }
            overpass = try LoopbackServer(replies: [
                .json(
                    #"{"elements":[{"type":"node","id":1,"lat":48.8584,"lon":2.2945,"tags":{"amenity":"restaurant","name":"Chez Un"}}]}"#,
                    contentType: "application/json")
            ])
            hotpepper = try LoopbackServer(replies: [try .file(Fixtures.url("gourmet/v1.30_full_3shops.json").path)])
        }

        var environment: [String: String] {
            [
                "GOOGLE_PLACES_API_KEY": "test-google-key",
                "GOOGLE_PLACES_BASE_URL": google.baseURL.appendingPathComponent("v1").absoluteString,
                "FOODLOGGER_OVERPASS_URL": overpass.baseURL.appendingPathComponent("api/interpreter").absoluteString,
                "HOTPEPPER_API_KEY": "test-hotpepper-key", "HOTPEPPER_BASE_URL": hotpepper.baseURL.absoluteString,
            ]
        }

        var requests: Int { google.requests.count + overpass.requests.count + hotpepper.requests.count }
    }

    /// A data folder whose food log holds one visit per place, numbered from 1, as a hand edit
    /// would leave it; and the log's path.
    static func log(_ places: [Logged]) throws -> (TemporaryFolder, URL) {
        let data = try TemporaryFolder("foodlogger-data")
        let url = data.url.appendingPathComponent("foodlogger/log.jsonl")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lines = try places.enumerated().map { index, place in
            let entry: [String: Any] = [
                "number": index + 1, "date": "2026-11-01", "want": false, "written_at": "2026-11-18T11:06:40Z",
                "shop": [
                    "provider": place.provider, "id": place.id, "name": "", "genre": "", "address": "", "url": "",
                ],
            ]
            let line = try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: line, as: UTF8.self)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return (data, url)
    }

    /// `log check` with the services' and the log's folders, stdin from /dev/null (no terminal).
    static func check(_ extra: [String], services: Services, data: TemporaryFolder) throws -> Spawned.Result {
        try Spawned.run(
            ["log", "check", "--retries", "0"] + extra,
            environment: services.environment.merging(["XDG_DATA_HOME": data.path]) { $1 })
    }

    /// A hostile id of the issue (or of its kind), its service, and how the line shows it.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var provider: String
        var title: String
        var id: String
        var shown: String
        var testDescription: String { "\(provider) \(shown)" }
    }

    static let hostile: [Hostile] = [
        .init(
            provider: "google", title: "Google Places", id: "places/../../admin0000000000000",
            shown: "places/../../admin0000000000000"),
        .init(
            provider: "google", title: "Google Places", id: "ChIJ/../../v1/places:searchText?x=",
            shown: "ChIJ/../../v1/places:searchText?x="),
        .init(provider: "google", title: "Google Places", id: "ChIJ%2F..%2Fadmin", shown: "ChIJ%2F..%2Fadmin"),
        .init(provider: "google", title: "Google Places", id: "ChIJ\u{1B}[2Jred", shown: "ChIJ\\u{1B}[2Jred"),
        .init(provider: "osm", title: "OpenStreetMap", id: "node/99999999999999999999", shown: "node/99999999999999999999"),
        .init(provider: "osm", title: "OpenStreetMap", id: "node/9223372036854775808", shown: "node/9223372036854775808"),
        .init(provider: "osm", title: "OpenStreetMap", id: "way/-1", shown: "way/-1"),
        .init(provider: "osm", title: "OpenStreetMap", id: "node/1x", shown: "node/1x"),
        .init(provider: "osm", title: "OpenStreetMap", id: "node/+1", shown: "node/+1"),
        .init(provider: "hotpepper", title: "HOT PEPPER Gourmet", id: "J12&key=x", shown: "J12&key=x"),
        .init(provider: "hotpepper", title: "HOT PEPPER Gourmet", id: "J1 2", shown: "J1 2"),
    ]

    @Test(arguments: hostile)
    func textThatIsNoIdIsNamedAndNeverSent(_ hostile: Hostile) throws {
        // Given a log whose one entry holds the text as its service's id
        let services = try Services()
        let (data, url) = try Self.log([.init(provider: hostile.provider, id: hostile.id)])
        let before = try Data(contentsOf: url)

        // When it is checked
        let result = try Self.check([], services: services, data: data)

        // Then the id is named as none of its service's, nothing is sent, nothing is called closed: exit 65
        #expect(result.status == 65, "EX_DATAERR: \(result.status) \(result.stderr)")
        #expect(
            result.stderrLines.contains("foodlogger: not an id of \(hostile.title): \(hostile.shown) (log entry 1, never sent)"),
            "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && !result.stderr.contains("closed"), "one line: \(result.stderr)")
        // (stdout is no terminal: JSON) no finding, no place checked, none closed
        let json = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        #expect((json?["findings"] as? [Any])?.isEmpty == true && json?["closed"] as? Int == 0, "\(result.stdout)")
        #expect(json?["checked"] as? Int == 0 && json?["not_checked"] as? Int == 1, "\(result.stdout)")
        #expect(!result.stderr.contains("\u{1B}"), "no escape reaches the terminal")
        #expect(services.requests == 0, "no request at all: \(services.google.requests.map(\.target))")
        #expect(try Data(contentsOf: url) == before, "the log left as it was")
    }

    @Test func aMixedLogChecksTheGoodIdsEachAsOneSegmentAndNamesTheRest() throws {
        // Given a log of good and bad ids at each service, one Google id kept as its resource name
        let services = try Services()
        let (data, url) = try Self.log([
            .init(provider: "google", id: "ChIJgoodPlace0000000001"),
            .init(provider: "google", id: "ChIJ/../../v1/places:searchText?x="),
            .init(provider: "osm", id: "node/1"),
            .init(provider: "osm", id: "way/-1"),
            .init(provider: "hotpepper", id: "J900100001"),
            .init(provider: "hotpepper", id: "J12&key=x"),
            .init(provider: "google", id: "places/ChIJgood_Place-0000000002"),
        ])
        let before = try Data(contentsOf: url)

        // When it is checked, as JSON
        let result = try Self.check(["--json"], services: services, data: data)

        // Then the good ids were each sent once: Google's as the one segment after places/
        #expect(
            services.google.requests.map(\.path).sorted() == [
                "/v1/places/ChIJgoodPlace0000000001", "/v1/places/ChIJgood_Place-0000000002",
            ], "\(services.google.requests.map(\.target))")
        #expect(services.overpass.requests.count == 1, "one Overpass lookup")
        let ql = String(decoding: services.overpass.requests.first?.body ?? Data(), as: UTF8.self).removingPercentEncoding ?? ""
        #expect(ql.contains("node(id:1);") && !ql.contains("way(id"), "only node/1 asked: \(ql)")
        #expect(
            services.hotpepper.requests.first?.queryItems.filter { $0.name == "id" }.map(\.value) == ["J900100001"],
            "\(services.hotpepper.requests.map(\.target))")
        // And the bad ones are named, one line each; none is a finding; exit 65 for the log's data
        #expect(result.status == 65, "\(result.status) \(result.stderr)")
        let named = result.stderrLines.filter { $0.contains("not an id of") }
        #expect(
            named == [
                "foodlogger: not an id of HOT PEPPER Gourmet: J12&key=x (log entry 6, never sent)",
                "foodlogger: not an id of OpenStreetMap: way/-1 (log entry 4, never sent)",
                "foodlogger: not an id of Google Places: ChIJ/../../v1/places:searchText?x= (log entry 2, never sent)",
            ], "\(result.stderr)")
        let json = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        #expect((json?["findings"] as? [Any])?.isEmpty == true, "no finding: \(result.stdout)")
        #expect(json?["checked"] as? Int == 4 && json?["not_checked"] as? Int == 3, "\(result.stdout)")
        #expect((json?["not_ids"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [6, 4, 2], "\(result.stdout)")
        // And only the good Google ids' lines were written anew, with the name and position Google
        // answered and until when they are kept; every other line is as it was, byte for byte
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let old = String(decoding: before, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 7 && Array(lines[1...5]) == Array(old[1...5]), "the other lines as they were")
        for refreshed in [lines.first, lines.last] {
            #expect(
                refreshed?.contains(#""name":"Place""#) == true && refreshed?.contains(#""kept_until":"#) == true
                    && refreshed?.contains(#""lat":40.758"#) == true, "refreshed: \(String(describing: refreshed))")
        }
        #expect(
            result.stderrLines.contains { $0.contains("refreshed the name and position of 2 log entries") }, "\(result.stderr)")
    }

    /// `count` Google places with ids of Google's form.
    static func googlePlaces(_ count: Int) -> [Logged] {
        (1...count).map { .init(provider: "google", id: "ChIJbilledPlace\(String(format: "%05d", $0))") }
    }

    @Test func moreThanAHundredBilledRequestsNeedYesWhereNobodyCanBeAsked() throws {
        // Given logs of 100 and of 101 Google places, and no terminal to ask on
        let services = try Services()
        let (hundred, _) = try Self.log(Self.googlePlaces(100))
        let (data, url) = try Self.log(Self.googlePlaces(101))
        let before = try Data(contentsOf: url)

        // When the 100 are checked
        let asked = try Self.check([], services: services, data: hundred)

        // Then all 100 are asked without --yes, after the one line that says so
        #expect(asked.status == 0 && services.google.requests.count == 100, "\(services.google.requests.count) \(asked.stderr)")
        #expect(
            asked.stderrLines.first
                == "foodlogger: asking Google Places about 100 logged places: 100 billed Place Details requests (Pro)",
            "\(asked.stderr)")

        // When the 101 are checked without --yes
        let refused = try Self.check([], services: services, data: data)

        // Then nothing more is sent, and the one line says how many and the flag: exit 64; the log is as it was
        #expect(refused.status == 64, "EX_USAGE: \(refused.status) \(refused.stderr)")
        #expect(try Data(contentsOf: url) == before, "the log left as it was")
        #expect(services.requests == 100, "nothing more sent: \(services.google.requests.count)")
        #expect(
            refused.stderrLines == [
                "foodlogger: log check would send 101 billed Place Details requests to Google Places, more than 100 "
                    + "without asking; nothing was sent. Give --yes to send them, or leave Google Places out: "
                    + "--provider hotpepper,osm"
            ], "\(refused.stderr)")

        // When they are checked with --yes
        let sent = try Self.check(["--yes"], services: services, data: data)

        // Then every one is asked once, and each entry keeps the name Google answered, in one rewrite
        #expect(sent.status == 0, "\(sent.status) \(sent.stderr)")
        #expect(services.google.requests.count == 201, "101 more requests: \(services.google.requests.count)")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 101 && lines.allSatisfy { $0.contains(#""name":"Place""#) }, "every entry refreshed")
    }

    @Test(arguments: [
        ("places/../../admin0000000000000", "not an id of Google Places: places/../../admin0000000000000"),
        ("node/99999999999999999999", "not an id of OpenStreetMap: node/99999999999999999999"),
    ])
    func anMCPToolsIdIsCheckedAsTheCommandLinesIs(_ id: String, _ said: String) throws {
        // Given `foodlogger mcp` with Google and Overpass on loopback
        let services = try Services()
        let session = try MCPSession(["--provider", "google"], environment: services.environment)
        _ = try session.initialize()

        // When show_restaurant is called with the text as a shop's id
        let result = try session.call(id: 1, "show_restaurant", ["shops": [id]])

        // Then the call fails with the line that names it, and no service was sent anything
        #expect(result["isError"] as? Bool == true && text(result).contains(said), "\(result)")
        #expect(services.requests == 0, "no request: \(services.google.requests.map(\.target))")
        #expect(session.close() == 0, "EOF: exit 0")
    }
}
