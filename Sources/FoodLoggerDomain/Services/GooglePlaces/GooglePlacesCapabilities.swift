extension ServiceCapabilities {
    /// Google Places: the world with ratings and prices. It answers only whether a place serves
    /// vegetarian food; its terms let an app keep place ids only, and a place's name and
    /// position for 30 days (the food log keeps them that long); Nearby Search answers 20
    /// places at most, Text Search 60. Every request is billed. Its place ids are URL-safe Base64
    /// text of no fixed length ("there is no maximum length for Place IDs", Google's place-id
    /// page; its examples run from 27 to 88 characters), read with or without the resource
    /// name's `places/`.
    @usableFromInline static let googlePlaces = ServiceCapabilities(
        title: "Google Places",
        credit: ("Powered by Google", "https://cloud.google.com/maps-platform/terms"), abbreviation: "G",
        diets: [.vegetarian], kinds: GooglePlacesTypes.kinds, ratesPlaces: true, maxRadius: 50_000,
        mayKeepContent: false, nameAndPositionKeptFor: 30 * 86_400, mostShops: (withKeyword: 60, withoutKeyword: 20),
        prices: .levels,
        billedLookup: "Place Details", billsEachRequest: true,
        knowsBest: [.rating: 0, .businessStatus: 0, .diets: 1, .kind: 1], directions: .googleMaps,
        placeIDs: PlaceIDGrammar(resourcePrefix: "places/", characters: .urlSafeBase64, length: 1...1024))
}
