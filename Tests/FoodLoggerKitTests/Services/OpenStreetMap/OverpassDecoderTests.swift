import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain

@Suite struct OverpassDecoderTests {
    private func decode(_ fixture: String) throws -> RestaurantPage {
        try OverpassDecoder.decode(Data(contentsOf: Fixtures.overpass(fixture)))
    }

    @Test func namedNodesWaysAndRelationsWithAPositionAreShopsInTheAnswersOrder() throws {
        // Given an answer with named and unnamed nodes, a way and a relation with centres, a way without one
        // When it is decoded
        let page = try decode("lisbon_food_and_areas.json")

        // Then every named element with a position is a shop, and only those
        #expect(
            page.restaurants.map(\.id) == ["node/9000000004", "node/9000000001", "way/800000001", "relation/70000001"],
            "unnamed, blank-named and centreless elements left out, areas are no shops")
        #expect(page.total == 4 && page.start == 1, "the whole answer is one page of 4")
        #expect(
            page.restaurants.map(\.coordinate) == [
                Coordinate(lat: 38.719, lng: -9.137), Coordinate(lat: 38.71105, lng: -9.13705),
                Coordinate(lat: 38.713, lng: -9.138), Coordinate(lat: 38.715, lng: -9.137),
            ], "a node at its own position, an outline at its centre")
        #expect(page.restaurants.allSatisfy { $0.provider == .osm }, "every shop says where it came from")
    }

    @Test func aShopOffTheEarthIsDroppedAndNamed() throws {
        let page = try decode("lisbon_food_and_areas.json")
        #expect(page.dropped.map(\.id) == ["node/9000000005"], "the node at latitude 1e308, named for the warning")
    }

    @Test func aShopKeepsItsCuisineAddressPageHoursAndFacts() throws {
        // Given the fully tagged node
        let page = try decode("lisbon_food_and_areas.json")

        // When it is read
        let shop = try #require(page.restaurants.first { $0.id == "node/9000000001" }, "the tasca is a shop")

        // Then its tags fill the provider-neutral fields
        #expect(shop.name == "Tasca do Teste", "the name")
        #expect(shop.genre == .init(code: "", name: "portuguese, seafood", catchCopy: ""), "cuisine as the genre")
        #expect(shop.address == "12 Rua do Ensaio, Lisboa, 1100-001", "house number and street, then wider places")
        #expect(shop.urls.shop == "https://tasca.example.invalid/", "the website is the page")
        #expect(shop.osmOpeningHours == "Mo-Sa 12:00-15:00,19:00-23:00; Su off", "the raw opening_hours, for the evaluator")
        #expect(shop.open.isEmpty && shop.hotpepper == nil, "nothing HOT PEPPER-shaped is made up")
        #expect(
            shop.amenities == [
                Amenity(.wifi, "wlan"), Amenity(.barrierFree, "limited"), Amenity(.openAir, "yes"), Amenity(.takeaway, "yes"),
                Amenity(.delivery, "no"), Amenity(.smoking, "outside"),
            ], "the yes/no facts as OSM writes them, in the amenities' order")
    }

    @Test func thePageIsTheContactWebsiteElseTheElementOnOpenStreetMap() throws {
        let page = try decode("lisbon_food_and_areas.json")
        let pages = Dictionary(uniqueKeysWithValues: page.restaurants.map { ($0.id, $0.urls.shop) })
        #expect(pages["way/800000001"] == "https://mercado.example.invalid/", "contact:website")
        #expect(pages["relation/70000001"] == "https://www.openstreetmap.org/relation/70000001", "the element's own page")
        let market = try #require(page.restaurants.first { $0.id == "way/800000001" }, "the market is a shop")
        #expect(market.address == "Praça Fictícia 3, 1100-002 Lisboa", "addr:full as written")
        #expect(market.genre.name == "coffee shop", "an underscore read as a space")
    }

    @Test func theAreasGiveTheShopsClockAndCountry() throws {
        let page = try decode("lisbon_food_and_areas.json")
        #expect(page.region == .init(timeZone: "Europe/Lisbon", countryCode: "PT"), "from the country's area")
    }

    @Test func theNarrowestAreaWithAClockGivesIt() throws {
        // Given a country with one zone and a region inside it with another
        let json = """
            {"elements": [
              {"type": "area", "id": 1, "tags": {"admin_level": "2", "ISO3166-1": "es", "timezone": "Europe/Madrid"}},
              {"type": "area", "id": 2, "tags": {"admin_level": "4", "timezone": "Atlantic/Canary"}}
            ]}
            """
        // When it is decoded
        let page = try OverpassDecoder.decode(Data(json.utf8))
        // Then the region's zone wins and the country code is upper case
        #expect(page.region == .init(timeZone: "Atlantic/Canary", countryCode: "ES"), "the narrowest clock, alpha-2")
        #expect(page.restaurants.isEmpty, "areas are no shops")
    }

    /// A VN country area without `timezone`, as Overpass may give it.
    static let vietnamWithoutClock = #"{"type": "area", "id": 3600049915, "tags": {"admin_level": "2", "ISO3166-1": "VN"}}"#

    /// The answer with the country's area put in, when `withArea`.
    private func hanoi(_ data: Data, withArea: Bool) throws -> Data {
        guard withArea else { return data }
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "a JSON object")
        let area = try JSONSerialization.jsonObject(with: Data(Self.vietnamWithoutClock.utf8))
        object["elements"] = (object["elements"] as? [Any] ?? []) + [area]
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test(arguments: [false, true])
    func anAnswerNamingNoClockIsReadOnTheClockOfItsPlaces(withArea: Bool) throws {
        // Given places around Hoàn Kiếm with no area, or Vietnam's area without `timezone`
        let data = try hanoi(Data(contentsOf: Fixtures.overpass("hanoi_no_area.json")), withArea: withArea)
        // When it is decoded
        let page = try OverpassDecoder.decode(data)
        // Then the clock and country are Vietnam's, and the hours read on that clock: at 16:00 UTC it
        // is Saturday 23:00 in Hanoi, when only the bar is open
        #expect(page.region == .init(timeZone: "Asia/Ho_Chi_Minh", countryCode: "VN"), "\(String(describing: page.region))")
        let saturdayNight = Date(timeIntervalSince1970: 1_764_432_000)  // 2025-11-29T16:00Z
        let open = page.restaurants.map { $0.openStatus(at: .now(saturdayNight), region: page.region).isOpen }
        #expect(open == [false, false, true, nil], "phở and coffee closed, the bar open, no hours unknown: \(open)")
    }

    /// The real capture has no area: with none, and with Vietnam's without `timezone`, every
    /// place whose hours can be read is open or closed, never unknown.
    @Test(Samples.required, arguments: [false, true])
    func everyPlaceOfTheRealHanoiAnswerWithHoursIsOpenOrClosed(withArea: Bool) throws {
        let data = try hanoi(try hanoi().data, withArea: withArea)
        let page = try OverpassDecoder.decode(data)
        #expect(page.region?.timeZone == "Asia/Ho_Chi_Minh", "\(String(describing: page.region))")
        let readable = page.restaurants.filter { $0.hours.state == .given }
        let noon = Date(timeIntervalSince1970: 1_764_392_400)  // 2025-11-29T05:00Z, noon in Hanoi
        let unknown = readable.filter { $0.openStatus(at: .now(noon), region: page.region) == .unknown }
        #expect(
            readable.count > 100 && unknown.isEmpty, "\(readable.count) with hours; unknown: \(unknown.map(\.osmOpeningHours))")
    }

    @Test func anEmptyAnswerIsNoShopsAndNoRegion() throws {
        let page = try decode("empty.json")
        #expect(
            page == RestaurantPage(total: 0, start: 1, restaurants: [], provider: .osm), "nothing found is nothing, not an error")
    }

    @Test func aRemarkThatTheQueryFailedIsAnErrorNeverAShortResult() throws {
        #expect(
            throws: ServiceError.queryFailed(remark: "runtime error: Query timed out in \"query\" at line 2 after 26 seconds."),
            "the server's words, although an element came before"
        ) {
            try decode("remark_timed_out.json")
        }
    }

    @Test func anyOtherRemarkIsNoError() throws {
        let page = try OverpassDecoder.decode(Data(#"{"elements": [], "remark": "runtime remark: 3 areas skipped"}"#.utf8))
        #expect(page.restaurants.isEmpty && page.total == 0, "a remark that is not a failure changes nothing")
    }

    @Test(arguments: [
        ("<html>busy</html>", "not JSON"), (#"{"remark": null}"#, "JSON without elements or remark"),
    ])
    func anAnswerThatIsNoOverpassAnswerIsUnreadable(body: String, detail: String) {
        #expect(throws: ServiceError.unreadableResponse(detail: detail), "said as what was wrong") {
            try OverpassDecoder.decode(Data(body.utf8))
        }
    }

    @Test func anElementThatIsNoOSMElementIsSkippedNotTheAnswerFailed() throws {
        // Given an answer whose first element has no id and whose second is a named café
        let body = #"{"elements": [{"type": "node"}, {"type": "node", "id": 7, "lat": 1, "lon": 2, "tags": {"name": "Café"}}]}"#
        let log = Recorder()
        // When it is decoded
        let page = try OverpassDecoder.decode(Data(body.utf8), log: { log.append($0) })
        // Then the café is there and the narration counts the element skipped
        #expect(page.restaurants.map(\.name) == ["Café"], "\(page.restaurants)")
        #expect(log.values == ["skipped 1 of the 2 elements Overpass sent: not readable as OSM elements"], "\(log.values)")
    }

    /// The Hanoi capture in shared/ and its elements, read without the decoder.
    private func hanoi() throws -> (data: Data, elements: [[String: Any]]) {
        let data = try Samples.data("overpass/hanoi_826_elements_out_center.json")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "a JSON object")
        return (data, object["elements"] as? [[String: Any]] ?? [])
    }

    /// The real answer in shared/ (816 nodes and 10 ways around Hoàn Kiếm lake, Hanoi).
    @Test(Samples.required) func theRealHanoiAnswerDecodesEveryNamedPlaceWaysIncluded() throws {
        // Given the capture, and what it holds, counted independently of the decoder
        let (data, raw) = try hanoi()
        let named = raw.filter {
            $0["type"] as? String != "area" && OSMNameRule.name($0["tags"] as? [String: String] ?? [:]) != nil
        }

        // When it is decoded
        let page = try OverpassDecoder.decode(data)

        // Then every named element is a shop, the ways at their centres
        #expect(raw.count == 826, "the capture as described in SOURCES.md")
        #expect(page.restaurants.count == named.count && page.dropped.isEmpty, "\(named.count) named places, all on the Earth")
        let namedWays = named.filter { $0["type"] as? String == "way" }.count
        #expect(namedWays == 9, "9 of the capture's 10 ways have a name")
        #expect(page.restaurants.filter { $0.id.hasPrefix("way/") }.count == namedWays, "the named ways are shops too")
        let king = try #require(page.restaurants.first { $0.id == "way/675364233" }, "the way with every tag")
        #expect(king.coordinate == Coordinate(lat: 21.0241766, lng: 105.8539843), "its centre")
        #expect(king.urls.shop == "http://kingbbq20hbt.vn/" && king.osmOpeningHours == "Mo-Su 10:00-22:00", "its page and hours")

        // And nearest first from Hoàn Kiếm lake, the distances never decrease
        let lake = Coordinate(lat: 21.0287, lng: 105.8524)
        let distances = page.restaurants.nearestFirst(to: lake).map { $0.coordinate.distance(to: lake) }
        #expect(distances == distances.sorted(), "sorted by distance")
        #expect(distances.first.map { $0 < 150 } == true, "a place by the lake comes first: \(distances.first ?? -1) m")
    }

    /// A third of the capture's places have no `name` tag: each is listed by another of its names.
    @Test(Samples.required) func theRealHanoiAnswerNamesPlacesWithoutANameTagAndSaysTheirKind() throws {
        // Given the capture's places with a name only in another form
        let (data, raw) = try hanoi()
        let unnamed = raw.filter {
            let tags = $0["tags"] as? [String: String] ?? [:]
            return $0["type"] as? String != "area" && (tags["name"] ?? "").allSatisfy(\.isWhitespace)
                && OSMNameRule.name(tags) != nil
        }
        // When it is decoded in English
        let page = try OverpassDecoder.decode(data, language: "en")
        // Then each of them is listed, by its English name where it has one
        #expect(unnamed.count > 200, "the capture as #33 describes it: \(unnamed.count)")
        let names = Set(page.restaurants.map(\.name))
        for name in ["Pizza 4P's", "The Veg", "Spring Lotus"] { #expect(names.contains(name), "\(name) is listed") }
        // And every place says its kind, so the Genre cell is never empty; bars and cafés apart
        #expect(page.restaurants.allSatisfy { $0.kind != nil && !$0.genreOrKind.isEmpty }, "a kind for every place")
        let kinds = Set(page.restaurants.compactMap(\.kind))
        #expect(kinds.isSuperset(of: [.restaurant, .cafe, .bar]), "\(kinds)")
    }

    @Test func aPlaceNamedInSeveralLanguagesKeepsItsLocalNameAndListsTheOthers() throws {
        // Given a place with a local name and names in English, Japanese and a name key that is no language
        let element = OverpassDecoder.Element(
            type: "node", id: 1, lat: 21, lon: 105,
            tags: [
                "name": "Phở Thìn", "name:en": "Pho Thin", "name:ja": "フォー・ティン", "name:etymology": "x",
                "amenity": "restaurant", "phone": "+84 24 3821 2709", "contact:website": "https://pho.example/",
            ])
        // When it is read for a Japanese reader
        let shop = try #require(element.restaurant(language: "ja"))
        // Then the local name is shown, the others listed the reader's language first
        #expect(shop.name == "Phở Thìn")
        #expect(shop.otherNames?.map(\.language) == ["ja", "en"], "\(shop.otherNames ?? [])")
        // And its kind, phone and website are read
        #expect(shop.kind == .restaurant && shop.phone == "+84 24 3821 2709" && shop.website == "https://pho.example/")
    }

    @Test(arguments: [
        (["name:fr": "Chez Paul"], "Chez Paul"), (["name:vi": "Quán", "name:en": "Inn"], "Inn"),
        (["brand": "Highlands Coffee"], "Highlands Coffee"), (["operator": "Hanoi Rail"], "Hanoi Rail"),
        (["name": " ", "brand": "B"], "B"),
    ])
    func aPlaceWithoutANameTagTakesTheNextName(tags: [String: String], name: String) throws {
        let element = OverpassDecoder.Element(
            type: "node", id: 1, lat: 21, lon: 105, tags: tags.merging(["amenity": "cafe"]) { $1 })
        #expect(element.restaurant(language: "en")?.name == name, "\(tags)")
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharactersInsteadOfFailingTheAnswer() throws {
        // Given an answer whose place name holds a byte that is no UTF-8
        let head = #"{"elements": [{"type": "node", "id": 1, "lat": 1, "lon": 2, "tags": {"amenity": "bar", "name": "Bia "#
        let body = Data(head.utf8) + Data([0xFF]) + Data(#"Hơi"}}]}"#.utf8)
        // When it is decoded
        let page = try OverpassDecoder.decode(body)
        // Then the place is kept, the byte read as U+FFFD
        #expect(page.restaurants.map(\.name) == ["Bia \u{FFFD}Hơi"], "the place with its name mended")
    }

    @Test func aPlaceWithNoNameInAnyFormIsLeftOutAndCounted() throws {
        let body = #"{"elements": [{"type": "node", "id": 1, "lat": 1, "lon": 2, "tags": {"amenity": "bar"}}]}"#
        let log = Recorder()
        let page = try OverpassDecoder.decode(Data(body.utf8), log: { log.append($0) })
        #expect(page.restaurants.isEmpty && log.values == ["left out 1 of 1 places: no name in any form, or no position"])
    }

    @Test(arguments: [
        (["diet:vegetarian": "yes"], [Diet.vegetarian]),
        (["diet:vegetarian": "only"], [.vegetarian]),
        (["diet:vegetarian": "no"], []),
        (["diet:vegetarian": "limited"], []),
        ([:], []),
        (["diet:vegan": "yes"], [.vegetarian, .vegan]),
        (["diet:vegan": "only", "diet:vegetarian": "no"], [.vegetarian, .vegan]),
        (["diet:halal": " Only ", "diet:kosher": "yes", "diet:gluten_free": "yes"], [.halal, .kosher, .glutenFree]),
        (["diet:pescetarian": "yes"], []),
    ])
    func dietTagsOfYesOrOnlyCountAndVeganImpliesVegetarian(tags: [String: String], diets: [Diet]) throws {
        // Given a place with those diet tags
        let element = OverpassDecoder.Element(
            type: "node", id: 1, lat: 35, lon: 139, tags: ["name": "Place"].merging(tags) { $1 })

        // When it is read
        let shop = try #require(element.restaurant(language: "en"), "a named place with a position")

        // Then its diets are those said yes or only to, with vegetarian for a vegan one
        #expect(shop.diets == diets, "\(tags) → \(diets)")
    }

    /// The real answer in shared/ holds diet:vegetarian and diet:vegan of yes and only.
    @Test(Samples.required) func theRealHanoiAnswersDietTagsAreRead() throws {
        // Given the capture, and its places that say yes or only to a vegetarian or vegan diet, counted here
        let (data, raw) = try hanoi()
        func says(_ element: [String: Any], _ key: String) -> Bool {
            ["yes", "only"].contains((element["tags"] as? [String: String])?[key] ?? "")
        }
        let taggedVegan = Set(raw.filter { says($0, "diet:vegan") }.map { "\($0["type"]!)/\($0["id"]!)" })
        let taggedVegetarian = Set(raw.filter { says($0, "diet:vegetarian") }.map { "\($0["type"]!)/\($0["id"]!)" })

        // When it is decoded
        let page = try OverpassDecoder.decode(data)

        // Then the vegan places are those, and the vegetarian ones those and the vegan ones
        let shops = page.restaurants.filter { !($0.diets ?? []).isEmpty }
        // Unnamed places are no shops.
        let named = Set(page.restaurants.map(\.id))
        let (vegan, vegetarian) = (taggedVegan.intersection(named), taggedVegetarian.intersection(named))
        #expect(!vegan.isEmpty && !vegetarian.isEmpty, "the capture has both")
        #expect(Set(shops.filter { $0.diets?.contains(.vegan) == true }.map(\.id)) == vegan, "vegan as tagged")
        #expect(
            Set(shops.filter { $0.diets?.contains(.vegetarian) == true }.map(\.id)) == vegetarian.union(vegan),
            "vegetarian as tagged, or vegan")
    }

    @Test(arguments: [
        "Phở", " Phở ", "\tPhở\t", "\u{A0}Phở\u{3000}", "\u{2003} \u{202F}", "", " ", "\nPhở\n", "\u{2028}Phở",
        " \u{301}a ", "a\u{A0}b", "🍜 ",
    ])
    func aTagIsTrimmedAsFoundationTrimsWhitespaces(_ text: String) {
        // Given a tag's value with spaces of several kinds around it, or none
        let trimmed = text.trimmingCharacters(in: .whitespaces)

        // Then it is trimmed as CharacterSet.whitespaces trims, and nothing left is no value
        #expect(OverpassDecoder.nonEmpty(text) == (trimmed.isEmpty ? nil : trimmed), "\(text.debugDescription)")
    }

    @Test func aZeroWidthSpaceAroundTheKindOrTheCuisineIsTrimmedAsOnLinuxFoundation() throws {
        // Given a place whose amenity and cuisine a mapper began with U+200B
        let answer =
            Data(
                #"{"elements":[{"type":"node","id":5,"lat":35.68,"lon":139.76,"tags":{"amenity":"\#u{200B}restaurant","#
                    .utf8) + Data(#""cuisine":"\#u{200B}korean;thai ","name":"Seoul Bangkok"}}]}"#.utf8)

        // When it is decoded
        let place = try #require(try OverpassDecoder.decode(answer).restaurants.first, "the place is read")

        // Then its kind and its cuisines are read without the invisible space
        #expect(
            place.kind == .restaurant && place.businessStatus == nil, "a restaurant, trading: \(String(describing: place.kind))")
        #expect(place.genre.name == "korean, thai", "the cuisines: \(place.genre.name.debugDescription)")
    }
}

/// A food place whose tag went under a lifecycle prefix (`disused:amenity`) is a closed place:
/// a lookup by id finds it, and it is never shown as open.
@Suite struct OverpassClosedPlaceTests {
    static func answer(_ tags: String) -> Data {
        Data(#"{"elements":[{"type":"node","id":5,"lat":35.68,"lon":139.76,"tags":{\#(tags)}}]}"#.utf8)
    }

    @Test(arguments: [
        #""disused:amenity":"restaurant","name":"Gone Grill""#, #""was:amenity":"cafe","name":"Gone Grill""#,
        #""abandoned:amenity":"bar","old_name":"Gone Grill""#,
    ])
    func aLifecyclePrefixedFoodTagIsClosedForGood(tags: String) throws {
        // When such an element is decoded
        let page = try OverpassDecoder.decode(Self.answer(tags))

        // Then it is a place closed for good, with its old name and kind
        let place = try #require(page.restaurants.first, "the element is a place: \(tags)")
        #expect(place.businessStatus == .closedPermanently, "closed for good: \(tags)")
        #expect(
            place.name == "Gone Grill" && place.kind != nil, "its name and kind: \(place.name) \(String(describing: place.kind))")
    }

    @Test func aLiveFoodTagWinsOverALifecycleOne() throws {
        // When a place is tagged both ways (a new restaurant where an old one was)
        let page = try OverpassDecoder.decode(Self.answer(#""amenity":"restaurant","was:amenity":"cafe","name":"New""#))

        // Then it trades as far as OSM says: no status
        #expect(page.restaurants.first?.businessStatus == nil && page.restaurants.first?.kind == .restaurant, "open as tagged")
    }
}

extension OverpassClosedPlaceTests {
    @Test func aClosedPlaceIsNeverOpenWhateverItsHoursSay() throws {
        // Given a disused restaurant whose old hours say always open, in Tokyo
        let page = try OverpassDecoder.decode(
            Self.answer(#""disused:amenity":"restaurant","name":"Gone","opening_hours":"24/7""#))
        let place = try #require(page.restaurants.first)

        // When it is asked whether it is open now, on Tokyo's clock
        let clock = OpenClock(
            .now(Date(timeIntervalSince1970: 1_795_000_000)), region: .init(timeZone: "Asia/Tokyo", countryCode: "JP"))

        // Then it is closed, and opens at no known time
        #expect(clock.status(of: place) == .closed, "closed, whatever 24/7 says")
    }
}
