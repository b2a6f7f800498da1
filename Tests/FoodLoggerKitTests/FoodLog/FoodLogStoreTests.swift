import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct FoodLogStoreTests {
    static let written = Date(timeIntervalSince1970: 1_795_000_000)

    static func entry(_ shop: Restaurant = Seeds.Restaurants.near, date: CivilDate? = CivilDate(year: 2026, month: 11, day: 20))
        -> FoodLogEntry
    {
        FoodLogEntry(date: date, note: "塩ラーメン, \"good\"", rating: 4, writtenAt: written, shop: .init(shop, at: written))
    }

    @Test func anAddedEntryReadsBackWithItsNumberAndTheShop() async throws {
        // Given an empty data folder
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url.appendingPathComponent("foodlogger"))

        // When two entries are added
        let first = try await sut.add(Self.entry()).entry
        let second = try await sut.add(Self.entry(Seeds.Restaurants.far, date: nil)).entry

        // Then they are numbered 1 and 2 and read back as written
        #expect(first.number == 1 && second.number == 2, "numbers 1 and 2: \(first.number), \(second.number)")
        let log = try sut.read()
        #expect(log.entries == [first, second], "both entries read back whole")
        #expect(log.unreadableLines.isEmpty, "no unreadable line")
        #expect(log.entries[1].want && log.entries[1].shop.name == "京橋 ラーメン一番星", "the want kept with its shop")
    }

    @Test func eachEntryIsOneDocumentedLine() async throws {
        // Given a log with one entry
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        try await sut.add(Self.entry())

        // When the file is read as text
        let text = try String(contentsOf: #require(sut.url), encoding: .utf8)

        // Then it is one JSON line with the documented snake_case keys
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1 && text.hasSuffix("\n"), "one line ending in a newline: \(text)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["number", "date", "want", "note", "rating", "written_at", "shop"], "keys: \(object.keys)")
        #expect(object["date"] as? String == "2026-11-20", "the date as YYYY-MM-DD")
        #expect(object["written_at"] as? String == "2026-11-18T11:06:40Z", "written_at in ISO 8601")
        let shop = try #require(object["shop"] as? [String: Any])
        #expect(
            Set(shop.keys) == ["provider", "id", "name", "genre", "lat", "lng", "address", "url"], "shop keys: \(shop.keys)")
        #expect(shop["url"] as? String == "https://example.invalid/J0000000001/", "the page's address, slashes unescaped")
    }

    @Test func newestFirstIsByDateThenByNumber() async throws {
        // Given entries for three days, written out of order, and a want written on the 18th
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        try await sut.add(Self.entry(date: CivilDate(year: 2026, month: 11, day: 18)))
        try await sut.add(Self.entry(date: CivilDate(year: 2026, month: 11, day: 20)))
        try await sut.add(Self.entry(date: CivilDate(year: 2026, month: 11, day: 1)))
        try await sut.add(Self.entry(date: nil))

        // When the log is listed newest first
        let numbers = try sut.read().newestFirst.map(\.number)

        // Then the 20th comes first, and the want on the day it was written (the 18th, UTC)
        #expect(numbers == [2, 4, 1, 3], "newest first: \(numbers)")
    }

    @Test func removeTakesOutOneEntryAndKeepsTheNumbersOfTheOthers() async throws {
        // Given three entries
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        for _ in 1...3 { try await sut.add(Self.entry()) }

        // When the second is removed
        let removed = try await sut.remove(number: 2).entry

        // Then 1 and 3 stay, and a number no longer there is refused with the highest one
        #expect(removed.number == 2, "entry 2 removed")
        #expect(try sut.read().entries.map(\.number) == [1, 3], "1 and 3 keep their numbers")
        await #expect(throws: FoodLogError.noSuchEntry(2, last: 3)) { try await sut.remove(number: 2) }
    }

    @Test func aRemovedNewestEntrysNumberIsNeverGivenAgain() async throws {
        // Given three entries, the newest of them removed
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        for _ in 1...3 { try await sut.add(Self.entry()) }
        try await sut.remove(number: 3)

        // When two more are added, and the newest of those removed in its turn
        let fourth = try await sut.add(Self.entry()).entry
        try await sut.remove(number: 4)
        try await sut.remove(number: 2)
        let fifth = try await sut.add(Self.entry()).entry

        // Then the numbers only grow, and the mark beside the log holds the highest given
        #expect(fourth.number == 4 && fifth.number == 5, "4 and 5, never 3 or 4 again: \(fourth.number), \(fifth.number)")
        #expect(try sut.read().entries.map(\.number) == [1, 5], "1 and 5 left")
        let mark = folder.url.appendingPathComponent(FoodLogStore.lastNumberFileName)
        #expect(try String(contentsOf: mark, encoding: .utf8) == "4\n", "the mark holds 4, the highest removed")
    }

    @Test func aLogWithoutTheMarkNumbersFromItsHighestAndAMarkWithoutALogIsDropped() async throws {
        // Given an older version's log of two entries (no mark), and a mark left beside no log
        let folder = try TemporaryFolder()
        let old = FoodLogStore(folder: folder.url.appendingPathComponent("old"))
        for _ in 1...2 { try await old.add(Self.entry()) }
        let fresh = FoodLogStore(folder: folder.url.appendingPathComponent("fresh"))
        let freshMark = folder.url.appendingPathComponent("fresh/\(FoodLogStore.lastNumberFileName)")
        try FileManager.default.createDirectory(at: freshMark.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "41\n".write(to: freshMark, atomically: true, encoding: .utf8)

        // When an entry is added to each, then another to the fresh log
        let third = try await old.add(Self.entry()).entry
        let first = try await fresh.add(Self.entry()).entry
        let second = try await fresh.add(Self.entry()).entry

        // Then the old log goes on from its highest, and the fresh log starts at 1, its stale mark gone
        #expect(third.number == 3, "the old log's next number: \(third.number)")
        #expect(first.number == 1 && second.number == 2, "a new log starts at 1: \(first.number), \(second.number)")
        #expect(!FileManager.default.fileExists(atPath: freshMark.path), "the mark of a deleted log is removed")
    }

    @Test func aLineTheStoreCannotReadIsKeptAsItIsAndReported() async throws {
        // Given a log with a hand-edited line, a later version's entry and a torn last line
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        try await sut.add(Self.entry())
        let foreign = [
            "# my notes: 2026 meals", #"{"number":9,"rating":7,"want":true}"#, #"{"number":10,"date":"2026-11"#,
        ]
        let original = try String(contentsOf: #require(sut.url), encoding: .utf8) + foreign.joined(separator: "\n")
        try original.write(to: #require(sut.url), atomically: true, encoding: .utf8)

        // When the log is read, an entry added and entry 1 removed
        let unreadable = try sut.read().unreadableLines
        let added = try await sut.add(Self.entry())
        try await sut.remove(number: 1)

        // Then the three lines are reported, and still in the file, byte for byte
        #expect(unreadable == [2, 3, 4], "lines 2 to 4 reported: \(unreadable)")
        #expect(
            added.entry.number == 2 && added.unreadableLines == [2, 3, 4], "the next number after the readable ones: \(added)")
        let text = try String(contentsOf: #require(sut.url), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == foreign, "the unreadable lines kept as they were: \(lines)")
        #expect(try sut.read().entries.map(\.number) == [2], "entry 2 is the only entry left")
    }

    @Test func aDuplicatedNumberIsNotTakenForAnEntry() async throws {
        // Given a log in which a user copied line 1
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        try await sut.add(Self.entry())
        let text = try String(contentsOf: #require(sut.url), encoding: .utf8)
        try (text + text).write(to: #require(sut.url), atomically: true, encoding: .utf8)

        // When it is read
        let log = try sut.read()

        // Then the copy is reported, and remove 1 takes the first only
        #expect(log.entries.count == 1 && log.unreadableLines == [2], "one entry, line 2 reported: \(log.unreadableLines)")
        try await sut.remove(number: 1)
        #expect(try String(contentsOf: #require(sut.url), encoding: .utf8) == text, "the copy stays")
    }

    @Test func aCrashMidWriteLosesNothingAlreadyLogged() async throws {
        // Given a log of two entries, and what a run killed while writing leaves: its
        // temporary file, half written, beside the log (the rename never happened)
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        try await sut.add(Self.entry())
        try await sut.add(Self.entry())
        let before = try Data(contentsOf: #require(sut.url))
        let torn = folder.url.appendingPathComponent(".log.jsonl.4242.17.tmp")
        try before.prefix(before.count / 2).write(to: torn)

        // When the log is read, and added to by the next run
        let log = try sut.read()
        let next = try await sut.add(Self.entry())

        // Then both entries are there, and the next one after them
        #expect(log.entries.map(\.number) == [1, 2], "the two entries logged before the crash")
        #expect(next.entry.number == 3, "the next run goes on from them")
        #expect(try sut.read().entries.count == 3, "three entries now")
    }

    @Test func eightWritersAtOnceKeepEightEntries() async throws {
        // Given eight writers, each with its own store (its own open of the lock, as separate
        // runs have)
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("foodlogger")

        // When they all add at once
        let numbers = await withTaskGroup(of: Int?.self) { group in
            for _ in 1...8 { group.addTask { try? await FoodLogStore(folder: url).add(Self.entry()).entry.number } }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }

        // Then all eight are kept, each with a number of its own
        #expect(numbers.compactMap { $0 }.sorted() == Array(1...8), "numbers 1 to 8: \(numbers)")
        #expect(try FoodLogStore(folder: url).read().entries.count == 8, "eight entries in the file")
    }

    @Test func aLogLargerThanTheCapIsRefusedNotCut() async throws {
        // Given a log of three entries and a store that reads at most 1 KiB
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url, maxBytes: 1024)
        for _ in 1...3 { try await sut.add(Self.entry()) }
        let before = try Data(contentsOf: #require(sut.url))
        #expect(before.count > 1024, "the log is past the cap: \(before.count) bytes")

        // When it is read and added to
        let reading = #expect(throws: FoodLogError.self) { try sut.read() }
        await #expect(throws: FoodLogError.self) { try await sut.add(Self.entry()) }

        // Then both are refused, saying how large it is, and the file is unchanged
        let path = try #require(sut.url).path
        #expect(
            reading == .tooLarge(path: path, bytes: before.count, limit: 1024),
            "too large: \(String(describing: reading))")
        #expect(try Data(contentsOf: #require(sut.url)) == before, "the log as it was")
    }

    @Test func aFolderThatCannotBeWrittenIsAFailureAndNoLog() async throws {
        // Given a data folder whose place is taken by a file
        let folder = try TemporaryFolder()
        let blocked = folder.url.appendingPathComponent("foodlogger")
        try Data("x".utf8).write(to: blocked)

        // When an entry is added
        let error = await #expect(throws: FoodLogError.self) { try await FoodLogStore(folder: blocked).add(Self.entry()) }

        // Then it fails as unwritable
        guard case .unwritable = error else {
            Issue.record("expected unwritable, got \(String(describing: error))")
            return
        }
    }

    @Test func theLogIsInTheXDGDataFolder() throws {
        // Given XDG_DATA_HOME, then only HOME, then neither
        let user = try TemporaryFolder("foodlogger-home")
        let moved = FoodLogStore(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).url?.path
        let home = FoodLogStore(environment: ["HOME": user.path]).url?.path

        // Then the log is under the one given, and there is none without either, nor under a home that is not there
        #expect(moved == "/data/foodlogger/log.jsonl", "under XDG_DATA_HOME: \(String(describing: moved))")
        #expect(home == user.path + "/.local/share/foodlogger/log.jsonl", "under ~/.local/share: \(String(describing: home))")
        #expect(throws: FoodLogError.noFolder) { try FoodLogStore(environment: [:]).read() }
        #expect(throws: FoodLogError.noFolder) { try FoodLogStore(environment: ["HOME": "/home/u"]).read() }
    }

    @Test func aShopOfAServiceThatLetsKeepOnlyIdsKeepsItsNameAndPositionForTheWhileItsTermsAllow() {
        // Given a Google place
        var place = Seeds.Restaurants.near
        place.provider = .google
        let now = Date(timeIntervalSince1970: 1_795_000_000.25)

        // When the log keeps it
        let shop = FoodLogEntry.Shop(place, at: now)

        // Then the id, the name and the position are kept, until 30 days on (to the second), nothing else
        let until = Date(timeIntervalSince1970: 1_795_000_000 + 30 * 86_400)
        #expect(
            shop == .init(provider: .google, id: place.id, name: place.name, coordinate: place.coordinate, keptUntil: until),
            "the id, name and position: \(shop)")
        // And they are shown until then, and not after
        #expect(shop.shown(at: until - 1) == shop && !shop.wantsRefresh(at: until - 1), "shown on the last second")
        #expect(shop.shown(at: until).name.isEmpty && shop.shown(at: until).coordinate == nil, "not shown after")
        #expect(shop.wantsRefresh(at: until), "log check brings them back")
    }

    @Test func aShopOfAServiceWhoseContentMayBeKeptHasNoKeptUntil() {
        // When the log keeps a HOT PEPPER place
        let shop = FoodLogEntry.Shop(Seeds.Restaurants.near, at: Date(timeIntervalSince1970: 0))

        // Then all of it is kept for good
        #expect(shop.keptUntil == nil && shop.address == Seeds.Restaurants.near.address, "kept for good: \(shop)")
        #expect(!shop.wantsRefresh(at: .distantFuture) && shop.shown(at: .distantFuture) == shop, "never lapses")
    }

    @Test(arguments: [
        ("2026-11-24", true), ("2024-02-29", true), ("2026-02-29", false), ("2026-13-01", false), ("26-11-24", false),
        ("2026-1-245", false), ("２０２６-11-24", false), ("2026-11-24x", false),
    ])
    func datesAreReadStrictly(text: String, valid: Bool) {
        // When the text is read as a date, Then only real YYYY-MM-DD days are
        #expect((CivilDate(text) != nil) == valid, "\(text) valid: \(valid)")
        if valid { #expect(CivilDate(text)?.description == text, "written back as given") }
    }

    @Test func todayAndYesterdayAreTheUsersDays() throws {
        // Given 2026-11-20 00:30 in Tokyo, still the 19th in UTC
        let instant = Date(timeIntervalSince1970: 1_795_102_200)
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))

        // Then today and yesterday are Tokyo's
        #expect(CivilDate(instant, in: tokyo).description == "2026-11-20", "today in Tokyo")
        #expect(CivilDate(instant, in: tokyo, offset: -1).description == "2026-11-19", "yesterday in Tokyo")
        #expect(CivilDate(instant, in: TimeZone(identifier: "UTC")!).description == "2026-11-19", "today in UTC")
    }

    // MARK: - Hostile logs (#38)

    /// A log of `count` entries as `FoodLogStore` writes them, numbered from 1, without adding
    /// them one by one.
    static func lines(_ numbers: ClosedRange<Int>) -> String {
        numbers.map { FoodLogStore.encode(entry().numbered($0)) + "\n" }.joined()
    }

    @Test(arguments: [("\n", 0), ("{}\n", 1)])
    func aLogOfManyShortLinesIsReadAndAddedToWithEveryByteKept(line: String, unreadable: Int) async throws {
        // Given a log of 200,000 blank lines, or of 200,000 `{}` lines
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        let url = try #require(sut.url)
        let before = Data(String(repeating: line, count: 200_000).utf8)
        try before.write(to: url)

        // When it is read and an entry added
        let log = try sut.read()
        let added = try await sut.add(Self.entry())

        // Then it holds no entry; the `{}` lines are counted, the first five named; the new
        // entry is number 1, after every byte that was there
        #expect(log.entries.isEmpty, "no entries: \(log.entries.count)")
        #expect(log.unreadableCount == 200_000 * unreadable, "unreadable lines counted: \(log.unreadableCount)")
        #expect(log.unreadableLines == (unreadable == 0 ? [] : [1, 2, 3, 4, 5]), "the first five named: \(log.unreadableLines)")
        #expect(added.entry.number == 1 && added.unreadableCount == log.unreadableCount, "entry 1: \(added.entry.number)")
        let after = try Data(contentsOf: url)
        #expect(after.prefix(before.count) == before, "every line before kept byte for byte")
        #expect(after.dropFirst(before.count) == Data((FoodLogStore.encode(added.entry) + "\n").utf8), "then the new line")
    }

    @Test func aBigLogTakesAnEntryAndGivesOneUpWithEveryOtherByteKept() async throws {
        // Given a log of 20,000 entries
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        let url = try #require(sut.url)
        let before = Self.lines(1...20_000)
        try before.write(to: url, atomically: false, encoding: .utf8)

        // When an entry is added, and then entry 10,000 removed
        let added = try await sut.add(Self.entry())
        let afterAdding = try String(contentsOf: url, encoding: .utf8)
        let removed = try await sut.remove(number: 10_000)

        // Then the new entry is 20,001 at the end, and the removal takes out exactly its line
        #expect(added.entry.number == 20_001, "the next number: \(added.entry.number)")
        #expect(afterAdding == before + Self.lines(20_001...20_001), "the old bytes, then the new line")
        #expect(removed.entry.number == 10_000, "entry 10,000 removed: \(removed.entry.number)")
        let expected = Self.lines(1...9_999) + Self.lines(10_001...20_001)
        #expect(try String(contentsOf: url, encoding: .utf8) == expected, "every other line as it was")
    }

    @Test func aLineLongerThanTheScannerHoldsIsKeptByteForByte() async throws {
        // Given an entry, then a line of 200 KiB (longer than any entry), then another entry
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        let url = try #require(sut.url)
        let long = "{\"note\":\"" + String(repeating: "x", count: 200 << 10) + "\"}\n"
        let before = Self.lines(1...1) + long + Self.lines(2...2)
        try before.write(to: url, atomically: false, encoding: .utf8)

        // When it is read and an entry added
        let log = try sut.read()
        try await sut.add(Self.entry())

        // Then the long line is reported and kept as it was, between the entries
        #expect(
            log.entries.map(\.number) == [1, 2] && log.unreadableLines == [2], "entries 1, 2; line 2: \(log.unreadableLines)")
        #expect(try String(contentsOf: url, encoding: .utf8) == before + Self.lines(3...3), "the long line kept")
    }

    @Test(arguments: [Int.max, Int.max - 1, 1_000_000_000])
    func anEntryNumberedBeyondTheNumbersIsKeptAsALineNotTakenForAnEntry(number: Int) async throws {
        // Given a log of entry 1 and a hand-edited entry numbered `number`
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        let url = try #require(sut.url)
        let before = Self.lines(1...1) + FoodLogStore.encode(Self.entry().numbered(number)) + "\n"
        try before.write(to: url, atomically: false, encoding: .utf8)

        // When an entry is added
        let added = try await sut.add(Self.entry())

        // Then the edited line is reported, not an entry, and kept; the new entry is 2
        #expect(added.entry.number == 2 && added.unreadableLines == [2], "entry 2, line 2 reported: \(added)")
        #expect(try String(contentsOf: url, encoding: .utf8) == before + Self.lines(2...2), "the edited line kept")
    }

    @Test func aLogWhoseHighestEntryHasTheLastNumberRefusesAnotherAndStaysAsItWas() async throws {
        // Given a log whose entry has the highest number an entry takes
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        let url = try #require(sut.url)
        let last = FoodLogEntry.numbers.upperBound
        let before = Data(Self.lines(last...last).utf8)
        try before.write(to: url)

        // When an entry is added
        let error = await #expect(throws: FoodLogError.self) { try await sut.add(Self.entry()) }

        // Then it is refused, saying which number, and the file is as it was
        #expect(error == .numbersUsedUp(path: url.path, last: last), "\(String(describing: error))")
        #expect(try Data(contentsOf: url) == before, "the log as it was")
        #expect(try sut.read().entries.map(\.number) == [last], "and that entry reads as one")
    }

    @Test func aLinkedLogIsWrittenThroughToItsTargetAndStaysALink() async throws {
        // Given a log kept in another folder (a synced one) through a relative link, and a
        // second link that leads to the first
        let folder = try TemporaryFolder()
        let synced = folder.url.appendingPathComponent("Synced")
        let data = folder.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: synced, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let target = synced.appendingPathComponent("meals.jsonl")
        try Self.lines(1...1).write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: synced.appendingPathComponent("link").path, withDestinationPath: "meals.jsonl")
        try FileManager.default.createSymbolicLink(
            atPath: data.appendingPathComponent("log.jsonl").path, withDestinationPath: "../Synced/link")
        let sut = FoodLogStore(folder: data)

        // When an entry is added, and entry 1 removed
        try await sut.add(Self.entry())
        try await sut.remove(number: 1)

        // Then both links are still links, and the target holds entry 2 alone; no temporary
        // file is left in either folder
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: data.appendingPathComponent("log.jsonl").path)
        #expect(link == "../Synced/link", "the link stays: \(link)")
        #expect(try String(contentsOf: target, encoding: .utf8) == Self.lines(2...2), "the target changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: synced.path).sorted() == ["link", "meals.jsonl"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).sorted() == ["log.jsonl", "log.jsonl.lock"])
    }

    @Test func aLinkToAFolderIsRefusedAndTheFolderLeftAlone() async throws {
        // Given a log that is a link to a folder
        let folder = try TemporaryFolder()
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("log.jsonl").path, withDestinationPath: elsewhere.path)
        let sut = FoodLogStore(folder: folder.url)

        // When it is read and added to
        let reading = #expect(throws: FoodLogError.self) { try sut.read() }
        await #expect(throws: FoodLogError.self) { try await sut.add(Self.entry()) }

        // Then both are refused, and the folder is still an empty folder behind the link
        #expect(
            reading == .unreadable(path: try #require(sut.url).path, reason: "not a regular file"),
            "\(String(describing: reading))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty, "nothing written into it")
    }

    @Test func theTemporaryFilesOfKilledRunsAreRemovedAndALiveRunsKept() async throws {
        // Given a log, and beside it the copies two killed runs left and one a live run is writing
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        try await sut.add(Self.entry())
        let gone = [".log.jsonl.999999999.17.tmp", ".log.jsonl.2147483646.4.tmp"]
        let live = ".log.jsonl.1.99.tmp"  // PID 1 is always running
        for name in gone + [live] { try Data("half".utf8).write(to: folder.url.appendingPathComponent(name)) }

        // When the next run adds an entry
        try await sut.add(Self.entry())

        // Then the killed runs' copies are gone, the live run's is kept
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [live, "log.jsonl", "log.jsonl.lock"], "leftovers removed: \(names)")
    }

    @Test func aLockHeldByAnotherRunIsAFailureSayingSoAndTheLogStaysAsItWas() async throws {
        // Given a log, and another run holding its lock
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url, lockWait: .milliseconds(200))
        try await sut.add(Self.entry())
        let url = try #require(sut.url)
        let before = try Data(contentsOf: url)
        let holder = try await SharedFile(url).lock()
        defer { close(holder) }

        // When an entry is added
        let error = await #expect(throws: FoodLogError.self) { try await sut.add(Self.entry()) }

        // Then it fails as the lock held, for how long, and the file is as it was
        guard case .unwritable(let failure) = error else {
            Issue.record("expected unwritable, got \(String(describing: error))")
            return
        }
        #expect(failure.lockHeld == .milliseconds(200) && failure.path == url.path + ".lock", "\(failure)")
        #expect(try Data(contentsOf: url) == before, "the log as it was")
    }

    @Test func aRefreshRewritesOnlyTheLinesOfTheShopsAnsweredAndKeepsEveryOtherByte() async throws {
        // Given a log of a Google id alone, a HOT PEPPER shop, a hand edit, a later version's Google
        // line (a key this version does not know), and the same Google id again, last, without a line end
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        let url = try #require(sut.url)
        let google =
            #"{"number":1,"shop":{"id":"ChIJa","name":"","provider":"google"},"want":true,"written_at":"2026-11-18T11:06:40Z"}"#
        var shop = Self.entry()
        shop.number = 2
        let later =
            #"{"number":3,"shop":{"id":"ChIJa","provider":"google","stars":5},"want":true,"written_at":"2026-11-18T11:06:40Z"}"#
        let again =
            #"{"number":4,"shop":{"id":"ChIJa","name":"","provider":"google"},"want":true,"written_at":"2026-11-18T11:06:40Z"}"#
        let lines = [google, FoodLogStore.encode(shop), "# a note", later, again]
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
        var answer = Seeds.Restaurants.far
        answer.provider = .google
        answer.id = "ChIJa"

        // When Google's answer is written back
        let count = try await sut.refresh(
            [.init(provider: .google, id: "ChIJa"): answer, .init(provider: .hotpepper, id: Seeds.Restaurants.near.id): answer],
            at: Self.written)

        // Then the two Google entries this version wrote hold the answer's name and position until 30 days on
        #expect(count == 2, "two entries refreshed: \(count)")
        let after = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        #expect(after.count == 5, "five lines still, the last without an end: \(after)")
        let read = try sut.read().entries
        let refreshed = read.filter { $0.shop.keptUntil != nil }
        #expect(refreshed.map(\.number) == [1, 4], "\(read.map(\.number))")
        for entry in refreshed {
            #expect(
                entry.shop.name == answer.name && entry.shop.coordinate == answer.coordinate
                    && entry.shop.keptUntil == Self.written + 30 * 86_400, "\(entry.shop)")
            #expect(entry.want && entry.writtenAtText == "2026-11-18T11:06:40Z", "the rest as it was")
        }
        // And HOT PEPPER's (whose content is kept for good), the note and the later version's line are byte for byte
        #expect(Array(after[1...3]) == Array(lines[1...3]), "\(after)")
        // And the file is private, as every change of the store leaves it
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the store's permissions: \(String(describing: mode))")
    }

    @Test func aRefreshThatChangesNothingDoesNotRewriteTheLog() async throws {
        // Given a log of a HOT PEPPER shop (kept for good)
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        try await sut.add(Self.entry())
        let url = try #require(sut.url)
        let before = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int

        // When an answer about it is "written back"
        let count = try await sut.refresh([Self.entry().shop.source: Seeds.Restaurants.far], at: Self.written)

        // Then nothing changed: the same file, not a copy renamed over it
        let after = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        #expect(count == 0 && before == after, "not rewritten: \(count)")
    }
}
