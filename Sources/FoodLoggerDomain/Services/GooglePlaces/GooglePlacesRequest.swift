import Foundation

/// One request to Places API (New): Nearby Search and Text Search as a POST of JSON, Place
/// Details as a GET. The key goes in the `X-Goog-Api-Key` header only, never in an address, and
/// the `X-Goog-FieldMask` header names only the fields foodlogger shows: the mask is what Google
/// bills by (rating, review count, price level and hours make it an Enterprise request).
struct GooglePlacesRequest: Equatable {
    var url: URL
    var headers: [String: String]
    /// The JSON body of a search; nil for Place Details, a GET.
    var body: Data?

    /// The public service, used when GOOGLE_PLACES_BASE_URL does not name another.
    static let defaultBaseURL = URL(string: "https://places.googleapis.com/v1/")!
    static let keyHeader = "X-Goog-Api-Key"
    static let fieldMaskHeader = "X-Goog-FieldMask"
    static let contentType = "application/json"
    /// The most places one answer holds: all of Nearby Search, one page of Text Search.
    static let pageSize = 20
    /// The most places Text Search gives a query, in three pages.
    static let maxTextResults = 60
    /// The most requests one Text Search makes: Google gives no fourth page.
    static let maxTextPages = 3

    /// What `GooglePlacesDecoder.Place` reads, and nothing else.
    static let placeFields = [
        "id", "displayName", "primaryType", "primaryTypeDisplayName", "location", "shortFormattedAddress",
        "formattedAddress", "googleMapsUri", "rating", "userRatingCount", "priceLevel", "businessStatus",
        "utcOffsetMinutes", "timeZone", "postalAddress", "regularOpeningHours", "currentOpeningHours", "internationalPhoneNumber",
        "websiteUri",
    ]
    static let nearbyFieldMask = placeFields.map { "places.\($0)" }.joined(separator: ",")
    /// Text Search sends the next page's token only when the mask names it.
    static let textFieldMask = nearbyFieldMask + ",nextPageToken"
    static let detailsFieldMask = placeFields.joined(separator: ",")
    /// Whether a place still trades, where it is, and its name (the decoder needs a name and a
    /// position): Place Details Pro, the cheapest tier with `businessStatus`.
    static let tradingFieldMask = ["id", "displayName", "location", "businessStatus"].joined(separator: ",")
    /// Asked for only when a search names a diet: the field makes the request an Enterprise +
    /// Atmosphere one, Google's dearest tier.
    static let dietField = "places.servesVegetarianFood"

    /// A search's mask, with the diet field when the query names a diet.
    static func mask(_ mask: String, for query: RestaurantQuery) -> String {
        query.diets.isEmpty ? mask : mask + "," + dietField
    }

    /// Google's food and drink types a search without a genre includes: a place matches when any
    /// of its types is one (a ramen shop is a `restaurant` too).
    static let foodTypes = [
        "restaurant", "cafe", "coffee_shop", "bar", "pub", "bakery", "meal_takeaway", "fast_food_restaurant",
        "ice_cream_shop", "food_court",
    ]

    /// The types of the kinds a search keeps; nil for every kind.
    static func kindTypes(_ query: RestaurantQuery) -> [String]? {
        query.kinds.isEmpty ? nil : query.kinds.flatMap { GooglePlacesTypes.typesByKind[$0] ?? [] }
    }

    /// Nearby Search (New): the food places (or those of the genres asked) within the range of
    /// the centre, nearest first, at most 20. A condition Google cannot honour is refused.
    static func nearby(_ query: RestaurantQuery, key: String, baseURL: URL, language: String) throws(ServiceError)
        -> GooglePlacesRequest
    {
        let center = try checked(query)
        let body = NearbyBody(
            includedTypes: query.genres.isEmpty ? kindTypes(query) ?? foodTypes : query.genres, maxResultCount: pageSize,
            rankPreference: "DISTANCE", languageCode: language,
            locationRestriction: .init(circle: .init(center: center, radius: Double(query.metres))))
        return search(
            "places:searchNearby", body: body, mask: mask(nearbyFieldMask, for: query), key: key, baseURL: baseURL)
    }

