import Foundation
import Testing
@testable import FoodLoggerDomain

/// Diets: what implies what, the likeliest diet for a mistyped word, and whether a place serves them.
@Suite struct DietTests {
    @Test func veganImpliesVegetarianAndNothingElseImpliesAnything() {
        #expect(Diet.closing([.vegan]) == [.vegetarian, .vegan], "a vegan place is a vegetarian one")
        #expect(Diet.closing([.halal, .kosher]) == [.halal, .kosher], "nothing added")
        #expect(Diet.vegetarian.answeredBy == [.vegetarian, .vegan], "vegetarian is answered by vegan too")
        #expect(Diet.vegan.answeredBy == [.vegan], "vegan only by vegan")
    }

    @Test(arguments: [
        ("vegitarian", Diet.vegetarian), ("Vegan", .vegan), ("gluten-free", .glutenFree), ("halaal", .halal),
        ("kosha", .kosher),
    ])
    func aNearMissFindsTheDietMeant(word: String, diet: Diet) {
        #expect(Diet.closest(to: word) == diet, "\(word) → \(diet.rawValue)")
    }

    @Test func aWordFarFromEveryDietFindsNone() {
        #expect(Diet.closest(to: "pescatarian") == nil && Diet.closest(to: "x") == nil, "no guess")
    }

    @Test func aPlaceServesADietOnlyWhenTheServiceSaysSo() {
        // Given a place the service says is vegetarian, one it says nothing of diets, one it says none
        let base = Restaurant(
            id: "x", name: "x", genre: .init(code: "", name: "", catchCopy: ""), coordinate: .init(lat: 0, lng: 0),
            urls: .init(shop: "", photo: ""), provider: .osm)
        var vegetarian = base, silent = base, none = base
        vegetarian.diets = [.vegetarian]
        silent.diets = nil
        none.diets = []

        // Then only the first serves vegetarian, and every place serves no diet at all
        #expect(vegetarian.serves([.vegetarian]) && !vegetarian.serves([.vegetarian, .halal]), "all must hold")
        #expect(!silent.serves([.vegetarian]) && !none.serves([.vegetarian]), "silence is no yes")
        #expect(silent.serves([]) && none.serves([]), "no diet asked: every place")
    }

    @Test func aKeptPlaceFromBeforeDietsStillReads() throws {
        // Given a place as an older version kept it, with no diets key
        let base = Restaurant(
            id: "x", name: "x", genre: .init(code: "", name: "", catchCopy: ""), coordinate: .init(lat: 0, lng: 0),
            urls: .init(shop: "", photo: ""), provider: .osm)
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(base)) as? [String: Any], "an object")
        object.removeValue(forKey: "diets")

        // When it is read back
        let read = try JSONDecoder().decode(Restaurant.self, from: JSONSerialization.data(withJSONObject: object))

        // Then it reads, saying nothing of diets
        #expect(read == base && read.diets == nil, "the same place")
    }
}
