import Foundation
import Testing

@testable import FoodLoggerDomain

@Suite struct LastListTests {
    static let saved = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func theNumbersAreTheOnesShownFromThePagesStart() throws {
        // Given a page that began at --start 11, three shops in the order shown
        var page = Seeds.Pages.tokyo
        page.start = 11

        // When it becomes the last list, as the store writes it and reads it back
        let list = LastList(page: page, center: Seeds.tokyoStation, saved: Self.saved)
        let sut = try StoredLastList(writing: list)

        // Then 11, 12, 13 name its shops in that order, and 10 and 14 are misses saying what it holds
        #expect(try sut.shop(numbered: 13) == ("J0000000002", .hotpepper) && sut.shop(numbered: 11).id == "J0000000003")
        #expect(throws: LastList.Miss(number: 14, numbers: 11...13)) { try sut.shop(numbered: 14) }
        #expect(throws: LastList.Miss(number: 10, numbers: 11...13)) { try sut.shop(numbered: 10) }
        #expect(sut.center == Seeds.tokyoStation && list.saved == Self.saved && sut.provider == .hotpepper)
    }

    @Test func aServiceThatMayKeepItsContentKeepsTheShopsWhole() {
        // Given HOT PEPPER's and OpenStreetMap's pages
        for page in [Seeds.Pages.tokyo, Seeds.OSM.page] {
            // When each becomes the last list
            let sut = LastList(page: page, center: nil, saved: Self.saved)

            // Then the shops are kept as shown
            #expect(sut.shops == .kept(page.restaurants), "\(page.provider) keeps its shops")
        }
    }

    @Test func googlesListKeepsOnlyTheIds() throws {
        // Given a page answered by Google Places, whose terms let an app keep place ids only
        let shops = Seeds.Pages.tokyo.restaurants.map { shop in
            var google = shop
            google.provider = .google
            return google
        }
        let page = RestaurantPage(total: 3, start: 1, restaurants: shops, region: Seeds.OSM.parisRegion, provider: .google)

        // When it becomes the last list and is encoded as the store writes it
        let sut = LastList(page: page, center: Seeds.tokyoStation, saved: Self.saved)
        let written = String(decoding: try #require(LastListWriter.data(sut)), as: UTF8.self)

        // Then it holds the ids, in order, and none of the shops' names or addresses
        #expect(sut.shops == .ids(["J0000000003", "J0000000001", "J0000000002"]))
        #expect(sut.keptShops.isEmpty)
        #expect(try StoredLastList(writing: sut).shop(numbered: 2) == ("J0000000001", .google))
        for shop in page.restaurants {
            #expect(!written.contains(shop.name) && !written.contains(shop.address), "no \(shop.name) in \(written)")
        }
    }

    @Test func theOfflineStubsGoogleListIsKeptWhole() {
        // Given a page the offline stub answered as Google: invented places, none of Google's content
        let page = RestaurantPage(total: 3, start: 1, restaurants: Seeds.Pages.tokyo.restaurants, provider: .google)

        // When it becomes the last list
        let sut = LastList(page: page, center: Seeds.tokyoStation, saved: Self.saved, invented: true)

        // Then its shops are kept, so show 3 after `--stub --provider google` needs no key
        #expect(sut.shops == .kept(page.restaurants))
    }
}
