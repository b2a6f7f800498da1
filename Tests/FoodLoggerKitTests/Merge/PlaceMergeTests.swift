import Foundation
import Testing

@testable import FoodLoggerDomain

@Suite struct PlaceMergeTests {
    static let week = PeriodHours(week: [.init(start: 660, end: 900)])
    static let dated = PeriodHours(
        week: [.init(start: 660, end: 900)], dated: [.init(date: CivilDate(year: 2026, month: 11, day: 20), periods: [])])

    static func osm(hours: String? = "Mo-Su 11:00-22:00") -> Restaurant {
        var place = MergeSeeds.place("node/1", "Cafe Mira", provider: .osm, kind: .cafe)
        place.hours = .given(openingHours: hours)
        place.diets = [.vegan]
        return place
    }

    static func google(_ hours: PeriodHours?) -> Restaurant {
        var place = MergeSeeds.place("ChIJmiramiramiramiramira", "Cafe Mira", provider: .google, north: 5, kind: .restaurant)
        place.hours = .given(periods: hours)
        place.rating = 4.5
        place.ratingCount = 10
        place.priceLevel = 2
        place.businessStatus = .operational
        place.diets = [.vegetarian]
        return place
    }

    static func hotpepper() -> Restaurant {
        var place = MergeSeeds.place("J001", "カフェ ミラ", provider: .hotpepper, north: 3)
        place.hours = .given(open: "月～日: 10:00～20:00")
        place.hotpepper = HotpepperDetails(budget: .init(code: "B010", name: "501～1000円", average: ""), access: "駅から1分")
        return place
    }

