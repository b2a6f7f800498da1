import Foundation
import Testing

@testable import FoodLoggerDomain

/// `TradingCheckWorker`: each logged place asked of its services by id, what each answer says.
@Suite struct TradingCheckWorkerTests {
    /// A service that answers the places it holds and records the ids it was asked.
    final class ServiceSpy: HotpepperWorking, @unchecked Sendable {
        private let lock = NSLock()
        private var lookups: [[String]] = []
        let places: [Restaurant]
        let failure: ServiceError?
        var lookedUp: [[String]] { lock.withLock { lookups } }
        init(_ places: [Restaurant], failure: ServiceError? = nil) { self.places = places; self.failure = failure }

        func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
            Issue.record("a check looks places up by id; it never searches")
            return RestaurantPage(total: 0, start: 1, restaurants: [])
        }

        func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage {
            lock.withLock { lookups.append(ids) }
            if let failure { throw failure }
            let found = places.filter { ids.contains($0.id) }
            return RestaurantPage(total: found.count, start: 1, restaurants: found)
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
        #expect(report.findings.map(\.evidence.description) == ["status", "position", "notAnswered"], "why each")
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

extension TradingFinding.Evidence {
    var description: String {
        switch self {
        case .status: "status"
        case .notAnswered: "notAnswered"
        case .position: "position"
        }
    }
}
