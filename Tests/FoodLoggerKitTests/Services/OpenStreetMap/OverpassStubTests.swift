import Foundation
import Testing
@testable import FoodLoggerDomain

/// The offline OpenStreetMap must select as the Overpass query does (`OverpassRequest`), answer
/// through the real decoder, and page as `OverpassAPI` pages.
@Suite struct OverpassStubTests {
    typealias Neighbourhood = OverpassStubPlaces.Neighbourhood

    let sut = OverpassStub()
    static let places = Neighbourhood.allCases.flatMap(\.places)

    /// The names of every match around a neighbourhood's centre, on one page.
    private func names(around area: Neighbourhood, range: SearchRange = .m3000, _ query: RestaurantQuery = .init())
        async throws -> [String]
    {
        var query = query
        query.center = area.centre
        query.range = range
        query.count = RestaurantQuery.maxCount
        return try await sut.searchRestaurants(query).restaurants.map(\.name)
    }

    // MARK: - The data

    @Test func everyPlaceDecodesIntoAShopNoneDroppedAndIsWithinReach() throws {
        // Given every place of every neighbourhood, as the stub writes them
        // When the real decoder reads them
        let page = try OverpassDecoder.decode(OverpassStub.document(Self.places))

        // Then each is a shop, with its id as OSM writes it, none left out
        #expect(page.restaurants.map(\.id) == Self.places.map { "\($0.type)/\($0.id)" }, "every element is a shop")
        #expect(page.dropped.isEmpty && page.repeats == 0, "none dropped, no id twice")
        #expect(Set(Self.places.map(\.type)) == ["node", "way", "relation"], "nodes, outlines and a relation")
        for shop in page.restaurants {
            let host = URL(string: shop.urls.shop)?.host ?? ""
            #expect(host.hasSuffix(".invalid") || host == "www.openstreetmap.org", "\(shop.name): a made-up page or OSM's")
        }
        #expect(page.restaurants.contains { $0.urls.shop.hasSuffix(".invalid/") }, "some places have a website")
        for area in Neighbourhood.allCases {
            for shop in try OverpassDecoder.decode(OverpassStub.document(area.places)).restaurants {
                #expect(shop.coordinate.distance(to: area.centre) <= OverpassStubPlaces.reach, "\(shop.name) is too far out")
            }
        }
    }

    @Test func everyOpeningHoursValueIsReadExceptTheOneMeantNotToBe() {
        let values = Self.places.compactMap { $0.tags?["opening_hours"] }
        let unread = values.filter { OSMOpeningHours($0) == nil }
        #expect(unread == ["chiều tối hằng ngày"], "only Bia Hơi Góc Phố's hours are beyond the evaluator")
        #expect(values.contains("24/7") && values.contains("Fr-Sa 18:00-02:00"), "hours of several kinds")
        #expect(values.contains { $0.contains("PH off") }, "a rule for public holidays")
    }

    // MARK: - Where

