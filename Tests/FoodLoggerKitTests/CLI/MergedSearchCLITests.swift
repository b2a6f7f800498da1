import Foundation
import LoopbackHTTP
import Testing
import TestSupport

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// `--provider osm,google,hotpepper` end to end over three fake services on loopback: one ramen
/// shop that all three know (HOT PEPPER by its branch name, OpenStreetMap in Japanese with an
/// English name and a phone, Google in English with the phone written another way), and a place
/// only one service knows each. The tests' now is Friday 19:30 in Japan: OpenStreetMap's hours
/// say open, Google's say closed.
@MainActor @Suite struct MergedSearchCLITests {
    static let yaesu = ["--lat", "35.6812", "--lng", "139.7671"]
    static let all = ["--provider", "osm,google,hotpepper"]

    nonisolated static let hotpepper = #"""
        {"results":{"api_version":"1.30","results_available":2,"results_returned":"2","results_start":1,"shop":[
          {"id":"J901000001","name":"らぁ麺 つばめ 八重洲店","lat":35.68105,"lng":139.7687,"genre":{"name":"ラーメン","code":"G013"},
           "budget":{"code":"B010","name":"501～1000円","average":"1000円"},"access":"東京駅八重洲中央口より徒歩2分",
           "station_name":"東京","open":"月～日: 11:00～22:00","close":"無休"},
          {"id":"J901000002","name":"喫茶 ひかり","lat":35.6815,"lng":139.7660,"genre":{"name":"カフェ・スイーツ","code":"G014"},
           "open":"月～金: 08:00～18:00","close":"土、日"}
        ]}}
        """#

    nonisolated static let overpass = #"""
        {"elements": [
          {"type": "area", "id": 3600382313, "tags": {"admin_level": "2", "ISO3166-1": "JP", "timezone": "Asia/Tokyo"}},
          {"type": "node", "id": 501, "lat": 35.68112, "lon": 139.76864, "tags": {"amenity": "restaurant", "cuisine": "ramen",
           "name": "らぁ麺 つばめ", "name:en": "Ramen Tsubame", "phone": "+81 3-5555-0101", "opening_hours": "Mo-Su 11:00-22:00"}},
          {"type": "node", "id": 502, "lat": 35.6830, "lon": 139.7650, "tags": {"amenity": "cafe", "name": "Kissa Mori"}}
        ]}
        """#

    nonisolated static let kissaMori = #"""
        {"elements": [{"type": "node", "id": 502, "lat": 35.6830, "lon": 139.7650, "tags": {"amenity": "cafe", "name": "Kissa Mori"}}]}
        """#

    nonisolated static let google = #"""
        {"places": [
          {"id": "ChIJfoodloggerMerge0001", "displayName": {"text": "Ramen Tsubame Yaesu"}, "primaryType": "ramen_restaurant",
           "location": {"latitude": 35.68092, "longitude": 139.76883}, "rating": 4.3, "userRatingCount": 512,
           "priceLevel": "PRICE_LEVEL_INEXPENSIVE", "businessStatus": "OPERATIONAL", "utcOffsetMinutes": 540,
           "internationalPhoneNumber": "03-5555-0101",
           "regularOpeningHours": {"periods": [{"open": {"day": 5, "hour": 11, "minute": 0}, "close": {"day": 5, "hour": 15, "minute": 0}}]}},
          {"id": "ChIJfoodloggerMerge0002", "displayName": {"text": "Sushi Nami"}, "location": {"latitude": 35.6800, "longitude": 139.7680},
           "rating": 4.0, "userRatingCount": 20, "businessStatus": "OPERATIONAL", "utcOffsetMinutes": 540}
        ]}
        """#

    /// The three fake services, each answering every request with its one answer.
    struct Services {
        let hotpepper: LoopbackServer
        let overpass: LoopbackServer
        let google: LoopbackServer
        let state: TemporaryFolder

        init() throws {
            hotpepper = try LoopbackServer { _ in .json(MergedSearchCLITests.hotpepper) }
            overpass = try LoopbackServer { request in
                // A lookup of node/502 by id (show N --refresh) answers that place alone.
                let ql = String(decoding: request.body, as: UTF8.self).removingPercentEncoding ?? ""
                return .json(
                    ql.contains("node(id:502)") ? MergedSearchCLITests.kissaMori : MergedSearchCLITests.overpass,
                    contentType: "application/json")
            }
            google = try LoopbackServer { _ in .json(MergedSearchCLITests.google, contentType: "application/json") }
            state = try TemporaryFolder("foodlogger-merge-state")
        }

        /// Keys for HOT PEPPER and Google (OpenStreetMap takes none), each service on loopback,
        /// and a state folder the runs share for the last list.
        var environment: [String: String] {
            [
                "HOTPEPPER_API_KEY": "hp-key", "HOTPEPPER_BASE_URL": hotpepper.baseURL.absoluteString,
                "GOOGLE_PLACES_API_KEY": "g-key",
                "GOOGLE_PLACES_BASE_URL": google.baseURL.appendingPathComponent("v1").absoluteString,
                "FOODLOGGER_OVERPASS_URL": overpass.baseURL.appendingPathComponent("api/interpreter").absoluteString,
                "XDG_STATE_HOME": state.path,
            ]
        }
    }

    static func restaurants(_ run: CLIRun) -> [[String: Any]] { run.json?["restaurants"] as? [[String: Any]] ?? [] }

    @Test func aMergedSearchAsksEachServiceOnceAndMergesTheSharedPlace() async throws {
        // Given three services that each know the ramen shop and one place of their own
        let services = try Services()
        // When Yaesu is searched on all three, in JSON
        let run = await CLIRun.run(["search", "--json"] + Self.all + Self.yaesu, environment: services.environment)
        // Then each service was asked once
        #expect(run.code == .success, "\(run.stderr)")
        #expect(
            [services.hotpepper, services.overpass, services.google].map(\.requests.count) == [1, 1, 1],
            "one request each")
        // And the ramen shop is one place, named as OpenStreetMap (listed first) names it
        let places = Self.restaurants(run)
        #expect(places.count == 4, "the shared place once and one place of each service: \(places.map { $0["name"] ?? "" })")
        let ramen = try #require(places.first { $0["name"] as? String == "らぁ麺 つばめ" }, "the merged place")
        #expect(ramen["id"] as? String == "node/501" && ramen["provider"] as? String == "osm", "OSM's id and provider")
        let sources = ramen["sources"] as? [[String: Any]] ?? []
        #expect(
            sources.map { "\($0["provider"] ?? "") \($0["id"] ?? "")" }
                == ["osm node/501", "google ChIJfoodloggerMerge0001", "hotpepper J901000001"], "each service's id")
        // And each field comes from the service that knows it best
        #expect(ramen["rating"] as? Double == 4.3 && ramen["price_level"] as? Int == 1, "rating and price from Google")
        #expect(ramen["budget"] as? String == "501～1000円", "budget from HOT PEPPER: \(ramen["budget"] ?? "")")
        #expect(ramen["opening_hours"] as? String == "Mo-Su 11:00-22:00", "hours from OpenStreetMap (Google has no dated hours)")
        let gave = Dictionary(
            uniqueKeysWithValues: sources.map { ($0["provider"] as? String ?? "", $0["fields"] as? [String] ?? []) })
        #expect(gave["google"]?.contains("rating") == true && gave["hotpepper"]?.contains("budget") == true, "\(gave)")
        #expect(gave["google"]?.contains("price_level") == true, "every key a source gave: \(gave)")
        #expect(gave["hotpepper"].map { $0.contains("access") && $0.contains("station") } == true, "\(gave)")
        #expect(gave["osm"]?.contains("hours") == true && gave["osm"]?.contains("name") == true, "\(gave)")
        // And the services' disagreement whether it is open at 19:30 is told
        #expect(ramen["open_now"] as? Bool == true, "open by the hours taken (OSM's)")
        let disagreement = ramen["open_now_disagreement"] as? [[String: Any]] ?? []
        #expect(
            disagreement.map { "\($0["provider"] ?? "") \(($0["open_now"] as? Bool).map(String.init) ?? "")" }.sorted()
                == ["google false", "hotpepper true", "osm true"], "\(disagreement)")
        // And a place only one service knows has no sources
        #expect(places.first { $0["name"] as? String == "Sushi Nami" }?["sources"] is NSNull, "one service: null")
    }

    /// The number `name` was shown with.
    static func number(of name: String, in run: CLIRun) throws -> String {
        let index = try #require(restaurants(run).firstIndex { $0["name"] as? String == name }, "\(name) is shown")
        return String(index + 1)
    }

    @Test func theLastListKeepsNothingOfGooglesAndLooksEachIdUpByItsOwnService() async throws {
        // Given a merged search led by OpenStreetMap, with a place only Google knows
        let services = try Services()
        let run = await CLIRun.run(["search", "--json"] + Self.all + Self.yaesu, environment: services.environment)
        #expect(run.code == .success, "\(run.stderr)")
        // Then the last list holds none of Google's content
        let file = URL(fileURLWithPath: services.state.path).appendingPathComponent("foodlogger/last-list.json")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(!written.contains("Sushi Nami") && !written.contains("4.3"), "Google's name and rating: \(written)")
        #expect(written.contains("ChIJfoodloggerMerge0002"), "Google's id stays")
        // When the Google place is shown by its number
        let sushi = try Self.number(of: "Sushi Nami", in: run)
        let asked = services.google.requests.count
        _ = await CLIRun.run(["show", sushi, "--json"], environment: services.environment)
        // Then Google is asked for it by its id
        #expect(
            services.google.requests.dropFirst(asked).contains { $0.path.hasSuffix("ChIJfoodloggerMerge0002") },
            "\(services.google.requests.map(\.path))")
    }

    @Test func aListLedByGoogleLooksAnOSMPlaceUpWithOpenStreetMap() async throws {
        // Given a merged search led by Google, with a place only OpenStreetMap knows
        let services = try Services()
        let run = await CLIRun.run(
            ["search", "--json", "--provider", "google,osm"] + Self.yaesu, environment: services.environment)
        #expect(run.code == .success, "\(run.stderr)")
        let kissa = try Self.number(of: "Kissa Mori", in: run)
        let (google, overpass) = (services.google.requests.count, services.overpass.requests.count)
        // When it is shown by its number, from the list and again with --refresh
        let shown = await CLIRun.run(["show", kissa, "--json"], environment: services.environment)
        let refreshed = await CLIRun.run(["show", kissa, "--json", "--refresh"], environment: services.environment)
        // Then Google is never sent OpenStreetMap's id; the refresh asks OpenStreetMap
        #expect(shown.code == .success && refreshed.code == .success, "\(shown.stderr)\(refreshed.stderr)")
        #expect(Self.restaurants(shown).first?["name"] as? String == "Kissa Mori", "from the list")
        #expect(services.google.requests.count == google, "Google asked nothing")
        #expect(services.overpass.requests.count == overpass + 1, "OpenStreetMap asked once, by --refresh")
    }

    @Test func theTableHasASourcesColumnAndEveryServicesCredit() async throws {
        // Given a UTF-8 terminal (a plain one reads OSM+G+HP)
        let services = try Services()
        let run = await CLIRun.run(
            ["search", "--format", "table", "--verbose"] + Self.all + Self.yaesu,
            environment: services.environment.merging(["LANG": "C.UTF-8"]) { $1 })
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.contains("Sources") && run.stdout.contains("OSM·G·HP"), "the column: \(run.stdout)")
        let ramenLine = run.stdout.split(separator: "\n").first { $0.contains("らぁ麺 つばめ") } ?? ""
        #expect(ramenLine.hasSuffix("OSM·G·HP"), "the shared place's row: \(ramenLine)")
        #expect(run.stdout.contains("Kissa Mori") && run.stdout.contains("喫茶 ひかり"), "each service's own place")
        for credit in ["© OpenStreetMap contributors", "Powered by Google", "Powered by ホットペッパーグルメ"] {
            #expect(run.stdout.contains(credit), "\(credit): \(run.stdout)")
        }
        // And --verbose says what Google billed, and what the merge asked
        #expect(run.stderr.contains("1 billed request to Google Places for this search"), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "merged search: asked OpenStreetMap, Google Places, HOT PEPPER Gourmet at once; 2 from OpenStreetMap, 2 from Google Places, 2 from HOT PEPPER Gourmet; 4 places, 1 of them merged"
            ), "\(run.stderr)")
    }

    @Test func showSourcesPutsEachServicesViewSideBySide() async throws {
        // Given a merged search, kept as the last list
        let services = try Services()
        let search = await CLIRun.run(["search", "--json"] + Self.all + Self.yaesu, environment: services.environment)
        let number = try #require(
            Self.restaurants(search).firstIndex { $0["name"] as? String == "らぁ麺 つばめ" }.map { $0 + 1 }, "listed")
        // When its number is shown with --sources
        var environment = services.environment
        let show = await CLIRun.run(
            ["show", String(number), "--sources", "--format", "table"], environment: environment,
            terminal: Terminal(columns: 140))
        // Then each service has a column, and a field they disagree on is marked
        #expect(show.code == .success, "\(show.stderr)")
        for title in ["OpenStreetMap", "Google Places", "HOT PEPPER Gourmet"] {
            #expect(show.stdout.contains(title), "\(title): \(show.stdout)")
        }
        let nameRow = show.stdout.split(separator: "\n").first { $0.contains("らぁ麺 つばめ 八重洲店") } ?? ""
        #expect(nameRow.hasPrefix("≠"), "the names differ: \(nameRow)")
        // And Google's own view was not kept (its terms): its id is, and the way to ask again
        #expect(!show.stdout.contains("Ramen Tsubame Yaesu") && show.stdout.contains("ChIJfoodloggerMerge0001"), "\(show.stdout)")
        #expect(show.stdout.contains("id only: show it by id to ask again"), "\(show.stdout)")
        let phoneRow = show.stdout.split(separator: "\n").first { $0.contains("5555-0101") } ?? ""
        #expect(!phoneRow.hasPrefix("≠"), "one number written two ways agrees: \(phoneRow)")
        // And only Google's part was asked again, by id (this fake answers it with a list, which is no
        // place: the card shows what the list kept, and says so); the last list answers the rest
        #expect([services.hotpepper, services.overpass, services.google].map(\.requests.count) == [1, 1, 2], "kept")
        // And the JSON gives each source's own record
        let json = await CLIRun.run(["show", String(number), "--sources", "--json"], environment: environment)
        let sources = (Self.restaurants(json).first?["sources"] as? [[String: Any]]) ?? []
        let records = sources.map { $0["record"] as? [String: Any] }
        #expect(
            records.map { $0?["name"] as? String } == ["らぁ麺 つばめ", nil, "らぁ麺 つばめ 八重洲店"],
            "each kept service's own name: \(json.stderr)")
        // And what Google gave the merged record is not kept either
        let kept = Self.restaurants(json).first ?? [:]
        #expect(kept["rating"] is NSNull && kept["budget"] as? String == "501～1000円", "\(kept["rating"] ?? "")")
    }

    @Test func anOptionSomeServicesCannotAnswerNarrowsTheMerge() async throws {
        // --budget is HOT PEPPER's alone: the merge asks HOT PEPPER only, and says so
        let services = try Services()
        let run = await CLIRun.run(
            ["search", "--json", "--budget", "B010"] + Self.all + Self.yaesu, environment: services.environment)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(
            run.stderr.contains("--budget: OpenStreetMap has no budgets; asking HOT PEPPER Gourmet only"), "\(run.stderr)")
        #expect([services.hotpepper, services.overpass, services.google].map(\.requests.count) == [1, 0, 0], "HP only")
        // And an option none of them can answer is refused before anything is sent
        let refused = await CLIRun.run(
            ["search", "--budget", "B010", "--provider", "osm,google"] + Self.yaesu, environment: services.environment)
        #expect(refused.code == .usage && refused.stderr.contains("--budget: OpenStreetMap has no budgets"), "\(refused.stderr)")
        #expect(services.overpass.requests.isEmpty && services.google.requests.isEmpty, "nothing sent")
    }

    @Test func allAsksEveryServiceWithAKeyAndOpenStreetMapAlways() async throws {
        // Given no HOT PEPPER key
        let services = try Services()
        var environment = services.environment
        environment["HOTPEPPER_API_KEY"] = nil
        let run = await CLIRun.run(["search", "--json", "--provider", "all"] + Self.yaesu, environment: environment)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(
            [services.hotpepper, services.overpass, services.google].map(\.requests.count) == [0, 1, 1], "no key, not asked")
        #expect(
            run.stderr.contains(
                "all: leaving out HOT PEPPER Gourmet (HOTPEPPER_API_KEY or hotpepperApiKey in key.plist), for want of a key"),
            "one line says who was left out: \(run.stderr)")
        // And a list names a service whose key is missing: that is the usual error
        let listed = await CLIRun.run(["search", "--json", "--provider", "osm,hotpepper"] + Self.yaesu, environment: environment)
        #expect(listed.code != .success && listed.stderr.contains("HOTPEPPER_API_KEY"), "\(listed.stderr)")
    }

    @Test func aFailingServiceIsNamedWithHowToLeaveItOut() async throws {
        // Given OpenStreetMap's server refusing every request
        let services = try Services()
        let overpass = try LoopbackServer { _ in .status(400) }
        var environment = services.environment
        environment["FOODLOGGER_OVERPASS_URL"] = overpass.baseURL.appendingPathComponent("api/interpreter").absoluteString
        // When all three are asked
        let run = await CLIRun.run(["search"] + Self.all + Self.yaesu, environment: environment)
        // Then the others' places are listed, exit 69, and one line names OpenStreetMap and how to search without it
        #expect(run.code == .unavailable && !run.stdout.isEmpty, "\(run.code) \(run.stdout)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.stderr)")
        #expect(
            run.stderr.hasPrefix("foodlogger: warning: OpenStreetMap answered HTTP 400 instead of 200")
                && run.stderr.contains("; leave it out: --provider google,hotpepper"),
            "\(run.stderr)")
    }

    @Test func aMergeLeftWithOneServiceSuggestsNoEmptyList() {
        let line =
            ServiceError.inMerge(.from(.provider(.osm), .httpStatus(400)), service: .osm, others: []).errorDescription ?? ""
        #expect(line.hasPrefix("OpenStreetMap answered HTTP 400") && !line.contains("leave it out"), "\(line)")
        let rejected = ServiceError.inMerge(.rejectedKey(message: "no", service: .google), service: .google, others: [.osm])
        #expect(
            rejected.errorDescription?.hasPrefix("Google Places rejected the API key (no)") == true,
            "the service named once (#49): \(rejected.errorDescription ?? "")")
    }

    @Test func allWithAKeyFileOfOneServiceLeavesTheOtherOut() async throws {
        // Given a --key-file with HOT PEPPER's key only, and no Google key anywhere
        let services = try Services()
        var environment = services.environment
        (environment["HOTPEPPER_API_KEY"], environment["GOOGLE_PLACES_API_KEY"]) = (nil, nil)
        environment["HOME"] = services.state.path
        let file = URL(fileURLWithPath: services.state.path).appendingPathComponent("hp-only.plist")
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["hotpepperApiKey": "hp-key"], format: .xml, options: 0)
        try plist.write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        // When all services are asked
        let run = await CLIRun.run(
            ["search", "--json", "--provider", "all", "--key-file", file.path] + Self.yaesu, environment: environment)
        // Then Google is left out, said so, and the others answer
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stderr.contains("leaving out Google Places"), "\(run.stderr)")
        #expect(
            [services.hotpepper, services.overpass, services.google].map(\.requests.count) == [1, 1, 0], "Google not asked")
    }

    @Test func aServiceWithNoPlacesAroundTheCentreIsNotAsked() async throws {
        // Given a centre in Paris, where HOT PEPPER has no restaurants
        let services = try Services()
        let run = await CLIRun.run(
            ["search", "--json", "--lat", "48.8584", "--lng", "2.2945"] + Self.all, environment: services.environment)
        // Then HOT PEPPER is not asked, and a line says so (the fakes' Tokyo places are not around Paris)
        #expect(run.code == .noResults, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "The centre 48.8584,2.2945 is outside Japan, where HOT PEPPER Gourmet has restaurants: asking OpenStreetMap and Google Places only"
            ), "\(run.stderr)")
        #expect([services.hotpepper, services.overpass, services.google].map(\.requests.count) == [0, 1, 1], "not asked")
    }

    @Test func aCodeListTakesOneService() async {
        let run = await CLIRun.run(["genres", "--provider", "all"])
        #expect(run.code == .usage && run.stderr.contains("--provider takes one service here"), "\(run.stderr)")
    }

    @Test func aProviderListFromTheEnvironmentLetsACodeListTakeItsFirstService() async {
        // Given FOODLOGGER_PROVIDER=all in a profile, and no --provider typed
        let run = await CLIRun.run(["genres", "--stub"], environment: ["FOODLOGGER_PROVIDER": "all"])
        // Then the code list is the first service's (OpenStreetMap's), not a refusal of a flag never typed
        #expect(run.code == .success && !run.stderr.contains("--provider"), "\(run.stderr)")
        let osm = await CLIRun.run(["genres", "--stub", "--provider", "osm"])
        #expect(run.stdout == osm.stdout && !run.stdout.isEmpty, "OpenStreetMap's list")
    }

    @Test func aBadProviderListIsAUsageError() async {
        let run = await CLIRun.run(["search", "--provider", "osm,yelp"] + Self.yaesu)
        #expect(run.code == .usage, "exit 64")
        #expect(
            run.stderr.contains(
                "--provider is 'osm,yelp'; it takes hotpepper or osm or google, a list of them (osm,google) or all"),
            "\(run.stderr)")
    }

    @Test func theStubsShareAFewPlacesOnlyAMergedSearchShows() async throws {
        // When the stubs are searched merged
        let merged = await CLIRun.run(["search", "--stub", "--provider", "all", "--json"] + Self.yaesu)
        #expect(merged.code == .success, "\(merged.stderr)")
        let places = Self.restaurants(merged)
        let providers = places.map { ($0["sources"] as? [[String: Any]] ?? []).compactMap { $0["provider"] as? String } }
        // Then the ramen shop is merged from all three, matched by its phone across two scripts
        #expect(providers.contains(["osm", "google", "hotpepper"]), "a place of all three: \(providers)")
        #expect(providers.contains(["osm", "hotpepper"]), "the izakaya, full-width and plain letters: \(providers)")
        // And HOT PEPPER's own stub search is as it was, without the shared places
        let single = await CLIRun.run(["search", "--stub", "--json", "--range", "5"] + Self.yaesu)
        let ids = Self.restaurants(single).compactMap { $0["id"] as? String }
        #expect(!ids.isEmpty && !ids.contains("J900009001"), "no shared place: \(ids)")
    }

    @Test func eachServicesStubFindsASharedPlaceByItsId() async {
        // Given the ids a merged stub place carries (what `log add` keeps and `log check` asks)
        for id in ["J900009001", "node/99000009001", "ChIJfoodloggerShared0001"] {
            // When one service's stub is asked for it by id
            let run = await CLIRun.run(["show", "--stub", id, "--json"])
            // Then it answers it, as a service would answer its own place
            #expect(run.code == .success, "\(id): \(run.stderr)")
            #expect(Self.restaurants(run).compactMap { $0["id"] as? String } == [id], "\(id): \(run.stdout)")
        }
    }
}
