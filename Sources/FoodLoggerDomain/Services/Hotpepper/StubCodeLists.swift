/// The offline stub's code lists: the service's genres and budgets (codes and names are the
/// service's own, API.md §5), and the areas of the stub's shops, whose codes are the stub's.
enum StubCodeLists {
    static let genres = [
        ("G001", "居酒屋"), ("G002", "ダイニングバー・バル"), ("G003", "創作料理"), ("G004", "和食"), ("G005", "洋食"),
        ("G006", "イタリアン・フレンチ"), ("G007", "中華"), ("G008", "焼肉・ホルモン"), ("G017", "韓国料理"),
        ("G009", "アジア・エスニック料理"), ("G010", "各国料理"), ("G011", "カラオケ・パーティ"), ("G012", "バー・カクテル"),
        ("G013", "ラーメン"), ("G016", "お好み焼き・もんじゃ"), ("G014", "カフェ・スイーツ"), ("G015", "その他グルメ"),
    ].map { CodeEntry(code: $0.0, name: $0.1) }

    static let budgets = [
        ("B009", "～500円"), ("B010", "501～1000円"), ("B011", "1001～1500円"), ("B001", "1501～2000円"),
        ("B002", "2001～3000円"), ("B003", "3001～4000円"), ("B008", "4001～5000円"), ("B004", "5001～7000円"),
        ("B005", "7001～10000円"), ("B006", "10001～15000円"), ("B012", "15001～20000円"), ("B013", "20001～30000円"),
        ("B014", "30001円～"),
    ].map { CodeEntry(code: $0.0, name: $0.1) }

    /// The areas the stub's shops lie in, each once, by code.
    static func areas(_ level: CodeListKind) -> [CodeEntry] {
        let entries = StubRestaurants.all.compactMap { shop -> CodeEntry? in
            guard let areas = shop.hotpepper?.areas else { return nil }
            return switch level {
            case .largeAreas: areas.largeArea.map { CodeEntry(code: $0.code, name: $0.name) }
            case .middleAreas: areas.middleArea.map { CodeEntry(code: $0.code, name: $0.name, within: areas.largeArea) }
            case .smallAreas: areas.smallArea.map { CodeEntry(code: $0.code, name: $0.name, within: areas.middleArea) }
            case .genres, .budgets: nil
            }
        }
        var seen = Set<String>()
        return entries.filter { seen.insert($0.code).inserted }.sorted { $0.code < $1.code }
    }
}

extension HotpepperStub: CodeListProtocol {
    public func codeList(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry] {
        switch kind {
        case .genres: StubCodeLists.genres
        case .budgets: StubCodeLists.budgets
        case .largeAreas, .middleAreas, .smallAreas: StubCodeLists.areas(kind)
        }
    }
}
