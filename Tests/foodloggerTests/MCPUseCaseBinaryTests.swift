import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// `foodlogger mcp` over the same use cases as the command line: the same search gives the same
/// document, and a session numbers places in its own list, apart from the user's.
@Suite(.serialized) struct MCPUseCaseBinaryTests {
    /// The session's HOME and XDG folders, for the command-line runs beside it.
    static func environment(_ home: TemporaryFolder) -> [String: String] {
        [
            "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "XDG_DATA_HOME": home.path + "/data",
            "XDG_STATE_HOME": home.path + "/state", "XDG_CACHE_HOME": home.path + "/cache",
        ]
    }

    @Test func aSearchsStructuredContentIsTheCommandLinesJSON() throws {
        // Given a session and the same search on the command line, at a moment both name
        let session = try MCPSession()
        _ = try session.initialize()
        let result = try session.call(
            id: 1, "search_restaurants", ["lat": 35.6812, "lng": 139.7671, "open_at": "mon 12:00", "count": 5, "sort": "name"])
        let cli = try Binary.run(
            [
                "search", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--open-at", "mon 12:00", "--count", "5", "--sort",
                "name",
            ],
            environment: Self.environment(session.home))
        // Then the tool's structured content is the document the command line prints
        let structured = try #require(result["structuredContent"] as? [String: Any], "\(result)")
        let printed = try #require(cli.json, "\(cli.stderr)")
        #expect(NSDictionary(dictionary: structured) == NSDictionary(dictionary: printed), "\(structured)\n\(printed)")
        #expect((structured["restaurants"] as? [Any])?.count == 5, "five places")
    }

    @Test func openNowPagesListEachPlaceOnceAndTheLastOffersNoMore() throws {
        // Given OpenStreetMap's 10 places around Tokyo station: 7 open around the clock, 3 never
        let elements = (0..<10).map { index in
            let hours = index % 3 == 2 ? "off" : "24/7"
            return #"{"type":"node","id":\#(900 + index),"lat":\#(35.6812 + Double(index) * 0.0003),"lon":139.7671,"#
                + #""tags":{"amenity":"restaurant","name":"Place \#(index)","opening_hours":"\#(hours)"}}"#
        }
        let overpass = try LoopbackServer { _ in
            .json(#"{"elements":[\#(elements.joined(separator: ","))]}"#, contentType: "application/json")
        }
        let session = try MCPSession(
            ["--provider", "osm"],
            environment: ["FOODLOGGER_OVERPASS_URL": overpass.baseURL.appendingPathComponent("api/interpreter").absoluteString])
        _ = try session.initialize()
        // When an agent pages through the places open now, three at a time, as each summary says
        var ids: [String] = [], totals: Set<Int> = [], start = 1, summaries: [String] = []
        for call in 1...3 {
            let result = try session.call(
                id: call, "search_restaurants", ["lat": 35.6812, "lng": 139.7671, "open_now": true, "count": 3, "start": start])
            let document = try #require(result["structuredContent"] as? [String: Any], "\(result)")
            ids += (document["restaurants"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            totals.insert(document["total"] as? Int ?? -1)
            summaries.append(text(result))
            start += 3
        }
        // Then the seven open places come once each, under one total, and the third page offers no more
        #expect(ids.count == 7 && Set(ids).count == 7, "\(ids)")
        #expect(totals == [7], "\(totals)")
        #expect(summaries[0].contains("call again with start 4") && summaries[1].contains("call again with start 7"))
        #expect(!summaries[2].contains("call again"), "\(summaries[2])")
        #expect(session.close() == 0, "EOF: exit 0")
    }

    @Test func anAgentsBudgetUpTo1500YenIsAnswered() throws {
        // Given a session on the stub
        let session = try MCPSession()
        _ = try session.initialize()
        // When an agent asks for places up to ¥1,500 (three of HOT PEPPER's bands)
        let result = try session.call(id: 1, "search_restaurants", ["near": "東京駅", "max_budget_yen": 1500])
        // Then it gets places in those bands, not a refusal
        let places = (result["structuredContent"] as? [String: Any])?["restaurants"] as? [[String: Any]] ?? []
        #expect(result["isError"] as? Bool != true && !places.isEmpty, "\(text(result))")
        #expect(places.allSatisfy { ["B009", "B010", "B011"].contains($0["budget_code"] as? String ?? "") }, "\(places)")
        #expect(session.close() == 0, "EOF: exit 0")
    }

    @Test func aSessionsNumbersAreItsOwn() throws {
        // Given the user's search on the command line, which numbers OpenStreetMap's places
        let session = try MCPSession()
        _ = try session.initialize()
        let environment = Self.environment(session.home)
        let user = try Binary.run(
            ["search", "--stub", "--provider", "osm", "--lat", "35.6812", "--lng", "139.7671"], environment: environment)
        let usersFirst = try #require((user.json?["restaurants"] as? [[String: Any]])?.first?["id"] as? String, "\(user.stderr)")
        let file = URL(fileURLWithPath: session.home.path + "/state/foodlogger/last-list.json")
        let before = try Data(contentsOf: file)
        // When the agent asks for place 1 before it has searched
        let early = try session.call(id: 1, "show_restaurant", ["shops": [1]])
        // Then it has no list yet: the user's is not its
        #expect(early["isError"] as? Bool == true && text(early).contains("no last list yet"), "\(text(early))")
        // When the agent searches HOT PEPPER, then shows and logs its place 1
        let search = try session.call(id: 2, "search_restaurants", ["lat": 35.6812, "lng": 139.7671, "provider": "hotpepper"])
        let agentsPlace = try #require(
            ((search["structuredContent"] as? [String: Any])?["restaurants"] as? [[String: Any]])?.first)
        let agentsFirst = try #require(agentsPlace["id"] as? String), agentsName = try #require(agentsPlace["name"] as? String)
        let shown = try session.call(id: 3, "show_restaurant", ["shops": [1]])
        let logged = try session.call(id: 4, "log_visit", ["shop": 1, "rating": 4])
        // Then both are the agent's place 1, not the user's
        #expect(agentsFirst != usersFirst, "two different lists")
        let shownID =
            ((shown["structuredContent"] as? [String: Any])?["restaurants"] as? [[String: Any]])?.first?["id"] as? String
        #expect(shownID == agentsFirst, "show_restaurant 1: \(shownID ?? "none")")
        #expect(text(logged).contains(agentsName), "log_visit 1: \(text(logged))")
        // And the user's list is as it was, and their place 1 is still theirs
        #expect(try Data(contentsOf: file) == before, "the user's last list untouched")
        let usersShow = try Binary.run(["show", "1"], environment: environment)
        #expect(
            (usersShow.json?["restaurants"] as? [[String: Any]])?.first?["id"] as? String == usersFirst, "\(usersShow.stderr)")
        #expect(session.close() == 0, "EOF: exit 0")
    }
}
