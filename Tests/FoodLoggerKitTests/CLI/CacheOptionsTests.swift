import Foundation
import LoopbackHTTP
import TestSupport
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// --refresh, --offline and the answer cache, through the whole CLI against loopback servers
/// that count what they are asked.
@MainActor
@Suite struct CacheOptionsTests {
    static let search = ["search", "--lat", "35.6812", "--lng", "139.7671", "--json"]

    /// A gourmet page of `count` numbered shops from `start` on, out of `total`.
    nonisolated static func page(total: Int, start: Int, count: Int) -> String {
        let last = min(start + count - 1, total)
        let shops =
            start <= last
            ? (start...last).map { #"{"id":"J\#(String(format: "%09d", $0))","name":"店 \#($0)","lat":35.6812,"lng":139.7671}"# }
            : []
        return
            #"{"results":{"api_version":"1.30","results_available":\#(total),"results_returned":"\#(shops.count)","results_start":\#(start),"shop":[\#(shops.joined(separator: ","))]}}"#
    }

    /// A server of 312 shops, paged as the service pages them.
    static func pagingServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            let start = Int(request.queryValue("start") ?? "") ?? 1, count = Int(request.queryValue("count") ?? "") ?? 10
            return .json(page(total: 312, start: start, count: count))
        }
    }

    /// The environment of a user with a key, a cache folder and `server` as HOT PEPPER.
    static func environment(_ server: LoopbackServer, cache: TemporaryFolder) -> [String: String] {
        [
            "HOTPEPPER_API_KEY": FaultSeeds.canary, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString,
            "XDG_CACHE_HOME": cache.path,
        ]
    }

    @Test func aRepeatedSearchSendsNothingAndPrintsTheSame() async throws {
        // Given a search run once
        let server = try Self.pagingServer()
        let cache = try TemporaryFolder()
        let first = await CLIRun.run(Self.search, environment: Self.environment(server, cache: cache))

        // When it is run again, with --verbose
        let second = await CLIRun.run(Self.search + ["--verbose"], environment: Self.environment(server, cache: cache))

        // Then the server was asked once, the output is the same, and --verbose says where it came from
        #expect(first.code == .success && second.code == .success, "\(first.stderr)\(second.stderr)")
        #expect(server.requests.count == 1, "the second run sent nothing: \(server.requests.count)")
        #expect(second.stdout == first.stdout, "the same list")
        let told = second.stderr.split(separator: "\n").filter { $0.hasPrefix("foodlogger: answer from the cache, kept ") }
        let size = Self.page(total: 312, start: 1, count: 10).utf8.count
        #expect(
            told.count == 1 && told.first?.hasSuffix(" ago (\(size) bytes)") == true, "said once, with its age: \(second.stderr)")
    }

    @Test func refreshAsksAgainAndKeepsTheNewAnswer() async throws {
        // Given a server whose shop is renamed after the first answer, and a search run once
        let server = try LoopbackServer(replies: [
            .json(FaultSeeds.oneShop), .json(FaultSeeds.oneShop.replacingOccurrences(of: "試験食堂", with: "新装食堂")),
        ])
        let cache = try TemporaryFolder()
        let environment = Self.environment(server, cache: cache)
        _ = await CLIRun.run(Self.search, environment: environment)

        // When it is run with --refresh, then plainly
        let refreshed = await CLIRun.run(Self.search + ["--refresh"], environment: environment)
        let after = await CLIRun.run(Self.search, environment: environment)

        // Then --refresh asked the server, and its answer is the one kept
        #expect(server.requests.count == 2, "asked twice in all: \(server.requests.count)")
        #expect(refreshed.stdout.contains("新装食堂") && after.stdout.contains("新装食堂"), "\(refreshed.stderr)\(after.stdout)")
    }

    @Test func offlineAnswersWhatIsKeptAndSendsNothing() async throws {
        // Given a search run once
        let server = try Self.pagingServer()
        let cache = try TemporaryFolder()
        let first = await CLIRun.run(Self.search, environment: Self.environment(server, cache: cache))

        // When it is run with --offline
        let offline = await CLIRun.run(Self.search + ["--offline"], environment: Self.environment(server, cache: cache))

        // Then it prints the kept list, and nothing was sent
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout == first.stdout, "the kept list")
        #expect(server.requests.count == 1, "nothing sent offline")
    }

    @Test func offlineNeedsNoKey() async throws {
        // Given a search run once with the key
        let server = try Self.pagingServer()
        let cache = try TemporaryFolder()
        let first = await CLIRun.run(Self.search, environment: Self.environment(server, cache: cache))

        // When it is run again with --offline, HOT PEPPER named and the key gone
        var keyless = Self.environment(server, cache: cache)
        keyless["HOTPEPPER_API_KEY"] = nil
        let offline = await CLIRun.run(Self.search + ["--offline", "--provider", "hotpepper"], environment: keyless)

        // Then the kept list is printed, since nothing is sent that a key could go with
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout == first.stdout, "the kept list")
        #expect(server.requests.count == 1, "nothing sent offline")
    }

    @Test(arguments: [
        (
            ["--offline"], "foodlogger: nothing cached for this search within the last 10 minutes; run it without --offline\n"
        ),
        (
            ["--offline", "--start", "11"],
            "foodlogger: nothing cached for this search from shop 11 on within the last 10 minutes; run it without --offline\n"
        ),
        (
            ["--offline", "--genre", "ラーメン"],
            "foodlogger: the genre list is not cached (lists are kept a day); run it without --offline\n"
        ),
    ])
    func offlineWithNothingKeptExits69WithOneLineAndSendsNothing(extra: [String], message: String) async throws {
        // Given an empty cache
        let server = try Self.pagingServer()
        let cache = try TemporaryFolder()

        // When a search is run with --offline
        let run = await CLIRun.run(Self.search + extra, environment: Self.environment(server, cache: cache))

        // Then it exits 69 with one line naming the request, and nothing was sent
        #expect(run.code == .unavailable, "exit 69: \(run.stderr)")
        #expect(run.stderr == message, "one line")
        #expect(run.stdout.isEmpty, "no data")
        #expect(server.requests.isEmpty, "nothing sent")
    }

    @Test func offlineLooksAPlaceUpInThePlaceCacheOnlyAndSendsNothing() async throws {
        // Given a place search server that counts requests, and an empty cache
        let places = try LoopbackServer { _ in .json("[]") }
        let server = try Self.pagingServer()
        let cache = try TemporaryFolder()
        var environment = Self.environment(server, cache: cache)
        environment["FOODLOGGER_NOMINATIM_URL"] = places.baseURL.absoluteString

        // When a search near a place runs with --offline
        let run = await CLIRun.run(["search", "--near", "shibuya", "--offline"], environment: environment)

        // Then it exits 69 with one line, and neither server was asked
        #expect(run.code == .unavailable, "exit 69: \(run.stderr)")
        #expect(
            run.stderr
                == "foodlogger: no place called 'shibuya' is cached; run it without --offline, or give --lat and --lng\n",
            "one line")
        #expect(places.requests.isEmpty && server.requests.isEmpty, "nothing sent")
    }

    @Test(arguments: [
        (
            ["--refresh", "--offline"],
            "foodlogger search: --refresh asks the service and --offline sends nothing; use one. See 'foodlogger search --help'.\n"
        ),
        (
            ["--offline", "--stub"],
            "foodlogger search: --offline has no effect with --stub, which sends nothing; use one or the other. See 'foodlogger search --help'.\n"
        ),
        (
            ["--refresh", "--stub"],
            "foodlogger search: --refresh has no effect with --stub, which sends nothing; use one or the other. See 'foodlogger search --help'.\n"
        ),
        (
            // Refused before any key is looked for: there is none here.
            ["--offline", "--provider", "google"],
            "foodlogger search: --offline: the terms of Google Places let foodlogger keep nothing it answers; use --provider hotpepper (HOT PEPPER Gourmet) or --provider osm (OpenStreetMap) for it. See 'foodlogger search --help'.\n"
        ),
    ])
    func contradictionsExit64(extra: [String], message: String) async {
        // When the options contradict each other
        let run = await CLIRun.run(Self.search + extra)

        // Then the run stops with one line
        #expect(run.code == .usage, "exit 64: \(run.stderr)")
        #expect(run.stderr == message, "one line")
    }

    @Test func limit250IsKeptPageByPageSoARepeatSendsNothing() async throws {
        // Given --limit 250 run once
        let server = try Self.pagingServer()
        let cache = try TemporaryFolder()
        let first = await CLIRun.run(Self.search + ["--limit", "250"], environment: Self.environment(server, cache: cache))
        #expect(server.requests.count == 3, "three pages: \(server.requests.count)")

        // When it is run again, then offline, then its first page alone offline (the map's re-search)
        let second = await CLIRun.run(Self.search + ["--limit", "250"], environment: Self.environment(server, cache: cache))
        let offline = await CLIRun.run(
            Self.search + ["--limit", "250", "--offline"], environment: Self.environment(server, cache: cache))
        let onePage = await CLIRun.run(
            Self.search + ["--count", "100", "--offline"], environment: Self.environment(server, cache: cache))

        // Then nothing more was sent and the lists are the same
        #expect(server.requests.count == 3, "no request the second time: \(server.requests.count)")
        #expect(second.stdout == first.stdout && offline.stdout == first.stdout, "the same 250 shops")
        #expect((first.json?["restaurants"] as? [Any])?.count == 250, "250 shops")
        #expect((onePage.json?["restaurants"] as? [Any])?.count == 100, "the first page, kept: \(onePage.stderr)")
    }

    @Test func theKeyIsInNoCacheFile() async throws {
        // Given searches that fill the cache: a list, a page further on, a genre by name
        let server = try LoopbackServer { request in
            request.path.contains("genre")
                ? .json(CodeListSeeds.genres)
                : .json(Self.page(total: 312, start: Int(request.queryValue("start") ?? "") ?? 1, count: 10))
        }
        let cache = try TemporaryFolder()
        let environment = Self.environment(server, cache: cache)
        for extra in [[], ["--start", "11"], ["--genre", "ラーメン"]] {
            let run = await CLIRun.run(Self.search + extra, environment: environment)
            #expect(run.code == .success, "\(extra): \(run.stderr)")
        }

        // When every file under the cache folder is read
        let files = FileManager.default.enumerator(at: cache.url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        let answers = files.filter { $0.path.contains("/answers/") && $0.pathExtension == "answer" }

        // Then the three searches' answers were kept (the genre list in a cache of its own), and not one file holds the key
        #expect(answers.count == 3, "three answers kept: \(answers.map(\.lastPathComponent))")
        #expect(server.requests.allSatisfy { $0.target.contains(FaultSeeds.canary) }, "the key was sent with each request")
        for file in files {
            let data = (try? Data(contentsOf: file)) ?? Data()
            #expect(data.range(of: Data(FaultSeeds.canary.utf8)) == nil, "no key in \(file.path)")
        }
    }

    @Test func anErrorInsideAnHTTP200IsNotKept() async throws {
        // Given a server whose first answer is HOT PEPPER's error, in an HTTP 200, and then a shop
        let server = try LoopbackServer(replies: [
            .json(FaultSeeds.serviceError(3000, "invalid parameter")), .json(FaultSeeds.oneShop),
        ])
        let cache = try TemporaryFolder()
        let environment = Self.environment(server, cache: cache)
        let failed = await CLIRun.run(Self.search, environment: environment)

        // When the search is run again
        let second = await CLIRun.run(Self.search, environment: environment)

        // Then the error was not answered from the cache: the server was asked again
        #expect(failed.code != .success, "the first failed: \(failed.stderr)")
        #expect(second.code == .success && second.stdout.contains("試験食堂"), "\(second.stderr)")
        #expect(server.requests.count == 2, "asked twice: \(server.requests.count)")
    }

    @Test func openStreetMapsAnswerIsKeptByItsQuerySoARepeatSendsNothing() async throws {
        // Given Overpass on loopback, answering one place, and a search of it run once
        let server = try LoopbackServer { _ in
            .json(
                #"{"elements":[{"type":"node","id":1,"lat":35.6812,"lon":139.7671,"tags":{"amenity":"restaurant","name":"試験亭"}}]}"#
            )
        }
        let cache = try TemporaryFolder()
        let environment = [
            "FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString,
            "XDG_CACHE_HOME": cache.path,
        ]
        let search = Self.search + ["--provider", "osm"]
        let first = await CLIRun.run(search, environment: environment)

        // When it is run again, then offline, then with another keyword offline
        let second = await CLIRun.run(search, environment: environment)
        let offline = await CLIRun.run(search + ["--offline"], environment: environment)
        let other = await CLIRun.run(search + ["--offline", "--keyword", "udon"], environment: environment)

        // Then the server was asked once, and the kept answer printed the same list
        #expect(first.code == .success && first.stdout.contains("試験亭"), "\(first.stderr)")
        #expect(second.stdout == first.stdout && offline.stdout == first.stdout, "the kept list: \(offline.stderr)")
        #expect(server.requests.count == 1, "one request in all: \(server.requests.count)")
        #expect(other.code == .unavailable, "another query is not kept: \(other.stderr)")
    }

    @Test func googlesAnswersAreNeverKept() async throws {
        // Given Google Places on loopback, and a cache folder
        let server = try LoopbackServer { _ in
            .json(
                #"{"places":[{"id":"ChIJtest1","displayName":{"text":"Udon Tsukimi"},"location":{"latitude":35.6812,"longitude":139.7671}}]}"#,
                contentType: "application/json")
        }
        let cache = try TemporaryFolder()
        let environment = [
            "GOOGLE_PLACES_API_KEY": FaultSeeds.canary, "XDG_CACHE_HOME": cache.path,
            "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1").absoluteString,
        ]

        // When the same search is run twice
        let search = Self.search + ["--provider", "google"]
        let first = await CLIRun.run(search, environment: environment)
        let second = await CLIRun.run(search, environment: environment)

        // Then Google was asked both times, and no answer was kept
        #expect(first.code == .success && second.stdout == first.stdout, "\(first.stderr)\(second.stderr)")
        #expect(server.requests.count == 2, "asked every time: \(server.requests.count)")
        let answers = cache.url.appendingPathComponent("foodlogger/answers").path
        #expect(!FileManager.default.fileExists(atPath: answers), "no answers folder")
    }
}
