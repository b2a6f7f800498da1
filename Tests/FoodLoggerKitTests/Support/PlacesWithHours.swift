@testable import FoodLoggerDomain

/// Tests build places from the texts a service gives, as its decoder would: the hours are read
/// once here, by the reader of the syntax given (Google's periods, else an OpenStreetMap value,
/// else HOT PEPPER's texts), and the place keeps that reading.
extension Restaurant {
    init(
        id: String, name: String, genre: Genre, subGenre: CodeName? = nil, coordinate: Coordinate,
        address: String = "", open: String = "", close: String = "", urls: Links, amenities: [Amenity] = [],
        provider: Provider, osmOpeningHours: String? = nil, periodHours: PeriodHours? = nil, rating: Double? = nil,
        ratingCount: Int? = nil, priceLevel: Int? = nil, businessStatus: BusinessStatus? = nil, diets: [Diet]? = nil,
        kind: PlaceKind? = nil, otherNames: [LocalName]? = nil, phone: String? = nil, website: String? = nil,
        hotpepper: HotpepperDetails? = nil, sources: [PlaceSource]? = nil
    ) {
        self.init(
            id: id, name: name, genre: genre, subGenre: subGenre, coordinate: coordinate, address: address,
            hours: .given(open: open, close: close, openingHours: osmOpeningHours, periods: periodHours), urls: urls,
            amenities: amenities, provider: provider, rating: rating, ratingCount: ratingCount, priceLevel: priceLevel,
            businessStatus: businessStatus, diets: diets, kind: kind, otherNames: otherNames, phone: phone,
            website: website, hotpepper: hotpepper, sources: sources)
    }
}

extension PlaceHours {
    /// Read once by the reader of the syntax given, the Japanese texts kept beside it.
    static func given(open: String = "", close: String = "", openingHours: String? = nil, periods: PeriodHours? = nil)
        -> PlaceHours
    {
        let read: PlaceHours =
            if let periods { .periods(periods) } else if let openingHours { .openingHours(openingHours) } else {
                .japaneseText(open: open, close: close)
            }
        return read.keeping(open: open, close: close)
    }
}
