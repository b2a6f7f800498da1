import Foundation

/// Google Places answered offline: the places of the offline OpenStreetMap (`OverpassStubPlaces`,
/// invented for this project) described as Places API (New) would describe them, with invented
/// ratings, review counts and price levels, written as Google's JSON and read by the real
/// `GooglePlacesDecoder`, then paged as `GooglePlacesAPI` pages. So `--stub --provider google`
/// demos, tests and the decoder run without a network or a key.
///
/// On purpose: hours past midnight (Shibuya's Ramen Hachiboshi), always open (Shibuya Gyudon 24),
/// no hours (Ginza Ice Lab), and the ninth place of each neighbourhood closed for good.
///
/// It never suspends: a stub search runs start to finish on its caller's executor.
public struct GooglePlacesStub: HotpepperProtocol {
    public init() {}

    public var provider: Provider { .google }

    public nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError)
        -> RestaurantPage
    {
        if !query.ids.isEmpty {
            let wanted = query.ids.map { $0.hasPrefix("places/") ? String($0.dropFirst("places/".count)) : $0 }
            let places = Self.all.filter { wanted.contains($0.id ?? "") }
            return try Self.answer(places, query: query)
        }
        // The real request's refusals (no centre, a genre Google does not know, two genres with a keyword…).
        let keyword = query.keyword ?? ""
        _ =
            try keyword.isEmpty
            ? GooglePlacesRequest.nearby(query, key: "", baseURL: GooglePlacesRequest.defaultBaseURL, language: "en")
            : GooglePlacesRequest.text(
                query, pageToken: nil, key: "", baseURL: GooglePlacesRequest.defaultBaseURL, language: "en")
        guard let centre = query.center else {
            return RestaurantPage(total: 0, start: query.start, restaurants: [], provider: .google)
        }
        let cap = keyword.isEmpty ? GooglePlacesRequest.pageSize : GooglePlacesRequest.maxTextResults
        let found = Self.all.filter { place in
            guard let latitude = place.location?.latitude, let longitude = place.location?.longitude,
                Coordinate(lat: latitude, lng: longitude).distance(to: centre) <= Double(query.metres)
            else { return false }
            let name = place.displayName?.text ?? ""
            return keyword.split(whereSeparator: \.isWhitespace).allSatisfy {
                name.range(of: $0, options: .caseInsensitive) != nil
            }
                && (query.genres.isEmpty || query.genres.contains(place.primaryType ?? ""))
                && (query.kinds.isEmpty
                    || place.primaryType.flatMap(GooglePlacesTypes.kind(of:)).map(query.kinds.contains) == true)
                && (query.diets.isEmpty || place.servesVegetarianFood == true)
        }
        // The field is in the answer only when the mask asks for it, as it does for a diet.
        .map { place in
            var place = place
            if query.diets.isEmpty { place.servesVegetarianFood = nil }
            return place
        }
        var page = try Self.answer(Array(Self.nearestFirst(found, to: centre).prefix(cap)), query: query)
        if OverpassStubPlaces.reachable(from: centre, within: query.metres).isEmpty {
            page.coverage = OverpassStubPlaces.Neighbourhood.allCases.map(\.name)
        }
        return page
    }

    /// The places as Google would send them, decoded and paged.
    static func answer(_ places: [GooglePlacesDecoder.Place], query: RestaurantQuery) throws(ServiceError) -> RestaurantPage {
        struct Document: Encodable { var places: [GooglePlacesDecoder.Place] }
        // Encoding strings, numbers and optionals cannot fail.
        let whole = try GooglePlacesDecoder.decode(try! JSONEncoder().encode(Document(places: places))).page
        return whole.page(from: query.start, count: query.count).invented
    }

    static func nearestFirst(_ places: [GooglePlacesDecoder.Place], to centre: Coordinate) -> [GooglePlacesDecoder.Place] {
        places.sorted { lhs, rhs in
            distance(lhs, centre) < distance(rhs, centre)
        }
    }

    private static func distance(_ place: GooglePlacesDecoder.Place, _ centre: Coordinate) -> Double {
        Coordinate(lat: place.location?.latitude ?? 0, lng: place.location?.longitude ?? 0).distance(to: centre)
    }

    /// Every neighbourhood's places, in Google's shape.
    static let all: [GooglePlacesDecoder.Place] = OverpassStubPlaces.Neighbourhood.allCases.flatMap { neighbourhood in
        let zone = neighbourhood.areas.lazy.compactMap { $0.tags?["timezone"] }.first.flatMap(TimeZone.init(identifier:))
        let country = neighbourhood.areas.lazy.compactMap { $0.tags?["ISO3166-1"] }.first
        // A place OSM has as closed (no food `amenity`) is not one Google would describe.
        return neighbourhood.places.filter { $0.tags?["amenity"] != nil }.enumerated().map { index, element in
            var place = place(element, number: index + 1, in: neighbourhood, offset: zone.map { $0.secondsFromGMT() / 60 })
            place.postalAddress = country.map { .init(regionCode: $0) }
            place.timeZone = zone.map { .init(id: $0.identifier) }
            return place
        }
    }

    /// An OSM element as a Google place: its name, position, address and hours; a type from its
    /// cuisine or amenity; a rating, review count and price level from its number (the tenth has none).
    static func place(
        _ element: OverpassStubPlaces.Element, number: Int, in neighbourhood: OverpassStubPlaces.Neighbourhood, offset: Int?
    ) -> GooglePlacesDecoder.Place {
        let tags = element.tags ?? [:]
        let id = "ChIJfoodloggerStub\(neighbourhood.number + UInt64(number))"
        let type = primaryType(tags)
        let address = OverpassDecoder.address(tags)
        let rated = number < 10
        return GooglePlacesDecoder.Place(
            id: id, displayName: .init(text: tags["name"], languageCode: nil), primaryType: type,
            primaryTypeDisplayName: .init(text: type.split(separator: "_").map(\.capitalized).joined(separator: " ")),
            location: .init(latitude: element.lat ?? element.center?.lat, longitude: element.lon ?? element.center?.lon),
            shortFormattedAddress: address.isEmpty ? nil : address,
            googleMapsUri: "https://maps.stub.foodlogger.invalid/place/\(id)",
            rating: rated ? 3.4 + Double(number % 4) * 0.4 : nil, userRatingCount: rated ? 12 + number * 37 : nil,
            priceLevel: rated ? priceWords[number % priceWords.count] : nil,
            businessStatus: number == 9 ? "CLOSED_PERMANENTLY" : "OPERATIONAL", utcOffsetMinutes: offset,
            regularOpeningHours: tags["opening_hours"].flatMap { OSMOpeningHours($0)?.weekly }.flatMap(periods),
            servesVegetarianFood: tags.keys.contains { $0.hasPrefix("diet:") }
                ? OSMFacts.diets(tags).contains(.vegetarian) : nil)
    }

    static let priceWords = ["PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE", "PRICE_LEVEL_EXPENSIVE"]

    /// `ramen` becomes `ramen_restaurant` where Google has that type, else the amenity's type.
    static func primaryType(_ tags: [String: String]) -> String {
        let cuisine = (tags["cuisine"] ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if GooglePlacesTypes.codes.contains("\(cuisine)_restaurant") { return "\(cuisine)_restaurant" }
        let amenities = [
            "cafe": "cafe", "fast_food": "fast_food_restaurant", "bar": "bar", "pub": "pub", "food_court": "food_court",
            "ice_cream": "ice_cream_shop",
        ]
        return amenities[tags["amenity"] ?? ""] ?? "restaurant"
    }

    /// A week as Google's periods, with its words for each day as Google writes them (Monday
    /// first, 24-hour times): always open as one period without a close; nil for no hours.
    static func periods(_ week: OpeningHours) -> GooglePlacesHours.Hours? {
        let days = Weekday.allCases.map { (google: $0.rawValue - 1, periods: week[.weekday($0)] ?? []) }
        let clock = { (minute: Int) in String(format: "%d:%02d", minute % 1440 / 60, minute % 60) }
        let words = Weekday.mondayFirst.map { day in
            let periods = week[.weekday(day)] ?? []
            let hours =
                periods == [.init(start: 0, end: 1440)]
                ? "Open 24 hours"
                : periods.isEmpty ? "Closed" : periods.map { clock($0.start) + " – " + clock($0.end) }.joined(separator: ", ")
            return "\(dayNames[day.rawValue - 1]): \(hours)"
        }
        if days.allSatisfy({ $0.periods == [.init(start: 0, end: 1440)] }) {
            return .init(periods: [.init(open: .init(day: 0, hour: 0, minute: 0), close: nil)], weekdayDescriptions: words)
        }
        let periods = days.flatMap { day in
            day.periods.map { period in
                GooglePlacesHours.Period(
                    open: .init(day: day.google, hour: period.start / 60, minute: period.start % 60),
                    close: .init(day: (day.google + period.end / 1440) % 7, hour: period.end % 1440 / 60, minute: period.end % 60)
                )
            }
        }
        return periods.isEmpty ? nil : .init(periods: periods, weekdayDescriptions: words)
    }

    /// Sunday first, as `Weekday` numbers them.
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
