import Foundation
import LoopbackHTTP
import Testing
import TestSupport

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The list a user can trust, end to end over fake services on loopback (`MergedSearchCLITests`'
/// three, or answers made here): one service failing in a merge, totals that hold as the user
/// pages, orders and filters over the whole list, a centre abroad, `show N` equal to row N, and
/// an MCP session's numbers apart from the user's.
@MainActor @Suite struct ListSemanticsCLITests {
    typealias Merged = MergedSearchCLITests

    static func restaurants(_ run: CLIRun) -> [[String: Any]] { run.json?["restaurants"] as? [[String: Any]] ?? [] }

    /// The environment with one service pointed at `server` instead.
    static func environment(_ services: Merged.Services, _ provider: Provider, at server: any LoopbackEndpoint) -> [String:
        String]
    {
        var environment = services.environment
        switch provider {
        case .hotpepper: environment["HOTPEPPER_BASE_URL"] = server.baseURL.absoluteString
        case .osm:
            environment["FOODLOGGER_OVERPASS_URL"] = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
        case .google: environment["GOOGLE_PLACES_BASE_URL"] = server.baseURL.appendingPathComponent("v1").absoluteString
        }
        return environment
    }

    enum Fault: String, CaseIterable, Sendable {
        case refused, forbidden, serverError, timeOut
    }

    @Test(arguments: [
        (Provider.osm, Fault.refused), (.google, .forbidden), (.hotpepper, .serverError), (.osm, .timeOut),
    ])
    func oneServiceDownListsTheOthersWithExit69AndNamesTheFailure(provider: Provider, fault: Fault) async throws {
        // Given three services, one of which fails
        let services = try Merged.Services()
        let server: any LoopbackEndpoint =
            switch fault {
            case .refused: try RefusingPort()
            case .forbidden:
                try LoopbackServer { _ in .status(403, body: #"{"error":{"code":403,"status":"PERMISSION_DENIED"}}"#) }
            case .serverError: try LoopbackServer { _ in .status(500) }
            case .timeOut: try LoopbackServer { _ in .hang }
            }
        // When the three are searched at once, in JSON
        let run = await CLIRun.run(
            ["search", "--json", "--timeout", "1", "--retries", "0"] + Merged.all + Merged.yaesu,
            environment: Self.environment(services, provider, at: server))
        // Then the others' places are listed, the run ends 69, and JSON names the failure
        #expect(run.code == .unavailable, "exit 69: \(run.code) \(run.stderr)")
        let places = Self.restaurants(run)
        #expect(!places.isEmpty && !places.contains { $0["provider"] as? String == provider.rawValue }, "the others' places")
        let incomplete = run.json?["incomplete"] as? [[String: Any]] ?? []
        #expect(incomplete.count == 1 && incomplete.first?["provider"] as? String == provider.rawValue, "\(incomplete)")
        #expect((incomplete.first?["exit"] as? Int).map { $0 != 0 } == true, "its own exit code: \(incomplete)")
        let message = incomplete.first?["error"] as? String ?? ""
        #expect(!message.isEmpty, "its message")
        // And one line on stderr names it and how to leave it out
        let line = run.stderr.split(separator: "\n").filter { $0.contains(provider.title) }
        #expect(line.count == 1 && line[0].contains("leave it out: --provider"), "\(run.stderr)")
    }

    @Test func everyServiceFailingIsTheFirstFailure() async throws {
        let services = try Merged.Services()
        let refused = try RefusingPort()
        var environment = services.environment
        environment["FOODLOGGER_OVERPASS_URL"] = refused.baseURL.appendingPathComponent("api/interpreter").absoluteString
        environment["GOOGLE_PLACES_BASE_URL"] = refused.baseURL.appendingPathComponent("v1").absoluteString
        environment["HOTPEPPER_BASE_URL"] = refused.baseURL.absoluteString
        let run = await CLIRun.run(["search", "--json"] + Merged.all + Merged.yaesu, environment: environment)
        #expect(run.code == .unavailable && run.stdout.isEmpty, "no list: \(run.code) \(run.stdout)")
        #expect(run.stderr.contains("OpenStreetMap"), "the first service's failure: \(run.stderr)")
    }

    @Test func aMergedTotalHoldsOnEveryPage() async throws {
        // Given three services
        let services = try Merged.Services()
        // When the merged list is paged one place at a time
        var totals: [Int] = [], ids: [String] = []
        for start in 1...3 {
            let run = await CLIRun.run(
                ["search", "--json", "--count", "1", "--start", "\(start)"] + Merged.all + Merged.yaesu,
                environment: services.environment)
            #expect(run.code == .success, "\(run.stderr)")
            totals.append(run.json?["total"] as? Int ?? -1)
            ids += Self.restaurants(run).compactMap { $0["id"] as? String }
        }
        // Then the total is the same on each, and each page shows another place
        #expect(Set(totals).count == 1 && totals[0] == 4, "the same total: \(totals)")
        #expect(Set(ids).count == 3, "three different places: \(ids)")
    }

    /// Google's 20 places going away from the centre, every fifth rated higher than the last.
    nonisolated static let ratedPlaces: [String] = (0..<20).map { index in
        let rating = index % 5 == 4 ? 4.0 + Double(index) / 40 : 3.0
        return #"{"id":"ChIJfoodloggerRated\#(String(format: "%04d", index))","displayName":{"text":"Place \#(index + 1)"},"#
            + #""location":{"latitude":\#(35.6812 + Double(index) * 0.0002),"longitude":139.7671},"#
            + #""rating":\#(rating),"userRatingCount":10,"businessStatus":"OPERATIONAL","utcOffsetMinutes":540}"#
    }

    /// A fake Google: a search answers every place of `places`, Place Details the one asked for.
    nonisolated static func google(_ places: [String]) throws -> LoopbackServer {
        try LoopbackServer { request in
            guard !request.path.contains(":search") else {
                return .json(#"{"places":[\#(places.joined(separator: ","))]}"#, contentType: "application/json")
            }
            let id = request.path.split(separator: "/").last.map(String.init) ?? ""
            guard let place = places.first(where: { $0.contains(#""id":"\#(id)""#) }) else { return .status(404) }
            return .json(place, contentType: "application/json")
        }
    }

    @Test func aSortReachesPastThePage() async throws {
        // Given Google's 20 places, the best rated the farthest (4.475 at #20, 4.35 at #15)
        let google = try Self.google(Self.ratedPlaces)
        let services = try Merged.Services()
        // When the best rated 3 are asked
        let run = await CLIRun.run(
            ["search", "--json", "--provider", "google", "--sort", "rating", "--count", "3"] + Merged.yaesu,
            environment: Self.environment(services, .google, at: google))
        // Then they come from the whole answer, best first, and the total is the whole answer's
        #expect(run.code == .success, "\(run.stderr)")
        #expect(
            Self.restaurants(run).map { $0["name"] as? String ?? "" } == ["Place 20", "Place 15", "Place 10"],
            "\(Self.restaurants(run).map { $0["name"] ?? "" })")
        #expect(run.json?["total"] as? Int == 20 && run.json?["total_is_exact"] as? Bool == true, "of 20")
        // And the table's footer names the order
        let table = await CLIRun.run(
            ["search", "--format", "table", "--provider", "google", "--sort", "rating", "--count", "3"] + Merged.yaesu,
            environment: Self.environment(services, .google, at: google))
        #expect(table.stdout.contains("1–3 of 20") && table.stdout.contains("best rated first"), "\(table.stdout)")
        #expect(!table.stdout.contains("nearest first"), "no longer says nearest first")
    }

    @Test func aWantFilterReachesPastThePage() async throws {
        // Given the place at #13 of Google's answer on the want list
        let google = try Self.google(Self.ratedPlaces)
        let services = try Merged.Services()
        let environment = Self.environment(services, .google, at: google).merging(["XDG_DATA_HOME": services.state.path]) { $1 }
        let added = await CLIRun.run(["log", "add", "ChIJfoodloggerRated0012", "--want"], environment: environment)
        #expect(added.code == .success, "\(added.stderr)")
        // When the first page of 5 is asked for wanted places
        let run = await CLIRun.run(
            ["search", "--json", "--provider", "google", "--want", "--count", "5"] + Merged.yaesu, environment: environment)
        // Then the wanted place is found, though it is not among the nearest 5
        #expect(run.code == .success, "\(run.stderr)")
        #expect(
            Self.restaurants(run).map { $0["id"] as? String ?? "" } == ["ChIJfoodloggerRated0012"],
            "\(Self.restaurants(run).map { $0["id"] ?? "" })")
        #expect(run.json?["total"] as? Int == 1, "one place on the want list")
    }

    @Test func aPlaceAbroadNeverAsksHotpepper() async throws {
        // Given a place search that finds Edinburgh
        let services = try Merged.Services()
        let nominatim = try LoopbackServer { _ in
            .json(
                #"[{"lat":"55.9533","lon":"-3.1883","display_name":"Edinburgh, Scotland, United Kingdom","address":{"country_code":"gb"}}]"#,
                contentType: "application/json")
        }
        var environment = services.environment
        environment["FOODLOGGER_NOMINATIM_URL"] = nominatim.baseURL.absoluteString
        // When all services are asked around it
        let run = await CLIRun.run(["search", "--json", "--near", "Edinburgh"] + Merged.all, environment: environment)
        // Then HOT PEPPER is not asked, and a line says so
        let asked: [Int] = [services.hotpepper.requests.count, services.overpass.requests.count]
        #expect(asked == [0, 1], "HOT PEPPER not asked: \(asked)")
        #expect(
            run.stderr.contains(
                "Edinburgh is outside Japan, where HOT PEPPER Gourmet has restaurants: asking OpenStreetMap and Google Places only"
            ),
            "\(run.stderr)")
        #expect(run.code != .unavailable, "leaving a service out is no failure: \(run.code)")
    }

    @Test func showOfAMergedPlaceShowsWhatItsRowShowed() async throws {
        // Given OpenStreetMap and Google, which both know the ramen shop (Google with a rating
        // and hours, which the last list may not keep)
        let services = try Merged.Services()
        let google = try Self.google([
            #"{"id":"ChIJfoodloggerMerge0001","displayName":{"text":"Ramen Tsubame Yaesu"},"primaryType":"ramen_restaurant","location":{"latitude":35.68092,"longitude":139.76883},"rating":4.3,"userRatingCount":512,"priceLevel":"PRICE_LEVEL_INEXPENSIVE","businessStatus":"OPERATIONAL","utcOffsetMinutes":540,"internationalPhoneNumber":"03-5555-0101","websiteUri":"https://tsubame.example/","regularOpeningHours":{"periods":[{"open":{"day":5,"hour":11,"minute":0},"close":{"day":5,"hour":15,"minute":0}}]}}"#
        ])
        let environment = Self.environment(services, .google, at: google)
        let search = await CLIRun.run(
            ["search", "--json", "--provider", "osm,google"] + Merged.yaesu, environment: environment)
        #expect(search.code == .success, "\(search.stderr)")
        let row = try #require(Self.restaurants(search).first { $0["id"] as? String == "node/501" }, "the merged place")
        let number = try #require(Self.restaurants(search).firstIndex { $0["id"] as? String == "node/501" }.map { $0 + 1 })
        // When it is shown by its number
        let asked = google.requests.count
        let shown = await CLIRun.run(["show", "\(number)", "--json"], environment: environment)
        // Then Google is asked again for its part, by id, once, and the card has the row's values
        #expect(shown.code == .success, "\(shown.stderr)")
        #expect(google.requests.count == asked + 1, "one Place Details request")
        let card = try #require(Self.restaurants(shown).first, "the card")
        for key in [
            "name", "rating", "rating_count", "price_level", "opening_hours", "open_now", "closes_at", "address", "phone",
            "website", "business_status", "kind", "genre",
        ] {
            #expect(
                String(describing: card[key] ?? "nil") == String(describing: row[key] ?? "nil"),
                "\(key): card \(card[key] ?? "nil"), row \(row[key] ?? "nil")")
        }
        // And with --offline nothing is asked, the card shows what was kept and says what is missing
        let offline = await CLIRun.run(["show", "\(number)", "--json", "--offline"], environment: environment)
        #expect(google.requests.count == asked + 1, "--offline asks nothing")
        #expect(offline.code == .success && offline.stderr.contains("not asked again"), "\(offline.stderr)")
        #expect(Self.restaurants(offline).first?["rating"] is NSNull, "Google's rating was not kept")
    }
}
