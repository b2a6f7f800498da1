import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

@Suite struct AnswerCacheTests {
    static let server = URL(string: "http://127.0.0.1:8080/")!

    static func key(_ keyword: String, provider: Provider = .hotpepper, server: URL = server) -> AnswerCache.Key {
        AnswerCache.Key(provider: provider, server: server, query: RestaurantQuery(center: Seeds.tokyoStation, keyword: keyword))
    }

    static func page(_ name: String) -> RestaurantPage {
        RestaurantPage(total: 1, start: 1, restaurants: [Seeds.restaurant("J0000000001", name: name, lat: 35.68, lng: 139.76)])
    }

    /// The entry files in the answers folder, by name.
    static func entries(_ sut: AnswerCache) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sut.folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func aPageKeptIsFoundWithItsAgeUntilTheLifetimeEnds() async throws {
        // Given a page kept at a known time
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let sut = AnswerCache(cacheFolder: folder.url, now: { clock.now })
        await sut.store(Self.page("拉麺 一"), for: Self.key("ramen"))

        // When it is looked up 9 min 59 s later, then 10 min later
        clock.advance(AnswerCache.lifetime - 1)
        let fresh = sut.lookup(Self.key("ramen"))
        clock.advance(1)
        let expired = sut.lookup(Self.key("ramen"))

        // Then the first finds it with its age, the second finds nothing
        #expect(fresh == AnswerCache.Hit(page: Self.page("拉麺 一"), age: AnswerCache.lifetime - 1), "found, with its age")
        #expect(expired == nil, "gone once the lifetime is over")
        #expect(sut.folder.path == folder.url.appendingPathComponent("answers").path, "kept under answers/")
    }

    @Test func anEntrySavedInTheFutureIsAbsent() async throws {
        // Given a page kept by a clock an hour ahead
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        await AnswerCache(cacheFolder: folder.url, now: { clock.now + 3600 }).store(Self.page("未来"), for: Self.key("x"))

        // When it is looked up now
        let hit = AnswerCache(cacheFolder: folder.url, now: { clock.now }).lookup(Self.key("x"))

        // Then it is not found
        #expect(hit == nil, "a time in the future is no time to trust")
    }

    @Test(arguments: [
        ("another keyword", AnswerCacheTests.key("udon")),
        ("another provider", AnswerCacheTests.key("ramen", provider: .osm)),
        ("another server", AnswerCacheTests.key("ramen", server: URL(string: "http://127.0.0.1:8081/")!)),
    ])
    func anotherRequestIsAMiss(what: String, other: AnswerCache.Key) async throws {
        // Given a page kept for a ramen search on HOT PEPPER at :8080
        let folder = try TemporaryFolder()
        let sut = AnswerCache(cacheFolder: folder.url)
        await sut.store(Self.page("拉麺 一"), for: Self.key("ramen"))

        // When a request differing in one thing is looked up
        // Then nothing is found
        #expect(sut.lookup(other) == nil, "\(what): no answer of another request")
        #expect(sut.lookup(Self.key("ramen")) != nil, "the request itself is found")
    }

    @Test func theKeyHoldsNoPasswordOfTheServersAddress() {
        // Given a server address with user-info and a query part
        let server = URL(string: "http://user:hunter2@127.0.0.1:8080/api/?token=t0k3n")!

        // When a request's key is made
        let key = AnswerCache.Key(provider: .hotpepper, server: server, query: RestaurantQuery(keyword: "x"))

        // Then it names the server without them
        #expect(!key.text.contains("hunter2") && !key.text.contains("t0k3n"), "no secret of the address: \(key.text)")
        #expect(key.text.hasPrefix("hotpepper http://127.0.0.1:8080/api/\n"), "provider and server first: \(key.text)")
        #expect(key.hash.count == 16, "a 64-bit hash in hex: \(key.hash)")
    }

    @Test func theOldestEntriesGoFirstOnceTheFolderPassesItsCap() async throws {
        // Given a cap that holds three entries, and five kept a minute apart
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let size = try JSONEncoder().encode(
            AnswerCache.Entry(format: 1, key: Self.key("k0").text, saved: clock.now, page: Self.page("店 0"))
        ).count
        let sut = AnswerCache(cacheFolder: folder.url, now: { clock.now }, maxTotalBytes: size * 3 + size / 2)
        for index in 0..<5 {
            await sut.store(Self.page("店 \(index)"), for: Self.key("k\(index)"))
            clock.advance(60)
        }

        // When they are looked up
        let found = (0..<5).map { sut.lookup(Self.key("k\($0)")) != nil }

        // Then the two oldest are gone and the three newest are there
        #expect(found == [false, false, true, true, true], "oldest out first: \(found)")
        #expect(Self.entries(sut).count == 3, "three files left: \(Self.entries(sut))")
    }

