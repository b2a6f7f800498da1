import Foundation
import Testing

@testable import FoodLoggerDomain

/// `TradingCheckWorker`: each logged place asked of its services by id, what each answer says.
@Suite struct TradingCheckWorkerTests {
    /// A service that answers the places it holds and records the ids it was asked.
    final class ServiceSpy: HotpepperWorking, @unchecked Sendable {
        var provider: Provider = .hotpepper
        private let lock = NSLock()
        private var lookups: [[String]] = []
        let places: [Restaurant]
        let failure: ServiceError?
        /// What the page says besides its places: unknown ids, unasked ones, ones placed off the Earth.
        var unknown: [String] = []
        var unasked: [RestaurantPage.UnaskedID] = []
        var dropped: [String] = []
        var lookedUp: [[String]] { lock.withLock { lookups } }
        init(_ places: [Restaurant], failure: ServiceError? = nil) { self.places = places; self.failure = failure }

        /// A lookup by id, one batch (`idsPerLookup`) a call.
        func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
            let ids = query.ids
            if ids.isEmpty { Issue.record("a check looks places up by id; it never searches") }
            lock.withLock { lookups.append(ids) }
            if let failure { throw failure }
            let found = places.filter { ids.contains($0.id) }
            var page = RestaurantPage(
                total: found.count, start: 1, restaurants: found,
                dropped: dropped.filter(ids.contains).map {
                    RestaurantPage.DroppedShop(id: $0, name: "far", coordinate: .init(lat: 95, lng: 0))
                })
            page.unknownIDs = unknown.filter(ids.contains)
            page.unasked = unasked.filter { ids.contains($0.id) }
            return page
        }
    }

    static func place(_ id: String, _ provider: Provider, status: Restaurant.BusinessStatus? = nil, lat: Double = 35.68)
        -> Restaurant
    {
        var place = Seeds.restaurant(id, name: "Place \(id)", lat: lat, lng: 139.76)
        place.provider = provider
        place.businessStatus = status
        return place
    }

    static func entry(_ number: Int, _ shop: FoodLogEntry.Shop) -> FoodLogEntry {
        FoodLogEntry(number: number, date: nil, note: nil, rating: nil, writtenAt: Date(timeIntervalSince1970: 0), shop: shop)
    }

    @Test func eachSignalIsReadFromItsAnswer() async {
        // Given OSM answering a trading place, a closed one and a moved one, and not a fourth
        let osm = ServiceSpy([
            Self.place("node/1", .osm), Self.place("node/2", .osm, status: .closedPermanently),
            Self.place("node/3", .osm, lat: 35.683),
        ])
        let sut = TradingCheckWorker { _ throws(ServiceError) in osm }
        let kept = Coordinate(lat: 35.68, lng: 139.76)
        let entries = (1...4).map { Self.entry($0, .init(provider: .osm, id: "node/\($0)", name: "n", coordinate: kept)) }

        // When the places are checked
        let report = await sut.check(entries)

        // Then all four ids went in one lookup, and the findings say closed, moved and gone
        #expect(osm.lookedUp == [["node/1", "node/2", "node/3", "node/4"]], "one lookup: \(osm.lookedUp)")
        #expect(
            report.findings.map(\.signal) == [.closedForGood, .moved(metres: 334), .closedForGood],
            "\(report.findings.map(\.signal))")
        #expect(report.findings.map(\.evidence.description) == ["status", "position", "notListed"], "why each")
        #expect(report.checked == 4 && report.unasked.isEmpty, "four checked, every service asked")
    }

    @Test func aServiceThatCannotBeAskedIsReportedAndTheOthersStand() async {
        // Given Google failing and HOT PEPPER answering its place closed for now
        let hotpepper = ServiceSpy([Self.place("J1", .hotpepper, status: .closedTemporarily)])
        let google = ServiceSpy([], failure: .missingKey(searched: ["GOOGLE_PLACES_API_KEY"], service: .google))
        let sut = TradingCheckWorker { provider throws(ServiceError) in provider == .google ? google : hotpepper }
        let entries = [
            Self.entry(1, .init(provider: .hotpepper, id: "J1")), Self.entry(2, .init(provider: .google, id: "ChIJ2")),
        ]

        // When they are checked
        let report = await sut.check(entries)

        // Then HOT PEPPER's finding stands and Google is named as not asked, for one place
        #expect(report.findings.map(\.entry.number) == [1] && report.findings.first?.signal == .closedForNow, "\(report)")
        #expect(report.unasked.map(\.provider) == [.google] && report.unasked.first?.places == 1, "\(report.unasked)")
        #expect(report.checked == 1, "only the place whose service answered counts as checked: \(report.checked)")
    }

    @Test func aPlaceLoggedTwiceIsAskedOnce() async {
        // Given the same place visited twice
        let osm = ServiceSpy([Self.place("node/1", .osm)])
        let sut = TradingCheckWorker { _ throws(ServiceError) in osm }
        let shop = FoodLogEntry.Shop(provider: .osm, id: "node/1")

        // When checked
        let report = await sut.check([Self.entry(1, shop), Self.entry(2, shop)])

        // Then one id was asked for, one place checked
        #expect(osm.lookedUp == [["node/1"]] && report.checked == 1, "\(osm.lookedUp) \(report.checked)")
    }

    @Test func aServiceIsMadeOnlyWhenTheLogNamesIt() async {
        // Given a log of OSM places only, and no Google key
        let osm = ServiceSpy([Self.place("node/1", .osm)])
        let sut = TradingCheckWorker { provider throws(ServiceError) in
            guard provider == .osm else { throw .missingKey(searched: [], service: provider) }
            return osm
        }

        // When checked
        let report = await sut.check([Self.entry(1, .init(provider: .osm, id: "node/1"))])

        // Then no other service was wanted
        #expect(report.unasked.isEmpty && report.findings.isEmpty, "\(report)")
    }
}

