import Foundation
import Testing

@testable import FoodLoggerDomain

/// Real-shaped places of the three services for the merge's tests.
enum MergeSeeds {
    /// Shinjuku, by Shinjuku station's east exit.
    static let origin = Coordinate(lat: 35.6910, lng: 139.7020)

    /// A place `north` and `east` metres from `origin`.
    static func place(
        _ id: String, _ name: String, provider: Provider, north: Double = 0, east: Double = 0, phone: String? = nil,
        website: String? = nil, kind: PlaceKind? = nil, otherNames: [Restaurant.LocalName]? = nil
    ) -> Restaurant {
        let lat = origin.lat + north / 111_320
        let lng = origin.lng + east / (111_320 * cos(origin.lat * .pi / 180))
        return Restaurant(
            id: id, name: name, genre: .init(code: "", name: "", catchCopy: ""), coordinate: Coordinate(lat: lat, lng: lng),
            urls: .init(shop: "", photo: ""), provider: provider, kind: kind, otherNames: otherNames, phone: phone,
            website: website)
    }
}

@Suite struct PlaceMatcherTests {
    let sut = PlaceMatcher()

    @Test func theSamePlaceInTwoScriptsMergesOnItsPhone() {
        // Given HOT PEPPER's Japanese name and Google's English one, 25 m apart, one number written two ways
        let hotpepper = MergeSeeds.place("J001", "麺屋 武蔵 新宿本店", provider: .hotpepper, phone: "03-3363-4634")
        let google = MergeSeeds.place(
            "ChIJabcdefghijklmnopqrst", "Menya Musashi Shinjuku", provider: .google, north: 20, east: 15,
            phone: "+81 3-3363-4634")
        // Then
        #expect(sut.evidence(hotpepper, google) == .phone, "one number, +81 and a trunk 0: one place")
    }

    @Test func aNameInTwoScriptsWithNothingElseStaysTwoPlaces() {
        let hotpepper = MergeSeeds.place("J001", "麺屋 武蔵", provider: .hotpepper)
        let osm = MergeSeeds.place("node/1", "Menya Musashi", provider: .osm, north: 5)
        #expect(sut.evidence(hotpepper, osm) == nil, "5 m apart, but no name, phone or website agrees")
    }

    @Test func aNameInAnotherLanguageTheServiceGaveMerges() {
        // OpenStreetMap's name:ja agrees with HOT PEPPER's name
        let osm = MergeSeeds.place(
            "node/1", "Menya Musashi", provider: .osm, north: 30,
            otherNames: [.init(language: "ja", name: "麺屋武蔵")])
        let hotpepper = MergeSeeds.place("J001", "麺屋 武蔵", provider: .hotpepper)
        #expect(sut.evidence(osm, hotpepper) == .name, "name:ja 麺屋武蔵 is 麺屋 武蔵 without the space")
    }

    @Test func twoBranchesOfOneChain200MetresApartStayTwo() {
        // Given one chain's two branches, one website, different numbers
        let one = MergeSeeds.place(
            "node/1", "一蘭 新宿中央東口店", provider: .osm, phone: "050-1808-2546",
            website: "https://ichiran.com/shop/tokyo/shinjuku-central/")
        let other = MergeSeeds.place(
            "ChIJabcdefghijklmnopqrst", "一蘭 新宿御苑店", provider: .google, north: 200, phone: "050-1808-2547",
            website: "https://ichiran.com/shop/tokyo/shinjuku-gyoen/")
        #expect(sut.evidence(one, other) == nil, "200 m apart: neither the chain's name nor its host merges them")
        // Even close together, two named branches are two places
        var near = other
        near.coordinate = one.coordinate
        #expect(sut.evidence(one, near) == nil, "two branch names (新宿中央東口店, 新宿御苑店) never agree, one host or not")
        near.phone = one.phone
        #expect(sut.evidence(one, near) == nil, "nor with one phone")
    }

