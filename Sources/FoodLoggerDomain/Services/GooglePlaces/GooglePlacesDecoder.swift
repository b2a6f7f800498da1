import Foundation

/// Turns a Places API (New) answer (a search's `places`, or one place of Place Details) into
/// shops: each place with a name and a position, in the answer's order. What Google leaves out
/// is nil (rating, price level, business status, hours) or "" where the shop's field is text.
/// Google's hours fill the one hours model (`PeriodHours`), and are written as an OpenStreetMap
/// `opening_hours` value for reading; they are read on the place's own clock: its named
/// `timeZone` (summer time kept), else its `utcOffsetMinutes` as a fixed-offset zone.
enum GooglePlacesDecoder {
    /// A search's answer: its places and, from Text Search, the token of the next page.
    /// `{}` is an answer with no place.
    static func decode(_ data: Data) throws(ServiceError) -> (page: RestaurantPage, nextPageToken: String?) {
        let body = try ReplyDecoding.decode(Body.self, from: data)
        return (page(body.places ?? []), body.nextPageToken.flatMap(nonEmpty))
    }

    /// Place Details' answer: one place, or none when it has no name or position.
    static func decodePlace(_ data: Data) throws(ServiceError) -> RestaurantPage {
        page([try ReplyDecoding.decode(Place.self, from: data)])
    }