/// The reviewer's findings, each a case the first version got wrong.
extension TradingCheckWorkerTests {
    @Test func anUnknownIDIsItsOwnFindingAndNotAClosure() async {
        // Given Google saying it does not know one id
        let google = ServiceSpy([])
        google.unknown = ["ChIJold"]
        let sut = TradingCheckWorker { _ throws(ServiceError) in google }

        // When checked
        let report = await sut.check([Self.entry(1, .init(provider: .google, id: "ChIJold"))])

        // Then the finding is an unknown id, which is not closed; the place was checked
        #expect(report.findings.map(\.signal) == [.unknownID] && report.findings.allSatisfy { !$0.closed }, "\(report)")
        #expect(report.checked == 1 && report.unasked.isEmpty, "\(report)")
    }

    @Test func idsNotAskedAreNotCheckedAndTheAnsweredStand() async {
        // Given Google answering one place closed, and a later request failing for two ids
        let google = ServiceSpy([Self.place("g1", .google, status: .closedPermanently)])
        google.unasked = ["g2", "g3"].map { .init(id: $0, error: .httpStatus(500)) }
        let sut = TradingCheckWorker { _ throws(ServiceError) in google }

        // When checked
        let report = await sut.check((1...3).map { Self.entry($0, .init(provider: .google, id: "g\($0)")) })

        // Then the answer stands, the other two are unasked (not closed)
        #expect(report.findings.map(\.source.id) == ["g1"], "\(report.findings)")
        #expect(report.unasked == [.init(provider: .google, error: .httpStatus(500), places: 2)], "\(report.unasked)")
        #expect(report.checked == 1 && report.places == 3 && report.notChecked == 2, "\(report)")
    }

    @Test func entriesSharingAnyIDAreOnePlace() async {
        // Given an OSM entry and a later merged entry whose own id is Google's, with the OSM id among its sources
        let osm = ServiceSpy([Self.place("node/1", .osm, status: .closedPermanently)])
        let google = ServiceSpy([Self.place("g1", .google)])
        let sut = TradingCheckWorker { provider throws(ServiceError) in provider == .osm ? osm : google }
        let merged = FoodLogEntry.Shop(
            provider: .google, id: "g1", sources: [.init(provider: .google, id: "g1"), .init(provider: .osm, id: "node/1")])

        // When checked
        let report = await sut.check([Self.entry(2, merged), Self.entry(1, .init(provider: .osm, id: "node/1"))])

        // Then one place, one finding, and each id asked once
        #expect(report.places == 1 && report.checked == 1, "one place: \(report)")
        #expect(report.findings.map(\.entry.number) == [2], "one finding, on the newest entry: \(report.findings)")
        #expect(osm.lookedUp == [["node/1"]] && google.lookedUp == [["g1"]], "\(osm.lookedUp) \(google.lookedUp)")
    }

