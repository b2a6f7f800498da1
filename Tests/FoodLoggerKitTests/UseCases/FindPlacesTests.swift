import Foundation
import Testing

@testable import FoodLoggerDomain

/// A service's worker that answers a canned page or error, and records the query it was asked.
final class MergeWorkerSpy: HotpepperWorking, @unchecked Sendable {
    var provider: Provider = .hotpepper
    private let lock = NSLock()
    private var asked: [RestaurantQuery] = []
    let answer: Result<RestaurantPage, ServiceError>

    init(_ answer: Result<RestaurantPage, ServiceError>) { self.answer = answer }

    var queries: [RestaurantQuery] { lock.withLock { asked } }

    func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        lock.withLock { asked.append(query) }
        return try answer.get()
    }
}

/// A service's worker over a list, nearest first, that pages it as asked (from `start`, `limit`
/// or `count` long) and counts `counts` places in all; records each query.
final class ListWorkerSpy: HotpepperWorking, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [RestaurantQuery] = []
    let places: [Restaurant]
    let provider: Provider
    let counts: Int?

    init(_ places: [Restaurant], provider: Provider = .hotpepper, counts: Int? = nil) {
        self.places = places; self.provider = provider; self.counts = counts
    }

    var queries: [RestaurantQuery] { lock.withLock { asked } }

    func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        lock.withLock { asked.append(query) }
        let shown = Array(places.dropFirst(query.start - 1).prefix(query.limit ?? query.count))
        return RestaurantPage(total: counts ?? places.count, start: query.start, restaurants: shown, provider: provider)
    }
}

/// The place search behind --near: answers one place, records what it was asked.
final class PlaceLocatingSpy: PlaceLocating, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [String] = []
    let place: Place
    init(_ place: Place) { self.place = place }
    var texts: [String] { lock.withLock { asked } }
    func locate(_ text: String) async throws(ServiceError) -> GeocodingWorker.Located {
        lock.withLock { asked.append(text) }
        return GeocodingWorker.Located(place: place, matches: 1)
    }
}

@Suite struct FindPlacesTests {
    static func page(_ provider: Provider, _ places: [Restaurant]) -> RestaurantPage {
        RestaurantPage(total: places.count, start: 1, restaurants: places, provider: provider)
    }

    /// `count` places of `provider`, 100 m apart going north, nearest first.
    static func row(_ count: Int, _ provider: Provider = .hotpepper, prefix: String = "J") -> [Restaurant] {
        (1...count).map {
            MergeSeeds.place("\(prefix)\($0)", "Place \(prefix)\($0)", provider: provider, north: Double($0) * 100)
        }
    }

    func search(_ query: RestaurantQuery, near: NearPlace? = nil, open: Bool = false, log: LogFilter? = nil) -> PlaceSearch {
        PlaceSearch(query: query, near: near, open: OpenQuestion(moment: .now(CLIRun.friday), openOnly: open), log: log)
    }

    // MARK: The merge (ported from MergedServiceTests)

