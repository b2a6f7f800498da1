import Foundation
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite("FoodLogInteractor")
struct FoodLogInteractorTests {
    final class StoreSpy: FoodLogStoring, @unchecked Sendable {
        private let lock = NSLock()
        private var addedEntries: [FoodLogEntry] = []
        private var removedNumbers: [Int] = []
        var contents: Result<FoodLogContents, FoodLogError> = .success(FoodLogContents(entries: []))
        var change: Result<FoodLogChange, FoodLogError>?

        var added: [FoodLogEntry] { lock.withLock { addedEntries } }
        var removed: [Int] { lock.withLock { removedNumbers } }
        var url: URL? { URL(fileURLWithPath: "/data/foodlogger/log.jsonl") }

        func read() throws(FoodLogError) -> FoodLogContents { try contents.get() }

        func add(_ entry: FoodLogEntry) async throws(FoodLogError) -> FoodLogChange {
            lock.withLock { addedEntries.append(entry) }
            return try change?.get() ?? FoodLogChange(entry: entry)
        }

        func remove(number: Int) async throws(FoodLogError) -> FoodLogChange {
            lock.withLock { removedNumbers.append(number) }
            return try change?.get() ?? FoodLogChange(entry: FoodLogSeeds.entry(number))
        }

        private var refreshes: [(answers: [FoodLogEntry.SourceID: Restaurant], now: Date)] = []
        var refreshed: [(answers: [FoodLogEntry.SourceID: Restaurant], now: Date)] { lock.withLock { refreshes } }
        func refresh(_ answers: [FoodLogEntry.SourceID: Restaurant], at now: Date) async throws(FoodLogError) -> Int {
            lock.withLock { refreshes.append((answers, now)) }
            return answers.count
        }
    }

    final class WorkerSpy: HotpepperWorking, @unchecked Sendable {

        var provider: Provider = .hotpepper
        private let lock = NSLock()
        private var lookups: [[String]] = []
        var answer: Result<[Restaurant], ServiceError> = .success([Seeds.Restaurants.near])
        var lookedUp: [[String]] { lock.withLock { lookups } }

        func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
            Issue.record("the log looks shops up by id; it never searches")
            return RestaurantPage(total: 0, start: 1, restaurants: [])
        }

