import Foundation
import Testing
import LoopbackHTTP
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// A service of `total` shops in distance order: every `openEvery`-th is open around the clock,
/// every `shortEvery`-th (not open around the clock) only from 19:00 to 20:00, every 7th (neither)
/// has hours nobody can read, the rest open only at dawn.
actor HoursServiceSpy: HotpepperProtocol {
    nonisolated let provider = Provider.hotpepper
    let total: Int
    let openEvery: Int
    /// Positions the service places off the Earth (lat 1e308).
    let offEarth: Set<Int>
    let shortEvery: Int
    private(set) var starts: [Int] = []

    init(total: Int, openEvery: Int, offEarth: Set<Int> = [], shortEvery: Int = .max) {
        self.total = total; self.openEvery = openEvery; self.offEarth = offEarth; self.shortEvery = shortEvery
    }

    func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        starts.append(query.start)
        let last = min(query.start + query.count - 1, total)
        let shops = query.start <= last ? (query.start...last).map(shop) : []
        return RestaurantPage(total: total, start: query.start, restaurants: shops)
    }

    nonisolated func shop(_ position: Int) -> Restaurant {
        var shop = HotpepperServiceSpy.shop(position)
        shop.coordinate = Coordinate(lat: offEarth.contains(position) ? 1e308 : 35.68 + Double(position) * 1e-5, lng: 139.76)
        shop.hours = .given(
            open: position % openEvery == 0
                ? "月～日、祝日: 00:00～24:00"
                : position % shortEvery == 0
                    ? "月～日、祝日: 19:00～20:00" : position % 7 == 0 ? "気まぐれ営業" : "月～日、祝日: 05:00～06:00")
        return shop
    }
}

/// The whole command, over the stub and against the clock of the tests (Friday 19:30 in Japan).
@MainActor
@Suite struct OpenNowCommandTests {
    let tokyo = ["--stub", "--lat", "35.6812", "--lng", "139.7671", "--range", "5", "--count", "100"]

    func openNow(_ run: CLIRun) -> [Any?] {
        ((run.json?["restaurants"] as? [[String: Any]]) ?? []).map { $0["open_now"] as Any? }
    }

    @Test func openNowKeepsOnlyOpenShopsAndSaysWhatItLeftOut() async throws {
        let all = await CLIRun.run(["search", "--json"] + tokyo)
        let open = await CLIRun.run(["search", "--json", "--open-now"] + tokyo)
        #expect(open.code == .success)
        let flags = openNow(open)
        #expect(!flags.isEmpty && flags.allSatisfy { ($0 as? Bool) == true }, "only open shops")
        let closed = openNow(all).filter { ($0 as? Bool) == false }.count
        let unknown = openNow(all).filter { $0 is NSNull }.count
        #expect(flags.count + closed + unknown == openNow(all).count, "every shop kept or left out")
        #expect(
            open.stderr.contains("left out \(closed) closed and \(unknown) whose hours could not be read"),
            "the counts on stderr: \(open.stderr)")
        let leftOut = try #require(open.json?["left_out"] as? [String: Int])
        #expect(leftOut == ["closed": closed, "unknown": unknown, "closing_too_soon": 0], "and in the JSON")
    }

    @Test func includeUnknownKeepsTheUnreadableOnes() async {
        let run = await CLIRun.run(["search", "--json", "--open-now", "--include-unknown"] + tokyo)
        #expect(openNow(run).contains { $0 is NSNull } && !openNow(run).contains { ($0 as? Bool) == false })
    }

    @Test func openAtLateNightFindsOnlyTheLateShops() async {
        let run = await CLIRun.run(["search", "--json", "--open-at", "sat 01:30"] + tokyo)
        #expect(run.json?["open_at"] as? String == "2026-11-21T01:30+09:00", "the coming Saturday")
        let hours = ((run.json?["restaurants"] as? [[String: Any]]) ?? []).compactMap { $0["open"] as? String }
        #expect(!hours.isEmpty && hours.allSatisfy { $0.contains("翌") }, "only shops open past midnight: \(hours)")
    }

    @Test func nothingOpenIsExitOneWithANotice() async {
        let run = await CLIRun.run(["search", "--format", "table", "--open-at", "05:30"] + tokyo)
        #expect(run.code == .noResults)
        #expect(run.stderr.contains("No restaurants open at fri 05:30 (Japan time)"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["--open-at", "25:00"], "--open-at takes a time such as"),
        (["--open-at", "someday 10:00"], "--open-at takes a time such as"),
        (["--open-at", "2026-02-30 12:00"], "--open-at takes a time such as"),
        (["--open-now", "--open-at", "12:00"], "use one"),
        (["--include-unknown"], "give one of them"),
        (["--open-for", "0"], "--open-for takes a duration"),
        (["--open-for", "-5m"], "--open-for takes a duration"),
        (["--open-for", "abc"], "--open-for takes a duration"),
        (["--open-for", "25h"], "--open-for takes a duration"),
    ])
    func badTimesAreUsageErrors(arguments: [String], words: String) async {
        let run = await CLIRun.run(["search"] + tokyo + arguments)
        #expect(run.code == .usage && run.stderr.contains(words), "\(run.stderr)")
    }

    @Test func openForKeepsTheShopsOpenThatLongAndCountsTheOthers() async throws {
        // Given the stub's shops on Friday at 19:30, open now and how long each stays open
        let open = await CLIRun.run(["search", "--json", "--open-now"] + tokyo)
        let minutes = ((open.json?["restaurants"] as? [[String: Any]]) ?? []).map { $0["minutes_left"] as? Int }
        let enough = try #require(Set(minutes.compactMap { $0 }).sorted().dropFirst().first, "two closing times")
        // When the search asks for exactly the second shortest of their times left
        let run = await CLIRun.run(["search", "--json", "--open-for", "\(enough)m"] + tokyo)
        // Then the shops with that long or longer stay (around the clock too), the others are counted
        let kept = ((run.json?["restaurants"] as? [[String: Any]]) ?? []).map { $0["minutes_left"] as? Int }
        #expect(run.code == .success && kept.allSatisfy { ($0 ?? .max) >= enough }, "\(kept)")
        let tooSoon = minutes.compactMap { $0 }.filter { $0 < enough }.count
        let leftOut = try #require(run.json?["left_out"] as? [String: Int])
        #expect(tooSoon > 0 && leftOut["closing_too_soon"] == tooSoon, "\(leftOut)")
        #expect(run.stderr.contains("\(tooSoon) closing within \(enough) min"), "\(run.stderr)")
    }

    @Test(arguments: [
        ("19:30", "2026-11-20T19:30+09:00"), ("fri 08:00", "2026-11-20T08:00+09:00"), ("月 12:00", "2026-11-23T12:00+09:00"),
        ("2026-12-31 23:59", "2026-12-31T23:59+09:00"), ("2026-11-23T12:00", "2026-11-23T12:00+09:00"),
    ])
    func openAtReadsTimesInJapan(text: String, expected: String) async {
        let run = await CLIRun.run(["search", "--json", "--open-at", text] + tokyo)
        #expect(run.json?["open_at"] as? String == expected, "\(text): \(run.stderr)")
    }
}

