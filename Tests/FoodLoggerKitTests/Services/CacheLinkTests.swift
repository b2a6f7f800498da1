import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which files follow a symbolic link (#50): a cache's never (its link is replaced, its target
/// never read nor written), a file the user owns always (written through); and what trimming
/// the answer cache may remove: only what foodlogger wrote.
@Suite struct CacheLinkTests {
    /// What is at `url` itself: a link, a regular file, or nothing.
    static func kind(_ url: URL) -> mode_t? {
        var status = stat()
        return lstat(url.path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// A folder holding `user.json` (a file of the user's) and `cache/table.json`, a link to it.
    static func linked() throws -> (folder: TemporaryFolder, user: URL, link: URL) {
        let folder = try TemporaryFolder()
        let user = folder.url.appendingPathComponent("user.json")
        let link = folder.url.appendingPathComponent("cache/table.json")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"mine":1}"#.utf8).write(to: user)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: user)
        return (folder, user, link)
    }

    @Test func aCacheFilesLinkIsReplacedAndWhatItLedToLeftAsItWas() async throws {
        // Given a cache file that is a link to a file of the user's
        let (folder, user, link) = try Self.linked()

        // When the cache is updated
        try await SharedFile(link, followsLinks: false).update([String: Int].self) { onDisk in
            (onDisk ?? [:]).merging(["cached": 2]) { $1 }
        }

        // Then the link is a file of its own holding the change alone (the user's file was not
        // read), and the user's file is as it was, with nothing left beside it
        #expect(Self.kind(link) == S_IFREG, "the link replaced")
        #expect(SharedFile(link).read([String: Int].self) == ["cached": 2], "the change, without the user's file's content")
        #expect(try Data(contentsOf: user) == Data(#"{"mine":1}"#.utf8), "the user's file as it was")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["cache", "user.json"], "nothing written beside the user's file: \(names)")
        _ = folder
    }

    @Test func aUserFilesLinkIsWrittenThroughAndStaysALink() async throws {
        // Given a file the user owns (the food log, the last list) that is a link
        let (folder, user, link) = try Self.linked()

        // When it is updated
        try await SharedFile(link).update([String: Int].self) { onDisk in (onDisk ?? [:]).merging(["added": 2]) { $1 } }

        // Then the link stays and what it leads to holds the change
        #expect(Self.kind(link) == S_IFLNK, "still a link")
        #expect(SharedFile(user).read([String: Int].self) == ["mine": 1, "added": 2], "written through")
        _ = folder
    }

    @Test func aCacheFileThatIsALinkIsReadAsNoFileAndItsTargetNotRead() throws {
        // Given a cache file linked to a readable JSON file
        let (folder, _, link) = try Self.linked()

        // When it is read
        let read = SharedFile(link, followsLinks: false).read()
        let error = #expect(throws: SharedFile.ReadFailure.self) { try SharedFile(link, followsLinks: false).contents() }

        // Then nothing is read: the link is refused when opened (O_NOFOLLOW), saying why
        #expect(read == nil, "no content through the link")
        #expect(error == .unreadable(path: link.path, reason: "a symbolic link"), "\(String(describing: error))")
        _ = folder
    }

    @Test func aCacheLockThatIsALinkIsReplacedAndNothingMadeWhereItLed() async throws {
        // Given a cache file whose lock file is a link to a file not made yet
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("stamp")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createSymbolicLink(at: url.appendingPathExtension("lock"), withDestinationURL: elsewhere)

        // When the file is changed under its lock
        try await SharedFile(url, followsLinks: false).update { _ in Data("1".utf8) }

        // Then the lock is a file of its own, and nothing was made where the link led
        #expect(Self.kind(url.appendingPathExtension("lock")) == S_IFREG, "the lock's link replaced")
        #expect(Self.kind(elsewhere) == nil, "nothing made through the link")
        #expect(try Data(contentsOf: url) == Data("1".utf8), "the change written")
    }

    @Test func thePlaceAndCodeListCachesReplaceALinkInTheirFilesPlace() async throws {
        // Given the place cache's and the genre list's files, each a link to a file of the user's
        let folder = try TemporaryFolder()
        let places = PlaceCache(folder: folder.url, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let codes = CodeListCache(
            folder: folder.url, service: HotpepperAPI.defaultBaseURL, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let users = ["log.jsonl", "notes.txt"].map { folder.url.appendingPathComponent($0) }
        for user in users { try Data("the user's\n".utf8).write(to: user) }
        try FileManager.default.createSymbolicLink(at: places.file.url, withDestinationURL: users[0])
        try FileManager.default.createSymbolicLink(at: codes.file(.genres), withDestinationURL: users[1])

        // When each keeps what it found
        let place = Place(name: "渋谷駅", coordinate: Coordinate(lat: 35.658, lng: 139.7016), country: "jp")
        await places.store(GeocodingWorker.Located(place: place, matches: 1), for: "[jp ja] 渋谷")
        await codes.store([CodeEntry(code: "G001", name: "居酒屋")], for: .genres)

        // Then the user's files are as they were, and the caches hold what was kept in files of their own
        for user in users { #expect(try Data(contentsOf: user) == Data("the user's\n".utf8), "\(user.lastPathComponent) kept") }
        #expect([places.file.url, codes.file(.genres)].map(Self.kind) == [S_IFREG, S_IFREG], "both links replaced")
        #expect(places.lookup("[jp ja] 渋谷")?.place.name == "渋谷駅", "the place kept")
        #expect(codes.lookup(.genres) == [CodeEntry(code: "G001", name: "居酒屋")], "the list kept")
    }

    @Test(arguments: [
        (".last-list.json.123.4.tmp", "last-list.json", Int32(123)),
        (".0123456789abcdef.answer.4194305.7.tmp", "0123456789abcdef.answer", 4_194_305),
        (".a.b.c.1.2.tmp", "a.b.c", 1),
    ])
    func aTemporaryFilesNameSaysWhoseItIsAndWhichRunWroteIt(name: String, file: String, pid: Int32) {
        let writer = SharedFile.temporaryWriter(of: name)
        #expect(writer?.name == file && writer?.pid == pid, "\(name): \(String(describing: writer))")
    }

    @Test(arguments: [
        "last-list.json.1.2.tmp", ".last-list.json.x.2.tmp", ".last-list.json.+1.2.tmp", ".last-list.json.1.tmp",
        ".last-list.json.0.2.tmp", ".last-list.json.1.2.tmp.txt", ".last-list.json.1.99999999999.tmp",
    ])
    func anotherNameIsNoTemporaryFile(name: String) {
        #expect(SharedFile.temporaryWriter(of: name) == nil, "\(name) is not a temporary file")
    }
}

/// What trimming the answer cache may remove: its own entries and its killed writers'
/// temporary files, nothing else in the folder, even a folder linked there.
@Suite struct AnswerCacheTrimTests {
    static func key(_ keyword: String) -> AnswerCache.Key {
        AnswerCache.Key(url: AnswerCacheTests.url(keyword), removing: "key", secret: AnswerCacheTests.secret)!
    }

    /// `count` bytes that are not an entry.
    static func foreign(_ count: Int) -> Data { Data(repeating: UInt8(ascii: "n"), count: count) }

    @Test(arguments: [false, true])
    func onlyFoodloggersEntriesAreTrimmedFromAFolderOrALinkedOne(linked: Bool) async throws {
        // Given a folder of the user's files: notes, an old page's name, a file named as an entry,
        // one named as a dead run's temporary file and a link named as an entry, all older than
        // any entry; as answers/ itself, or where answers/ leads
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("cache")
        let users = linked ? folder.url.appendingPathComponent("notes") : cache.appendingPathComponent("answers")
        try FileManager.default.createDirectory(at: users, withIntermediateDirectories: true)
        if linked {
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: cache.appendingPathComponent("answers"), withDestinationURL: users)
        }
        let names = [
            "notes01.json", "0123456789abcdef.json", "00000000deadbeef.answer", ".00000000deadbeef.answer.4194305.1.tmp",
        ]
        for name in names {
            try Self.foreign(3000).write(to: users.appendingPathComponent(name))
            let url = users.appendingPathComponent(name)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: url.path)
        }
        try FileManager.default.createSymbolicLink(
            at: users.appendingPathComponent("1111111111111111.answer"),
            withDestinationURL: users.appendingPathComponent("notes01.json"))
        // And a cap of about two entries
        let clock = ManualClock()
        let size = AnswerCacheTests.size(AnswerCacheTests.body("店 0"), Self.key("k0"))
        let sut = AnswerCache(cacheFolder: cache, now: { clock.now }, maxTotalBytes: size * 2 + size / 2)

        // When five answers are kept a minute apart
        for index in 0..<5 {
            await sut.store(AnswerCacheTests.body("店 \(index)"), for: Self.key("k\(index)"))
            clock.advance(60)
        }

        // Then the two newest entries remain, and every file of the user's is as it was
        let found = (0..<5).map { sut.lookup(Self.key("k\($0)")) != nil }
        #expect(found == [false, false, false, true, true], "oldest entries out: \(found)")
        for name in names {
            #expect((try? Data(contentsOf: users.appendingPathComponent(name))) == Self.foreign(3000), "\(name) kept")
        }
        #expect(CacheLinkTests.kind(users.appendingPathComponent("1111111111111111.answer")) == S_IFLNK, "the link kept")
    }

    @Test func deadRunsLeftoversGoAtTheNextAnswerKeptAndLiveOnesCount() async throws {
        // Given answers/ holding two dead runs' temporary files (one cut short, one empty), a live
        // run's as large as the cap allows beside one entry, and an entry kept before
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let size = AnswerCacheTests.size(AnswerCacheTests.body("店 0"), Self.key("k0"))
        let sut = AnswerCache(cacheFolder: folder.url, now: { clock.now }, maxTotalBytes: size * 3 + size / 2)
        await sut.store(AnswerCacheTests.body("店 0"), for: Self.key("k0"))
        clock.advance(60)
        let answers = try #require(sut.folder)
        let entry = AnswerCache.entry(key: Self.key("x"), saved: clock.now, body: AnswerCacheTests.body("途中"))
        let dead = [".0000000000000001.answer.4194305.1.tmp", ".0000000000000002.answer.4194306.2.tmp"]
        try entry.write(to: answers.appendingPathComponent(dead[0]))
        try Data().write(to: answers.appendingPathComponent(dead[1]))
        let live = ".0000000000000003.answer.\(getpid()).3.tmp"
        try (entry + Data(repeating: 32, count: size * 2 - entry.count)).write(to: answers.appendingPathComponent(live))

        // When another answer is kept
        await sut.store(AnswerCacheTests.body("店 1"), for: Self.key("k1"))

        // Then the dead runs' files are gone, the live run's stays, and counting it sent the oldest entry out
        let names = try FileManager.default.contentsOfDirectory(atPath: answers.path)
        #expect(!names.contains(dead[0]) && !names.contains(dead[1]), "dead runs' files removed: \(names.sorted())")
        #expect(names.contains(live), "the live run's file kept: \(names.sorted())")
        #expect(sut.lookup(Self.key("k0")) == nil && sut.lookup(Self.key("k1")) != nil, "the oldest out, the newest in")
    }

    @Test func aStoreUnderTheCapWithNoLeftoversTakesNoLock() async throws {
        // Given an empty cache
        let folder = try TemporaryFolder()
        let sut = AnswerCache(cacheFolder: folder.url)

        // When an answer is kept
        await sut.store(AnswerCacheTests.body("店"), for: Self.key("k"))

        // Then the folder holds the entry alone: no trim lock was made
        let names = try FileManager.default.contentsOfDirectory(atPath: try #require(sut.folder).path)
        #expect(names == ["\(Self.key("k").hash).answer"], "\(names)")
    }

    @Test func anEntryThatIsALinkIsNoEntryAndTheNextAnswerReplacesTheLink() async throws {
        // Given an entry kept elsewhere, whole and fresh, and the cache's entry a link to it
        let folder = try TemporaryFolder()
        let sut = AnswerCache(cacheFolder: folder.url)
        let key = Self.key("ramen")
        let elsewhere = folder.url.appendingPathComponent("elsewhere.answer")
        let whole = AnswerCache.entry(key: key, saved: Date(), body: AnswerCacheTests.body("他所"))
        try whole.write(to: elsewhere)
        let file = try #require(sut.file(key))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)

        // When it is looked up, and an answer kept for it
        let hit = sut.lookup(key)
        await sut.store(AnswerCacheTests.body("拉麺"), for: key)

        // Then the link was not read; the answer replaced the link; what it led to is as it was
        #expect(hit == nil, "nothing read through the link")
        #expect(CacheLinkTests.kind(file) == S_IFREG && sut.lookup(key)?.body == AnswerCacheTests.body("拉麺"), "replaced")
        #expect(try Data(contentsOf: elsewhere) == whole, "the link's target as it was")
    }
}
