/// A stub that also answers the places the offline stubs share (`SharedStubPlaces`): by id
/// always (so `show`, `log add` and `log check` find a merged place's every id), and in
/// searches only where `inSearches` (what `--stub --provider all` asks, so the demo shows
/// merging with no key and no network; a single service's stub search stays as it was).
public struct StubWithSharedPlaces: HotpepperProtocol {
    let base: any HotpepperProtocol
    let inSearches: Bool

    public init(_ base: any HotpepperProtocol, inSearches: Bool) {
        self.base = base
        self.inSearches = inSearches
    }

    public var provider: Provider { base.provider }

    /// The stub's answer, with the shared places of its service: those asked for by id, or
    /// around the centre on the first page of a search that asks for no genre, filter, budget,
    /// kind or diet (which the shared places are not written to answer).
    public nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError)
        -> RestaurantPage
    {
        var page = try await base.searchRestaurants(query)
        let mine = SharedStubPlaces.places(of: provider)
        if !query.ids.isEmpty {
            let asked = mine.filter { query.ids.contains($0.id) }
            page.restaurants += asked
            page.total += asked.count
            return page.invented
        }
        guard inSearches, query.start <= 1, let center = query.center, query.filters.isEmpty,
            query.genres.isEmpty, query.budgets.isEmpty, query.names.isEmpty, query.kinds.isEmpty, query.diets.isEmpty
        else { return page }
        let terms = (query.keyword ?? "").split(whereSeparator: \.isWhitespace)
        let shared = mine.filter { place in
            place.coordinate.distance(to: center) <= Double(query.metres)
                && terms.allSatisfy { term in
                    ([place.name] + (place.otherNames ?? []).map(\.name)).contains {
                        $0.range(of: term, options: .caseInsensitive) != nil
                    }
                }
        }
        page.restaurants = (page.restaurants + shared).nearestFirst(to: center)
        page.total += shared.count
        return page.invented
    }
}

/// Made-up places near Tokyo Station that every offline stub has, each in its own service's
/// record shape: a ramen shop HOT PEPPER names with its branch, OpenStreetMap in Japanese with
/// an English name and a phone, and Google in English with the same phone, a rating and
/// shorter hours (so the services disagree whether it is open in the evening); and an izakaya
/// HOT PEPPER writes in full-width letters and OpenStreetMap in plain ones.
public enum SharedStubPlaces {
    public static func places(of provider: Provider) -> [Restaurant] {
        switch provider {
        case .hotpepper: hotpepper
        case .osm: openStreetMap
        case .google: google
        }
    }

    /// About 150 m east of Tokyo Station's Marunouchi side, by the Yaesu central exit.
    static let ramen = Coordinate(lat: 35.68105, lng: 139.76870)
    /// About 250 m north.
    static let izakaya = Coordinate(lat: 35.68345, lng: 139.76740)

    static func near(_ place: Coordinate, north: Double, east: Double) -> Coordinate {
        Coordinate(lat: place.lat + north / 111_320, lng: place.lng + east / 90_370)
    }

    static let hotpepper = [
        Restaurant(
            id: "J900009001", name: "らぁ麺 つばめ 八重洲店", genre: .init(code: "G013", name: "ラーメン", catchCopy: "鶏白湯一筋"),
            coordinate: ramen, address: "東京都中央区八重洲１-９-１ 八重洲つばめビル 1F",
            hours: .japaneseText(open: "月～日: 11:00～22:00 （料理L.O. 21:30）", close: "無休"),
            urls: .init(shop: "https://stub.foodlogger.invalid/shops/J900009001/", photo: ""), provider: .hotpepper,
            kind: .restaurant,
            hotpepper: HotpepperDetails(
                nameKana: "らぁめん つばめ やえすてん", catchCopy: "濃厚鶏白湯と自家製麺",
                budget: .init(code: "B010", name: "501～1000円", average: "1000円"), stationName: "東京",
                access: "ＪＲ東京駅八重洲中央口より徒歩２分")),
        Restaurant(
            id: "J900009002", name: "居酒屋 ＭＡＲＵ", genre: .init(code: "G001", name: "居酒屋", catchCopy: ""),
            coordinate: izakaya, address: "東京都中央区八重洲１-２-３ B1F", hours: .japaneseText(open: "月～土: 17:00～23:30", close: "日"),
            urls: .init(shop: "https://stub.foodlogger.invalid/shops/J900009002/", photo: ""), provider: .hotpepper,
            kind: .restaurant,
            hotpepper: HotpepperDetails(
                nameKana: "いざかや まる", budget: .init(code: "B003", name: "3001～4000円", average: "3500円"),
                stationName: "東京", access: "ＪＲ東京駅日本橋口より徒歩３分")),
    ]

    static let openStreetMap = [
        Restaurant(
            id: "node/99000009001", name: "らぁ麺 つばめ", genre: .init(code: "ramen", name: "ramen", catchCopy: ""),
            coordinate: near(ramen, north: 8, east: -6), address: "1-9-1, 八重洲, 中央区, 東京都",
            hours: .openingHours("Mo-Su 11:00-22:00"),
            urls: .init(shop: "https://www.openstreetmap.org/node/99000009001", photo: ""), provider: .osm,
            kind: .restaurant,
            otherNames: [.init(language: "en", name: "Ramen Tsubame")], phone: "+81 3-5555-0101",
            website: "https://tsubame-ramen.example/"),
        Restaurant(
            id: "node/99000009002", name: "居酒屋 MARU", genre: .init(code: "japanese", name: "japanese", catchCopy: ""),
            coordinate: near(izakaya, north: -12, east: 5), hours: .openingHours("Mo-Sa 17:00-23:30"),
            urls: .init(shop: "https://www.openstreetmap.org/node/99000009002", photo: ""),
            provider: .osm, diets: [.vegetarian], kind: .pub),
    ]

    static let google = [
        Restaurant(
            id: "ChIJfoodloggerShared0001", name: "Ramen Tsubame Yaesu",
            genre: .init(code: "ramen_restaurant", name: "Ramen restaurant", catchCopy: ""),
            coordinate: near(ramen, north: -15, east: 12), address: "1-chōme-9-1 Yaesu, Chuo City, Tokyo",
            hours: .periods(
                PeriodHours(week: (0..<7).map { PeriodHours.Period(start: $0 * 1440 + 660, end: $0 * 1440 + 900) })),
            urls: .init(shop: "https://maps.google.com/?cid=900009001", photo: ""), provider: .google,
            rating: 4.3, ratingCount: 512, priceLevel: 1, businessStatus: .operational, kind: .restaurant,
            phone: "03-5555-0101", website: "https://www.tsubame-ramen.example/menu")
    ]
}
