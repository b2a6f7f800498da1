import Foundation
import Testing

@testable import FoodLoggerDomain

/// A service's worker that answers lookups by id from its places (or fails), and records the ids
/// of each lookup; it never searches.
final class LookupWorkerSpy: HotpepperWorking, @unchecked Sendable {
    let provider: Provider
    private let lock = NSLock()
    private var asked: [[String]] = []
    let places: [Restaurant]
    let failure: ServiceError?
    var region: RestaurantPage.Region?

    init(_ provider: Provider, _ places: [Restaurant] = [], failure: ServiceError? = nil) {
        self.provider = provider; self.places = places; self.failure = failure
    }

    var lookups: [[String]] { lock.withLock { asked } }

    func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        Issue.record("showing places looks them up by id; it never searches")
        return RestaurantPage(total: 0, start: 1, restaurants: [], provider: provider)
    }

    func lookupRestaurants(ids: [String]) async throws(ServiceError) -> RestaurantPage {
        lock.withLock { asked.append(ids) }
        if let failure { throw failure }
        let found = ids.compactMap { id in places.first { $0.id == id } }
        return RestaurantPage(total: found.count, start: 1, restaurants: found, region: region, provider: provider)
    }
}

@Suite struct ShowPlacesTests {
    static let osm: Restaurant = MergeSeeds.place("node/1", "Cafe Mira", provider: .osm, kind: .cafe)
    static let google: Restaurant = {
        var place = MergeSeeds.place("ChIJmiramiramiramiramira", "Cafe Mira", provider: .google, north: 5)
        place.rating = 4.5
        place.ratingCount = 10
        return place
    }()
    /// The merged place as its search's row showed it.
    static let merged = PlaceMerge.merge([osm, google])
    /// The same place as the last list keeps it: Google's part without its record (its terms).
    static let kept: Restaurant = {
        var place = merged
        place.sources = place.sources?.map { source in
            var source = source
            if source.provider == .google { source.record = nil }
            return source
        }
        return place
    }()
    static let hotpepper = MergeSeeds.place("J001234567", "カフェ ミラ", provider: .hotpepper)

    static func known(_ places: [Restaurant], _ provider: Provider) -> ShowPlaces.KnownPlaces {
        ShowPlaces.KnownPlaces(places: places, region: nil, provider: provider)
    }