    @Test func onlyTheServiceWhosePositionTheLogKeptCanSayMoved() async {
        // Given a place merged from HOT PEPPER (whose position the log kept) and OSM, which puts it 330 m off
        let kept = Coordinate(lat: 35.68, lng: 139.76)
        let hotpepper = ServiceSpy([Self.place("J1", .hotpepper)])
        let osm = ServiceSpy([Self.place("node/1", .osm, lat: 35.683)])
        let sut = TradingCheckWorker { provider throws(ServiceError) in provider == .osm ? osm : hotpepper }
        let shop = FoodLogEntry.Shop(
            provider: .hotpepper, id: "J1", name: "n", coordinate: kept,
            sources: [.init(provider: .hotpepper, id: "J1"), .init(provider: .osm, id: "node/1")])

        // When checked
        let report = await sut.check([Self.entry(1, shop)])

        // Then nothing moved: OSM's position is its own, not the one the log kept
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    @Test func aPlaceAnsweredOffTheEarthIsNotClosed() async {
        // Given OSM answering a place whose position no view can take
        let osm = ServiceSpy([])
        osm.dropped = ["node/9"]
        let sut = TradingCheckWorker { _ throws(ServiceError) in osm }

        // When checked
        let report = await sut.check([Self.entry(1, .init(provider: .osm, id: "node/9"))])

        // Then it is not reported closed
        #expect(report.findings.isEmpty && report.checked == 1, "\(report)")
    }

    @Test func onlyTheServicesNamedAreAskedAndABilledServiceIsAnnouncedOnce() async {
        // Given a log of 25 Google places and one OSM place, checked with only Google, then only OSM
        let google = ServiceSpy((1...25).map { Self.place("g\($0)", .google) })
        let osm = ServiceSpy([Self.place("node/1", .osm)])
        let announced = Announcements()
        let entries =
            (1...25).map { Self.entry($0, .init(provider: .google, id: "g\($0)")) }
            + [Self.entry(26, .init(provider: .osm, id: "node/1"))]
        let sut = TradingCheckWorker(
            only: [.osm], announce: { provider, count in announced.add("\(provider.rawValue) \(count)") }
        ) {
            provider throws(ServiceError) in provider == .osm ? osm : google
        }
        let all = TradingCheckWorker(announce: { provider, count in announced.add("\(provider.rawValue) \(count)") }) {
            provider throws(ServiceError) in provider == .osm ? osm : google
        }

        // When checked
        let narrowed = await sut.check(entries)
        let whole = await all.check(entries)

        // Then --provider osm asks no Google and announces nothing; the whole check announces Google once
        #expect(
            google.lookedUp.count == 2 && osm.lookedUp.count == 2,
            "Google in batches of 20: \(google.lookedUp.count) \(osm.lookedUp.count)")
        #expect(narrowed.checked == 1 && narrowed.places == 26, "\(narrowed.checked) of \(narrowed.places)")
        #expect(whole.checked == 26, "\(whole.checked)")
        #expect(announced.lines == ["google 25"], "announced once, before asking: \(announced.lines)")
    }
}

/// A service answering its first lookup request and failing the next.
final class SecondRequestFails: HotpepperWorking, @unchecked Sendable {
    var provider: Provider = .hotpepper
    private let lock = NSLock()
    private var sent = 0
    func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        let first = lock.withLock {
            sent += 1
            return sent == 1
        }
        guard first else { throw .network(.timedOut, detail: "slow") }
        let found = query.ids.map { TradingCheckWorkerTests.place($0, .hotpepper) }
        return RestaurantPage(total: found.count, start: 1, restaurants: found)
    }
}

extension TradingCheckWorkerTests {
    @Test func aCheckKeepsTheBatchesAnsweredAndAShowFailsWhole() async {
        // Given 21 HOT PEPPER ids, the second request (the 21st id) failing
        let ids = (1...21).map { "J\($0)" }

        // When looked up keeping answers (log check), and strictly (show)
        let kept = try? await SecondRequestFails().lookupKeepingAnswers(ids: ids, perRequest: 20)
        var strict: ServiceError?
        do { _ = try await SecondRequestFails().lookupRestaurants(ids: ids, perRequest: 20) } catch { strict = error }

        // Then the check keeps 20 answers and names the 21st as not asked; show fails with the error
        #expect(kept?.restaurants.count == 20 && kept?.unasked.map(\.id) == ["J21"], "\(String(describing: kept?.unasked))")
        #expect(strict == .network(.timedOut, detail: "slow"), "a shop is never silently missing: \(String(describing: strict))")
    }
}

/// What a check announced, from any task.
final class Announcements: @unchecked Sendable {
    private let lock = NSLock()
    private var said: [String] = []
    var lines: [String] { lock.withLock { said } }
    func add(_ line: String) { lock.withLock { said.append(line) } }
}

extension TradingFinding.Evidence {
    var description: String {
        switch self {
        case .status: "status"
        case .notListed: "notListed"
        case .unknownID: "unknownID"
        case .position: "position"
        }
    }
}
