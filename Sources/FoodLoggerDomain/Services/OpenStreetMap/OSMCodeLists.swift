/// OpenStreetMap's genre list: `cuisine` values, answered here without a request (OSM has no
/// list of its own to fetch). The code is the tag value a search matches (`coffee_shop`); the
/// name is the value as a shop's genre reads it (`coffee shop`), so `--genre "coffee shop"`,
/// `--genre coffee_shop` and a typo's did-you-mean work as with HOT PEPPER's genres.
/// OSM has no budgets or areas.
public struct OSMCodeLists: CodeListProtocol {
    public init() {}

    /// The most used `cuisine` values on OSM's food places, from taginfo's list of the key's
    /// values (taginfo.openstreetmap.org/keys/cuisine#values, in order of use), keeping those
    /// that name food or drink (not `local`, `yes`, spellings like `noodles`), and adding the
    /// Japanese staples mapped there (`udon`, `soba`, `beef_bowl`), as foodlogger began in Japan.
    /// `vegetarian` and `vegan` are cuisine values too, though many places say it with `diet:*`,
    /// which a search by genre does not read.
    static let cuisines = [
        "regional", "pizza", "burger", "coffee_shop", "italian", "chinese", "sandwich", "chicken", "mexican",
        "japanese", "kebab", "indian", "asian", "sushi", "thai", "french", "german", "ice_cream", "greek", "american",
        "seafood", "vietnamese", "fish_and_chips", "korean", "turkish", "steak_house", "international", "spanish",
        "friture", "donut", "noodle", "barbecue", "ramen", "tea", "lebanese", "mediterranean", "breakfast",
        "vegetarian", "vegan", "bubble_tea", "crepe", "tapas", "udon", "soba", "beef_bowl",
    ]

    static let genres = cuisines.map { CodeEntry(code: $0, name: OverpassDecoder.cuisine($0)) }

    public func codeList(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry] {
        guard kind == .genres else { throw .noCodeList(kind, service: .osm) }
        return Self.genres
    }
}

/// The Overpass client answers for its code lists too, so a worker over it reads genre names.
extension OverpassAPI: CodeListProtocol {
    public func codeList(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry] {
        try await OSMCodeLists().codeList(kind)
    }
}
