extension ServiceCapabilities {
    /// OpenStreetMap through Overpass: the whole world with no key, its tags' facts and diets,
    /// every kind; the radius is what a public Overpass server answers in time. Overpass answers a
    /// query whole, with no pages. An element's id is its type and its number, a positive 64-bit
    /// integer (`node/2750164437`).
    @usableFromInline static let openStreetMap = ServiceCapabilities(
        title: "OpenStreetMap",
        credit: ("© OpenStreetMap contributors", "https://www.openstreetmap.org/copyright"), abbreviation: "OSM",
        searchFilters: Set(OSMFacts.filters.keys), diets: Set(Diet.allCases), kinds: Set(PlaceKind.allCases),
        maxRadius: 5000, pages: false, idsPerLookup: RestaurantQuery.maxCount, knowsBest: [.diets: 0, .kind: 0],
        placeIDs: PlaceIDGrammar(
            kinds: OverpassRequest.elementTypes.map { $0 + "/" }, characters: .digits, length: 1...19,
            numbers: 1...UInt64(Int64.max)))
}