    @Test func aFoodCourtAndItsStallsStayApart() {
        // Given a food court (one service pins its middle) and two stalls inside it, 20 m apart
        let court = MergeSeeds.place("way/10", "Lumine Food Court", provider: .osm, kind: .foodCourt)
        let stall = MergeSeeds.place("ChIJstall1stall1stall1", "Tsukiji Sushi", provider: .google, north: 30, kind: .fastFood)
        let otherStall = MergeSeeds.place("J002", "Kyoto Udon", provider: .hotpepper, north: 50, kind: .restaurant)
        #expect(sut.evidence(court, stall) == nil, "a stall is not the court it stands in")
        #expect(sut.evidence(stall, otherStall) == nil, "nor the stall next to it")
        // But the court itself, pinned 120 m away at another door by another service, is one place
        let sameCourt = MergeSeeds.place("ChIJcourtcourtcourtcourt", "LUMINE food court", provider: .google, east: 120)
        #expect(sut.evidence(court, sameCourt) == .name, "a large venue's names agree within 150 m")
        let plainAt120 = MergeSeeds.place("ChIJplainplainplainplain", "Tsukiji Sushi", provider: .google, east: 120)
        #expect(sut.evidence(stall, plainAt120) == nil, "an ordinary place is one place within 60 m only")
    }

