import Foundation
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite("FoodLogPresenter")
struct FoodLogPresenterTests {
    final class DisplaySpy: FoodLogDisplayLogic {
        var changes: [FoodLog.Outcome] = []
        var lists: [FoodLog.List.ViewModel] = []
        var maps: [FoodLog.ShowMap.ViewModel] = []
        func displayChange(_ viewModel: FoodLog.Outcome) {
            record(viewModel, in: &changes)
        }
        func displayList(_ viewModel: FoodLog.List.ViewModel) {
            record(viewModel, in: &lists)
        }
        func displayMap(_ viewModel: FoodLog.ShowMap.ViewModel) {
            record(viewModel, in: &maps)
        }
    }

    let display = DisplaySpy()
    let file = URL(fileURLWithPath: "/data/foodlogger/log.jsonl")

    func makeSUT(_ presentation: FoodLog.List.Presentation = .table) -> FoodLogPresenter {
        let sut = FoodLogPresenter(presentation: presentation)
        sut.viewController = display
        return sut
    }

    /// A list response of `entries` as a store lists them for `filter`.
    func listed(_ entries: [FoodLogEntry], filter: FoodLog.Filter = .all) -> FoodLog.List.Response {
        .init(
            result: .success(FoodLogListing(FoodLogContents(entries: entries), wants: filter.wants, at: Date())), filter: filter,
            file: file, now: Date())
    }

    /// The rows a view model's list makes, up to a failure.
    static func made<Row>(_ rows: FoodLog.List.Rows<Row>) -> [Row] { rows.compactMap { try? $0.get() } }

