import Foundation
import Testing

@testable import FoodLoggerDomain

@Suite struct LastListWriterTests {
    /// A place with every field of the core and of HOT PEPPER's part filled, with text a JSON
    /// string must escape.
    static let everyField: Restaurant = {
        var place = everyCoreField
        place.statusEvidence = .status("CLOSED_TEMPORARILY")
        place.sources?[0].record = invented
        return place
    }()

    static let everyCoreField = Restaurant(
        id: "J0000000009", name: "引用 \"quoted\" \\ back\nline\ttab\u{1}\u{7F} é 🍜",
        genre: .init(code: "G001", name: "居酒屋", catchCopy: "旬"), subGenre: .init(code: "G004", name: "和食"),
        coordinate: Coordinate(lat: 35.681_2, lng: -0.000_01), address: "東京都", open: "月～金: 11:00～23:00",
        close: "日", urls: .init(shop: "https://example.invalid/s/", photo: "https://example.invalid/p.jpg"),
        amenities: [Amenity(.wifi, "あり"), Amenity(.freeDrink, "なし ：2時間")], provider: .hotpepper,
        osmOpeningHours: "Mo-Su 11:00-22:00", rating: 4.25, ratingCount: 12, priceLevel: 2,
        businessStatus: .closedTemporarily, diets: [.vegan, .glutenFree], kind: .fastFood,
        otherNames: [.init(language: "en", name: "Quote")], phone: "+81 3-0000-0000", website: "https://example.invalid/",
        hotpepper: HotpepperDetails(
            nameKana: "いんよう", catchCopy: "近い", budget: .init(code: "B002", name: "2001～3000円", average: "2500円"),
            budgetMemo: "お通し", stationName: "東京", access: "徒歩3分", mobileAccess: "徒歩3分", capacity: 40,
            partyCapacity: 20,
            areas: .init(
                largeServiceArea: .init(code: "SS10", name: "関東"), serviceArea: .init(code: "SA11", name: "東京"),
                largeArea: .init(code: "Z011", name: "東京"), middleArea: .init(code: "Y005", name: "銀座"),
                smallArea: .init(code: "X010", name: "丸の内")),
            otherMemo: "o", shopDetailMemo: "d", wedding: "w", logo: "https://example.invalid/l.jpg",
            couponPC: "https://example.invalid/c", couponSP: "https://example.invalid/sp"),
        sources: [PlaceSource(provider: .osm, id: "node/1", fields: ["hours"]), PlaceSource(provider: .hotpepper, id: "J1")])

    static var invented: Restaurant {
        var place = Seeds.OSM.paris
        place.invented = true
        place.hotpepper = HotpepperDetails()
        place.statusEvidence = .lifecycleTag("disused:amenity")
        return place
    }

    static var retagged: Restaurant {
        var place = Seeds.OSM.paris
        place.statusEvidence = .retagged
        return place
    }

    static let lists: [LastList] = [
        LastList(page: Seeds.Pages.tokyo, center: Seeds.tokyoStation, saved: LastListTests.saved),
        LastList(page: Seeds.OSM.page, center: nil, saved: Date(timeIntervalSince1970: 1_780_000_000.123_456)),
        LastList(page: Seeds.Google.page, center: Seeds.tokyoStation, saved: LastListTests.saved),
        LastList(
            page: RestaurantPage(total: 4, start: 11, restaurants: [everyField, invented, Seeds.OSM.unreadable, retagged]),
            center: Coordinate(lat: -33.867_413_519_708_49, lng: 151.2), saved: LastListTests.saved),
    ]

    @Test(arguments: lists.indices)
    func whatItWritesReadsBackAsTheSameList(_ index: Int) throws {
        // Given a list
        let list = Self.lists[index]

        // When the writer writes it
        let data = try #require(LastListWriter.data(list), "list \(index) is written by hand")

        // Then it reads back as the same list, each shop's line as JSONEncoder's record of it reads
        #expect(try StoredLastList(writing: list).whole() == list)
        let shops: [Restaurant] = if case .kept(let shops) = list.shops { shops } else { [] }
        for (line, shop) in zip(data.split(separator: UInt8(ascii: "\n")).dropFirst(), shops) {
            #expect(try JSONDecoder().decode(Restaurant.self, from: line) == shop)
            #expect(try JSONDecoder().decode(Restaurant.self, from: JSONEncoder().encode(shop)) == shop, "as JSONEncoder's would")
        }
        let header = try JSONDecoder().decode(StoredLastList.Header.self, from: data.split(separator: UInt8(ascii: "\n"))[0])
        #expect(header == StoredLastList.Header(list), "the first line is the header JSONDecoder reads")
    }

    @Test func aPlaceWithPeriodsIsLeftToJSONEncoder() throws {
        // Given a list with a place whose hours are periods (a service's whose places are kept:
        // of Google's, the list keeps only the id) between two others
        var place = Seeds.OSM.paris
        place.id = "node/99"
        place.hours = .given(periods: PeriodHours(week: []))
        // and a merged place whose record of another service has them, found once it is half written
        var merged = Seeds.OSM.paris
        merged.id = "node/98"
        merged.sources = [PlaceSource(provider: .osm, id: "node/98", record: place)]
        let shops = [Seeds.OSM.paris, place, merged, Self.everyField]
        let list = LastList(page: RestaurantPage(total: 4, start: 1, restaurants: shops), center: nil, saved: Date())

        // Then the writer leaves that place's line to JSONEncoder, and the list reads back whole;
        // a number JSON cannot hold is no list
        #expect(try StoredLastList(writing: list).whole() == list, "periods are JSONEncoder's")
        var far = LastList(page: Seeds.Pages.tokyo, center: nil, saved: Date())
        far.center = Coordinate(lat: .infinity, lng: 0)
        #expect(LastListWriter.data(far) == nil, "an infinite number is no JSON")
    }

    @Test func itKnowsEveryStoredPropertyOfWhatItWrites() {
        // Given the stored properties of the types the writer writes, as Mirror sees them
        let values: [(String, Any)] = [
            ("Header", StoredLastList.Header(Self.lists[3])), ("Restaurant", Self.everyField),
            ("PlaceHours", Self.everyField.hours), ("HotpepperDetails", HotpepperDetails()),
            ("Region", Seeds.OSM.parisRegion), ("Coordinate", Seeds.tokyoStation), ("Genre", Self.everyField.genre),
            ("CodeName", Restaurant.CodeName(code: "", name: "")), ("Links", Self.everyField.urls),
            ("Amenity", Amenity(.wifi, "")), ("LocalName", Restaurant.LocalName(language: "", name: "")),
            ("PlaceSource", PlaceSource(provider: .osm, id: "")),
            ("Budget", HotpepperDetails.Budget(code: "", name: "", average: "")), ("Areas", HotpepperDetails.Areas()),
        ]
        let found = Dictionary(uniqueKeysWithValues: values.map { ($0.0, Mirror(reflecting: $0.1).children.compactMap(\.label)) })

        // Then the writer names each of them: a field added to a place must be written there too
        #expect(found == LastListWriter.written)
    }
}

extension StoredLastList {
    /// The list as the store writes it and reads it back.
    init(writing list: LastList) throws {
        let data = try #require(LastListWriter.data(list))
        self = try #require(StoredLastList(data, path: "last-list.json"))
    }
}