    /// The shops of `places`, once each and placeable (`sanitized`), in the clock and country of
    /// the first place that gives them: a page's shops share one clock (see the README's limits).
    /// The country writes price levels in its currency; where no place names its country (an
    /// answer without `postalAddress`), the first place's position finds it (`ZoneMap`), so a
    /// Tokyo price level is "¥¥", never Google's default "$$".
    static func page(_ places: [Place]) -> RestaurantPage {
        let restaurants = places.compactMap(\.restaurant)
        let zone = places.lazy.compactMap(\.zoneName).first
        let country =
            places.lazy.compactMap { $0.postalAddress?.regionCode?.uppercased() }
            .first { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } }
            ?? restaurants.first.flatMap { ZoneMap.locate($0.coordinate)?.country }
        let region = zone == nil && country == nil ? nil : RestaurantPage.Region(timeZone: zone, countryCode: country)
        var page = RestaurantPage(total: 0, start: 1, restaurants: restaurants, region: region, provider: .google)
            .sanitized()
        page.total = page.restaurants.count
        return page
    }

    /// A UTC offset as a zone name `TimeZone(identifier:)` reads on Linux and macOS alike
    /// (`GMT+0900`, `GMT-0430`, `GMT`); nil beyond the ±18 hours any zone keeps.
    static func timeZoneName(_ minutes: Int) -> String? {
        guard abs(minutes) <= 18 * 60 else { return nil }
        guard minutes != 0 else { return "GMT" }
        return String(format: "GMT%@%02d%02d", minutes < 0 ? "-" : "+", abs(minutes) / 60, abs(minutes) % 60)
    }

    /// Google's price levels, 0 (free) to 4 (very expensive); `PRICE_LEVEL_UNSPECIFIED` and
    /// words not listed are unknown.
    static let priceLevels = [
        "PRICE_LEVEL_FREE": 0, "PRICE_LEVEL_INEXPENSIVE": 1, "PRICE_LEVEL_MODERATE": 2, "PRICE_LEVEL_EXPENSIVE": 3,
        "PRICE_LEVEL_VERY_EXPENSIVE": 4,
    ]

    static let businessStatuses: [String: Restaurant.BusinessStatus] = [
        "OPERATIONAL": .operational, "CLOSED_TEMPORARILY": .closedTemporarily, "CLOSED_PERMANENTLY": .closedPermanently,
    ]

    struct Body: Decodable {
        var places: [Place]?
        var nextPageToken: String?
    }

    /// One place, with the fields of the field mask (`GooglePlacesRequest.placeFields`).
    /// Encodable too: the offline stub writes its places in Google's own format and reads them back here.
    struct Place: Codable, Equatable {
        var id: String?
        /// `places/ID`: the resource name, read when `id` is absent.
        var name: String?
        var displayName: LocalizedText?
        var primaryType: String?
        var primaryTypeDisplayName: LocalizedText?
        var location: LatLng?
        var shortFormattedAddress: String?
        var formattedAddress: String?
        var googleMapsUri: String?
        var rating: Double?
        var userRatingCount: Int?
        var priceLevel: String?
        var businessStatus: String?
        var utcOffsetMinutes: Int?
        /// The place's zone as the IANA names it (`America/New_York`), which keeps summer time.
        var timeZone: TimeZoneName?
        /// Only its `regionCode` (ISO 3166-1 alpha-2) is read: the country.
        var postalAddress: PostalAddress?
        var regularOpeningHours: GooglePlacesHours.Hours?
        var currentOpeningHours: GooglePlacesHours.Hours?
        /// Only in answers to a search that names a diet (`GooglePlacesRequest.dietField`).
        var servesVegetarianFood: Bool?
        var internationalPhoneNumber: String?
        var websiteUri: String?

        struct LocalizedText: Codable, Equatable {
            var text: String?
            var languageCode: String?
        }

        struct TimeZoneName: Codable, Equatable {
            var id: String?
        }

        struct PostalAddress: Codable, Equatable {
            var regionCode: String?
        }

        struct LatLng: Codable, Equatable {
            var latitude: Double?
            var longitude: Double?
        }

        /// The clock the place keeps: its named zone where this system knows it, else its offset.
        var zoneName: String? {
            if let id = timeZone?.id, TimeZone(identifier: id) != nil { return id }
            return utcOffsetMinutes.flatMap(GooglePlacesDecoder.timeZoneName)
        }

        /// The place's id: `id`, else `name` without its `places/`.
        var placeID: String {
            if let id = id.flatMap(GooglePlacesDecoder.nonEmpty) { return id }
            let resource = name.flatMap(GooglePlacesDecoder.nonEmpty) ?? ""
            return resource.hasPrefix("places/") ? String(resource.dropFirst("places/".count)) : resource
        }

        /// The shop, or nil for a place no list can show: no name, or no position.
        var restaurant: Restaurant? {
            guard let title = displayName?.text.flatMap(GooglePlacesDecoder.nonEmpty),
                let latitude = location?.latitude, let longitude = location?.longitude
            else { return nil }
            let address = shortFormattedAddress.flatMap(GooglePlacesDecoder.nonEmpty) ?? formattedAddress ?? ""
            var place = Restaurant(
                id: placeID, name: title,
                genre: .init(
                    code: primaryType ?? "", name: primaryTypeDisplayName?.text ?? "", catchCopy: ""),
                coordinate: Coordinate(lat: latitude, lng: longitude), address: address,
                hours: .periods(GooglePlacesHours.periodHours(regular: regularOpeningHours, current: currentOpeningHours)),
                urls: .init(shop: googleMapsUri ?? "", photo: ""), provider: .google,
                rating: rating.flatMap { (0...5).contains($0) ? $0 : nil },
                ratingCount: userRatingCount.flatMap { $0 >= 0 ? $0 : nil },
                priceLevel: priceLevel.flatMap { GooglePlacesDecoder.priceLevels[$0] },
                businessStatus: businessStatus.flatMap { GooglePlacesDecoder.businessStatuses[$0] },
                diets: servesVegetarianFood.map { $0 ? [.vegetarian] : [] },
                kind: primaryType.flatMap(GooglePlacesTypes.kind(of:)),
                phone: internationalPhoneNumber.flatMap(GooglePlacesDecoder.nonEmpty),
                website: websiteUri.flatMap(GooglePlacesDecoder.nonEmpty))
            // Google's own word for a closure, which `log check` quotes.
            if place.businessStatus.map({ $0 != .operational }) == true {
                place.statusEvidence = businessStatus.map { .status($0) }
            }
            return place
        }
    }

    /// The text without its surrounding spaces, nil when nothing is left.
    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
