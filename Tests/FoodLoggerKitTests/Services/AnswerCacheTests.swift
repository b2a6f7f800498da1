import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

@Suite struct AnswerCacheTests {
    static let server = URL(string: "http://127.0.0.1:8080/hotpepper/gourmet/v1/")!
    static let secret = "s3cr3t-K3Y"

    /// A HOT PEPPER request for `keyword`, with the key in the query as the client sends it.
    static func url(_ keyword: String, key: String = secret, server: URL = server) -> URL {
        URL(string: "\(server.absoluteString)?key=\(key)&format=json&keyword=\(keyword)&start=1&count=10")!
    }

    static func key(_ keyword: String, server: URL = server) -> AnswerCache.Key {
        AnswerCache.Key(url: url(keyword, server: server), removing: "key", secret: secret)!
    }

    static func body(_ name: String) -> Data { Data(#"{"results":{"shop":[{"name":"\#(name)"}]}}"#.utf8) }

    /// The entry files in the answers folder, by name.
    static func entries(_ sut: AnswerCache) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sut.folder?.path ?? "")) ?? []).filter {
            $0.hasSuffix(".answer")
        }.sorted()
    }

    @Test func anAnswerKeptIsFoundAsItArrivedWithItsAgeUntilTheLifetimeEnds() async throws {
        // Given an answer kept at a known time
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let sut = AnswerCache(cacheFolder: folder.url, now: { clock.now })
        await sut.store(Self.body("拉麺 一"), for: Self.key("ramen"))

        // When it is looked up 9 min 59 s later, then 10 min later
        clock.advance(AnswerCache.lifetime - 1)
        let fresh = sut.lookup(Self.key("ramen"))
        clock.advance(1)
        let expired = sut.lookup(Self.key("ramen"))

        // Then the first finds its bytes with its age, the second finds nothing
        #expect(fresh == AnswerCache.Hit(body: Self.body("拉麺 一"), age: AnswerCache.lifetime - 1), "found, with its age")
        #expect(expired == nil, "gone once the lifetime is over")
        #expect(sut.folder?.path == folder.url.appendingPathComponent("answers").path, "kept under answers/")
    }

    @Test func withoutAFolderNothingIsKept() async throws {
        // Given a cache without a folder (no HOME)
        let sut = AnswerCache(cacheFolder: nil)

        // When an answer is stored and looked up
        await sut.store(Self.body("x"), for: Self.key("ramen"))

        // Then nothing is found
        #expect(sut.lookup(Self.key("ramen")) == nil, "nothing kept")
    }

    @Test func anEntrySavedInTheFutureIsAbsent() async throws {
        // Given an answer kept by a clock an hour ahead
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        await AnswerCache(cacheFolder: folder.url, now: { clock.now + 3600 }).store(Self.body("未来"), for: Self.key("x"))

        // When it is looked up now
        let hit = AnswerCache(cacheFolder: folder.url, now: { clock.now }).lookup(Self.key("x"))

        // Then it is not found
        #expect(hit == nil, "a time in the future is no time to trust")
    }

    static let form = HTTPRequest.Body(contentType: "application/x-www-form-urlencoded", data: Data("data=a".utf8))

    @Test(arguments: [
        ("another keyword", AnswerCacheTests.key("udon")),
        ("another server", AnswerCacheTests.key("ramen", server: URL(string: "http://127.0.0.1:8081/hotpepper/gourmet/v1/")!)),
        ("a POST", AnswerCache.Key(url: AnswerCacheTests.url("ramen"), body: form, removing: "key", secret: secret)!),
    ])
    func anotherRequestIsAMiss(what: String, other: AnswerCache.Key) async throws {
        // Given an answer kept for a ramen search at :8080
        let folder = try TemporaryFolder()
        let sut = AnswerCache(cacheFolder: folder.url)
        await sut.store(Self.body("拉麺 一"), for: Self.key("ramen"))

        // When a request differing in one thing is looked up
        // Then nothing is found
        #expect(sut.lookup(other) == nil, "\(what): no answer of another request")
        #expect(sut.lookup(Self.key("ramen")) != nil, "the request itself is found")
    }

    @Test func aPostsBodyIsPartOfItsKey() {
        // Given two Overpass queries to the same address
        let url = URL(string: "http://127.0.0.1:8080/api/interpreter")!
        let body = { (ql: String) in HTTPRequest.Body(contentType: "application/x-www-form-urlencoded", data: Data(ql.utf8)) }

        // When their keys are made
        let ramen = AnswerCache.Key(url: url, body: body("data=ramen"))
        let udon = AnswerCache.Key(url: url, body: body("data=udon"))

        // Then they differ, and each says it is a POST with its body
        #expect(ramen != udon && ramen?.hash != udon?.hash, "the body tells them apart")
        let text = String(decoding: ramen?.bytes ?? Data(), as: UTF8.self)
        #expect(text == "POST http://127.0.0.1:8080/api/interpreter\napplication/x-www-form-urlencoded\ndata=ramen", "\(text)")
    }

    @Test func theKeysParameterIsTakenOutWhateverItsValue() throws {
        // Given the same search sent with the key, with another key and with none (--offline without a key)
        let withKey = try #require(AnswerCache.Key(url: Self.url("ramen"), removing: "key", secret: Self.secret))
        let otherKey = AnswerCache.Key(url: Self.url("ramen", key: "another"), removing: "key", secret: "another")
        let noKey = AnswerCache.Key(url: Self.url("ramen", key: ""), removing: "key", secret: "")

        // Then all three are one key, which holds no key and names the rest of the request in order
        #expect(otherKey == withKey && noKey == withKey, "the key is no part of the request's key")
        let text = String(decoding: withKey.bytes, as: UTF8.self)
        #expect(
            text == "GET http://127.0.0.1:8080/hotpepper/gourmet/v1/?format=json&keyword=ramen&start=1&count=10\n",
            "the key's parameter gone: \(text)")
        #expect(!text.contains(Self.secret), "no key")
    }

    @Test(arguments: [
        ("a keyword that is the key", "\(server.absoluteString)?key=\(secret)&keyword=\(secret)"),
        ("the key percent-encoded", "\(server.absoluteString)?key=x&keyword=%73%33cr3t-K3Y"),
        ("the key in the path", "http://127.0.0.1:8080/\(secret)/gourmet/v1/?key=\(secret)"),
    ])
    func aRequestThatWouldStillHoldTheKeyHasNoKey(what: String, address: String) {
        // When a request whose key's text would hold the key is keyed
        let key = AnswerCache.Key(url: URL(string: address)!, removing: "key", secret: Self.secret)

        // Then it has none: it is never looked up or kept
        #expect(key == nil, "\(what): not kept")
    }

    @Test func theKeyHoldsNoPasswordOrFragmentOfTheAddress() throws {
        // Given a server address with user-info and a fragment
        let url = URL(string: "http://user:hunter2@127.0.0.1:8080/api/?format=json#frag")!

        // When a request's key is made
        let key = try #require(AnswerCache.Key(url: url))

        // Then it names the server without them
        let text = String(decoding: key.bytes, as: UTF8.self)
        #expect(text == "GET http://127.0.0.1:8080/api/?format=json\n", "no user-info or fragment: \(text)")
        #expect(key.hash.count == 16, "a 64-bit hash in hex: \(key.hash)")
    }

    /// The size of an entry of `body` for `key`, as stored.
    static func size(_ body: Data, _ key: AnswerCache.Key) -> Int {
        AnswerCache.entry(key: key, saved: Date(timeIntervalSince1970: 1_800_000_000.5), body: body).count
    }

    @Test func theOldestEntriesGoFirstOnceTheFolderPassesItsCap() async throws {
        // Given a cap that holds three entries, and five kept a minute apart
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let size = Self.size(Self.body("店 0"), Self.key("k0"))
        let sut = AnswerCache(cacheFolder: folder.url, now: { clock.now }, maxTotalBytes: size * 3 + size / 2)
        for index in 0..<5 {
            await sut.store(Self.body("店 \(index)"), for: Self.key("k\(index)"))
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
        let size = Self.size(Self.body("店 0"), Self.key("k0"))
        await AnswerCache(cacheFolder: folder.url, now: { clock.now + 86_400 }).store(Self.body("店 0"), for: Self.key("k0"))
        let sut = AnswerCache(cacheFolder: folder.url, now: { clock.now }, maxTotalBytes: size * 2 + size / 2)

        // When two more are kept
        await sut.store(Self.body("店 1"), for: Self.key("k1"))
        await sut.store(Self.body("店 2"), for: Self.key("k2"))

        // Then the future one went, not a real one
        let remaining = Self.entries(sut)
        #expect(remaining == [Self.key("k1").hash, Self.key("k2").hash].map { "\($0).answer" }.sorted(), "\(remaining)")
    }

    @Test func anAnswerLargerThanAnEntryMayBeIsNotKept() async throws {
        // Given an answer just over the largest entry
        let folder = try TemporaryFolder()
        let sut = AnswerCache(cacheFolder: folder.url)
        let body = Data(repeating: UInt8(ascii: " "), count: AnswerCache.maxEntryBytes)

        // When it is stored
        await sut.store(body, for: Self.key("big"))

        // Then nothing is kept
        #expect(sut.lookup(Self.key("big")) == nil && Self.entries(sut).isEmpty, "not kept")
    }

    /// An answer of 200 KB, which takes more than one write to the disk.
    static func big(_ text: String) -> Data { Data((text + String(repeating: " ", count: 200_000)).utf8) }

    @Test func manyWritersAtOnceLoseAndTearNothing() async throws {
        // Given 48 writers at once, each keeping its own answer, and 16 more all keeping one shared key
        let folder = try TemporaryFolder()
        let writers = 48

        // When they all write at the same time, each with its own cache value as separate runs have
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    await AnswerCache(cacheFolder: folder.url).store(Self.body("店 \(writer)"), for: Self.key("k\(writer)"))
                }
            }
            for writer in 0..<16 {
                group.addTask {
                    await AnswerCache(cacheFolder: folder.url).store(Self.big("共有 \(writer)"), for: Self.key("shared"))
                }
            }
        }

        // Then every answer is whole and found, the shared one is one writer's, and no temporary file is left
        let sut = AnswerCache(cacheFolder: folder.url)
        let found = (0..<writers).filter { sut.lookup(Self.key("k\($0)"))?.body == Self.body("店 \($0)") }
        #expect(found.count == writers, "every writer's answer kept whole: \(found.count) of \(writers)")
        let shared = try #require(sut.lookup(Self.key("shared"))?.body, "the shared entry is whole")
        let writer = (0..<16).first { Self.big("共有 \($0)") == shared }
        #expect(writer != nil, "one writer's answer, whole: \(shared.count) bytes")
        let names = try FileManager.default.contentsOfDirectory(atPath: sut.folder?.path ?? "")
        #expect(names.count == writers + 1, "one file per request, nothing else: \(names.count)")
    }

    /// What a broken or foreign entry file may be.
    enum Broken: String, CaseIterable {
        case garbage, truncated, directory, linkToDevZero, otherRequest, otherFormat, oversized, empty, timeNotANumber
        case keyCut
    }

    @Test(arguments: Broken.allCases)
    func aBrokenEntryIsAbsent(broken: Broken) async throws {
        // Given an entry file made broken in one way
        let folder = try TemporaryFolder()
        let sut = AnswerCache(cacheFolder: folder.url)
        let key = Self.key("ramen")
        await sut.store(Self.body("拉麺 一"), for: key)
        let file = try #require(sut.file(key))
        let whole = try Data(contentsOf: file)
        try FileManager.default.removeItem(at: file)
        let text = String(decoding: whole, as: UTF8.self)
        switch broken {
        case .garbage: try Data("\u{1b}[2J not an answer at all".utf8).write(to: file)
        case .truncated: try whole.prefix(AnswerCache.signature.count + 20).write(to: file)
        case .empty: try Data().write(to: file)
        case .directory: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        case .linkToDevZero: try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        case .otherRequest:
            try AnswerCache.entry(key: Self.key("udon"), saved: Date(), body: Self.body("饂飩")).write(to: file)
        case .otherFormat: try Data(text.replacingOccurrences(of: "answer 2", with: "answer 3").utf8).write(to: file)
        case .timeNotANumber:
            var lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            lines[1] = "nan"
            try Data(lines.joined(separator: "\n").utf8).write(to: file)
        case .keyCut:
            var lines = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            lines[2] = String(Int(lines[2])! + 1)
            try Data(lines.joined(separator: "\n").utf8).write(to: file)
        case .oversized:
            var padded = whole
            padded.append(Data(repeating: UInt8(ascii: " "), count: AnswerCache.maxEntryBytes))
            try padded.write(to: file)
        }

        // When it is looked up
        let hit = sut.lookup(key)

        // Then nothing is found, and keeping the answer again works (the directory aside)
        #expect(hit == nil, "\(broken): absent")
        await sut.store(Self.body("拉麺 二"), for: key)
        if broken != .directory {
            #expect(sut.lookup(key)?.body == Self.body("拉麺 二"), "\(broken): replaced by the next answer")
        }
    }
}
