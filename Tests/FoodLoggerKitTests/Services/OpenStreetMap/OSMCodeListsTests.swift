import Testing
@testable import FoodLoggerDomain

@Suite struct OSMCodeListsTests {
    /// A search service that records the query it is asked and answers with nothing.
    final class ServiceSpy: HotpepperProtocol, @unchecked Sendable {
        let provider = Provider.hotpepper
        var queries: [RestaurantQuery] = []
        func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
            queries.append(query)
            return RestaurantPage(total: 0, start: query.start, restaurants: [], provider: .osm)
        }
    }

    private let sut = OSMCodeLists()
    private let shibuya = Coordinate(lat: 35.658, lng: 139.7016)

    /// The genres a worker over OSM's list sends for `typed`, as the command line passes them.
    private func genresSent(for typed: [String]) async throws(ServiceError) -> [String] {
        let spy = ServiceSpy()
        let worker = HotpepperWorker(api: spy, codes: CodeListWorker(service: sut, cache: nil))
        var query = RestaurantQuery(center: shibuya)
        query.ask(genres: typed, budgets: [], area: nil)
        _ = try await worker.fetchRestaurants(query)
        return spy.queries.first?.genres ?? []
    }

    @Test func theGenresAreCuisineValuesNamedAsAShopsGenreReads() async throws {
        // When OSM's genre list is read
        let genres = try await sut.codeList(.genres)

        // Then each is a tag value, once, named with spaces for underscores
        #expect((40...50).contains(genres.count), "about forty cuisines: \(genres.count)")
        #expect(Set(genres.map(\.code)).count == genres.count, "each value once")
        #expect(
            genres.allSatisfy { $0.code.allSatisfy { $0 == "_" || ("a"..."z").contains($0) } },
            "lower-case tag values as OSM writes them")
        #expect(genres.first { $0.code == "coffee_shop" }?.name == "coffee shop", "readable: \(genres)")
        #expect(["ramen", "sushi", "pizza", "burger"].allSatisfy { code in genres.contains { $0.code == code } }, "common ones")
    }

    @Test(arguments: [
        (["ramen"], ["ramen"]), (["coffee shop"], ["coffee_shop"]), (["coffee_shop"], ["coffee_shop"]),
        (["Coffee-Shop", "SUSHI"], ["coffee_shop", "sushi"]), (["ice cream", "ice_cream"], ["ice_cream"]),
    ])
    func aGenreIsFoundByItsNameOrItsTagValue(typed: [String], sent: [String]) async throws {
        #expect(try await genresSent(for: typed) == sent, "\(typed) means \(sent)")
    }

    @Test func aTypoGetsTheClosestGenre() async {
        await #expect(
            throws: ServiceError.unknownName(.genre, "raemn", closest: [CodeEntry(code: "ramen", name: "ramen")]),
            "did you mean ramen"
        ) {
            try await genresSent(for: ["raemn"])
        }
    }

    @Test func partOfANameSuggestsTheGenresThatHoldIt() async {
        await #expect(
            throws: ServiceError.unknownName(.genre, "coffee", closest: [CodeEntry(code: "coffee_shop", name: "coffee shop")]),
            "did you mean coffee shop"
        ) {
            try await genresSent(for: ["coffee"])
        }
    }

    @Test(arguments: [CodeListKind.budgets, .largeAreas, .middleAreas, .smallAreas])
    func openStreetMapHasNoOtherList(kind: CodeListKind) async {
        await #expect(throws: ServiceError.noCodeList(kind, service: .osm), "OSM has no \(kind.rawValue) list") {
            try await sut.codeList(kind)
        }
    }
}
