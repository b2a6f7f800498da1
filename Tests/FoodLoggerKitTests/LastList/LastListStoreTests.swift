import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

@Suite struct LastListStoreTests {
    static let list = LastList(page: Seeds.Pages.tokyo, center: Seeds.tokyoStation, saved: LastListTests.saved)

    @Test func aSavedListIsLoadedAsItWas() async throws {
        // Given a state folder
        let folder = try TemporaryFolder()
        let sut = LastListStore(environment: ["XDG_STATE_HOME": folder.path, "HOME": "/nonexistent-home"])

        // When a list is saved and loaded
        try await sut.save(Self.list)

        // Then it is the same list, in foodlogger's folder there
        #expect(try sut.load()?.whole() == Self.list)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/foodlogger/last-list.json"))
    }

    @Test(arguments: [
        "", "{", "null", "[1,2]", "{\"provider\":\"hotpepper\"}", "not json at all \u{1B}[2J",
    ])
    func aBrokenFileIsRefusedAsNotAList(_ text: String) throws {
        // Given a last-list file that is not a list
        let folder = try TemporaryFolder()
        let sut = LastListStore(folder: folder.url)
        let file = folder.url.appendingPathComponent("last-list.json")
        try Data(text.utf8).write(to: file)

        // When it is loaded
        let error = #expect(throws: LastListStore.Failure.self) { try sut.load() }

        // Then it is refused as no list, naming the file, rather than taken for no file
        #expect(error == .notAList(path: file.path), "\(text.debugDescription) is no list: \(String(describing: error))")
    }

    @Test func aLastListThatIsAFolderIsRefusedAsUnreadable() throws {
        // Given a folder where the last list's file should be
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("last-list.json")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)

        // When it is loaded
        let error = #expect(throws: LastListStore.Failure.self) { try LastListStore(folder: folder.url).load() }