/// End to end against a loopback service: 150 shops, every 15th open around the clock, the rest
/// open only at dawn; the command asks for more pages until ten open ones are found.
@MainActor
@Suite struct OpenNowLoopbackTests {
    nonisolated static func page(start: Int, count: Int, total: Int) -> String {
        // A page past the last shop is empty (the search may ask one before it knows the total).
        let shops = (start..<max(start, min(start + count, total + 1))).map { position in
            let open = position % 15 == 0 ? "月～日、祝日: 00:00～24:00" : "月～日、祝日: 05:00～06:00"
            return
                #"{"id":"J9\#(String(format: "%08d", position))","name":"店 \#(position)","lat":\#(35.6812 + Double(position) * 1e-5),"#
                + #""lng":139.7671,"genre":{"name":"居酒屋","code":"G001"},"open":"\#(open)","close":"なし"}"#
        }
        return #"{"results":{"api_version":"1.30","results_available":\#(total),"results_returned":"\#(shops.count)","#
            + #""results_start":\#(start),"shop":[\#(shops.joined(separator: ","))]}}"#
    }

    @Test func openNowFetchesFurtherPagesToFillTheList() async throws {
        let server = try LoopbackServer { request in
            let value = { (name: String) in request.queryItems.first { $0.name == name }?.value.flatMap { Int($0) } }
            return .json(Self.page(start: value("start") ?? 1, count: value("count") ?? 10, total: 150))
        }
        let run = await CLIRun.run(
            ["search", "--lat", "35.6812", "--lng", "139.7671", "--open-now", "--count", "10", "--json"],
            environment: ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        #expect(run.code == .success, "\(run.stderr)")
        let names = ((run.json?["restaurants"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(names == (1...10).map { "店 \($0 * 15)" }, "the ten open shops, nearest first")
        let starts = server.requests.compactMap { $0.queryItems.first { $0.name == "start" }?.value.flatMap { Int($0) } }
        #expect(starts.filter { $0 <= 150 }.sorted() == [1, 101], "the whole list of 150, in pages of 100: \(starts)")
        // FIXME(lead): an open-only search now gathers up to HOT PEPPER's reach of 500 through `fetchPages`, which asks
        // `maxPagesInFlight` (4) pages at once before the first answer tells the total: here starts 201 and 301 as well,
        // past the 150 there are (OpenSearch asked one page first, then only what the total left: 2 requests).
        #expect(!starts.contains { $0 > 150 }, "no request past the last of the 150: \(starts)")
        #expect(run.stderr.contains("left out 140 closed"), "\(run.stderr)")
    }
}
