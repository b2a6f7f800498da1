/// The yes/no facts OpenStreetMap carries, as search filters: the tag each filter reads and the
/// values that keep a place. One table for the Overpass query and the offline stub, so both
/// keep the same places.
public enum OSMFacts {
    /// A filter's tag and the values that count as yes. A place without the tag is left out:
    /// OSM's silence is not a yes.
    public static let filters: [SearchFilter: (key: String, values: [String])] = [
        .wifi: ("internet_access", ["wlan", "yes", "wifi"]),
        .barrierFree: ("wheelchair", ["yes"]),
        .openAir: ("outdoor_seating", ["yes"]),
        .nonSmoking: ("smoking", ["no", "outside", "separated", "isolated"]),
        .takeaway: ("takeaway", ["yes", "only"]),
        .delivery: ("delivery", ["yes", "only"]),
    ]

    /// Whether a place's tags keep it under `filter`; false for a filter OSM has no tag for.
    public static func keeps(_ tags: [String: String], _ filter: SearchFilter) -> Bool {
        guard let fact = filters[filter], let value = tags[fact.key] else { return false }
        return fact.values.contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Each `amenity` value foodlogger asks for, in the query's order, and the kind of place it is.
    static let amenityKinds: [(amenity: String, kind: PlaceKind)] = [
        ("restaurant", .restaurant), ("cafe", .cafe), ("fast_food", .fastFood), ("bar", .bar), ("pub", .pub),
        ("food_court", .foodCourt), ("ice_cream", .iceCream), ("biergarten", .beerGarden),
    ]

    /// The kind each `amenity` value says.
    public static let kinds = Dictionary(uniqueKeysWithValues: amenityKinds.map { ($0.amenity, $0.kind) })

    /// The lifecycle prefixes (OSM's `disused:amenity=restaurant`) that say a place no longer
    /// is what the tag after them says: closed, emptied, demolished or retagged.
    static let closedPrefixes = ["disused", "abandoned", "was", "closed", "demolished", "removed", "razed", "destroyed"]

    /// Where a closed place's name may have gone when its `name` went too.
    static let closedNameKeys = closedPrefixes.map { "\($0):name" } + ["old_name"]

    /// The kind of food place the tags say closed (a food `amenity` value under a lifecycle
    /// prefix) and the tag that says it (`disused:amenity`); nil when they say none. Read only
    /// of an element without a food `amenity`: a plain search never finds such a place, a
    /// lookup by id (`log check`, `show`) does.
    static func closedKind(_ tags: [String: String]) -> (kind: PlaceKind, tag: String)? {
        closedPrefixes.lazy.compactMap { prefix in
            tags["\(prefix):amenity"].flatMap { kinds[$0.trimmingCharacters(in: .whitespaces)] }
                .map { (kind: $0, tag: "\(prefix):amenity") }
        }.first
    }

    /// The lifecycle tag (`disused=yes`) that says a place still tagged as a food place has
    /// closed; nil when none does.
    static func closedFlag(_ tags: [String: String]) -> String? {
        ["disused", "abandoned"].first { tags[$0]?.trimmingCharacters(in: .whitespaces) == "yes" }.map { "\($0)=yes" }
    }

    /// The `amenity` values of `kinds`, all of them for none.
    static func amenities(of kinds: [PlaceKind]) -> [String] {
        amenityKinds.filter { kinds.isEmpty || kinds.contains($0.kind) }.map(\.amenity)
    }

    /// The values of a `diet:*` tag that say a place caters for the diet; `no`, `limited` and a
    /// missing tag do not.
    public static let dietValues = ["yes", "only"]

    /// Each diet's key, built once rather than for every place of a large answer.
    static let dietKeys = Diet.allCases.map { (diet: $0, key: "diet:\($0.rawValue)") }

    /// The diets a place's `diet:*` tags say it caters for, with what each implies (a vegan
    /// place is a vegetarian one), in `Diet.allCases` order.
    public static func diets(_ tags: [String: String]) -> [Diet] {
        let said = dietKeys.filter { _, key in
            tags[key].map { dietValues.contains($0.trimmingCharacters(in: .whitespaces).lowercased()) } ?? false
        }.map(\.diet)
        // Most places say nothing: no set to build for them.
        return said.isEmpty ? [] : Diet.closing(said)
    }
}
