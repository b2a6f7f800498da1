import Foundation
import LoopbackHTTP
import Testing

/// `search --limit` through the built binary and the real URLSession client, against a loopback
/// server that pages like the service.
@Suite struct LimitBinaryTests {
    static let total = 312

    /// Shops `start ..< start + count` of `total` invented ones, in the service's JSON.
    static func page(start: Int, count: Int) -> String {
        let shops = (start..<min(start + count, total + 1)).map { n in
            #"{"id":"J9\#(String(format: "%08d", n))","name":"試験店 \#(n)","lat":35.6812,"lng":139.7671}"#
        }
        return #"{"results":{"api_version":"1.30","results_available":\#(total),"results_returned":"\#(shops.count)","#
            + #""results_start":\#(start),"shop":[\#(shops.joined(separator: ","))]}}"#
    }

    static func server(failingStart: Int? = nil) throws -> LoopbackServer {
        try LoopbackServer { request in
            let start = Int(request.queryValue("start") ?? "") ?? 1, count = Int(request.queryValue("count") ?? "") ?? 10
            return start == failingStart ? .status(503) : .json(page(start: start, count: count))
        }
    }

    static func run(_ extra: [String], server: LoopbackServer) throws -> Binary.Result {
        try Binary.run(
            ["search", "--keyword", "x", "--json"] + extra,
            environment: ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
    }

    @Test func limit250FetchesThreePagesAndPrintsThemInOrder() throws {
        let server = try Self.server()
        let result = try Self.run(["--limit", "250"], server: server)
        #expect(result.status == 0, "exit 0; stderr: \(result.stderr)")
        let ids = try #require(result.json?["restaurants"] as? [[String: Any]], "JSON on stdout").compactMap {
            $0["id"] as? String
        }
        #expect(ids == (1...250).map { "J9" + String(format: "%08d", $0) }, "shops 1...250, in order, once each")
        #expect(
            result.json?["returned"] as? Int == 250 && result.json?["total"] as? Int == Self.total
                && result.json?["start"] as? Int == 1, "the schema counts the merged list")
        let asked = server.requests.map { [$0.queryValue("start") ?? "", $0.queryValue("count") ?? ""] }
            .sorted { Int($0[0])! < Int($1[0])! }
        #expect(asked == [["1", "100"], ["101", "100"], ["201", "50"]], "pages of 100 from 1, 101, 201")
        #expect(result.stderr.isEmpty, "no progress when stderr is not a terminal")
    }

    @Test func aFailedPageFailsTheCommandWithNoPartialList() throws {
        let server = try Self.server(failingStart: 201)
        let result = try Self.run(["--limit", "300"], server: server)
        #expect(result.status == 69, "exit 69 for the service failure; stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty, "no partial list on stdout")
        #expect(result.stderr.contains("HTTP 503"), "the page's error is reported")
    }
}
