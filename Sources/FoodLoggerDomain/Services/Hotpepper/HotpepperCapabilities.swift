extension ServiceCapabilities {
    /// HOT PEPPER Gourmet: Japan's restaurants, in Japanese, with budgets, areas, courses and
    /// every yes/no filter but takeaway and delivery; its hours are free text. A shop's id is `J`
    /// and digits (J001234567: nine of them today, up to 15 taken).
    @usableFromInline static let hotpepper = ServiceCapabilities(
        title: "HOT PEPPER Gourmet",
        credit: ("Powered by ホットペッパーグルメ Webサービス", "http://webservice.recruit.co.jp/"), abbreviation: "HP",
        countries: ["jp"], placeLanguage: "ja", keywordLanguage: "ja", clock: .japan, fields: Set(ShopField.allCases),
        searchFilters: Set(GourmetRequest.filterParameters.keys),
        kinds: HotpepperKinds.kinds, kindsWithGenres: false,
        maxRadius: SearchRange.m3000.metres, searchConditions: Set(SearchCondition.allCases),
        prices: .bands(currency: "yen"), codeLists: Set(CodeListKind.allCases), knowsBest: [.ownPart: 0, .kind: 2],
        placeIDs: PlaceIDGrammar(kinds: ["J"], characters: .digits, length: 1...15))
}