    /// Text Search (New) for `query.keyword`, biased to the circle of the range (Text Search
    /// restricts to rectangles only; the client keeps the places within the circle), nearest
    /// first, 20 a page; `pageToken` asks for the page after the one that gave it (with the
    /// same body otherwise, as Google requires). Text Search takes one type at most.
    static func text(
        _ query: RestaurantQuery, pageToken: String?, key: String, baseURL: URL, language: String
    ) throws(ServiceError) -> GooglePlacesRequest {
        let center = try checked(query)
        guard query.genres.count <= 1 else {
            throw .invalidRequest(message: "Google's text search takes one genre at most", service: .google)
        }
        // One type at most: a kind asked by one type is asked; others are kept by the client.
        let type = query.genres.first ?? kindTypes(query).flatMap { $0.count == 1 ? $0[0] : nil }
        let body = TextBody(
            textQuery: query.keyword ?? "", includedType: type,
            strictTypeFiltering: type == nil ? nil : true, pageSize: pageSize, pageToken: pageToken,
            rankPreference: "DISTANCE", languageCode: language,
            locationBias: .init(circle: .init(center: center, radius: Double(query.metres))))
        return search("places:searchText", body: body, mask: mask(textFieldMask, for: query), key: key, baseURL: baseURL)
    }

    /// Place Details (New) of one place id (`ChIJ…`, or `places/ChIJ…` as Google names it), the
    /// id checked against Google's form (`ServiceCapabilities.placeIDs`) and sent as one
    /// percent-encoded path segment after `places/`: text that is no id is refused, never sent.
    static func details(
        id: String, key: String, baseURL: URL, language: String, fields: String = detailsFieldMask
    ) throws(ServiceError) -> GooglePlacesRequest {
        guard let bare = ServiceCapabilities.googlePlaces.placeIDs.id(id) else { throw .notAnID(id, service: .google) }
        var components = URLComponents(url: baseURL.appendingPathComponent("places"), resolvingAgainstBaseURL: false)!
        components.percentEncodedPath += "/" + PathSegment.encode(bare)
        components.queryItems = [URLQueryItem(name: "languageCode", value: language)]
        return GooglePlacesRequest(
            url: components.url!, headers: [keyHeader: key, fieldMaskHeader: fields], body: nil)
    }

    /// The centre; the refusals of what Google has no data for (the command line refuses them first).
    private static func checked(_ query: RestaurantQuery) throws(ServiceError) -> LatLng {
        guard let center = query.center else {
            throw .invalidRequest(message: "a Google Places search needs a centre", service: .google)
        }
        guard query.budgets.isEmpty, query.area == nil, query.names.isEmpty, query.filters.isEmpty else {
            throw .invalidRequest(
                message: "Google Places has no budget or area codes or yes/no filters, and reads genres as place types only",
                service: .google)
        }
        if let diet = query.diets.first(where: { !Provider.google.diets.contains($0) }) {
            throw .invalidRequest(message: "Google Places does not say which places are \(diet.rawValue)", service: .google)
        }
        if let stranger = query.genres.first(where: { !GooglePlacesTypes.codes.contains($0) }) {
            throw .unknownName(
                .genre, stranger, closest: CodeMatching.closest(stranger, in: GooglePlacesTypes.genres) { [$0.name] })
        }
        return LatLng(latitude: center.lat, longitude: center.lng)
    }

    private static func search(_ method: String, body: some Encodable, mask: String, key: String, baseURL: URL)
        -> GooglePlacesRequest
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return GooglePlacesRequest(
            url: baseURL.appendingPathComponent(method), headers: [keyHeader: key, fieldMaskHeader: mask],
            // Encoding strings, numbers and optionals cannot fail.
            body: try! encoder.encode(body))
    }

    struct LatLng: Encodable, Equatable {
        var latitude: Double
        var longitude: Double
    }

    struct Circle: Encodable, Equatable {
        var center: LatLng
        var radius: Double
    }

    struct Area: Encodable, Equatable {
        var circle: Circle
    }

    struct NearbyBody: Encodable {
        var includedTypes: [String]
        var maxResultCount: Int
        var rankPreference: String
        var languageCode: String
        var locationRestriction: Area
    }

    struct TextBody: Encodable {
        var textQuery: String
        var includedType: String?
        /// Only places of `includedType`, not places merely like it.
        var strictTypeFiltering: Bool?
        var pageSize: Int
        var pageToken: String?
        var rankPreference: String
        var languageCode: String
        var locationBias: Area
    }
}
