import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The stub must answer with the service's query semantics (API.md section 2), over data that
/// looks like the service's.
struct HotpepperStubTests {
    typealias Neighbourhood = StubRestaurants.Neighbourhood

    let sut = HotpepperStub()
    let data = StubRestaurants.all

    /// Every match on one page (the data has fewer shops than a page may hold).
    private func ids(_ query: RestaurantQuery) async throws -> [String] {
        var query = query
        query.count = RestaurantQuery.maxCount
        return try await sut.searchRestaurants(query).restaurants.map(\.id)
    }

    // MARK: - Building only what a search can reach

    @Test func everyShopIsWithinReachOfItsNeighbourhoodsCentre() throws {
        for shop in data {
            let area = try #require(
                Neighbourhood.allCases.first { $0.middleArea == shop.hotpepper?.areas.middleArea }, "\(shop.id)")
            #expect(shop.coordinate.distance(to: area.centre) <= StubRestaurants.reach, "\(shop.id) is too far out")
        }
    }

    /// Around any point (each centre, each shop, and half-way between neighbourhoods), at every
    /// range, the candidates hold every shop that searching all of them finds, in the same order.
    @Test func candidatesFindWhatAllTheShopsWouldFind() {
        let centres =
            Neighbourhood.allCases.map(\.centre) + data.map(\.coordinate)
            + zip(Neighbourhood.allCases, Neighbourhood.allCases.dropFirst()).map { a, b in
                Coordinate(lat: (a.centre.lat + b.centre.lat) / 2, lng: (a.centre.lng + b.centre.lng) / 2)
            }
        for centre in centres {
            for range in SearchRange.allCases {
                let candidates = StubRestaurants.candidates(for: RestaurantQuery(center: centre, range: range))
                #expect(
                    HotpepperStub.nearestFirst(candidates, to: centre, within: range.metres)
                        == HotpepperStub.nearestFirst(data, to: centre, within: range.metres), "around \(centre) within \(range)")
            }
        }
        #expect(
            StubRestaurants.candidates(for: RestaurantQuery(center: Neighbourhood.umeda.centre)).count
                < data.count, "a search in Osaka does not build Tokyo's shops")
        #expect(StubRestaurants.candidates(for: RestaurantQuery(keyword: "x")) == data, "without a centre, every shop")
    }

    // MARK: - Conditions

    @Test func searchWithoutAConditionIsRefusedAsTheServiceDoes() async {
        // Given a genre alone, which is not one of the service's required conditions
        let query = RestaurantQuery(genres: ["G001"])

        // When / Then
        await #expect(
            throws: ServiceError.invalidRequest(message: "少なくとも１つの条件を入れてください。", service: .hotpepper),
            "expected error 3000 with the service's message"
        ) {
            try await sut.searchRestaurants(query)
        }
    }

    @Test(arguments: Neighbourhood.allCases)
    func everyRangeStepFindsMoreShopsAllWithinTheRadius(around area: Neighbourhood) async throws {
        var previous = 0
        for range in SearchRange.allCases {
            // When
            let page = try await sut.searchRestaurants(RestaurantQuery(center: area.centre, range: range, count: 100))

            // Then
            let radius = Double(range.metres)
            let expected = data.filter { $0.coordinate.distance(to: area.centre) <= radius }.count
            #expect(page.total == expected, "expected \(expected) shops within \(range.metres) m of \(area), got \(page.total)")
            #expect(
                page.total > previous,
                "expected \(range.metres) m around \(area) to find more than the \(previous) of the step below")
            for shop in page.restaurants {
                let metres = shop.coordinate.distance(to: area.centre)
                #expect(metres <= radius, "expected \(shop.id) within \(range.metres) m, it is \(Int(metres)) m away")
            }
            previous = page.total
        }
    }

    @Test(arguments: [nil, .kana, .genre, .smallArea, .recommended] as [SearchOrder?])
    func aCentreOrdersNearestFirstWhateverTheOrderAsked(order: SearchOrder?) async throws {
        // Given
        let centre = Neighbourhood.shinjuku.centre

        // When
        let page = try await sut.searchRestaurants(RestaurantQuery(center: centre, range: .m3000, order: order, count: 100))

        // Then
        let metres = page.restaurants.map { $0.coordinate.distance(to: centre) }
        #expect(page.restaurants.count >= 12, "expected the Shinjuku shops within 3 km, got \(page.restaurants.count)")
        for (a, b) in zip(zip(metres, page.restaurants), zip(metres.dropFirst(), page.restaurants.dropFirst())) {
            #expect(
                a.0 < b.0 || (a.0 == b.0 && a.1.id < b.1.id),
                "expected \(a.1.id) (\(Int(a.0)) m) before \(b.1.id) (\(Int(b.0)) m): nearest first, ties by id")
        }
    }

    @Test func shopsInOneBuildingComeByID() async throws {
        // Given two shops at one coordinate, listed in the data with the higher id first
        let building = try #require(data.first { $0.id == "J900000202" }).coordinate

        // When
        let found = try await ids(RestaurantQuery(center: building, range: .m300))

        // Then
        #expect(
            Array(found.prefix(2)) == ["J900000201", "J900000202"], "expected the two shops at 0 m by id, got \(found.prefix(2))")
    }

    @Test func keywordTermsMustAllMatch() async throws {
        // When
        let both = try await ids(RestaurantQuery(keyword: "渋谷 ラーメン"))
        let shibuya = try await ids(RestaurantQuery(keyword: "渋谷"))
        let ramen = try await ids(RestaurantQuery(keyword: "ラーメン"))

        // Then
        let expected = shibuya.filter(ramen.contains)
        #expect(both == expected, "expected the shops matching 渋谷 and ラーメン, \(expected), got \(both)")
        #expect(
            !both.isEmpty && both.count < shibuya.count && both.count < ramen.count,
            "expected the AND of two terms to be smaller than each term alone and not empty")
    }

    @Test func keywordSplitsOnFullWidthSpacesAndIgnoresCase() async throws {
        // When
        let halfWidth = try await ids(RestaurantQuery(keyword: "渋谷 ラーメン"))
        let fullWidth = try await ids(RestaurantQuery(keyword: "渋谷\u{3000}ラーメン"))
        let shouted = try await ids(RestaurantQuery(keyword: "BAR LANTERN"))

        // Then
        #expect(fullWidth == halfWidth, "expected a full-width space to separate terms like a half-width one")
        #expect(shouted == ["J900000008"], "expected BAR LANTERN to find Bar Lantern 日本橋, got \(shouted)")
    }

    @Test(arguments: [
        ("店名の語", "name"), ("てんめいのよみ", "kana"), ("住所の町", "address"), ("駅名", "station"),
        ("ジャンル名", "genre name"), ("ジャンルの惹句", "genre catch"), ("お店の惹句", "catch"),
    ])
    func keywordReadsTheServicesFields(term: String, field: String) async throws {
        // Given one shop holding the term in one field, and another holding it only in its access text
        let sut = HotpepperStub(restaurants: [
            Self.seed(
                "J900999001", name: "店名の語", kana: "てんめいのよみ", address: "住所の町", station: "駅名",
                genre: "ジャンル名", genreCatch: "ジャンルの惹句", catchCopy: "お店の惹句"),
            Self.seed("J900999002", access: "店名の語 てんめいのよみ 住所の町 駅名 ジャンル名 ジャンルの惹句 お店の惹句"),
        ])

        // When
        let page = try await sut.searchRestaurants(RestaurantQuery(keyword: term))

        // Then
        #expect(
            page.restaurants.map(\.id) == ["J900999001"],
            "expected a term in the \(field) to find the shop, and access text not to be searched")
    }

    @Test func genreMatchesTheGenreOrTheSubGenre() async throws {
        // Given
        let centre = Neighbourhood.tokyoStation.centre

        // When
        let found = try await ids(RestaurantQuery(center: centre, range: .m3000, genres: ["G004"]))

        // Then
        let expected = try await ids(RestaurantQuery(center: centre, range: .m3000)).filter { id in
            let shop = data.first { $0.id == id }
            return shop?.genre.code == "G004" || shop?.subGenre?.code == "G004"
        }
        #expect(found == expected, "expected the 和食 shops by genre or sub-genre, \(expected), got \(found)")
        #expect(found.contains("J900000001"), "expected J900000001 (居酒屋 with sub-genre 和食) to be found")
    }

    @Test func budgetMatchesTheBudgetCode() async throws {
        // Given
        let centre = Neighbourhood.umeda.centre
        let budgets = ["B010", "B011"]

        // When
        let page = try await sut.searchRestaurants(RestaurantQuery(center: centre, range: .m3000, budgets: budgets, count: 100))

        // Then
        let expected = data.filter {
            $0.coordinate.distance(to: centre) <= 3000 && budgets.contains($0.hotpepper?.budget?.code ?? "")
        }.count
        #expect(page.total == expected && expected > 0, "expected the \(expected) Umeda shops in B010/B011, got \(page.total)")
        for shop in page.restaurants {
            #expect(
                budgets.contains(shop.hotpepper?.budget?.code ?? ""),
                "expected \(shop.id)'s budget in \(budgets), it is \(shop.hotpepper?.budget?.code ?? "none")")
        }
    }

    @Test(arguments: [
        (SearchFilter.privateRoom, AmenityKind.privateRoom, ["あり", "あり ：個室2部屋"], ["なし", "なし ：お問い合わせください"]),
        (.card, .card, ["利用可"], ["利用不可", "利用不可 ：交通系ICのみ利用可"]),
        (.charter, .charter, ["貸切可", "貸切可 ：20名様～"], ["貸切不可 ：応相談"]),
        (.pet, .pet, ["可", "可 ：テラス席のみ"], ["不可"]),
        (.midnight, .midnight, ["営業している"], ["営業していない"]),
        (.child, .child, ["お子様連れOK", "お子様連れ歓迎 ：キッズメニューあり"], ["お子様連れ不可"]),
        (.nonSmoking, .nonSmoking, ["全面禁煙", "一部禁煙 ：2Fのみ喫煙可"], ["禁煙席なし"]),
        (.wifi, .wifi, ["あり"], ["なし", "未確認"]),
    ])
    func filterKeepsShopsWhoseAnswerIsYes(filter: SearchFilter, kind: AmenityKind, yes: [String], no: [String]) async throws {
        // Given one shop per answer, and one that does not answer at all
        let answers = yes + no
        let shops = answers.enumerated().map { Self.seed("J9009990\($0.offset + 10)", amenities: [Amenity(kind, $0.element)]) }
        let sut = HotpepperStub(restaurants: shops + [Self.seed("J900999099")])

        // When
        let page = try await sut.searchRestaurants(RestaurantQuery(keyword: "テスト", filters: [filter]))

        // Then
        let kept = page.restaurants.compactMap { $0.amenity(kind) }
        #expect(
            kept == yes,
            "expected --\(filter.rawValue) to keep \(yes) and drop \(no) and the shop without an answer, kept \(kept)")
    }

    @Test func filtersOnTheStubDataKeepOnlyYesAnswers() async throws {
        // Given
        let centre = Neighbourhood.shinjuku.centre

        // When
        let all = try await ids(RestaurantQuery(center: centre, range: .m3000))
        let kept = try await ids(RestaurantQuery(center: centre, range: .m3000, filters: [.privateRoom, .card]))

        // Then
        #expect(
            !kept.isEmpty && kept.count < all.count,
            "expected private room + card to keep some of the \(all.count) shops, kept \(kept.count)")
        for id in kept {
            let shop = try #require(data.first { $0.id == id })
            #expect(
                shop.amenity(.privateRoom)?.hasPrefix("あり") == true && shop.amenity(.card)?.hasPrefix("利用可") == true,
                "expected \(id) to have a private room and take cards")
        }
    }

    @Test(arguments: [SearchFilter.wedding, .cocktail, .sake, .nightView, .sommelier, .midnightMeal])
    func filtersTheDataDoesNotAnswerKeepNothing(filter: SearchFilter) async throws {
        // When
        let found = try await ids(RestaurantQuery(center: Neighbourhood.tokyoStation.centre, range: .m3000, filters: [filter]))

        // Then
        #expect(
            found.isEmpty, "expected --\(filter.rawValue), which the stub data does not answer, to keep nothing, got \(found)")
    }

    @Test func idsLookUpExactShopsAndIgnoreUnknownOnes() async throws {
        // When
        let page = try await sut.searchRestaurants(RestaurantQuery(ids: ["J900000301", "J000000000", "J900000104", "J90000010"]))

        // Then
        #expect(
            page.restaurants.map(\.id) == ["J900000104", "J900000301"],
            "expected the two known ids in the data's order, got \(page.restaurants.map(\.id))")
        #expect(page.total == 2, "expected a total of 2, got \(page.total)")
    }

    // MARK: - Paging

    @Test func pagesSliceTheMatchesAndCountThemAll() async throws {
        // Given
        let centre = Neighbourhood.tokyoStation.centre
        let everything = try await ids(RestaurantQuery(center: centre, range: .m3000))

        // When
        var pages: [RestaurantPage] = []
        for start in stride(from: 1, through: everything.count, by: 5) {
            pages.append(try await sut.searchRestaurants(RestaurantQuery(center: centre, range: .m3000, start: start, count: 5)))
        }

        // Then
        #expect(pages.flatMap { $0.restaurants.map(\.id) } == everything, "expected the pages, joined, to be the whole result")
        #expect(
            pages.map(\.start) == Array(stride(from: 1, through: everything.count, by: 5)), "expected each page to echo its start"
        )
        #expect(pages.allSatisfy { $0.total == everything.count }, "expected every page's total to be \(everything.count)")
        #expect(pages.dropLast().allSatisfy { $0.restaurants.count == 5 }, "expected full pages of 5 before the last")
    }

    @Test func aStartPastTheEndGivesAnEmptyPageWithTheTotal() async throws {
        // Given
        let centre = Neighbourhood.kyotoStation.centre
        let total = try await ids(RestaurantQuery(center: centre, range: .m3000)).count

        // When
        let page = try await sut.searchRestaurants(RestaurantQuery(center: centre, range: .m3000, start: total + 1, count: 10))

        // Then
        #expect(page.restaurants.isEmpty, "expected no shops past the end, got \(page.restaurants.count)")
        #expect(page.total == total, "expected the total \(total), got \(page.total)")
        #expect(page.start == total + 1, "expected the start \(total + 1) echoed, got \(page.start)")
    }

    // MARK: - Order without a centre

    @Test func withoutACentreRecommendedIsTheDataOrder() async throws {
        // When
        let recommended = try await ids(RestaurantQuery(keyword: "東京都", order: .recommended))
        let unordered = try await ids(RestaurantQuery(keyword: "東京都"))

        // Then
        let expected = data.filter { $0.address.hasPrefix("東京都") }.map(\.id)
        #expect(recommended == expected, "expected the data's own order for recommended")
        #expect(unordered == expected, "expected the data's own order when no order is asked")
    }

    @Test(arguments: [SearchOrder.kana, .genre, .smallArea])
    func withoutACentreTheAskedOrderSorts(order: SearchOrder) async throws {
        // When
        let page = try await sut.searchRestaurants(RestaurantQuery(keyword: "府", order: order, count: 100))
        let recommended = try await ids(RestaurantQuery(keyword: "府"))

        // Then
        let keys = page.restaurants.map { shop in
            switch order {
            case .kana: HotpepperStub.hiragana(shop.hotpepper?.nameKana ?? "")
            case .genre: shop.genre.code
            default: shop.hotpepper?.areas.smallArea?.code ?? ""
            }
        }
        #expect(page.total >= 24, "expected the Osaka and Kyoto shops (addresses in 府), got \(page.total)")
        #expect(keys == keys.sorted(), "expected \(order.name) order, got \(keys)")
        #expect(Set(page.restaurants.map(\.id)) == Set(recommended), "expected the same shops as without an order")
        #expect(page.restaurants.map(\.id) != recommended, "expected \(order.name) order to differ from the data's own order")
    }

    @Test func kanaOrderFoldsKatakanaReadingsIntoHiragana() {
        #expect(
            HotpepperStub.hiragana("カンコクカテイリョウリ ジュウソウ") == "かんこくかていりょうり じゅうそう",
            "expected katakana folded to hiragana, spaces kept")
        #expect(HotpepperStub.hiragana("ぱーてぃるーむ らくーん") == "ぱーてぃるーむ らくーん", "expected hiragana and ー unchanged")
    }

    // MARK: - The data

    @Test func everyNeighbourhoodHasAtLeastTwelveShopsNearItsCentre() {
        for area in Neighbourhood.allCases {
            let shops = data.filter { $0.hotpepper?.areas.middleArea == area.middleArea }
            #expect(shops.count >= 12, "expected at least 12 shops in \(area), got \(shops.count)")
            for shop in shops {
                let metres = shop.coordinate.distance(to: area.centre)
                #expect(metres <= 3000, "expected \(shop.id) within 3 km of \(area)'s centre, it is \(Int(metres)) m away")
            }
            let bands = [0..<300.0, 300..<1000.0, 1000..<3000.0]
            for band in bands {
                let count = shops.filter { band.contains($0.coordinate.distance(to: area.centre)) }.count
                #expect(
                    count >= 2,
                    "expected at least 2 shops of \(area) at \(Int(band.lowerBound))–\(Int(band.upperBound)) m, got \(count)")
            }
        }
        let placed = data.filter { shop in Neighbourhood.allCases.contains { $0.middleArea == shop.hotpepper?.areas.middleArea } }
        #expect(placed.count == data.count, "expected every shop in one of the neighbourhoods")
        #expect((60...80).contains(data.count), "expected 60 to 80 shops, got \(data.count)")
    }

    @Test func idsAreUniqueAndInTheStubsRange() {
        #expect(Set(data.map(\.id)).count == data.count, "expected unique ids")
        for shop in data {
            #expect(
                shop.id.count == 10 && shop.id.hasPrefix("J9") && shop.id.dropFirst().allSatisfy(\.isASCIIDigit),
                "expected J9 + 8 digits, got \(shop.id)")
        }
    }

    @Test func requiredTextsAreFilledExceptTheDeliberatelyEmptyOne() {
        let deliberatelyEmpty = "J900000112"
        for shop in data {
            let texts = [
                shop.name, shop.hotpepper?.nameKana, shop.genre.code, shop.genre.name, shop.genre.catchCopy,
                shop.hotpepper?.budget?.code ?? "", shop.hotpepper?.budget?.name ?? "", shop.address, shop.hotpepper?.stationName,
                shop.hotpepper?.access, shop.hotpepper?.mobileAccess, shop.open, shop.close,
                shop.hotpepper?.areas.smallArea?.name ?? "",
            ]
            #expect(
                !texts.contains(""),
                "expected \(shop.id) to fill its name, reading, genre, budget, address, station, access, hours and area")
            let optional = [shop.hotpepper?.catchCopy, shop.hotpepper?.budget?.average ?? ""]
            #expect(
                optional.contains("") == (shop.id == deliberatelyEmpty),
                "expected an empty catch copy and budget average only at \(deliberatelyEmpty), \(shop.id) has \(optional)")
        }
    }

    @Test func urlsStayOnTheStubsFakeDomain() {
        for shop in data {
            let own = shop.hotpepper.map { [$0.logo, $0.couponPC, $0.couponSP] } ?? []
            let urls = [shop.urls.shop, shop.urls.photo] + own
            #expect(
                urls.allSatisfy { $0.hasPrefix("https://stub.foodlogger.invalid/") },
                "expected \(shop.id)'s URLs on stub.foodlogger.invalid, got \(urls)")
        }
    }

    @Test(Samples.required) func genresAndBudgetsUseTheMastersCodesAndNames() throws {
        // Given the service's masters, as captured
        let genres = try Self.master("genre")
        let budgets = try Self.master("budget")

        // Then
        for shop in data {
            #expect(
                genres[shop.genre.code] == shop.genre.name,
                "expected \(shop.id)'s genre \(shop.genre.code) named as in the master")
            if let sub = shop.subGenre {
                #expect(genres[sub.code] == sub.name, "expected \(shop.id)'s sub-genre \(sub.code) named as in the master")
            }
            #expect(
                budgets[shop.hotpepper?.budget?.code ?? ""] == shop.hotpepper?.budget?.name,
                "expected \(shop.id)'s budget named as in the master")
        }
        #expect(Set(data.map(\.genre.code)).count >= 8, "expected at least 8 genres overall")
        #expect(data.contains { $0.subGenre != nil }, "expected some shops with a sub-genre")
        for area in Neighbourhood.allCases {
            let codes = Set(data.filter { $0.hotpepper?.areas.middleArea == area.middleArea }.map(\.genre.code))
            #expect(codes.count >= 8, "expected several genres in \(area), got \(codes.sorted())")
        }
    }

    @Test func amenityAnswersArePhrasedAsTheServicePhrasesThem() {
        let yesNo = ["あり", "なし"]
        let verdicts: [AmenityKind: [String]] = [
            .wifi: ["あり", "なし", "未確認"], .card: ["利用可", "利用不可"], .nonSmoking: ["全面禁煙", "一部禁煙", "禁煙席なし"],
            .charter: ["貸切可", "貸切不可"], .band: ["可", "不可"], .pet: ["可", "不可"],
            .child: ["お子様連れOK", "お子様連れ歓迎", "お子様連れ不可"], .midnight: ["営業している", "営業していない"],
        ]
        for shop in data {
            for amenity in shop.amenities {
                let allowed = verdicts[amenity.kind] ?? yesNo
                #expect(
                    allowed.contains { amenity.value == $0 || amenity.value.hasPrefix($0 + " ：") },
                    "expected \(shop.id)'s \(amenity.kind.rawValue) to be one of \(allowed) (+ \" ：memo\"), got \(amenity.value)")
            }
        }
    }

    @Test func theDataHoldsTheAwkwardTextsRenderersMustCopeWith() {
        #expect(
            data.contains { $0.name.contains(",") && $0.name.contains("\"") }, "expected a name with a comma and a double quote")
        #expect(data.contains { $0.hotpepper?.catchCopy.contains("\n") == true }, "expected a catch copy with a line break")
        #expect(
            data.contains { $0.hotpepper?.catchCopy.unicodeScalars.contains { $0.properties.isEmojiPresentation } == true },
            "expected an emoji in a catch copy")
        #expect(
            data.contains { $0.hotpepper?.mobileAccess.unicodeScalars.contains { (0xFF66...0xFF9F).contains($0.value) } == true },
            "expected half-width katakana in a mobile access text")
        #expect(
            data.contains { $0.hotpepper?.capacity == nil } && data.contains { $0.hotpepper?.partyCapacity == nil },
            "expected some shops without capacities")
    }

    // MARK: - Helpers

    /// A shop for semantics tests; "テスト" in its catch copy lets a keyword select it.
    private static func seed(
        _ id: String, name: String = "店", kana: String = "みせ", address: String = "",
        station: String = "", genre: String = "ジャンル", genreCatch: String = "",
        catchCopy: String = "テスト", access: String = "", amenities: [Amenity] = []
    ) -> Restaurant {
        Restaurant(
            id: id, name: name, genre: .init(code: "G001", name: genre, catchCopy: genreCatch),
            coordinate: Coordinate(lat: 35, lng: 139), address: address,
            urls: .init(shop: "https://stub.foodlogger.invalid/shops/\(id)/", photo: ""), amenities: amenities,
            provider: .hotpepper,
            hotpepper: HotpepperDetails(nameKana: kana, catchCopy: catchCopy, stationName: station, access: access))
    }

    /// A master (code → name) from the captured responses beside the project.
    private static func master(_ name: String) throws -> [String: String] {
        let json = try JSONSerialization.jsonObject(with: Samples.data("masters/\(name).json")) as? [String: Any]
        let entries = (json?["results"] as? [String: Any])?[name] as? [[String: String]] ?? []
        return Dictionary(entries.compactMap { entry in entry["code"].map { ($0, entry["name"] ?? "") } }) { first, _ in first }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