    @Test func aMergeAsksEachServiceForItsListAndCutsTheMergedList() async throws {
        // Given OSM and Google, which share one place
        let osm = MergeWorkerSpy(
            .success(Self.page(.osm, [PlaceMergeTests.osm(), MergeSeeds.place("node/2", "Far", provider: .osm, north: 400)])))
        let google = MergeWorkerSpy(.success(Self.page(.google, [PlaceMergeTests.google(nil)])))
        let sut = FindPlaces(services: [.init(.osm, osm), .init(.google, google)])
        // When the second place of a merged list is asked for, a window of one
        let found = try await sut.find(search(RestaurantQuery(center: MergeSeeds.origin, start: 2, count: 1))).get()
        // Then OSM (which answers whole) was asked for its list, Google up to its 20 without a keyword
        #expect(osm.queries.map(\.start) == [1] && osm.queries.map(\.count) == [100], "\(osm.queries)")
        #expect(google.queries.map(\.start) == [1] && google.queries.map(\.count) == [20], "\(google.queries)")
        // And the merged list is cut: two places, the far one second
        #expect(
            found.page.total == 2 && found.page.start == 2 && found.page.restaurants.map(\.id) == ["node/2"],
            "\(found.page.restaurants.map(\.id))")
        #expect(found.page.provider == .osm, "the first service's page")
        #expect(found.totalIsExact && found.incomplete.isEmpty && found.notCovering.isEmpty, "all answered, all of it")
    }

    @Test func laterWindowsAreCutFromTheGatheredListWithoutAskingAgain() async throws {
        // Given two services, one with 25 places and one with 3
        let osm = MergeWorkerSpy(.success(Self.page(.osm, Self.row(25, .osm, prefix: "node/"))))
        let google = MergeWorkerSpy(.success(Self.page(.google, [PlaceMergeTests.google(nil)])))
        let sut = FindPlaces(services: [.init(.osm, osm), .init(.google, google)])
        // When windows of 10 are asked for in turn, as the prompt's n does
        var seen: [String] = []
        for start in [1, 11, 21] {
            seen += try await sut.find(search(RestaurantQuery(center: MergeSeeds.origin, start: start, count: 10))).get()
                .page.restaurants.map(\.id)
        }
        // Then each service was asked once, and every window came from the kept list
        #expect(osm.queries.count == 1 && google.queries.count == 1, "\(osm.queries.count), \(google.queries.count)")
        #expect(seen.count == 26 && Set(seen).count == 26, "every place once: \(seen)")
        // But another search is asked
        _ = await sut.find(search(RestaurantQuery(center: MergeSeeds.origin, keyword: "ramen")))
        #expect(osm.queries.count == 2, "a new keyword is a new search")
    }

    @Test func theTotalOfAMergedSearchIsTheSameForEveryWindow() async throws {
        // Given HOT PEPPER with 30 places and OSM with 8 of its own
        let sut = FindPlaces(services: [
            .init(.hotpepper, ListWorkerSpy(Self.row(30))),
            .init(.osm, ListWorkerSpy(Self.row(8, .osm, prefix: "node/"), provider: .osm)),
        ])
        // When windows of 5 from 1, 6 and 11 are asked for
        var totals: [Int] = []
        for start in [1, 6, 11] {
            let found = try await sut.find(search(RestaurantQuery(center: MergeSeeds.origin, start: start, count: 5))).get()
            totals.append(found.page.total)
            #expect(found.page.start == start && found.page.restaurants.count == 5, "window from \(start)")
        }
        // Then each says the same total: the merged list's length
        #expect(Set(totals).count == 1, "one total for every window: \(totals)")
        #expect(totals.first ?? 0 >= 30, "at least HOT PEPPER's 30: \(totals)")
    }

    @Test func aMergeWhereOneServiceFailsListsTheOthersAndNamesTheFailure() async throws {
        // Given OSM that answers and Google that fails (the old MergedService failed the whole search)
        let osm = MergeWorkerSpy(.success(Self.page(.osm, [PlaceMergeTests.osm()])))
        let google = MergeWorkerSpy(.failure(.httpStatus(503)))
        let sut = FindPlaces(services: [.init(.osm, osm), .init(.google, google)])
        // When a merged search is made
        let found = try await sut.find(search(RestaurantQuery(center: MergeSeeds.origin))).get()
        // Then OSM's places are listed, and the list says Google failed
        #expect(found.page.restaurants.map(\.id) == ["node/1"], "\(found.page.restaurants.map(\.id))")
        #expect(found.incomplete == [ServiceFailure(provider: .google, error: .httpStatus(503))], "\(found.incomplete)")
    }

    @Test func aMergeWhereEveryServiceFailsIsTheFirstOnesFailure() async throws {
        // Given two services that both fail
        let osm = MergeWorkerSpy(.failure(.network(.refused, detail: "x")))
        let google = MergeWorkerSpy(.failure(.httpStatus(503)))
        let sut = FindPlaces(services: [.init(.osm, osm), .init(.google, google)])
        // When a merged search is made
        let result = await sut.find(search(RestaurantQuery(center: MergeSeeds.origin)))
        // Then the search fails with the first service's error, naming that service, not while locating
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(
            failure.error == .inMerge(.network(.refused, detail: "x"), service: .osm, others: []) && !failure.locating,
            "\(failure)")
        // And a search that failed whole is asked again, not answered from the kept failure
        _ = await sut.find(search(RestaurantQuery(center: MergeSeeds.origin)))
        #expect(osm.queries.count == 2 && google.queries.count == 2, "asked again")
    }

    // MARK: Which services, and how far

    @Test func aPlainSearchOfOneServiceAsksItsOwnWindow() async throws {
        // Given HOT PEPPER with 40 places
        let worker = ListWorkerSpy(Self.row(40))
        let sut = FindPlaces(worker)
        // When the window from 11, 10 long, is asked for nearest first
        let query = RestaurantQuery(center: MergeSeeds.origin, start: 11, count: 10)
        let found = try await sut.find(search(query)).get()
        // Then the service is asked that window alone, as it pages
        #expect(worker.queries == [query], "\(worker.queries)")
        #expect(found.page.restaurants.map(\.id) == (11...20).map { "J\($0)" }, "\(found.page.restaurants.map(\.id))")
        #expect(found.looked == nil && found.totalIsExact, "nothing gathered whole")
    }

    @Test func aSortByRatingReachesPastTheFirstPage() async throws {
        // Given HOT PEPPER's places nearest first, the best rated (4.6) 13th, the rest 3.0 to 3.5
        var places = Self.row(30)
        for index in places.indices { places[index].rating = 3.0 + Double(index % 6) / 10 }
        places[12].rating = 4.6
        let worker = ListWorkerSpy(places)
        let sut = FindPlaces(worker)
        // When the first 5 best rated are asked for
        var query = RestaurantQuery(center: MergeSeeds.origin, count: 5)
        query.sort = .rating
        let found = try await sut.find(search(query)).get()
        // Then the service was asked for its first page of 100, which holds all 30, and the 13th is first
        #expect(worker.queries.map(\.start) == [1] && worker.queries.map(\.count) == [100], "\(worker.queries)")
        #expect(worker.queries.map(\.limit) == [nil], "one page: \(worker.queries)")
        #expect(found.page.restaurants.first?.id == "J13", "\(found.page.restaurants.map(\.id))")
        #expect(found.page.restaurants.count == 5 && found.page.total == 30, "a window of 5 of all 30")
        #expect(found.page.restaurants.map { $0.rating ?? 0 } == found.page.restaurants.map { $0.rating ?? 0 }.sorted(by: >))
    }

    @Test func aWantFilterReachesPastTheFirstPage() async throws {
        // Given 30 places, only the 13th on the want list
        let worker = ListWorkerSpy(Self.row(30))
        let store = FoodLogInteractorTests.StoreSpy()
        store.contents = .success(FoodLogContents(entries: [LogSeeds.entry(1, "J13", on: nil)]))
        let sut = FindPlaces(worker, foodLog: store)
        // When the first 10 wanted places are asked for
        let found = try await sut.find(search(RestaurantQuery(center: MergeSeeds.origin, count: 10), log: .want)).get()
        // Then the 13th is found, and the 29 others counted as left out
        #expect(found.page.restaurants.map(\.id) == ["J13"], "\(found.page.restaurants.map(\.id))")
        #expect(found.logLeftOut == 29 && found.page.total == 1, "left out \(found.logLeftOut), total \(found.page.total)")
        #expect(found.looked?.places == 30 && found.totalIsExact, "looked at all 30")
    }

    @Test func hotPepperIsAskedUpToItsReachAndATotalBeyondItIsNotExact() async throws {
        // Given HOT PEPPER counting 1234 places, 600 of them at hand
        let worker = ListWorkerSpy(Self.row(600), counts: 1234)
        let sut = FindPlaces(worker)
        // When a sorted search gathers its list
        var query = RestaurantQuery(center: MergeSeeds.origin, count: 10)
        query.sort = .name
        let found = try await sut.find(search(query)).get()
        // Then it asked for its first page, then the 400 more within its reach, and says the total is a lower bound
        #expect(worker.queries.map(\.start) == [1, 101] && worker.queries.map(\.limit) == [nil, 400], "\(worker.queries)")
        #expect(found.page.total == 500 && !found.totalIsExact, "500+: \(found.page.total) \(found.totalIsExact)")
        #expect(found.looked?.places == 500 && found.looked?.ofAll == 1234, "\(String(describing: found.looked))")
    }

    @Test func aMergeAroundParisDoesNotAskHotPepper() async throws {
        // Given a merge of HOT PEPPER and OSM
        let hotpepper = ListWorkerSpy(Self.row(3))
        let osm = ListWorkerSpy(Seeds.OSM.page.restaurants, provider: .osm)
        let sut = FindPlaces(services: [.init(.hotpepper, hotpepper), .init(.osm, osm)])
        // When it searches around Paris
        let found = try await sut.find(search(RestaurantQuery(center: Seeds.OSM.center))).get()
        // Then only OSM is asked, and HOT PEPPER named as not covering
        #expect(hotpepper.queries.isEmpty, "HOT PEPPER has no places in France")
        #expect(osm.queries.count == 1, "OSM asked")
        #expect(found.notCovering == [.hotpepper], "\(found.notCovering)")
        #expect(found.incomplete.isEmpty, "not a failure")
    }

    @Test func aMergeNearAPlaceAbroadDoesNotAskHotPepper() async throws {
        // Given a merge of HOT PEPPER and OSM, and a place search that finds a place in France
        let hotpepper = ListWorkerSpy(Self.row(3))
        let osm = ListWorkerSpy(Seeds.OSM.page.restaurants, provider: .osm)
        let places = PlaceLocatingSpy(Place(name: "Gare du Nord", coordinate: Seeds.OSM.center, country: "fr"))
        let sut = FindPlaces(services: [.init(.hotpepper, hotpepper), .init(.osm, osm)], places: places)
        // When it searches near that place
        let found = try await sut.find(search(RestaurantQuery(), near: NearPlace(text: "Gare du Nord"))).get()
        // Then the place was looked for, its centre used, and HOT PEPPER not asked
        #expect(places.texts == ["Gare du Nord"], "\(places.texts)")
        #expect(found.query.center == Seeds.OSM.center && found.located?.place.name == "Gare du Nord", "the centre found")
        #expect(hotpepper.queries.isEmpty && osm.queries.map(\.center) == [Seeds.OSM.center], "only OSM, around the place")
        #expect(found.notCovering == [.hotpepper], "\(found.notCovering)")
    }

    @Test func aNearPlaceWithoutAPlaceSearchFailsWhileLocating() async {
        // Given a search with no place search
        let worker = ListWorkerSpy(Self.row(3))
        let sut = FindPlaces(worker)
        // When it is asked near a place
        let result = await sut.find(search(RestaurantQuery(), near: NearPlace(text: "渋谷駅")))
        // Then it fails locating, and no service is asked
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.locating && failure.error == .placeNotFound("渋谷駅", known: []), "\(failure)")
        #expect(worker.queries.isEmpty, "nothing asked")
    }

    // MARK: Open at a moment (ported from OpenSearchTests)

    let friday = OpenQuestion(moment: .now(CLIRun.friday), openOnly: true)

    func openSearch(_ service: HoursServiceSpy, count: Int, _ question: OpenQuestion? = nil) async throws -> FoundPlaces {
        let query = RestaurantQuery(center: Coordinate(lat: 35.68, lng: 139.76), count: count)
        return try await FindPlaces(HotpepperWorker(api: service)).find(PlaceSearch(query: query, open: question ?? friday)).get()
    }

    @Test func anOpenOnlySearchLooksAtTheWholeListAndCountsWhatItLeftOut() async throws {
        // Given 250 shops, every 10th open
        let service = HoursServiceSpy(total: 250, openEvery: 10)
        // When the first 10 open ones are asked for
        let found = try await openSearch(service, count: 10)
        // Then the window holds the first 10 open, the total is all 25 open, and all 250 were read in pages of 100
        #expect(found.page.restaurants.map(\.id) == (1...10).map { HotpepperServiceSpy.shop($0 * 10).id }, "the open ones")
        #expect(found.page.total == 25 && found.totalIsExact, "every open shop of the 250: \(found.page.total)")
        let starts = await service.starts
        #expect(starts.filter { $0 <= 250 }.sorted() == [1, 101, 201], "the whole list, in pages of 100: \(starts)")
        // FIXME(lead): `fetchPages` asks 4 pages at once before the total is known, so a list gathered whole can ask
        // pages past the service's total (301 here; in an area of 30 shops, 3 of its 4 requests are wasted).
        #expect(!starts.contains { $0 > 250 }, "no page asked past the 250: \(starts)")
        #expect(found.tally == OpenTally(closed: 193, unknown: 32, examined: 250), "\(String(describing: found.tally))")
        #expect(found.looked?.places == 250 && found.looked?.ofAll == 250, "\(String(describing: found.looked))")
    }

    @Test func shopsLeftOutOffTheEarthAreReportedAndNotAskedForAgain() async throws {
        // Given a service that places the 5th and the 150th shop off the Earth
        let service = HoursServiceSpy(total: 250, openEvery: 10, offEarth: [5, 150])
        // When an open-only search reads past the first page
        let found = try await openSearch(service, count: 20)
        // Then both are in the page's dropped list, and the next page starts after all 100 sent
        #expect(found.page.dropped.map(\.id) == [5, 150].map { service.shop($0).id }, "both reported for the warning")
        #expect(
            await service.starts.filter { $0 <= 250 }.sorted() == [1, 101, 201], "the second page starts at 101, not at 100 again"
        )
    }

    @Test(arguments: [(30, 20, 0), (31, 5, 15)])
    func openForKeepsTheShopsOpenLongEnoughExactlyIncluded(minutes: Int, kept: Int, tooSoon: Int) async throws {
        // Given 50 shops asked about on Friday at 19:30: 5 open around the clock, 15 closing at
        // 20:00 (30 minutes left), 5 unreadable, 25 closed
        var question = friday
        question.openFor = OpenDuration(minutes: minutes)
        let service = HoursServiceSpy(total: 50, openEvery: 10, shortEvery: 3)
        // When the shops open at least that long are asked for
        let found = try await openSearch(service, count: 50, question)
        // Then exactly 30 minutes left is enough; the others are counted as closing too soon
        #expect(found.page.restaurants.count == kept && found.page.total == kept, "kept for \(minutes) min")
        #expect(
            found.tally
                == OpenTally(closed: 25, unknown: 5, examined: 50, closingTooSoon: tooSoon, openFor: question.openFor),
            "\(String(describing: found.tally))")
    }

    @Test func unknownHoursAreKeptOnlyWhenAsked() async throws {
        var question = friday
        question.includeUnknown = true
        let found = try await openSearch(HoursServiceSpy(total: 50, openEvery: 10), count: 10, question)
        #expect(found.page.restaurants.count == 10, "open and unknown")
        #expect(found.tally?.unknown == 0, "none left out as unknown")
        #expect(found.page.restaurants.contains { $0.openingHours == nil }, "the unknown ones are in")
    }

    @Test func itLooksAtFiveHundredAndSaysTheTotalIsNotExact() async throws {
        // Given 3000 shops, the first open one the 1000th
        let service = HoursServiceSpy(total: 3000, openEvery: 1000)
        // When 10 open ones are asked for
        let found = try await openSearch(service, count: 10)
        // Then five pages of 100 were read, none open, and the list says it looked at 500 of 3000
        #expect(found.page.restaurants.isEmpty, "none open among the first 500")
        #expect(await service.starts.sorted() == [1, 101, 201, 301, 401], "five requests, no more")
        #expect(found.tally?.examined == 500 && !found.totalIsExact, "not exact: \(String(describing: found.tally))")
        #expect(found.looked?.places == 500 && found.looked?.ofAll == 3000, "\(String(describing: found.looked))")
    }

    @Test func withoutTheQuestionNothingIsLeftOut() async throws {
        let service = HoursServiceSpy(total: 50, openEvery: 10)
        let found = try await openSearch(service, count: 10, OpenQuestion(moment: friday.moment))
        #expect(found.page.restaurants.count == 10 && found.tally == nil, "a plain search")
        #expect(await service.starts == [1], "its own window only")
    }
}