        // Then it is refused as unreadable, saying why
        #expect(error == .unreadable(.unreadable(path: file.path, reason: "not a regular file")), "\(String(describing: error))")
    }

    @Test func aListOfAnotherFormatOrWithImplausibleValuesIsNoList() async throws {
        // Given lists another version, or a hand, could have written
        let folder = try TemporaryFolder()
        let sut = LastListStore(folder: folder.url)
        let file = folder.url.appendingPathComponent("last-list.json")
        let lines = try #require(LastListWriter.data(Self.list)).split(separator: UInt8(ascii: "\n"))
        let text = { (data: Data) in String(decoding: data, as: UTF8.self) }
        var offTheEarth = Self.list
        offTheEarth.center = Coordinate(lat: 91, lng: 0)
        var noStart = Self.list
        noStart.firstNumber = 0
        var controlInID = Self.list
        controlInID.shops = .ids(["J1\u{1B}[2J"])
        let written = [offTheEarth, noStart, controlInID].compactMap(LastListWriter.data)
        let handMade = [
            text(lines[0]).replacingOccurrences(of: "\"format\":4", with: "\"format\":5"),  // another format
            ([text(lines[0])] + lines.dropFirst(2).map(text)).joined(separator: "\n"),  // a record short
            #"{"provider":"hotpepper","firstNumber":1,"shops":{"ids":{"_0":["J1"]}},"saved":0,"format":2}"#,  // format 2
        ]

        for foreign in written + handMade.map({ Data($0.utf8) }) {
            // When each is the file and is loaded
            try foreign.write(to: file)

            // Then it is refused as no list
            #expect(throws: LastListStore.Failure.self, "\(text(foreign)) is no list") { try sut.load() }
        }
    }

    @Test func aShopIsReadAloneAndABrokenRecordRefusedWhenItIsRead() async throws {
        // Given a saved list of three whose third record names another shop
        let folder = try TemporaryFolder()
        let sut = LastListStore(folder: folder.url)
        try await sut.save(Self.list)
        let file = folder.url.appendingPathComponent("last-list.json")
        let third = Self.list.ids[2]
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        try Data(
            (lines.dropLast() + [lines[3].replacingOccurrences(of: third, with: "J9999999999")]).joined(separator: "\n").utf8
        )
        .write(to: file)

        // When it is loaded
        let list = try #require(try sut.load())

        // Then its first shop is read as kept, and the broken one is refused when it is read
        #expect(try list.shop(numbered: 1) == (Self.list.ids[0], .hotpepper))
        #expect(try list.keptShop(id: Self.list.ids[0]) == Self.list.keptShops[0])
        #expect(throws: LastListStore.Failure.notAList(path: file.path)) { try list.keptShop(id: third) }
        #expect(try list.keptShop(id: "J0000000404") == nil, "no such shop in the list")
        #expect(throws: LastListStore.Failure.notAList(path: file.path)) { try list.whole() }
        #expect(throws: LastList.Miss(number: 4, numbers: 1...3)) { try list.shop(numbered: 4) }

        // And a record under another service, or off the Earth, is refused as well
        let first = Self.list.ids[0]
        for broken in [#""provider":"osm""#, #""coordinate":{"lat":91,"lng":0}"#] {
            var record = lines[1]
            let range = try #require(
                record.range(
                    of: broken.hasPrefix(#""provider""#) ? #""provider":"hotpepper""# : #""coordinate":\{[^}]*\}"#,
                    options: .regularExpression))
            record.replaceSubrange(range, with: broken)
            try Data(([lines[0], record] + lines.dropFirst(2)).joined(separator: "\n").utf8).write(to: file)
            let reread = try #require(try sut.load())
            #expect(throws: LastListStore.Failure.notAList(path: file.path), "\(broken)") { try reread.keptShop(id: first) }
        }
    }

    @Test func withoutAFolderNothingIsKeptAndLoadingSaysWhy() async throws {
        // Given no home and no XDG_STATE_HOME
        let sut = LastListStore(environment: ["HOME": ""])

        // When a list is saved
        try await sut.save(Self.list)

        // Then there is still no list, and loading says why rather than "none yet"
        #expect(sut.unavailable == .noHome(variable: "XDG_STATE_HOME"), "the reason is kept for the keeper's warning")
        #expect(throws: LastListStore.Failure.noFolder(.noHome(variable: "XDG_STATE_HOME"))) { try sut.load() }
    }

    @Test func aFolderThatCannotBeWrittenIsAFailure() async throws {
        // Given a state folder under a regular file (no folder can be made there, even by root)
        let folder = try TemporaryFolder()
        let blocker = folder.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        let sut = LastListStore(folder: blocker.appendingPathComponent("foodlogger"))

        // When a list is saved
        // Then the save fails, and loading says why there is no list rather than that there is none
        await #expect(throws: SharedFile.Failure.self) { try await sut.save(Self.list) }
        let error = #expect(throws: LastListStore.Failure.self) { try sut.load() }
        let path = blocker.path + "/foodlogger/last-list.json"
        #expect(error == .unreadable(.unreadable(path: path, reason: "Not a directory")), "\(String(describing: error))")
    }

    @Test func concurrentSavesLeaveOneWholeList() async throws {
        // Given 24 runs at once, each saving a list of its own (its own store, as separate runs have)
        let folder = try TemporaryFolder()
        let lists = (1...24).map { run in
            LastList(
                page: RestaurantPage(
                    total: run, start: 1,
                    restaurants: (1...run).map { Seeds.restaurant("J\(run)0\($0)", name: "店 \(run)-\($0)", lat: 35, lng: 139) }),
                center: nil, saved: LastListTests.saved)
        }

        // When they all save, while a reader keeps reading
        let reads = await withTaskGroup(of: [Data].self) { group in
            for list in lists {
                group.addTask {
                    try? await LastListStore(folder: folder.url).save(list); return []
                }
            }
            group.addTask { (0..<200).compactMap { _ in LastListStore(folder: folder.url).file?.read() } }
            return await group.reduce(into: []) { $0 += $1 }
        }

        // Then every read, and the list left, is one of the lists saved, whole
        let left = try #require(try LastListStore(folder: folder.url).load()?.whole(), "a list is left")
        #expect(lists.contains(left), "the list left is one that was saved, whole")
        let torn = reads.filter { data in (try? StoredLastList(data, path: "")?.whole()).map(lists.contains) != true }
        #expect(torn.isEmpty, "every file a reader found was a whole list saved: \(torn.count) of \(reads.count) were not")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["last-list.json", "last-list.json.lock"], "no temporary files left: \(names)")
    }
}