    @Test func aFileDatedInTheFutureIsTheFirstToGo() async throws {
        // Given a cap of two entries: one dated a day ahead, then two of now
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let size = try JSONEncoder().encode(
            AnswerCache.Entry(format: 1, key: Self.key("k0").text, saved: clock.now, page: Self.page("店 0"))
        ).count
        await AnswerCache(cacheFolder: folder.url, now: { clock.now + 86_400 }).store(Self.page("店 0"), for: Self.key("k0"))
        let sut = AnswerCache(cacheFolder: folder.url, now: { clock.now }, maxTotalBytes: size * 2 + size / 2)

        // When two more are kept
        await sut.store(Self.page("店 1"), for: Self.key("k1"))
        await sut.store(Self.page("店 2"), for: Self.key("k2"))

        // Then the future one went, not a real one
        let remaining = Self.entries(sut)
        #expect(remaining == [Self.key("k1").hash, Self.key("k2").hash].map { "\($0).json" }.sorted(), "\(remaining)")
    }

    @Test func manyWritersAtOnceLoseAndTearNothing() async throws {
        // Given 48 writers at once, each keeping its own page, and 16 more all keeping one shared key
        let folder = try TemporaryFolder()
        let writers = 48

        // When they all write at the same time, each with its own cache value as separate runs have
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    await AnswerCache(cacheFolder: folder.url).store(Self.page("店 \(writer)"), for: Self.key("k\(writer)"))
                }
            }
            for writer in 0..<16 {
                group.addTask {
                    await AnswerCache(cacheFolder: folder.url).store(Self.page("共有 \(writer)"), for: Self.key("shared"))
                }
            }
        }

        // Then every page is whole and found, the shared one is one writer's, and no temporary file is left
        let sut = AnswerCache(cacheFolder: folder.url)
        let found = (0..<writers).filter { sut.lookup(Self.key("k\($0)"))?.page == Self.page("店 \($0)") }
        #expect(found.count == writers, "every writer's page kept whole: \(found.count) of \(writers)")
        let shared = try #require(sut.lookup(Self.key("shared"))?.page.restaurants.first?.name, "the shared entry is whole")
        #expect(shared.hasPrefix("共有 "), "one writer's page: \(shared)")
        let names = try FileManager.default.contentsOfDirectory(atPath: sut.folder.path)
        #expect(names.count == writers + 1, "one file per request, nothing else: \(names.count)")
    }

    /// What a broken or foreign entry file may be.
    enum Broken: String, CaseIterable {
        case garbage, truncated, directory, linkToDevZero, otherRequest, otherFormat, oversized, implausiblePage, empty
        case shopOffTheEarth, controlCharacterInAnID, shopTwice
    }

    @Test(arguments: Broken.allCases)
    func aBrokenEntryIsAbsent(broken: Broken) async throws {
        // Given an entry file made broken in one way
        let folder = try TemporaryFolder()
        let sut = AnswerCache(cacheFolder: folder.url)
        let key = Self.key("ramen")
        await sut.store(Self.page("拉麺 一"), for: key)
        let file = sut.file(key)
        let whole = try Data(contentsOf: file)
        try FileManager.default.removeItem(at: file)
        let encoder = JSONEncoder()
        func entry(_ change: (inout AnswerCache.Entry) -> Void) throws -> Data {
            var entry = try JSONDecoder().decode(AnswerCache.Entry.self, from: whole)
            change(&entry)
            return try encoder.encode(entry)
        }
        switch broken {
        case .garbage: try Data("\u{1b}[2J not json at all".utf8).write(to: file)
        case .truncated: try whole.prefix(whole.count / 2).write(to: file)
        case .empty: try Data().write(to: file)
        case .directory: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        case .linkToDevZero: try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        case .otherRequest: try entry { $0.key = Self.key("udon").text }.write(to: file)
        case .otherFormat: try entry { $0.format = 2 }.write(to: file)
        case .implausiblePage: try entry { $0.page.total = -1 }.write(to: file)
        case .shopOffTheEarth: try entry { $0.page.restaurants[0].coordinate.lat = 1e308 }.write(to: file)
        case .controlCharacterInAnID: try entry { $0.page.restaurants[0].id = "J1\u{1b}]52;c;x\u{7}" }.write(to: file)
        case .shopTwice: try entry { $0.page.restaurants += $0.page.restaurants }.write(to: file)
        case .oversized:
            var padded = whole
            padded.append(Data(repeating: UInt8(ascii: " "), count: AnswerCache.maxEntryBytes))
            try padded.write(to: file)
        }

        // When it is looked up
        let hit = sut.lookup(key)

        // Then nothing is found, and keeping the page again works (the directory aside)
        #expect(hit == nil, "\(broken): absent")
        await sut.store(Self.page("拉麺 二"), for: key)
        if broken != .directory {
            #expect(sut.lookup(key)?.page == Self.page("拉麺 二"), "\(broken): replaced by the next answer")
        }
    }
}
