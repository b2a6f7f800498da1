import Foundation

/// The gourmet search answered offline from a fixed set of shops (by default `StubRestaurants`),
/// with the service's query semantics, so the offline mode, demos and tests behave like the real thing
/// without a key or a network.
///
/// Filters are strict: a filter keeps only shops whose matching amenity answers yes. Shops carry
/// no yes/no answer for `wedding` (a free memo), `cocktail`, `shochu`, `sake`, `wine`, `ktai`,
/// `sommelier`, `night_view`, `open_air`, `equipment` or `midnight_meal`, so those keep nothing.
public struct HotpepperStub: HotpepperProtocol {
    /// The shops a query may find, in their "recommended" order.
    let candidates: @Sendable (RestaurantQuery) -> [Restaurant]
    /// The places it has shops, told with an answer around a centre away from all of them
    /// (`RestaurantPage.coverage`); nil: anywhere its shops are.
    let coverage: @Sendable (RestaurantQuery) -> [String]?

    /// Searches these shops.
    init(restaurants: [Restaurant]) {
        candidates = { _ in restaurants }
        coverage = { _ in nil }
    }

    /// Searches the stub data, `StubRestaurants`, building only the part a query can reach:
    /// this is on the start-up path of every stub search.
    public init() {
        candidates = { StubRestaurants.candidates(for: $0) }
        coverage = { StubRestaurants.isOutside($0) ? StubRestaurants.Neighbourhood.allCases.map(\.name) : nil }
    }

    /// What the service answers (error 3000) to a search without any condition.
    static let noConditionMessage = "少なくとも１つの条件を入れてください。"

    public var provider: Provider { .hotpepper }

    public nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        guard query.hasCondition else { throw .invalidRequest(message: Self.noConditionMessage, service: .hotpepper) }
        let terms = Self.terms(of: query.keyword ?? "")
        let kinds = query.filters.map { AmenityKind(rawValue: $0.rawValue) }
        let genres = HotpepperKinds.genres(for: query)
        let matches = candidates(query).filter { shop in
            (query.ids.isEmpty || query.ids.contains(shop.id))
                && terms.allSatisfy { Self.shop(shop, mentions: $0) }
                && (genres.isEmpty || genres.contains(shop.genre.code)
                    || shop.subGenre.map { genres.contains($0.code) } == true)
                && (query.budgets.isEmpty || shop.hotpepper?.budget.map { query.budgets.contains($0.code) } == true)
                && (query.area == nil
                    || shop.hotpepper.map { [$0.areas.largeArea, $0.areas.middleArea, $0.areas.smallArea] }?.contains {
                        $0?.code == query.area
                    } == true)
                && kinds.allSatisfy { kind in kind.flatMap { shop.amenity($0) }.map(Self.saysYes) ?? false }
        }
        let ordered =
            query.center.map { Self.nearestFirst(matches, to: $0, within: query.metres) }
            ?? Self.sorted(matches, by: query.order)
        let first = min(max(query.start, 1) - 1, ordered.count)
        let last = min(first + max(query.count, 0), ordered.count)
        return RestaurantPage(
            total: ordered.count, start: query.start, restaurants: Array(ordered[first..<last]),
            coverage: coverage(query), provider: provider
        ).invented
    }

    /// The keyword's terms, split on half-width and full-width spaces alike: Japanese input
    /// methods type the latter.
    static func terms(of keyword: String) -> [String] {
        keyword.split { $0 == " " || $0 == "\u{3000}" }.map(String.init)
    }

    /// Whether a term occurs in any of the texts the service's keyword search reads.
    static func shop(_ shop: Restaurant, mentions term: String) -> Bool {
        let own = shop.hotpepper.map { [$0.nameKana, $0.stationName, $0.catchCopy] } ?? []
        return ([shop.name, shop.address, shop.genre.name, shop.genre.catchCopy] + own)
            .contains { $0.range(of: term, options: .caseInsensitive) != nil }
    }

    /// Whether a filter keeps a shop for this answer: yes, or partly (一部禁煙 for non-smoking seats).
    static func saysYes(_ answer: String) -> Bool {
        [.yes, .partly].contains(Amenity.answer(answer)?.verdict)
    }

    /// With a centre the service keeps shops within the radius and orders them by distance,
    /// whatever `order` asks; equal distances (shops in one building) go by id.
    static func nearestFirst(_ shops: [Restaurant], to centre: Coordinate, within metres: Int) -> [Restaurant] {
        let radius = Double(metres)
        let near: [(shop: Restaurant, metres: Double)] = shops.compactMap { shop in
            let metres = shop.coordinate.distance(to: centre)
            return metres <= radius ? (shop, metres) : nil
        }
        return near.sorted { $0.metres != $1.metres ? $0.metres < $1.metres : $0.shop.id < $1.shop.id }.map(\.shop)
    }

    /// Without a centre: the asked order, keeping the data's order among equals (the data's own
    /// order is the "recommended" one).
    static func sorted(_ shops: [Restaurant], by order: SearchOrder?) -> [Restaurant] {
        let key: (Restaurant) -> String
        switch order {
        case .kana: key = { hiragana($0.hotpepper?.nameKana ?? "") }
        case .genre: key = { $0.genre.code }
        case .smallArea: key = { $0.hotpepper?.areas.smallArea?.code ?? "" }
        case .recommended, nil: return shops
        }
        let keyed: [(key: String, index: Int, shop: Restaurant)] = shops.enumerated().map { (key($1), $0, $1) }
        return keyed.sorted { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }.map(\.shop)
    }

    /// Readings come in hiragana or katakana; folding katakana to hiragana sorts them as one
    /// syllabary instead of putting every katakana reading after all the hiragana ones.
    static func hiragana(_ kana: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in kana.unicodeScalars {
            let folded = (0x30A1...0x30F6).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x60) : nil
            scalars.append(folded ?? scalar)
        }
        return String(scalars)
    }
}
