import Foundation
import Testing
@testable import FoodLoggerDomain

@Suite struct OverpassRequestTests {
    private let tokyoStation = Coordinate(lat: 35.6812, lng: 139.7671)

    @Test func aSearchAsksForFoodPlacesAroundTheCentreAndTheAreasItLiesIn() throws {
        // Given a search of 1 km around Tokyo Station
        let query = RestaurantQuery(center: tokyoStation, range: .m1000)

        // When its QL is built
        let ql = try OverpassRequest.search(query)

        // Then it is exactly the food places as nodes, ways and relations, with centres, and the areas' clock and country
        #expect(
            ql == """
                [out:json][timeout:25];
                nwr["amenity"~"^(restaurant|cafe|fast_food|bar|pub|food_court|ice_cream|biergarten)$"](around:1000,35.6812000,139.7671000);
                out center tags;
                is_in(35.6812000,139.7671000)->.areas;
                (area.areas["timezone"];area.areas["ISO3166-1"];area.areas["ISO3166-2"];);
                out tags;

                """, "the QL, word for word")
    }

    @Test func eachKeywordTermIsANameRegexWithEveryMetacharacterEscaped() throws {
        // Given a keyword of two terms full of regex characters, a quote and a backslash
        let query = RestaurantQuery(center: tokyoStation, range: .m300, keyword: #"c++ (new)|[x].*?^$\"{2}"#)

        // When its QL is built
        let ql = try OverpassRequest.search(query)

        // Then each term must occur in one of the names, the cuisine or the address, in any case,
        // as the very characters typed
        let names = #"[~"^(name|name:[a-z]{2,3}(-[A-Za-z]+)?|brand|operator|cuisine|addr:[a-z_:]+)$"~"#
        #expect(
            ql.contains(
                #"nwr["amenity"~"^(restaurant|cafe|fast_food|bar|pub|food_court|ice_cream|biergarten)$"]"#
                    + names + #""c\\+\\+",i]"# + names
                    + #""\\(new\\)\\|\\[x\\]\\.\\*\\?\\^\\$\\\\\"\\{2\\}",i](around:300,"#),
            "escaped for the regex, then for the QL string: \(ql)")
    }

    @Test func coordinatesNeverTakeTheExponentForm() throws {
        let query = RestaurantQuery(center: Coordinate(lat: 0.00001, lng: -0.000002), range: .m500)
        let ql = try OverpassRequest.search(query)
        #expect(ql.contains("(around:500,0.0000100,-0.0000020)"), "plain decimals: \(ql)")
    }

    @Test func aSearchWithoutACentreHasNoQuery() {
        #expect(
            throws: ServiceError.invalidRequest(message: "an OpenStreetMap search needs a centre", service: .osm),
            "not world-wide"
        ) {
            try OverpassRequest.search(RestaurantQuery(keyword: "ramen"))
        }
    }

    @Test func genresAreCuisineValuesAndFiltersAreTheirTagsFacts() throws {
        // Given a search for ramen or coffee shops with wifi and a wheelchair entrance
        let query = RestaurantQuery(
            center: tokyoStation, range: .m500, genres: ["ramen", "coffee_shop"], filters: [.wifi, .barrierFree])

        // When its QL is built
        let ql = try OverpassRequest.search(query)

        // Then a place must list one of the cuisines among its `;`-separated values, and have each fact OSMFacts accepts
        #expect(
            ql == """
                [out:json][timeout:25];
                nwr["amenity"~"^(restaurant|cafe|fast_food|bar|pub|food_court|ice_cream|biergarten)$"]\
                ["cuisine"~"(^|;) *(ramen|coffee_shop) *(;|$)",i]\
                ["internet_access"~"^ *(wlan|yes|wifi) *$",i]["wheelchair"~"^ *(yes) *$",i]\
                (around:500,35.6812000,139.7671000);
                out center tags;
                is_in(35.6812000,139.7671000)->.areas;
                (area.areas["timezone"];area.areas["ISO3166-1"];area.areas["ISO3166-2"];);
                out tags;

                """, "the QL, word for word")
    }

    @Test func aGenreOutsideOSMsListIsRefusedNotSearched() {
        // Given HOT PEPPER's code for ramen, which the command line passes as a code
        let query = RestaurantQuery(center: tokyoStation, genres: ["ramen", "G013"])

        // Then the search is refused as naming no genre, rather than finding nothing
        #expect(throws: ServiceError.unknownName(.genre, "G013", closest: []), "no such cuisine") {
            try OverpassRequest.search(query)
        }
    }

    @Test(arguments: [
        RestaurantQuery(center: Coordinate(lat: 35.6812, lng: 139.7671), filters: [.wifi, .lunch]),
        RestaurantQuery(center: Coordinate(lat: 35.6812, lng: 139.7671), budgets: ["B002"]),
    ])
    func aConditionOSMHasNoDataForIsRefusedNotDropped(query: RestaurantQuery) {
        #expect(throws: ServiceError.self, "refused, so the search never answers another question") {
            try OverpassRequest.search(query)
        }
    }

    @Test func aLookupIsOneQueryOfEveryElementTypeNamed() {
        // Given ids as OSM writes them, and some of other shapes
        let ids = ["way/987", "node/123", "J001234567", "node/456", "relation/5", "node/-1", "node/12/3"]

        // When the lookup's QL is built
        let ql = OverpassRequest.lookup(ids: ids)

        // Then one union names each type's ids, the others left out, with the areas their nodes lie in
        #expect(
            ql == """
                [out:json][timeout:25];
                (node(id:123,456);way(id:987);relation(id:5);)->.shops;
                .shops out center tags;
                (way.shops;way(r.shops);)->.outlines;
                (node.shops;node(r.shops);node(w.outlines);)->.points;
                .points is_in->.areas;
                (area.areas["timezone"];area.areas["ISO3166-1"];area.areas["ISO3166-2"];);
                out tags;

                """, "one request for all of them and their clock")
        #expect(OverpassRequest.lookup(ids: ["J001234567"]) == nil, "no OSM id: nothing to ask")
    }

    @Test func theFormCarriesTheQueryPercentEncoded() {
        let form = String(decoding: OverpassRequest.form("nwr[\"name\"~\"a&b=c\",i];"), as: UTF8.self)
        #expect(form == "data=nwr%5B%22name%22~%22a%26b%3Dc%22%2Ci%5D%3B", "one field, nothing in it read as another: \(form)")
    }

    @Test func aDietIsAskedOfTheServerWithTheKeysThatAnswerForIt() throws {
        // Given a search for places both vegetarian and halal
        let query = { () -> RestaurantQuery in
            var query = RestaurantQuery(center: tokyoStation, range: .m500)
            query.diets = [.vegetarian, .halal]
            return query
        }()

        // When its QL is built
        let ql = try OverpassRequest.search(query)

        // Then vegetarian is either key said yes or only, halal its own key, both on the places' statement
        #expect(
            ql.contains(
                #"[~"^diet:(vegetarian|vegan)$"~"^ *(yes|only) *$",i][~"^diet:(halal)$"~"^ *(yes|only) *$",i](around:500,"#),
            "both diets, server-side: \(ql)")
        #expect(try !OverpassRequest.search(RestaurantQuery(center: tokyoStation)).contains("diet"), "no diet, no condition")
    }
}