    @Test("an added entry is one line with its number, shop, day and rating")
    func addedIsOneLine() throws {
        // Given an entry the store wrote as number 7, in a log with an unreadable line
        let sut = makeSUT()
        let change = FoodLogChange(entry: FoodLogSeeds.entry(7), unreadableLines: [2])

        // When it is presented
        sut.presentAdded(.init(result: .success(change), file: file, now: Date()))

        // Then one line says what was logged, and the unreadable line is warned about once
        let outcome = try #require(display.changes.first)
        #expect(outcome.line == "Logged entry 7: 丸の内 しずく亭, eaten 2026-11-18, rated 4/5.", "\(String(describing: outcome.line))")
        #expect(ExitCode(FoodLogInteractor.outcome(of: .success(change))) == .success, "exit 0, from the interactor's outcome")
        #expect(
            outcome.warnings == ["/data/foodlogger/log.jsonl: line 2 is not an entry foodlogger can read; it is kept as it is"],
            "one warning: \(outcome.warnings)")
    }

    @Test("a shop's name with escapes reaches the line escaped")
    func hostileNameIsEscaped() throws {
        // Given a shop whose name holds an escape sequence and a line break
        var shop = Seeds.Restaurants.near
        shop.name = "悪い\u{1B}]0;owned\u{07}店\nnext"
        let sut = makeSUT()

        // When it is presented as added and listed
        sut.presentAdded(
            .init(result: .success(.init(entry: FoodLogSeeds.entry(1, date: nil, shop: shop))), file: file, now: Date()))
        sut.presentList(listed([FoodLogSeeds.entry(1, shop: shop, note: "\u{1B}[31mred")]))

        // Then no escape character is left in either
        let line = try #require(display.changes.first?.line)
        #expect(!line.unicodeScalars.contains("\u{1B}") && !line.contains("\n"), "escaped: \(line)")
        guard case .table(_, let rows, _) = display.lists.first?.content else {
            Issue.record("a table")
            return
        }
        let cells = Self.made(rows)
        #expect(!cells.joined().joined().unicodeScalars.contains("\u{1B}"), "no escape in the table: \(cells)")
    }

    @Test(
        "each failure is one line and its exit code",
        arguments: [
            (FoodLog.Failure.unknownShop(id: "J0000000099"), ExitCode.noResults, "no shop has the id 'J0000000099'"),
            (.log(.noSuchEntry(9, last: 3)), .usage, "there is no entry 9 in the food log (its entries are numbered up to 3"),
            (.log(.noFolder), .configuration, "there is nowhere to keep the food log"),
            (
                .log(.tooLarge(path: "/l", bytes: 80 << 20, limit: 64 << 20)), .ioError,
                "the food log /l is 80 MiB, more than the 64 MiB"
            ),
            (
                .log(.unwritable(.init(URL(fileURLWithPath: "/l"), errno: ENOSPC))), .ioError,
                "cannot write the food log (/l: No space left on device)"
            ),
            (.service(.httpStatus(503)), .unavailable, "503"),
        ] as [(FoodLog.Failure, ExitCode, String)])
    func failures(failure: FoodLog.Failure, code: ExitCode, words: String) throws {
        // When a failure is presented
        let sut = makeSUT()
        sut.presentRemoved(.init(result: .failure(failure), file: file, now: Date()))

        // Then it is one line, and the interactor's outcome of it makes the exit code
        let outcome = try #require(display.changes.first)
        let message = try #require(outcome.failure)
        let status = ExitCode(FoodLogInteractor.outcome(of: .failure(failure)))
        #expect(status == code, "exit \(code.rawValue): \(status)")
        #expect(message.contains(words) && !message.contains("\n"), "one line with \(words): \(message)")
        #expect(outcome.line == nil, "nothing on stdout")
    }

    @Test("the list table is newest first, with want for a shop to go to, and a footer with the file")
    func tableNewestFirst() throws {
        // Given a visit on the 18th, a want, and a visit on the 20th
        let entries = [
            FoodLogSeeds.entry(1), FoodLogSeeds.entry(2, date: nil, rating: nil),
            FoodLogSeeds.entry(3, date: CivilDate(year: 2026, month: 11, day: 20), shop: Seeds.Restaurants.far),
        ]
        let sut = makeSUT()

        // When the list is presented
        sut.presentList(listed(entries))

        // Then the rows are newest first, and the footer counts them and names the file
        let viewModel = try #require(display.lists.first)
        guard case .table(_, let made, let footer) = viewModel.content else {
            Issue.record("a table")
            return
        }
        let rows = Self.made(made)
        #expect(rows.map(\.[0]) == ["3", "2", "1"], "newest first: \(rows.map(\.[0]))")
        #expect(rows[1][1] == "want" && rows[1][2] == "", "the want, unrated: \(rows[1])")
        #expect(rows[0][3] == "京橋 ラーメン一番星" && rows[0][2] == "4/5", "shop and rating: \(rows[0])")
        #expect(footer.first == "3 entries: 2 visits, 1 to go to. Kept in /data/foodlogger/log.jsonl.", "\(footer)")
    }

    @Test("the JSON document holds the entries with the file's keys and null for what is missing")
    func document() throws {
        // Given a want with no note or rating
        let sut = makeSUT(.document)

        // When it is listed as JSON
        sut.presentList(listed([FoodLogSeeds.entry(2, date: nil, note: nil, rating: nil)], filter: .want))

        // Then the document has the entry, the count and the file
        guard case .list(let key, let items, let after) = display.lists.first?.content else {
            Issue.record("a document")
            return
        }
        var document: [UInt8] = []
        #expect(JSONValue.writeList(key: key, items: items, after: after) { document += $0 } == nil, "written whole")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
        let entry = try #require((object["entries"] as? [[String: Any]])?.first)
        #expect(object["count"] as? Int == 1 && object["file"] as? String == file.path, "count and file: \(object)")
        #expect(entry["date"] is NSNull && entry["rating"] is NSNull && entry["want"] as? Bool == true, "a want: \(entry)")
        #expect((entry["shop"] as? [String: Any])?["id"] as? String == "J0000000001", "the shop's id")
    }

    @Test("CSV has a header of dotted keys and a row per entry")
    func csv() throws {
        // When one entry is listed as CSV
        let sut = makeSUT(.csv)
        sut.presentList(listed([FoodLogSeeds.entry(1)]))

        // Then the columns are the JSON keys, the shop's dotted
        guard case .csv(let columns, let made) = display.lists.first?.content else {
            Issue.record("CSV")
            return
        }
        #expect(
            columns == [
                "number", "date", "want", "rating", "note", "written_at", "shop.provider", "shop.id", "shop.name", "shop.genre",
                "shop.lat", "shop.lng", "shop.address", "shop.url", "shop.sources", "shop.kept_until",
            ], "\(columns)")
        let rows = Self.made(made)
        #expect(
            rows == [
                [
                    "1", "2026-11-18", "false", "4", "塩ラーメン", "2026-11-18T11:06:40Z", "hotpepper", "J0000000001", "丸の内 しずく亭",
                    "居酒屋", "35.6822", "139.7671", "東京都千代田区丸の内1-1", "https://example.invalid/J0000000001/", "", "",
                ]
            ], "\(rows)")
    }

    @Test(
        "an empty log, or a filter that keeps nothing, exits 1 and says how to add",
        arguments: [
            (FoodLog.Filter.all, [], "the food log is empty. Add a shop: foodlogger log add"),
            (
                .want, [FoodLogSeeds.entry(1)],
                "no shops to go to in the food log (it holds 1 entry). Add one: foodlogger log add ID --want"
            ),
            (.visited, [FoodLogSeeds.entry(1, date: nil)], "no visits in the food log (it holds 1 entry)"),
        ] as [(FoodLog.Filter, [FoodLogEntry], String)])
    func nothingKept(filter: FoodLog.Filter, entries: [FoodLogEntry], words: String) throws {
        // When the list is presented
        let sut = makeSUT()
        sut.presentList(listed(entries, filter: filter))

        // Then a notice (the interactor's outcome, nothing found, makes exit 1)
        let viewModel = try #require(display.lists.first)
        #expect(viewModel.notice?.hasPrefix(words) == true, "notice: \(String(describing: viewModel.notice))")
    }

    @Test("the map is drawn when shops are placed, and says so when none is")
    func map() throws {
        // When one shop is placed and one is not, then none is
        let sut = makeSUT()
        sut.presentMap(
            .init(
                result: .success(.init(shops: [Seeds.Restaurants.near], unplaced: 1)), unreadableLines: [],
                unreadableCount: 0, filter: .all, file: file
            ))
        sut.presentMap(
            .init(
                result: .success(.init(shops: [], unplaced: 0)), unreadableLines: [], unreadableCount: 0, filter: .all, file: file
            ))

        // Then the first draws with a notice, the second says there is nothing to draw
        #expect(display.maps.first.map { $0.failure == nil } == true, "drawn")
        #expect(display.maps.first?.notices == ["1 logged shop has no position kept, so it is not on the map."], "notice")
        #expect(display.maps.last?.failure != nil, "nothing to draw")
    }

    /// Issue 49, items 1 and 3: a log of entries without a position is not "empty", and the
    /// groups of places elsewhere are named with their counts and how to draw them.
    @Test func aLogOfUnplacedEntriesIsNotEmptyAndPlacesElsewhereAreNamed() throws {
        // Given one Google entry kept as an id only, then a map of Edinburgh with a place in Hanoi elsewhere
        let sut = makeSUT()
        sut.presentMap(
            .init(
                result: .success(.init(shops: [], unplaced: 1)), unreadableLines: [], unreadableCount: 0, filter: .all, file: file
            ))
        var hanoi = Seeds.Restaurants.near
        hanoi.name = "Phở Thìn"
        hanoi.coordinate = Coordinate(lat: 21.0285, lng: 105.8542)
        sut.presentMap(
            .init(
                result: .success(.init(shops: [Seeds.Restaurants.near], unplaced: 0, elsewhere: [[hanoi]])),
                unreadableLines: [], unreadableCount: 0, filter: .all, file: file))

        // Then the first says why nothing is drawn, never that the log is empty
        let unplaced = try #require(display.maps.first)
        #expect(
            unplaced.failure == "nothing to draw", "\(String(describing: unplaced.failure))")
        #expect(unplaced.notices == ["1 logged shop has no position kept, so it is not on the map."], "\(unplaced.notices)")
        // And the second names the place elsewhere and the way to draw it
        #expect(
            display.maps.last?.notices
                == ["Not on this map: 1 place around Phở Thìn (21.0285, 105.8542); log map --near 'Phở Thìn' draws them."],
            "\(String(describing: display.maps.last?.notices))")
    }
}
