/// Google's genre list: the food and drink place types of Places API (New)'s Table A, answered
/// here without a request (Google has no list to fetch). The code is the type a search includes
/// (`ramen_restaurant`); the name is the type in words (`ramen restaurant`), so `--genre ramen`,
/// `--genre "ramen restaurant"` and a typo's did-you-mean work as with the other services' genres.
/// Google has no budgets or areas.
public struct GooglePlacesTypes: CodeListProtocol {
    public init() {}

    /// Table A's "Food and Drink" types (developers.google.com/maps/documentation/places/web-service/place-types),
    /// the general ones first.
    static let codes = [
        "restaurant", "cafe", "coffee_shop", "bar", "pub", "wine_bar", "bakery", "meal_takeaway", "meal_delivery",
        "fast_food_restaurant", "food_court", "cafeteria", "deli", "diner", "buffet_restaurant", "fine_dining_restaurant",
        "bar_and_grill", "breakfast_restaurant", "brunch_restaurant", "dessert_restaurant", "dessert_shop",
        "ice_cream_shop", "donut_shop", "bagel_shop", "sandwich_shop", "juice_shop", "acai_shop", "tea_house",
        "cat_cafe", "dog_cafe", "chocolate_shop", "confectionery", "candy_store", "steak_house", "hamburger_restaurant",
        "pizza_restaurant", "seafood_restaurant", "barbecue_restaurant", "vegan_restaurant", "vegetarian_restaurant",
        "japanese_restaurant", "ramen_restaurant", "sushi_restaurant", "chinese_restaurant", "korean_restaurant",
        "thai_restaurant", "vietnamese_restaurant", "indonesian_restaurant", "indian_restaurant", "asian_restaurant",
        "afghani_restaurant", "middle_eastern_restaurant", "lebanese_restaurant", "turkish_restaurant",
        "greek_restaurant", "mediterranean_restaurant", "italian_restaurant", "french_restaurant", "spanish_restaurant",
        "american_restaurant", "mexican_restaurant", "brazilian_restaurant", "african_restaurant",
    ]

    /// The types each kind of place is asked for by; a beer garden has no type of its own.
    static let typesByKind: [PlaceKind: [String]] = [
        .restaurant: ["restaurant"], .cafe: ["cafe", "coffee_shop"], .bar: ["bar", "wine_bar"], .pub: ["pub"],
        .fastFood: ["fast_food_restaurant"], .foodCourt: ["food_court"], .iceCream: ["ice_cream_shop"],
    ]

    /// The kinds Google can search by.
    static let kinds = Set(typesByKind.keys)

    /// The kind a primary type says: the types of `typesByKind`, a few more of the same kind, and
    /// any other `…_restaurant`; nil for the rest (a bakery, a deli).
    static func kind(of type: String) -> PlaceKind? {
        if let kind = typesByKind.first(where: { $0.value.contains(type) })?.key { return kind }
        switch type {
        case "tea_house", "cat_cafe", "dog_cafe": return .cafe
        case "cocktail_bar", "lounge_bar", "sports_bar": return .bar
        case "irish_pub": return .pub
        case "beer_garden": return .beerGarden
        default:
            return type.hasSuffix("_restaurant") || ["diner", "steak_house", "bar_and_grill"].contains(type) ? .restaurant : nil
        }
    }

    static let genres = codes.map { CodeEntry(code: $0, name: $0.replacingOccurrences(of: "_", with: " ")) }

    public func codeList(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry] {
        guard kind == .genres else { throw .noCodeList(kind, service: .google) }
        return Self.genres
    }
}