    @Test func hoursAreGooglesDatedThenOSMsThenGooglesWeekThenHotPeppersText() {
        let datedGoogle = PlaceMerge.merge([Self.osm(), Self.google(Self.dated), Self.hotpepper()])
        #expect(datedGoogle.periodHours == Self.dated, "Google's dated hours first")
        let weekOnly = PlaceMerge.merge([Self.osm(), Self.google(Self.week), Self.hotpepper()])
        #expect(weekOnly.osmOpeningHours == "Mo-Su 11:00-22:00" && weekOnly.periodHours == nil, "then OSM's")
        let noOSMHours = PlaceMerge.merge([Self.osm(hours: nil), Self.google(Self.week), Self.hotpepper()])
        #expect(noOSMHours.periodHours == Self.week, "then Google's week")
        let textOnly = PlaceMerge.merge([Self.osm(hours: nil), Self.google(nil), Self.hotpepper()])
        #expect(
            textOnly.periodHours == nil && textOnly.osmOpeningHours == nil && textOnly.open == "月～日: 10:00～20:00",
            "then HOT PEPPER's text")
    }

    @Test func eachFieldComesFromTheServiceThatKnowsItBest() {
        // Given HOT PEPPER listed first, so the name and id are its own
        let merged = PlaceMerge.merge([Self.hotpepper(), Self.osm(), Self.google(Self.week)])
        #expect(merged.id == "J001" && merged.name == "カフェ ミラ" && merged.provider == .hotpepper, "the first service's")
        #expect(merged.coordinate == Self.hotpepper().coordinate, "and its position")
        #expect(merged.rating == 4.5 && merged.priceLevel == 2 && merged.businessStatus == .operational, "Google's")
        #expect(merged.hotpepper?.budget?.code == "B010" && merged.hotpepper?.access == "駅から1分", "HOT PEPPER's")
        #expect(merged.diets == [.vegan] && merged.kind == .cafe, "OSM's diets and kind before Google's")
        #expect(merged.sources?.map(\.provider) == [.hotpepper, .osm, .google], "in the merge's order")
        #expect(merged.sources?.map(\.record?.id) == ["J001", "node/1", "ChIJmiramiramiramiramira"], "each record kept")
        let fields = merged.sources?.map(\.fields) ?? []
        #expect(fields[2].contains("rating") && !fields[0].contains("rating"), "Google gave the rating: \(fields)")
        #expect(fields[1].contains("hours") && fields[1].contains("diet") && fields[1].contains("kind"), "\(fields)")
    }

    @Test func aListKeepsOnlyGooglesIdOfAMergedPlace() {
        // Given a merged place with Google's rating, hours and record
        let merged = PlaceMerge.merge([Self.osm(hours: nil), Self.google(Self.week), Self.hotpepper()])
        #expect(merged.rating == 4.5 && merged.periodHours == Self.week, "Google's, while the run lasts")
        // When it is made keepable
        let kept = merged.keepable
        // Then Google's part is gone but its id, and the others' parts stay
        #expect(kept.rating == nil && kept.priceLevel == nil && kept.businessStatus == nil, "Google's terms")
        #expect(kept.periodHours == nil && kept.open == "月～日: 10:00～20:00", "HOT PEPPER's text left to read")
        let google = kept.sources?.first { $0.provider == .google }
        #expect(google?.record == nil && google?.id == "ChIJmiramiramiramiramira", "the id stays")
        #expect(kept.sources?[0].record != nil && kept.hotpepper?.budget?.code == "B010", "OSM's and HOT PEPPER's stay")
        var invented = merged
        invented.invented = true
        #expect(invented.keepable == invented, "a stub's made-up place is kept whole")
    }

    @Test func aKeptMergedPlaceKeepsOSMsHoursWhereGooglesDatedHoursWereChosen() {
        // Given a merged place whose hours are Google's dated ones, OpenStreetMap having its own
        let merged = PlaceMerge.merge([Self.osm(), Self.google(Self.dated)])
        #expect(merged.periodHours == Self.dated, "Google's dated hours while the run lasts")
        // When it is made keepable
        let kept = merged.keepable
        // Then OpenStreetMap's hours stand in their place, and Google gave nothing kept
        #expect(kept.osmOpeningHours == "Mo-Su 11:00-22:00" && kept.periodHours == nil, "OSM's hours: \(kept)")
        #expect(kept.sources?.map(\.fields.isEmpty) == [false, true], "Google's fields are gone: \(kept.sources ?? [])")
        #expect(kept.keepable == kept, "made keepable once")
    }

    @Test func aListKeepsOnlyTheIdOfAGooglePlaceInAMergedList() throws {
        // Given a merged page led by OpenStreetMap, with a place only Google knows
        let google = Self.google(Self.week)
        let merged = PlaceMerge.merge([Self.osm(), Self.hotpepper()])
        let page = RestaurantPage(total: 2, start: 1, restaurants: [merged, google], provider: .osm)
        // When the last list is made of it
        let list = LastList(page: page, center: nil, saved: Date(timeIntervalSince1970: 0))
        // Then Google's place is its id alone, looked up by Google; the merged place is kept whole
        #expect(list.keptShops.map(\.id) == ["node/1"], "only the merged place is kept whole")
        #expect(!list.keepsEveryShop, "Google's place must be asked again")
        #expect(list.ids == ["node/1", "ChIJmiramiramiramiramira"], "both numbered")
        guard case .kept(let shops) = list.shops else { Issue.record("a merged list is kept"); return }
        #expect(shops[1].name.isEmpty && shops[1].rating == nil && shops[1].periodHours == nil, "nothing of Google's")
        let stored = try StoredLastList(writing: list)
        #expect(try stored.shop(numbered: 2) == ("ChIJmiramiramiramiramira", .google), "looked up by its own service")
        #expect(try stored.shop(numbered: 1) == ("node/1", .osm))
        #expect(try stored.keptShop(id: "ChIJmiramiramiramiramira") == nil && stored.keptShop(id: "node/1")?.id == "node/1")
    }

    @Test func aListLedByGoogleKeepsAPlaceOfAnotherServiceWithItsOwnService() throws {
        // Given a page of --provider google,osm: a merged place and a place only OpenStreetMap knows
        let merged = PlaceMerge.merge([Self.google(Self.dated), Self.osm()])
        var osmOnly = Self.osm()
        osmOnly.id = "node/502"
        let page = RestaurantPage(total: 2, start: 1, restaurants: [merged, osmOnly], provider: .google)
        // When the last list is made of it
        let list = LastList(page: page, center: nil, saved: Date(timeIntervalSince1970: 0))
        // Then each is kept under OpenStreetMap, its own id, with none of Google's content
        let stored = try StoredLastList(writing: list)
        #expect(try stored.shop(numbered: 2) == ("node/502", .osm), "not sent to Google")
        #expect(try stored.shop(numbered: 1) == ("node/1", .osm), "named by the first service that may be kept")
        #expect(list.keepsEveryShop && list.keptShops.allSatisfy { $0.rating == nil }, "\(list.keptShops)")
    }

    @Test func aPlaceOneServiceAnsweredIsAsItWas() {
        let place = Self.osm()
        #expect(PlaceMerge.merge([place]) == place, "no sources for one service's place")
    }
}