        func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage {
            lock.withLock { lookups.append(ids) }
            let shops = try answer.get()
            return RestaurantPage(total: shops.count, start: 1, restaurants: shops)
        }
    }

    final class PresenterSpy: FoodLogPresentationLogic {
        var addedResponses: [FoodLog.Add.Response] = []
        var removedResponses: [FoodLog.Remove.Response] = []
        var listResponses: [FoodLog.List.Response] = []
        var mapResponses: [FoodLog.ShowMap.Response] = []
        func presentAdded(_ response: FoodLog.Add.Response) {
            record(response, in: &addedResponses)
        }
        func presentRemoved(_ response: FoodLog.Remove.Response) {
            record(response, in: &removedResponses)
        }
        func presentList(_ response: FoodLog.List.Response) {
            record(response, in: &listResponses)
        }
        func presentMap(_ response: FoodLog.ShowMap.Response) {
            record(response, in: &mapResponses)
        }
        var checkResponses: [FoodLog.Check.Response] = []
        func presentCheck(_ response: FoodLog.Check.Response) {
            record(response, in: &checkResponses)
        }
    }

    final class CheckerSpy: TradingChecking, @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [[FoodLogEntry]] = []
        var checked: [[FoodLogEntry]] { lock.withLock { asked } }
        var answers: [FoodLogEntry.SourceID: Restaurant] = [:]
        func check(_ entries: [FoodLogEntry]) async -> TradingReport {
            lock.withLock { asked.append(entries) }
            var report = TradingReport(checked: entries.count, findings: [], unasked: [])
            report.answers = answers
            return report
        }
    }

    @Test("check asks the checker about the entries the filter keeps, newest first")
    func checkAsksAboutTheFilteredEntries() async throws {
        // Given a log of a visit and a want
        let visit = FoodLogSeeds.entry(1)
        let want = FoodLogSeeds.entry(2, date: nil, shop: Seeds.Restaurants.far)
        store.contents = .success(FoodLogContents(entries: [visit, want]))
        let checker = CheckerSpy()
        let sut = FoodLogInteractor(store: store, worker: nil, checker: checker)
        sut.presenter = presenter

        // When the wants are checked
        _ = await sut.check(.init(filter: .want, now: Self.justAfterMidnight))

        // Then only the want was asked about, and the report presented
        #expect(checker.checked == [[want]], "the want only: \(checker.checked.map { $0.map(\.number) })")
        let response = try #require(presenter.checkResponses.first)
        #expect(try response.result.get().report.checked == 1, "one place checked")
        // And with no name or position answered to keep, nothing is written back
        #expect(store.refreshed.isEmpty && response.refreshed == nil, "no refresh")
    }

    @Test("check writes back what the services answered of names and positions kept for a while, and asks without lapsed ones")
    func checkWritesBackTheAnswers() async throws {
        // Given a log of a Google place whose name and position lapsed, and a checker with Google's answer
        var place = Seeds.Restaurants.near
        place.provider = .google
        let logged = FoodLogEntry(
            number: 1, date: nil, note: nil, rating: nil, writtenAt: Self.justAfterMidnight - 40 * 86_400,
            shop: .init(place, at: Self.justAfterMidnight - 40 * 86_400))
        store.contents = .success(FoodLogContents(entries: [logged]))
        let checker = CheckerSpy()
        checker.answers = [logged.shop.source: place]
        let sut = FoodLogInteractor(store: store, worker: nil, checker: checker)
        sut.presenter = presenter

        // When the log is checked
        _ = await sut.check(.init(filter: .all, now: Self.justAfterMidnight))

        // Then the checker was not handed the lapsed position, and the answers were written back at now
        #expect(checker.checked.first?.first?.shop.coordinate == nil, "no lapsed position compared")
        #expect(store.refreshed.count == 1 && store.refreshed.first?.now == Self.justAfterMidnight, "written back once")
        #expect(store.refreshed.first?.answers[logged.shop.source]?.name == place.name, "Google's answer")
        let response = try #require(presenter.checkResponses.first)
        #expect(try response.refreshed?.get() == 1, "one entry refreshed, presented")
    }

    let store = StoreSpy()
    let worker = WorkerSpy()
    let presenter = PresenterSpy()

    func makeSUT(worker: (any HotpepperWorking)? = nil) -> FoodLogInteractor {
        let sut = FoodLogInteractor(store: store, worker: worker ?? self.worker)
        sut.presenter = presenter
        return sut
    }

    /// Friday 2026-11-20 00:30 in Tokyo: still the 19th in UTC.
    static let justAfterMidnight = Date(timeIntervalSince1970: 1_795_102_200)
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    func request(_ when: FoodLog.Add.When, note: String? = "good", rating: Int? = 4) -> FoodLog.Add.Request {
        .init(id: "J0000000001", when: when, note: note, rating: rating, now: Self.justAfterMidnight, zone: Self.tokyo)
    }

    @Test(
        "add looks the shop up and writes it dated in the user's zone",
        arguments: [
            (FoodLog.Add.When.today, "2026-11-20"), (.yesterday, "2026-11-19"),
            (.day(CivilDate(year: 2026, month: 10, day: 3)), "2026-10-03"), (.want, nil),
        ] as [(FoodLog.Add.When, String?)])
    func addWritesTheEntry(when: FoodLog.Add.When, date: String?) async throws {
        // Given the service knows the shop
        let sut = makeSUT()

        // When it is added
        _ = await sut.add(request(when))

        // Then it was looked up once, and written with the day, note, rating and the shop
        #expect(worker.lookedUp == [["J0000000001"]], "one lookup by id")
        let entry = try #require(store.added.first, "one entry written")
        #expect(entry.date?.description == date, "dated \(String(describing: date)): \(String(describing: entry.date))")
        #expect(entry.note == "good" && entry.rating == 4, "the note and rating as given")
        #expect(
            entry.shop == FoodLogEntry.Shop(Seeds.Restaurants.near, at: Self.justAfterMidnight),
            "the shop as the service described it")
        #expect(entry.writtenAt == Self.justAfterMidnight, "written now")
        let response = try #require(presenter.addedResponses.first)
        #expect(try response.result.get().entry == entry, "the entry presented")
    }

    @Test("a shop the service does not know is not logged")
    func unknownShopIsNotLogged() async throws {
        // Given the service finds nothing for the id
        worker.answer = .success([])
        let sut = makeSUT()

        // When it is added
        _ = await sut.add(request(.today))

        // Then nothing is written, and the unknown id is presented
        #expect(store.added.isEmpty, "nothing written")
        let response = try #require(presenter.addedResponses.first)
        #expect(response.result.failure == .unknownShop(id: "J0000000001"), "unknown shop: \(response.result)")
    }

    @Test("the service's failure and the log's are presented as they are")
    func failuresArePresented() async throws {
        // Given a service that fails, then a log that cannot be written
        worker.answer = .failure(.httpStatus(503))
        let sut = makeSUT()
        _ = await sut.add(request(.today))
        worker.answer = .success([Seeds.Restaurants.near])
        store.change = .failure(.noFolder)
        _ = await sut.add(request(.today))

        // Then each is presented
        let failures = presenter.addedResponses.map(\.result.failure)
        #expect(
            failures == [.service(.httpStatus(503)), .log(.noFolder)], "service, then log: \(failures)")
    }

    @Test("remove asks the store to remove the number and presents what it removed")
    func removePresentsTheEntry() async throws {
        // Given a store with entry 3
        let sut = makeSUT()

        // When 3 is removed
        _ = await sut.remove(.init(number: 3, now: Self.justAfterMidnight))

        // Then the store was asked for 3, and entry 3 presented
        #expect(store.removed == [3], "remove 3 asked")
        #expect(try presenter.removedResponses.first?.result.get().entry.number == 3, "entry 3 presented")
    }

    @Test("list presents the log as read, with the filter and the file")
    func listPresentsTheLog() throws {
        // Given a log of two entries
        let log = FoodLogContents(entries: [FoodLogSeeds.entry(1), FoodLogSeeds.entry(2, date: nil)], unreadableLines: [3])
        store.contents = .success(log)
        let sut = makeSUT()

        // When the want list is asked for
        _ = sut.list(.init(filter: .want, now: Self.justAfterMidnight))

        // Then the wants go to the presenter, with the log's count, its unreadable lines, the filter and the file
        let response = try #require(presenter.listResponses.first)
        let listing = try response.result.get()
        #expect(listing.compactMap { try? $0.get().number } == [2], "the want alone")
        #expect(listing.total == 2 && listing.unreadableLines == [3], "the log's count and unreadable line")
        #expect(response.filter == .want && response.file == store.url, "the filter and the file")
    }

    @Test("the map gets each placed shop once, newest first, and counts those without a position")
    func mapKeepsPlacedShopsOnce() throws {
        // Given the same shop logged twice, another shop, and a shop kept as an id only
        var idOnly = FoodLogSeeds.entry(4)
        idOnly.shop = .init(provider: .google, id: "ChIJ-place")
        store.contents = .success(
            FoodLogContents(entries: [
                FoodLogSeeds.entry(1), FoodLogSeeds.entry(2, shop: Seeds.Restaurants.far), FoodLogSeeds.entry(3), idOnly,
            ]))
        let sut = makeSUT()

        // When the map is asked for
        _ = sut.showMap(.init(filter: .all, now: Self.justAfterMidnight))

        // Then the data store holds the two placed shops, newest first, once each
        #expect(sut.shops.map(\.id) == ["J0000000001", "J0000000003"], "each shop once: \(sut.shops.map(\.id))")
        let response = try #require(presenter.mapResponses.first)
        #expect(try response.result.get().unplaced == 1, "the id-only shop counted as unplaced")
    }

    /// Issue 49, item 1: two Edinburgh entries and a Hanoi one make two maps, the larger drawn.
    @Test(arguments: [
        (nil, ["E1", "E2"], ["H1"]), ("21.03 105.85", ["H1"], ["E1", "E2"]), ("edinburgh", ["E1", "E2"], ["H1"]),
    ])
    func placesFarApartAreGroupedAndTheLargestOrTheNearOneDrawn(near: String?, drawn: [String], elsewhere: [String]) throws {
        // Given two places in Edinburgh and one in Hanoi, logged Hanoi first
        func place(_ id: String, _ lat: Double, _ lng: Double, address: String) -> Restaurant {
            var shop = Seeds.Restaurants.near
            shop.id = id; shop.coordinate = Coordinate(lat: lat, lng: lng); shop.address = address
            return shop
        }
        let hanoi = place("H1", 21.0285, 105.8542, address: "Hàng Bông, Hà Nội")
        let castle = place("E1", 55.9486, -3.1999, address: "Castlehill, Edinburgh")
        let leith = place("E2", 55.9756, -3.1711, address: "Shore, Leith, Edinburgh")
        store.contents = .success(
            FoodLogContents(entries: [
                FoodLogSeeds.entry(1, shop: hanoi), FoodLogSeeds.entry(2, shop: castle), FoodLogSeeds.entry(3, shop: leith),
            ]))
        let sut = makeSUT()

        // When the map is asked for
        _ = sut.showMap(.init(filter: .all, near: near, now: Self.justAfterMidnight))

        // Then one group is drawn and the other is named elsewhere
        let shown = try #require(try presenter.mapResponses.first?.result.get())
        #expect(Set(sut.shops.map(\.id)) == Set(drawn), "drawn: \(sut.shops.map(\.id))")
        #expect(Set(shown.elsewhere.flatMap { $0.map(\.id) }) == Set(elsewhere), "elsewhere: \(shown.elsewhere)")
    }

    @Test func aNearThatNamesNothingIsSaid() throws {
        store.contents = .success(FoodLogContents(entries: [FoodLogSeeds.entry(1)]))
        let sut = makeSUT()
        _ = sut.showMap(.init(filter: .all, near: "Atlantis", now: Self.justAfterMidnight))
        #expect(presenter.mapResponses.first?.nearMatchedNothing == "Atlantis", "--near named nothing")
        #expect(sut.shops.isEmpty, "nothing drawn")
    }
}

/// Entries written for these tests.
enum FoodLogSeeds {
    static let written = Date(timeIntervalSince1970: 1_795_000_000)

    static func entry(
        _ number: Int, date: CivilDate? = CivilDate(year: 2026, month: 11, day: 18), shop: Restaurant = Seeds.Restaurants.near,
        note: String? = "塩ラーメン", rating: Int? = 4
    ) -> FoodLogEntry {
        FoodLogEntry(number: number, date: date, note: note, rating: rating, writtenAt: written, shop: .init(shop, at: written))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