    /// A factory of part workers that hands out `worker` and records which service was asked for.
    final class PartWorkersSpy: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [Provider] = []
        let worker: Result<any HotpepperWorking, ServiceError>
        init(_ worker: Result<any HotpepperWorking, ServiceError>) { self.worker = worker }
        var asked: [Provider] { lock.withLock { made } }
        var factory: ShowPlaces.PartWorkers {
            { provider in
                self.lock.withLock { self.made.append(provider) }
                return self.worker
            }
        }
    }

    @Test func aKeptHotPepperPlaceAsksNothing() async throws {
        // Given the last list kept a HOT PEPPER place whole
        let service = LookupWorkerSpy(.hotpepper)
        let parts = PartWorkersSpy(.success(LookupWorkerSpy(.google)))
        let sut = ShowPlaces(service, parts: parts.factory)
        let center = Coordinate(lat: 35.69, lng: 139.70)

        // When it is shown
        let shown = try await sut.show(
            .init(ids: [Self.hotpepper.id], known: Self.known([Self.hotpepper], .hotpepper), center: center)
        ).get()

        // Then it is the place kept, and no service was asked
        #expect(shown.places == [Self.hotpepper], "the place as kept")
        #expect(service.lookups.isEmpty, "no lookup by id")
        #expect(parts.asked.isEmpty, "no part worker made")
        #expect(shown.missingIDs.isEmpty && shown.partsNotAsked.isEmpty, "nothing missing")
        #expect(shown.center == center && shown.provider == .hotpepper, "the request's centre, the list's service")
    }

    @Test func aMergedPlaceWithAGooglePartAsksGoogleOnceByID() async throws {
        // Given a merged place kept without its Google part, and Google answering its record
        let service = LookupWorkerSpy(.osm)
        let google = LookupWorkerSpy(.google, [Self.google])
        let parts = PartWorkersSpy(.success(google))
        let sut = ShowPlaces(service, parts: parts.factory)

        // When it is shown
        let shown = try await sut.show(.init(ids: [Self.kept.id], known: Self.known([Self.kept], .osm))).get()

        // Then Google is asked once, by the part's id, and the place is the row's again
        #expect(google.lookups == [[Self.google.id]], "one Place Details request")
        #expect(parts.asked == [.google], "Google's worker made once")
        #expect(service.lookups.isEmpty, "the kept place's own service asked nothing")
        #expect(shown.places == [Self.merged], "the merge the search made, Google's rating in it")
        #expect(shown.places.first?.rating == 4.5, "Google's rating on the card")
        #expect(shown.partsNotAsked.isEmpty && shown.missingIDs.isEmpty, "nothing missing")
    }

    @Test func offlineAsksNothingAndReportsThePartMissing() async throws {
        // Given the same merged place, offline
        let google = LookupWorkerSpy(.google, [Self.google])
        let parts = PartWorkersSpy(.success(google))
        let sut = ShowPlaces(LookupWorkerSpy(.osm), parts: parts.factory)

        // When it is shown
        let shown = try await sut.show(
            .init(ids: [Self.kept.id], known: Self.known([Self.kept], .osm), offline: true)
        ).get()

        // Then nothing is sent, the place is shown as kept, and the Google part is named as not asked
        #expect(google.lookups.isEmpty && parts.asked.isEmpty, "Google not asked, no worker made")
        #expect(shown.places == [Self.kept], "the place as kept")
        #expect(
            shown.partsNotAsked == [
                .init(id: Self.google.id, error: .notCached(.search(RestaurantQuery(ids: [Self.google.id]))))
            ],
            "\(shown.partsNotAsked)")
    }

    @Test func aPartWhoseServiceCannotBeAskedIsReportedAndThePlaceShownAsKept() async throws {
        // Given no Google worker (no key)
        let noKey = ServiceError.missingKey(searched: [], service: .google)
        let sut = ShowPlaces(LookupWorkerSpy(.osm), parts: PartWorkersSpy(.failure(noKey)).factory)

        let shown = try await sut.show(.init(ids: [Self.kept.id], known: Self.known([Self.kept], .osm))).get()

        #expect(shown.places == [Self.kept], "the place as kept")
        #expect(shown.partsNotAsked == [.init(id: Self.google.id, error: noKey)], "\(shown.partsNotAsked)")
    }

    @Test func withoutPartWorkersAPartIsNeitherAskedNorNamed() async throws {
        // Given the use case of `open`, which needs no part looked up again
        let sut = ShowPlaces(LookupWorkerSpy(.osm))

        let shown = try await sut.show(.init(ids: [Self.kept.id], known: Self.known([Self.kept], .osm))).get()

        #expect(shown.places == [Self.kept] && shown.partsNotAsked.isEmpty, "the place as kept, nothing said")
    }

    @Test func anUnknownIDIsReportedMissingAndTheOthersAreAskedInOrder() async throws {
        // Given a service that knows one of two ids, and a kept place named between them
        let service = LookupWorkerSpy(.hotpepper, [DetailSeeds.cafe])
        service.region = RestaurantPage.Region(timeZone: "Asia/Tokyo", countryCode: "JP")
        let sut = ShowPlaces(service)

        let shown = try await sut.show(
            .init(ids: ["J999999999", Self.hotpepper.id, DetailSeeds.cafe.id], known: Self.known([Self.hotpepper], .hotpepper))
        ).get()

        #expect(service.lookups == [["J999999999", DetailSeeds.cafe.id]], "one lookup of the ids not kept")
        #expect(shown.places == [Self.hotpepper, DetailSeeds.cafe], "in the order asked")
        #expect(shown.missingIDs == ["J999999999"], "the unknown id reported missing")
        #expect(shown.region == service.region, "where the service says the places are")
    }

    @Test func aFailingServiceGivesItsServiceError() async {
        // Given a service that refuses the key
        let error = ServiceError.rejectedKey(message: "bad key", service: .hotpepper)
        let sut = ShowPlaces(LookupWorkerSpy(.hotpepper, failure: error))

        let result = await sut.show(.init(ids: ["J001234567"]))

        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)"); return
        }
        #expect(failure == error, "the service's error as it is")
    }

    @Test func aFailingPartServiceNamesThePartAndShowsThePlaceAsKept() async throws {
        let error = ServiceError.httpStatus(500)
        let google = LookupWorkerSpy(.google, failure: error)
        let sut = ShowPlaces(LookupWorkerSpy(.osm), parts: PartWorkersSpy(.success(google)).factory)

        let shown = try await sut.show(.init(ids: [Self.kept.id], known: Self.known([Self.kept], .osm))).get()

        #expect(google.lookups == [[Self.google.id]], "asked once")
        #expect(shown.places == [Self.kept], "the place as kept")
        #expect(shown.partsNotAsked == [.init(id: Self.google.id, error: error)], "\(shown.partsNotAsked)")
    }
}
