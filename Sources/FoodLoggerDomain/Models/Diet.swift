/// A diet a place caters for, as a service states it. The raw value is the word `--diet` and the
/// JSON use, and OpenStreetMap's key (`diet:gluten_free`).
public enum Diet: String, Sendable, CaseIterable, Codable, Comparable {
    case vegetarian, vegan, halal, kosher, glutenFree = "gluten_free"

    /// As a person writes it: "gluten-free".
    public var label: String { rawValue.replacingOccurrences(of: "_", with: "-") }

    /// The diets a place serving this one serves too: vegan food is vegetarian food.
    public var implied: [Diet] { self == .vegan ? [.vegetarian] : [] }

    /// The diets whose "yes" answers for this one: itself and those that imply it.
    public var answeredBy: [Diet] { Diet.allCases.filter { $0 == self || $0.implied.contains(self) } }

    /// `diets` with what each implies, in the order of `allCases` (the order every view lists them in).
    public static func closing(_ diets: some Sequence<Diet>) -> [Diet] {
        let given = Set(diets.flatMap { [$0] + $0.implied })
        return allCases.filter(given.contains)
    }

    public static func < (lhs: Diet, rhs: Diet) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension Restaurant {
    /// Whether the service says the place caters for every diet of `diets`: a place it says
    /// nothing about (nil) caters for none, as silence is not a yes.
    public func serves(_ diets: [Diet]) -> Bool {
        diets.allSatisfy { self.diets?.contains($0) == true }
    }
}