    @Test(arguments: [
        (Neighbourhood.tokyoStation, "Asia/Tokyo", "JP", nil), (.shibuya, "Asia/Tokyo", "JP", nil),
        (.timesSquare, "America/New_York", "US", "US-NY"), (.eiffelTower, "Europe/Paris", "FR", nil),
        (.hoanKiem, "Asia/Ho_Chi_Minh", "VN", nil),
    ])
    func eachNeighbourhoodAnswersOnItsOwnClock(
        area: Neighbourhood, timeZone: String, country: String, subdivision: String?
    ) async throws {
        // When a search runs around the neighbourhood's centre
        let page = try await sut.searchRestaurants(RestaurantQuery(center: area.centre))

        // Then the answer carries the place's zone and country, from OSM's own
        #expect(
            page.region == .init(timeZone: timeZone, countryCode: country, subdivision: subdivision), "\(area)'s areas")
        #expect(page.provider == .osm && page.coverage == nil && page.total > 0, "\(area) has places")
    }

    @Test(arguments: Neighbourhood.allCases)
    func everyRangeStepFindsMorePlacesAllWithinItNearestFirst(around area: Neighbourhood) async throws {
        var previous = 0
        for range in SearchRange.allCases {
            // When
            let query = RestaurantQuery(center: area.centre, range: range, count: RestaurantQuery.maxCount)
            let page = try await sut.searchRestaurants(query)

            // Then
            let distances = page.restaurants.map { $0.coordinate.distance(to: area.centre) }
            #expect(page.total > previous, "\(area): more within \(range.metres) m than \(previous)")
            #expect(distances.allSatisfy { $0 <= Double(range.metres) }, "\(area): all within \(range.metres) m")
            #expect(distances == distances.sorted(), "\(area): nearest first")
            previous = page.total
        }
        // A closed place (its food tag under `disused:`) is found by id only, as Overpass would.
        let trading = area.places.filter { $0.tags?["amenity"] != nil }
        #expect(previous == trading.count, "\(area): every trading place within 3 km")
    }

    @Test func awayFromEveryNeighbourhoodTheAnswerNamesThem() async throws {
        // Given a centre in Sydney
        let query = RestaurantQuery(center: Coordinate(lat: -33.8688, lng: 151.2093), range: .m3000)

        // When
        let page = try await sut.searchRestaurants(query)

        // Then nothing, and the places it knows
        #expect(page.total == 0 && page.restaurants.isEmpty && page.provider == .osm, "no places in Sydney")
        #expect(
            page.coverage == [
                "Tokyo Station", "Shibuya", "Times Square (New York)", "the Eiffel Tower (Paris)", "Hoàn Kiếm (Hanoi)",
            ], "the neighbourhoods, for the message")
    }

    @Test func withoutACentreOrIdsItIsRefusedAsOverpassIs() async {
        await #expect(
            throws: ServiceError.invalidRequest(message: "an OpenStreetMap search needs a centre", service: .osm),
            "no search of the whole world by name"
        ) {
            try await sut.searchRestaurants(RestaurantQuery(keyword: "ramen"))
        }
    }

    // MARK: - Conditions

    @Test func everyKeywordTermIsInTheNameInAnyCase() async throws {
        #expect(
            try await names(around: .timesSquare, .init(keyword: "noodle  HOUSE")) == ["Hell's Kitchen Noodle House"],
            "terms ANDed, in any case, whatever the spaces")
        #expect(try await names(around: .timesSquare, .init(keyword: "noodle bar")).isEmpty, "every term must occur")
        #expect(try await names(around: .hoanKiem, .init(keyword: "phở")) == ["Phở Gánh Bờ Hồ"], "letters beyond ASCII")
        #expect(try await names(around: .tokyoStation, .init(keyword: "鮨")) == ["八重洲 鮨 汐見"], "Japanese names")
    }

    @Test func aKeywordTermIsAlsoLookedForInTheCuisineAndTheAddressAsTheHelpSays() async throws {
        #expect(
            try await names(around: .tokyoStation, .init(keyword: "SUSHI")) == ["八重洲 鮨 汐見"],
            "cuisine=sushi, though the name says 鮨")
        #expect(
            try await names(around: .shibuya, .init(keyword: "道玄坂 ramen")) == ["Ramen Hachiboshi"],
            "addr:suburb=道玄坂 and the name: each term in any of the tags")
        #expect(try await names(around: .shibuya, .init(keyword: "道玄坂 sushi")).isEmpty, "every term must still occur")
        #expect(
            "amenity".wholeMatch(of: OverpassStub.keywordKeys) == nil
                && "opening_hours".wholeMatch(of: OverpassStub.keywordKeys) == nil,
            "no other tag is read")
    }

    @Test func aGenreIsOneOfThePlacesCuisines() async throws {
        #expect(
            try await names(around: .timesSquare, .init(genres: ["ramen"])) == ["Hell's Kitchen Noodle House"],
            "ramen within ramen;japanese")
        #expect(
            try await names(around: .eiffelTower, .init(genres: ["sushi", "pizza"])) == ["Trattoria Bosquet", "Sushi Cler"],
            "any of the genres, nearest first")
        await #expect(throws: ServiceError.self, "part of a cuisine is no genre: refused, as the real query refuses it") {
            try await names(around: .shibuya, .init(genres: ["ram"]))
        }
    }

    @Test func filtersKeepOnlyPlacesWhoseFactSaysYes() async throws {
        #expect(
            try await names(around: .hoanKiem, .init(filters: [.takeaway])) == ["Bánh Mì Hàng Đào", "Kem Tràng Thi"],
            "takeaway=only and yes, nearest first")
        #expect(
            try await names(around: .shibuya, .init(filters: [.wifi, .openAir])) == ["Shibuya Food Hall Terrace"],
            "every filter must keep the place")
        #expect(
            try await names(around: .tokyoStation, .init(filters: [.barrierFree]))
                == ["Kissa Marunouchi", "Station Burger Works"], "wheelchair=no is no yes")
        #expect(
            try await names(around: .eiffelTower, range: .m500, .init(filters: [.nonSmoking])) == ["Café du Champ"],
            "smoking=outside keeps a place as non-smoking, within the range only")
    }

    // MARK: - Lookup and paging

    @Test func idsFindThosePlacesInOverpassOrderWithTheirAreas() async throws {
        // Given ids of Paris places in any order, one unknown and one malformed
        let query = RestaurantQuery(ids: ["way/9900000403", "node/99000000402", "node/1", "node/x", "node/99000000401"])

        // When
        let page = try await sut.searchRestaurants(query)

        // Then nodes before ways, each by number, in Paris's time
        #expect(page.restaurants.map(\.id) == ["node/99000000401", "node/99000000402", "way/9900000403"], "found by id")
        #expect(page.region == .init(timeZone: "Europe/Paris", countryCode: "FR"), "the neighbourhood's areas")
        let none = try await sut.searchRestaurants(RestaurantQuery(ids: ["relation/5"]))
        #expect(none.total == 0 && none.region == nil && none.coverage == nil, "an unknown id finds nothing")
    }

    @Test func theSearchCutsWindowsFromTheWholeAnswerAsFromOverpassAPIs() async throws {
        // Given the whole answer around Times Square
        let whole = try await names(around: .timesSquare)

        // When the third and fourth are asked of the search over the worker
        let query = RestaurantQuery(center: Neighbourhood.timesSquare.centre, range: .m3000, start: 3, count: 2)
        let page = try await FindPlaces(HotpepperWorker(api: sut))
            .find(PlaceSearch(query: query, open: OpenQuestion(moment: .now(CLIRun.friday)))).get().page

        // Then they are those of the whole
        #expect(page.restaurants.map(\.name) == Array(whole[2..<4]), "results 3 and 4")
        #expect(page.total == whole.count && page.start == 3, "the total is the whole answer's")
    }
}
