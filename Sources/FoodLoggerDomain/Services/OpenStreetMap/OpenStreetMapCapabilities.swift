extension ServiceCapabilities {
    /// OpenStreetMap through Overpass: the whole world with no key, its tags' facts and diets,
    /// every kind; the radius is what a public Overpass server answers in time. Overpass answers a
    /// query whole, with no pages.
    @usableFromInline static let openStreetMap = ServiceCapabilities(
        title: "OpenStreetMap",
        credit: ("© OpenStreetMap contributors", "https://www.openstreetmap.org/copyright"), abbreviation: "OSM",
        searchFilters: Set(OSMFacts.filters.keys), diets: Set(Diet.allCases), kinds: Set(PlaceKind.allCases),
        maxRadius: 5000, pages: false, idsPerLookup: RestaurantQuery.maxCount)
}
