import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct BudgetBandTests {
    @Test(arguments: [
        ("～500円", "~¥500"), ("501～1000円", "¥501–1,000"), ("1001～1500円", "¥1,001–1,500"),
        ("10001～15000円", "¥10,001–15,000"), ("30001円～", "¥30,001+"), ("2001〜3000円", "¥2,001–3,000"),
        ("ランチ：1000円", "ランチ：1000円"), ("", ""), ("～", "～"),
    ])
    func bandsAreWrittenTheWayPeopleWriteThem(name: String, short: String) {
        #expect(BudgetBand.short(name) == short, "\(name)")
    }

    @Test(
        arguments: [
            (0, "JP", "free"), (1, "JP", "¥"), (2, "FR", "€€"), (3, "GB", "£££"), (4, "US", "$$$$"), (2, nil, "$$"),
            (9, "DE", "€€€€"), (1, "vn", "₫"),
        ] as [(Int, String?, String)])
    func priceLevelsAreWrittenInTheCountrysCurrency(level: Int, country: String?, text: String) {
        #expect(BudgetBand.priceLevel(level, country: country) == text)
    }

    @Test func aBudgetBandWinsOverAPriceLevel() {
        var shop = Seeds.Google.kyoto
        #expect(BudgetBand.short(of: shop, country: "JP") == "¥¥")
        shop.hotpepper = HotpepperDetails(budget: .init(code: "B002", name: "501～1000円", average: ""))
        #expect(BudgetBand.short(of: shop, country: "JP") == "¥501–1,000")
        shop.hotpepper = nil; shop.priceLevel = nil
        #expect(BudgetBand.short(of: shop, country: "JP") == "")
    }

    @Test func aNarrowTableNeverCutsABand() {
        // Given a table of bands the width of the terminal cannot hold whole
        let page = RestaurantPage(
            total: 1, start: 1,
            restaurants: [
                Restaurant(
                    id: "J1", name: "とても長い名前のお店 本店 別館 二階", genre: .init(code: "G001", name: "居酒屋", catchCopy: ""),
                    coordinate: Coordinate(lat: 35, lng: 139), urls: .init(shop: "", photo: ""), provider: .hotpepper,
                    hotpepper: HotpepperDetails(
                        budget: .init(code: "B011", name: "1001～1500円", average: ""), access: "駅から歩いて三分ほどのところにあります"))
            ])
        let table = SearchPresenter.table(page, center: Coordinate(lat: 35.001, lng: 139), open: Seeds.open)
        for width in 30...100 {
            // When it is drawn at every width
            let lines = TableRenderer.render(table, width: width)
            // Then the band is whole or absent, never cut
            #expect(
                lines.allSatisfy { !$0.contains("¥1,001–1,5…") && !$0.contains("¥1,0…") && !$0.contains("¥…") },
                "at \(width) columns: \(lines)")
            #expect(lines[1].contains("¥1,001–1,500") || !lines[0].contains("Budget"), "whole when shown, at \(width)")
        }
    }

    @Test func aSearchWithoutACentreHasNoDistanceColumn() {
        let page = RestaurantPage(
            total: 1, start: 1,
            restaurants: [
                Restaurant(
                    id: "J1", name: "a", genre: .init(code: "G001", name: "居酒屋", catchCopy: ""),
                    coordinate: Coordinate(lat: 35, lng: 139), urls: .init(shop: "", photo: ""), provider: .hotpepper)
            ])
        #expect(
            !SearchPresenter.table(page, center: nil, open: Seeds.open).columns.map(\.title).contains("Dist."),
            "no Dist. without a centre")
        #expect(
            SearchPresenter.table(page, center: Coordinate(lat: 35, lng: 139), open: Seeds.open).columns.map(\.title).contains(
                "Dist."), "with one")
    }
}
