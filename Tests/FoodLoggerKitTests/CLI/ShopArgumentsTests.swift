import Testing

@testable import FoodLoggerKit

/// A word of digits alone is a number of the last list; every service's ids hold a letter.
@Suite struct ShopArgumentsTests {
    @Test(arguments: [
        ("3", 3), ("12", 12), ("007", 7), ("99999999999999999999", Int.max),
    ])
    func digitsAreNumbers(word: String, number: Int) throws {
        #expect(try ShopArguments.number(word) == number, "\(word) is \(number)")
    }

    @Test(arguments: ["J001234567", "j3", "node/3", "way/12", "ChIJN1t_tDeuEmsRUsoyG83frY4", "3a", "1.5", "", "٣", "３"])
    func anythingElseIsNoNumber(word: String) throws {
        #expect(try ShopArguments.number(word) == nil, "\(word.debugDescription) is no number")
    }

    @Test(arguments: ["0", "00", "-1", "-12"])
    func zeroAndNegativesAreRefused(word: String) {
        #expect(throws: UsageError("'\(word)' is not a shop number: the last list's numbers start at 1")) {
            try ShopArguments.number(word)
        }
    }
}