    @Test func stallsSharingTheBuildingsPhoneStayApart() {
        // Given two stalls of a station building that OpenStreetMap gives the building's phone,
        // and Google's record of one of them with that phone, nearer the other stall
        let curry = MergeSeeds.place("node/21", "Curry Kitchen", provider: .osm, phone: "03-3333-0000", kind: .fastFood)
        let soba = MergeSeeds.place("node/22", "Soba Stand", provider: .osm, north: 40, phone: "03-3333-0000")
        let googleSoba = MergeSeeds.place(
            "ChIJsobasobasobasobasoba", "Soba Stand", provider: .google, north: 5, phone: "03-3333-0000")
        // When the answers are grouped
        let groups = sut.group([[curry, soba], [googleSoba]])
        // Then the shared phone is no evidence: Google's soba joins OpenStreetMap's soba by name
        #expect(
            groups.map { $0.map(\.id) } == [["node/21"], ["node/22", "ChIJsobasobasobasobasoba"]],
            "\(groups.map { $0.map(\.id) })")
        #expect(sut.evidence(curry, googleSoba, shared: PlaceMatcher.sharedKeys([[curry, soba]])) == nil, "a building's phone")
    }

    @Test func branchesSharingAHostStayApart() {
        // Given two Starbucks branches 40 m apart, each with its page on the chain's host
        let one = MergeSeeds.place(
            "J010", "スターバックス 渋谷駅前店", provider: .hotpepper, website: "https://store.starbucks.co.jp/detail-1001/")
        let other = MergeSeeds.place(
            "node/30", "スターバックス 渋谷マークシティ店", provider: .osm, north: 40,
            website: "https://store.starbucks.co.jp/detail-1002/")
        #expect(sut.evidence(one, other) == nil, "another page on one host, and two named branches")
        // But one page is one place
        var same = other
        same.name = "Starbucks"
        same.website = "http://store.starbucks.co.jp/detail-1001"
        #expect(sut.evidence(one, same) == .website, "one host and path")
        // And a page several places of one answer carry says nothing
        let tenant = MergeSeeds.place("node/31", "Cafe A", provider: .osm, website: "https://example-building.jp/floor")
        let tenant2 = MergeSeeds.place(
            "node/32", "Cafe B", provider: .osm, north: 10, website: "https://example-building.jp/floor")
        let google = MergeSeeds.place(
            "ChIJtenanttenanttenanttena", "Bakery C", provider: .google, website: "https://example-building.jp/floor")
        #expect(sut.group([[tenant, tenant2], [google]]).count == 3, "a tenant page merges nothing")
    }

    @Test func aPlaceThatMoved300MetresStaysTwoPlaces() {
        // One service still has the old address; the phone number moved with the place
        let old = MergeSeeds.place("J003", "カフェ ミラ", provider: .hotpepper, phone: "03-1111-2222")
        let new = MergeSeeds.place("node/3", "カフェ ミラ", provider: .osm, north: 300, phone: "03-1111-2222")
        #expect(sut.evidence(old, new) == nil, "300 m is past every radius: both are listed, each where its service has it")
    }

    @Test(arguments: [
        ("ＣＡＦＥ　ＭＩＲＡ", "cafe mira"), ("Café Müller", "cafe muller"), ("ｶﾌｪ ﾐﾗ", "カフェ・ミラ"),
        ("The Ivy", "Ivy"), ("Ivy Branch", "Ivy"), ("一蘭 渋谷店", "一蘭"), ("一蘭渋谷店", "一蘭 渋谷店"),
        ("Bar, \"Neon\"!", "bar neon"), ("Phở Đỏ", "Pho Do"), ("Bœuf & Cie", "Boeuf Cie"), ("Smørrebrød", "Smorrebrod"),
        ("Weißbräu", "Weissbrau"), ("Le Bistrot Paul", "Bistrot Paul"), ("L'Ami Jean", "Ami Jean"),
        ("Bánh Mì Huỳnh Hoa", "Banh Mi Huynh Hoa"),
    ])
    func namesAgreeOnceNormalised(a: String, b: String) {
        #expect(PlaceMatcher.namesAgree(a, b), "\(a) and \(b) name one place")
    }

    @Test(arguments: [
        ("ガスト", "カスト"), ("一蘭 本店", "一蘭 渋谷店"), ("Cafe", "Cafe Luna"), ("!!!", "!!!"), ("松屋", "松屋フーズ"),
        ("Main St. Pizza", "St. Pizza"), ("Phở Đỏ", "Phở Đen"), ("ガ", "カ"),
    ])
    func namesThatDoNotAgree(a: String, b: String) {
        #expect(!PlaceMatcher.namesAgree(a, b), "\(a) and \(b) are two names")
    }

    @Test func phonesAndHostsNormalise() {
        #expect(PlaceMatcher.phoneKey("+81 3-1234-5678") == "312345678", "country code dropped")
        #expect(PlaceMatcher.phoneKey("０３（１２３４）５６７８") == "312345678", "full-width digits, trunk 0")
        #expect(PlaceMatcher.phoneKey("0081312345678") == "312345678", "00 prefix")
        #expect(PlaceMatcher.phoneKey("+84 28 3823 1234") == "2838231234", "Vietnam")
        #expect(PlaceMatcher.phoneKey("110") == nil, "too short to identify a place")
        #expect(PlaceMatcher.hostKey("https://www.Ichiran.com/shop/") == "ichiran.com", "www. dropped, lower case")
        #expect(PlaceMatcher.hostKey("https://www.instagram.com/some_cafe") == nil, "a shared host says nothing")
        #expect(PlaceMatcher.hostKey("example-cafe.jp") == "example-cafe.jp", "a host without a scheme")
    }

    @Test func aWebsiteHostMergesCloseByOnly() {
        let one = MergeSeeds.place("node/5", "Pho 24", provider: .osm, website: "http://pho24.example.vn")
        let other = MergeSeeds.place(
            "ChIJpho24pho24pho24pho24", "Phở Hai Tư", provider: .google, north: 40, website: "https://www.pho24.example.vn/")
        #expect(sut.evidence(one, other) == .website, "one host, 40 m apart")
        var far = other
        far.coordinate = MergeSeeds.place("x", "x", provider: .google, north: 100).coordinate
        #expect(sut.evidence(one, far) == nil, "a host 100 m away is another branch's as likely as this one's")
    }

    @Test func groupingKeepsOnePlacePerServiceAndTheBestMatch() {
        // Given OSM's place, two Google places that both agree with it by name, one nearer
        let osm = MergeSeeds.place("node/1", "Cafe Mira", provider: .osm)
        let far = MergeSeeds.place("ChIJfarfarfarfarfarfarfa", "Cafe Mira", provider: .google, north: 50)
        let near = MergeSeeds.place("ChIJnearnearnearnearnear", "CAFE MIRA", provider: .google, north: 10)
        let hotpepper = MergeSeeds.place("J001", "カフェ ミラ", provider: .hotpepper, north: 12, phone: "03-1111-2222")
        var googleNear = near
        googleNear.phone = "+81-3-1111-2222"
        // When
        let groups = sut.group([[osm], [far, googleNear], [hotpepper]])
        // Then
        #expect(
            groups.map { $0.map(\.id) } == [["node/1", "ChIJnearnearnearnearnear", "J001"], ["ChIJfarfarfarfarfarfarfa"]],
            "the nearer Google place joins OSM's, HOT PEPPER's joins by phone; the other Google place stays alone")
    }
}
