import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

@Suite struct FoodLogListingTests {
    /// A log of visits and wants out of number order, with lines that are no entries (blank, a
    /// note, `{}`, a number met before) and an entry only JSONDecoder reads (a `\u` escape).
    static func oddLog() -> String {
        func entry(_ number: Int, day: Int?, name: String, written: TimeInterval = 1_795_000_000) -> String {
            var shop = Seeds.Restaurants.near
            shop.name = name
            let date = day.map { CivilDate(year: 2026, month: 11, day: $0) }
            return FoodLogStore.encode(
                FoodLogEntry(
                    number: number, date: date, note: nil, rating: nil, writtenAt: Date(timeIntervalSince1970: written),
                    shop: .init(shop, at: Date(timeIntervalSince1970: written))))
        }
        return [
            entry(1, day: 20, name: "しずく亭"), "", "remember the place by the station", "{}",
            entry(2, day: nil, name: "Café e\u{301}", written: 1_700_000_000), entry(1, day: 1, name: "again"),
            entry(3, day: 5, name: "Ｗｉｄｅ 👍🏽").replacingOccurrences(of: #""number":3"#, with: #""n\u0075mber":3"#),
            entry(4, day: 20, name: "x"), entry(5, day: nil, name: "want"),
        ].joined(separator: "\n") + "\n"
    }

    @Test(arguments: [nil, true, false] as [Bool?])
    func theListingIsTheLogNewestFirstReadAsItGoes(wants: Bool?) throws {
        // Given the odd log in a file
        let folder = try TemporaryFolder()
        let sut = FoodLogStore(folder: folder.url)
        try Self.oddLog().write(to: folder.url.appendingPathComponent(FoodLogStore.fileName), atomically: true, encoding: .utf8)

        // When it is listed
        let listing = try sut.listing(wants: wants, at: Date())

        // Then its entries are the log's newest first, as the filter keeps them, with the log's unreadable lines
        let read = try sut.read()
        let expected = read.newestFirst.filter { wants == nil || $0.want == wants }
        #expect(try listing.map { try $0.get() } == expected, "the entries newest first")
        #expect(listing.count == expected.count && listing.total == read.entries.count, "counted as read")
        #expect(listing.wants == expected.count { $0.want }, "the wants counted")
        #expect(
            listing.unreadableLines == read.unreadableLines && listing.unreadableCount == read.unreadableCount,
            "lines \(listing.unreadableLines)")
        #expect(FoodLogListing(read, wants: wants, at: Date()).map { try? $0.get() } == expected, "as a listing of entries read")
    }

    @Test func aLogChangedInPlaceWhileListedEndsTheListWithAFailure() throws {
        // Given a listing of the odd log
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent(FoodLogStore.fileName)
        try Self.oddLog().write(to: file, atomically: true, encoding: .utf8)
        let listing = try FoodLogStore(folder: folder.url).listing(wants: nil, at: Date())

        // When the file is cut short in place before the list is read
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 10)
        try handle.close()

        // Then the list ends with one failure naming the file
        let read = Array(listing)
        #expect(read.count == 1, "one failure ends it: \(read)")
        guard case .failure(.unreadable(let path, _)) = read.first else {
            Issue.record("a failure: \(read)")
            return
        }
        #expect(path == file.path, "the file named")
    }
}
