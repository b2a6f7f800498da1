extension ServiceCapabilities {
    /// Google Places: the world with ratings and prices. It answers only whether a place serves
    /// vegetarian food; its terms let an app keep place ids only; Nearby Search answers 20
    /// places at most, Text Search 60. Every request is billed.
    @usableFromInline static let googlePlaces = ServiceCapabilities(
        title: "Google Places",
        credit: ("Powered by Google", "https://cloud.google.com/maps-platform/terms"), abbreviation: "G",
        diets: [.vegetarian], kinds: GooglePlacesTypes.kinds, ratesPlaces: true, maxRadius: 50_000,
        mayKeepContent: false, mostShops: (withKeyword: 60, withoutKeyword: 20), prices: .levels,
        billedLookup: "Place Details", billsEachRequest: true)
}
