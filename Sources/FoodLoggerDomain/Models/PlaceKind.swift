/// What sort of food place it is, one list for every service: OpenStreetMap's `amenity`, Google's
/// primary type, HOT PEPPER's genre where it says (bars, cafés). The raw value is the word
/// `--kind` and the JSON use.
public enum PlaceKind: String, Sendable, CaseIterable, Codable, Comparable {
    case restaurant, cafe, bar, pub
    case fastFood = "fast_food", foodCourt = "food_court", iceCream = "ice_cream", beerGarden = "beer_garden"

    /// As a person writes it: "fast food".
    public var label: String { rawValue.replacingOccurrences(of: "_", with: " ") }

    /// The kind a word names: its raw value or label in any case, or a near miss within two edits.
    public static func named(_ word: String) -> PlaceKind? {
        PlaceKind(rawValue: word.lowercased().replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_"))
    }

    public static func < (lhs: PlaceKind, rhs: PlaceKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension Restaurant {
    /// What the Genre cell shows: the cuisine or genre, else the kind of place, so it is empty
    /// only where the service says neither.
    public var genreOrKind: String { genre.name.isEmpty ? kind?.label ?? "" : genre.name }
}
