import Foundation
import Testing
@testable import FoodLoggerDomain

/// The requests to Places API (New), built without a network.
@Suite struct GooglePlacesRequestTests {
    let base = URL(string: "https://places.example/v1/")!
    let shibuya = Coordinate(lat: 35.658, lng: 139.7016)

    func json(_ request: GooglePlacesRequest) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any], "a JSON object")
    }

    @Test func nearbySearchPostsTheCircleTheFoodTypesAndTheMask() throws {
        // When a search around Shibuya within 500 m is built
        let request = try GooglePlacesRequest.nearby(
            RestaurantQuery(center: shibuya, range: .m500), key: "SECRET-KEY", baseURL: base, language: "ja")

        // Then it is a POST of JSON to places:searchNearby, with the key in its header only
        #expect(request.url.absoluteString == "https://places.example/v1/places:searchNearby", "\(request.url)")
        #expect(request.headers["X-Goog-Api-Key"] == "SECRET-KEY", "the key in its header")
        #expect(!request.url.absoluteString.contains("SECRET"), "never in the address")
        let mask = try #require(request.headers["X-Goog-FieldMask"], "a field mask")
        #expect(mask.split(separator: ",").allSatisfy { $0.hasPrefix("places.") }, "the places' fields only: \(mask)")
        #expect(mask.contains("places.rating") && mask.contains("places.regularOpeningHours"), "what is shown: \(mask)")
        #expect(!mask.contains("*") && !mask.contains("reviews") && !mask.contains("photos"), "nothing else: \(mask)")
        let body = try json(request)
        let circle = (body["locationRestriction"] as? [String: Any])?["circle"] as? [String: Any]
        let center = circle?["center"] as? [String: Double]
        #expect(center == ["latitude": 35.658, "longitude": 139.7016], "the centre: \(String(describing: circle))")
        #expect(circle?["radius"] as? Double == 500, "the range in metres")
        #expect((body["includedTypes"] as? [String])?.contains("restaurant") == true, "food places")
        #expect(body["maxResultCount"] as? Int == 20 && body["rankPreference"] as? String == "DISTANCE", "\(body)")
        #expect(body["languageCode"] as? String == "ja", "the user's language")
    }

    @Test func aGenreIsTheTypeIncluded() throws {
        let request = try GooglePlacesRequest.nearby(
            RestaurantQuery(center: shibuya, genres: ["ramen_restaurant", "sushi_restaurant"]), key: "k", baseURL: base,
            language: "en")
        #expect(try json(request)["includedTypes"] as? [String] == ["ramen_restaurant", "sushi_restaurant"])
    }

    @Test func aKeywordIsATextSearchWithItsPageToken() throws {
        // When the second page of a search for "tonkotsu ramen" is built
        let request = try GooglePlacesRequest.text(
            RestaurantQuery(center: shibuya, keyword: "tonkotsu ramen"), pageToken: "NEXT-1", key: "k", baseURL: base,
            language: "en")

        // Then it posts the text, the token, and the circle as a bias, with the token in the mask
        #expect(request.url.absoluteString == "https://places.example/v1/places:searchText", "\(request.url)")
        let body = try json(request)
        #expect(body["textQuery"] as? String == "tonkotsu ramen" && body["pageToken"] as? String == "NEXT-1", "\(body)")
        #expect(body["pageSize"] as? Int == 20, "20 a page")
        #expect(((body["locationBias"] as? [String: Any])?["circle"] as? [String: Any])?["radius"] as? Double == 1000)
        #expect(request.headers["X-Goog-FieldMask"]?.hasSuffix(",nextPageToken") == true, "the token asked for")
    }

    @Test func aKeywordWithAGenreKeepsThatTypeOnlyAndTakesOne() throws {
        let one = try GooglePlacesRequest.text(
            RestaurantQuery(center: shibuya, keyword: "tonkotsu", genres: ["ramen_restaurant"]), pageToken: nil, key: "k",
            baseURL: base, language: "en")
        let body = try json(one)
        #expect(body["includedType"] as? String == "ramen_restaurant" && body["strictTypeFiltering"] as? Bool == true)
        #expect(throws: ServiceError.invalidRequest(message: "Google's text search takes one genre at most", service: .google)) {
            try GooglePlacesRequest.text(
                RestaurantQuery(center: shibuya, keyword: "x", genres: ["cafe", "bar"]), pageToken: nil, key: "k", baseURL: base,
                language: "en")
        }
    }

    @Test func detailsAreAGetOfThePlaceWithItsOwnMask() throws {
        // When details of a place named as Google names it are built
        let request = try GooglePlacesRequest.details(
            id: "places/ChIJN1t_tDeuEmsRUsoyG83frY4", key: "k", baseURL: base, language: "fr")
        // Then it is a GET of places/{id} with a mask without the places. prefix
        #expect(request.body == nil, "a GET")
        #expect(request.url.absoluteString == "https://places.example/v1/places/ChIJN1t_tDeuEmsRUsoyG83frY4?languageCode=fr")
        #expect(request.headers["X-Goog-FieldMask"]?.hasPrefix("id,displayName,") == true, "\(request.headers)")
    }

    @Test func whatGoogleCannotSearchByIsRefused() {
        #expect(throws: ServiceError.invalidRequest(message: "a Google Places search needs a centre", service: .google)) {
            try GooglePlacesRequest.nearby(RestaurantQuery(keyword: "x"), key: "k", baseURL: base, language: "en")
        }
        #expect(throws: ServiceError.self, "a HOT PEPPER genre code") {
            try GooglePlacesRequest.nearby(
                RestaurantQuery(center: shibuya, genres: ["G013"]), key: "k", baseURL: base, language: "en")
        }
        #expect(throws: ServiceError.self, "a filter") {
            try GooglePlacesRequest.nearby(
                RestaurantQuery(center: shibuya, filters: [.wifi]), key: "k", baseURL: base, language: "en")
        }
    }

    @Test func anUnknownTypeSuggestsTheClosest() {
        do {
            _ = try GooglePlacesRequest.nearby(
                RestaurantQuery(center: shibuya, genres: ["ramen_restaurnt"]), key: "k", baseURL: base, language: "en")
            Issue.record("a type Google does not have")
        } catch {
            guard case .unknownName(.genre, "ramen_restaurnt", let closest) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(closest.map(\.code).contains("ramen_restaurant"), "did you mean: \(closest)")
        }
    }

    @Test func theVegetarianFieldIsAskedForOnlyWithADiet() throws {
        // Given the same search without a diet and with vegetarian
        var query = RestaurantQuery(center: shibuya)
        let plain = try GooglePlacesRequest.nearby(query, key: "k", baseURL: base, language: "en")
        query.diets = [.vegetarian]
        let diet = try GooglePlacesRequest.nearby(query, key: "k", baseURL: base, language: "en")
        query.keyword = "curry"
        let text = try GooglePlacesRequest.text(query, pageToken: nil, key: "k", baseURL: base, language: "en")

        // Then only the second and third masks name servesVegetarianFood (an Enterprise + Atmosphere field)
        #expect(plain.headers["X-Goog-FieldMask"]?.contains("servesVegetarianFood") == false, "not billed without a diet")
        #expect(
            diet.headers["X-Goog-FieldMask"] == GooglePlacesRequest.nearbyFieldMask + ",places.servesVegetarianFood",
            "asked for with one")
        #expect(text.headers["X-Goog-FieldMask"]?.contains("places.servesVegetarianFood") == true, "by text search too")
    }

    @Test func aDietGoogleCannotSayIsRefused() {
        var query = RestaurantQuery(center: shibuya)
        query.diets = [.vegetarian, .halal]
        #expect(throws: ServiceError.self, "halal is refused, never dropped") {
            try GooglePlacesRequest.nearby(query, key: "k", baseURL: base, language: "en")
        }
    }
}
