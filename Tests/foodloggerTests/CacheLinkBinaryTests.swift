import Foundation
import LoopbackHTTP
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The caches made hostile (#50, items 1, 2 and 9), as the built binary meets them in a prepared
/// home: a cache file that is a link to the user's food log, an `answers/` folder that is a link
/// to a folder of the user's own files, and the temporary files of killed runs. Each test
/// asserts the exit code, what is said on stderr, the requests the servers counted and the
/// bytes of every user file afterwards.
@Suite struct CacheLinkBinaryTests {
    static let key = "canary-3c9e51a7"

    /// One shop, in HOT PEPPER's JSON.
    static let shop = PlaceSpacingBinaryTests.shop

    /// A food log of one entry, as `log add` writes it.
    static let logLine = Data(
        (#"{"date":"2026-11-28","number":1,"shop":{"address":"東京都千代田区丸の内","genre":"居酒屋","id":"J900000001","#
            + #""lat":35.680954,"lng":139.766268,"name":"炉端 かがり火 丸の内店","provider":"hotpepper","#
            + #""url":"https://stub.foodlogger.invalid/shops/J900000001/"},"want":false,"#
            + #""written_at":"2026-11-28T22:03:18Z"}"# + "\n").utf8)

    /// A home as a user has it: `~/.local/share/foodlogger/log.jsonl` holding one entry, and the
    /// cache folder `~/.cache/foodlogger` (made by the first run, or by the test).
    struct Home {
        let folder: TemporaryFolder
        var url: URL { folder.url }
        var log: URL { url.appendingPathComponent(".local/share/foodlogger/log.jsonl") }
        var cache: URL { url.appendingPathComponent(".cache/foodlogger") }
        var answers: URL { cache.appendingPathComponent("answers") }

        init() throws {
            folder = try TemporaryFolder("foodlogger-home")
            try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
            try CacheLinkBinaryTests.logLine.write(to: log)
        }

        /// Writes `data` at `relative` under the home, making its folder.
        @discardableResult
        func write(_ data: Data, at relative: String) throws -> URL {
            let file = url.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
            return file
        }

        /// A symbolic link at `link` to `target`, its folder made.
        func link(_ link: URL, to target: URL) throws {
            try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        }

        /// `foodlogger search` with this home, against `shops` (and `places` for --near).
        func search(_ arguments: [String], shops: LoopbackServer, places: LoopbackServer? = nil) throws -> Spawned.Result {
            var environment = ["HOTPEPPER_API_KEY": CacheLinkBinaryTests.key, "HOTPEPPER_BASE_URL": shops.baseURL.absoluteString]
            environment["FOODLOGGER_NOMINATIM_URL"] = places?.baseURL.absoluteString
            return try Spawned.run(["search", "--json", "--retries", "0"] + arguments, environment: environment, home: folder)
        }

        /// The food log as `foodlogger log` reads it: its number of entries.
        func loggedEntries() throws -> Int? {
            let listed = try Spawned.run(["log", "--json"], home: folder)
            let json = try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
            return json?["count"] as? Int
        }
    }

    /// What is at `url` itself: a link, a regular file, or nothing.
    static func kind(_ url: URL) -> mode_t? {
        var status = stat()
        return lstat(url.path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    @Test func anAnswerLinkedToTheFoodLogIsReplacedAndTheLogKeptByteForByte() throws {
        // Given a search whose answer is kept, then its entry made a link to the food log
        let home = try Home()
        let shops = try LoopbackServer { _ in .json(Self.shop) }
        let first = try home.search(["--keyword", "ramen"], shops: shops)
        let names = try FileManager.default.contentsOfDirectory(atPath: home.answers.path).filter { $0.hasSuffix(".answer") }
        #expect(first.status == 0 && names.count == 1, "one entry kept: \(names); \(first.stderr)")
        let entry = home.answers.appendingPathComponent(try #require(names.first))
        try FileManager.default.removeItem(at: entry)
        try home.link(entry, to: home.log)

        // When the same search runs again, then once more
        let again = try home.search(["--keyword", "ramen"], shops: shops)
        let third = try home.search(["--keyword", "ramen"], shops: shops)

        // Then both succeed in silence; the link was no entry (asked again), and the answer
        // replaced the link, not the log, so the third run is answered from it
        #expect(again.status == 0 && again.stderr.isEmpty, "exit 0, nothing said: \(again.status) \(again.stderr)")
        #expect(third.status == 0 && third.stderr.isEmpty, "exit 0, nothing said: \(third.status) \(third.stderr)")
        #expect(again.stdout.contains("J0000000009"), "the shop printed: \(again.stdout)")
        #expect(shops.requests.count == 2, "the first run and the one that met the link: \(shops.requests.count)")
        #expect(try Data(contentsOf: home.log) == Self.logLine, "the food log byte for byte as it was")
        #expect(Self.kind(entry) == S_IFREG, "the link replaced by a file of its own")
        #expect(try Data(contentsOf: entry).starts(with: Data("foodlogger answer 2\n".utf8)), "which is an entry")
        #expect(try home.loggedEntries() == 1, "foodlogger still reads the log's one entry")
    }

    @Test func thePlaceCacheAndItsStampLinkedToUserFilesAreReplacedAndTheFilesKept() throws {
        // Given the --near place cache linked to the food log, the place search's stamp linked
        // to a note of the user's, and the place cache's lock linked to a file not made yet
        let home = try Home()
        let shops = try LoopbackServer { _ in .json(Self.shop) }
        let places = try LoopbackServer { request in .json(PlaceSpacingBinaryTests.place(request.queryValue("q") ?? "?")) }
        let suffix = "-127-0-0-1-\(places.port)"
        let note = Data("dinner with Aiko on Friday\n".utf8)
        let noteFile = try home.write(note, at: "notes.txt")
        let placeCache = home.cache.appendingPathComponent("places\(suffix).json")
        let stamp = home.cache.appendingPathComponent("nominatim-last-request\(suffix)")
        let unmade = home.url.appendingPathComponent("made-through-a-link")
        try home.link(placeCache, to: home.log)
        try home.link(stamp, to: noteFile)
        try home.link(placeCache.appendingPathExtension("lock"), to: unmade)

        // When a search near a place runs, then again
        let first = try home.search(["--near", "shibuya"], shops: shops, places: places)
        let again = try home.search(["--near", "shibuya"], shops: shops, places: places)

        // Then both succeed in silence; the place was asked for once (the second run found it in
        // the file that replaced the link), and every user file is as it was
        #expect(first.status == 0 && first.stderr.isEmpty, "exit 0, nothing said: \(first.status) \(first.stderr)")
        #expect(again.status == 0 && again.stderr.isEmpty, "exit 0, nothing said: \(again.status) \(again.stderr)")
        #expect(places.requests.count == 1, "one place request: \(places.requests.count)")
        #expect(shops.requests.count == 1, "one shop request, the second answered from the cache: \(shops.requests.count)")
        #expect(try Data(contentsOf: home.log) == Self.logLine, "the food log byte for byte as it was")
        #expect(try Data(contentsOf: noteFile) == note, "the note byte for byte as it was")
        #expect(!FileManager.default.fileExists(atPath: unmade.path), "nothing made where the lock's link led")
        #expect(
            [placeCache, stamp, placeCache.appendingPathExtension("lock")].map(Self.kind) == [S_IFREG, S_IFREG, S_IFREG],
            "each link replaced by a file of its own")
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: placeCache)) as? [String: Any]
        #expect(kept?.keys.contains { $0.hasSuffix("] shibuya") } == true, "the place kept: \(String(describing: kept))")
        #expect(try home.loggedEntries() == 1, "foodlogger still reads the log's one entry")
    }

    /// A file's bytes that look like a user's: `count` bytes of a note, not zeros.
    static func userBytes(_ name: String, count: Int) -> Data {
        let line = Data("\(name): a line of the user's own notes, kept for years\n".utf8)
        var data = Data(capacity: count)
        while data.count < count { data.append(line) }
        return data.prefix(count)
    }

    @Test func anAnswersFolderLinkedToAUsersFolderHasOnlyFoodloggersEntriesTrimmed() throws {
        // Given answers/ a link to a folder of the user's: ten 1.3 MB notes*.json, and other
        // files that are not entries, among them one named as an entry and one as an entry's
        // temporary file of a run that is gone, both dated long ago
        let home = try Home()
        let notes = home.url.appendingPathComponent("notes")
        var names = (1...10).map { String(format: "notes%02d.json", $0) }
        names += ["readme.txt", "page.json", "00000000deadbeef.answer", ".00000000deadbeef.answer.4194305.1.tmp"]
        var before: [String: Data] = [:]
        for name in names {
            before[name] = Self.userBytes(name, count: 1_300_000)
            let file = try home.write(before[name]!, at: "notes/\(name)")
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: file.path)
        }
        try home.link(home.answers, to: notes)
        // And a service whose answers are 1.5 MB each, so that seven of them pass the 8 MiB cap
        let padded = String(Self.shop.dropLast()) + String(repeating: " ", count: 1_500_000) + "}"
        let shops = try LoopbackServer { _ in .json(padded) }

        // When seven searches for seven keywords run, one after another
        let runs = try (1...7).map { try home.search(["--keyword", "k\($0)"], shops: shops) }

        // Then each succeeded in silence and was asked for; every user file is there byte for
        // byte; and foodlogger's own entries were trimmed under the cap, the newest kept
        #expect(runs.map(\.status) == Array(repeating: 0, count: 7), "all exit 0: \(runs.map(\.stderr))")
        #expect(runs.allSatisfy { $0.stderr.isEmpty }, "nothing said: \(runs.map(\.stderr))")
        #expect(shops.requests.count == 7, "seven requests: \(shops.requests.count)")
        for name in names {
            #expect((try? Data(contentsOf: notes.appendingPathComponent(name))) == before[name], "\(name) byte for byte")
        }
        #expect(Self.kind(home.answers) == S_IFLNK, "answers/ still the user's link")
        let all = try FileManager.default.contentsOfDirectory(atPath: notes.path)
        let ours = all.filter { !names.contains($0) && $0.hasSuffix(".answer") }
        let bytes = try ours.reduce(0) { $0 + (try Data(contentsOf: notes.appendingPathComponent($1)).count) }
        #expect(ours.count == 5, "the five newest 1.5 MB entries kept of seven: \(ours.count)")
        #expect(bytes <= 8 << 20, "foodlogger's entries under the 8 MiB cap: \(bytes)")
        #expect(Set(all) == Set(names + ours + ["trim.lock"]), "nothing else left or removed: \(all.sorted())")
        let last = try home.search(["--keyword", "k7"], shops: shops)
        #expect(last.status == 0 && shops.requests.count == 7, "the newest answer kept: \(shops.requests.count)")
    }

    @Test func leftoversOfKilledRunsAreRemovedAndTheFolderKeptUnderTheCap() throws {
        // Given answers/ holding twelve 1 MB temporary files of runs that are gone (process ids
        // above any the kernel gives), one more left empty, a live run's (this test's process),
        // and a user's file named as a dead run's but not foodlogger's
        let home = try Home()
        let signature = Data("foodlogger answer 2\n".utf8)
        let cut = signature + Data("1800000000.5\n4\nGET \n".utf8) + Self.userBytes("answer", count: 1 << 20)
        let gone = (1...13).map { String(format: ".%016lx.answer.%ld.%ld.tmp", $0, 4_194_304 + $0, $0) }
        for (index, name) in gone.enumerated() {
            try home.write(index == 12 ? Data() : cut, at: ".cache/foodlogger/answers/\(name)")
        }
        let live = String(format: ".%016lx.answer.%d.7.tmp", 99, getpid())
        let foreign = String(format: ".%016lx.answer.%ld.8.tmp", 98, 4_194_400)
        let draft = Self.userBytes("draft", count: 10_000)
        try home.write(cut, at: ".cache/foodlogger/answers/\(live)")
        try home.write(draft, at: ".cache/foodlogger/answers/\(foreign)")
        let shops = try LoopbackServer { _ in .json(Self.shop) }

        // When a search runs
        let result = try home.search(["--keyword", "ramen"], shops: shops)

        // Then it succeeds in silence; the dead runs' files are gone, the live run's and the
        // user's kept as they were, and the folder is under its cap
        #expect(result.status == 0 && result.stderr.isEmpty, "exit 0, nothing said: \(result.status) \(result.stderr)")
        #expect(shops.requests.count == 1, "one request: \(shops.requests.count)")
        let left = try FileManager.default.contentsOfDirectory(atPath: home.answers.path)
        #expect(left.filter(gone.contains).isEmpty, "the dead runs' files removed: \(left.sorted())")
        #expect(try Data(contentsOf: home.answers.appendingPathComponent(live)) == cut, "the live run's file kept")
        #expect(try Data(contentsOf: home.answers.appendingPathComponent(foreign)) == draft, "the user's file kept")
        let bytes = try left.reduce(0) { $0 + (try Data(contentsOf: home.answers.appendingPathComponent($1)).count) }
        #expect(bytes <= 8 << 20, "the folder under its 8 MiB cap: \(bytes)")
        #expect(left.filter { $0.hasSuffix(".answer") }.count == 1, "the answer kept: \(left.sorted())")
        #expect(try Data(contentsOf: home.log) == Self.logLine, "the food log byte for byte as it was")
    }
}
