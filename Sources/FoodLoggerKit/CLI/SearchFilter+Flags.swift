import FoodLoggerDomain

/// Each filter as a flag: the query parameter's word with dashes (`private_room` →
/// `--private-room`), and what it keeps, for --help.
extension SearchFilter {
    var flag: String { "--" + String(rawValue.map { $0 == "_" ? "-" : $0 }) }

    /// What the filter keeps.
    var summary: String {
        switch self {
        case .wifi: "has Wi-Fi"
        case .wedding: "hosts weddings and after-parties"
        case .course: "offers set courses"
        case .freeDrink: "all-you-can-drink"
        case .freeFood: "all-you-can-eat"
        case .privateRoom: "has private rooms"
        case .horigotatsu: "has horigotatsu seats"
        case .tatami: "has tatami rooms"
        case .cocktail: "serves many cocktails"
        case .shochu: "serves many shochu"
        case .sake: "serves many sake"
        case .wine: "serves many wines"
        case .card: "takes credit cards"
        case .nonSmoking: "has non-smoking seats"
        case .charter: "can be hired whole"
        case .ktai: "has mobile coupons"
        case .parking: "has parking"
        case .barrierFree: "is barrier-free"
        case .sommelier: "has a sommelier"
        case .nightView: "has a night view"
        case .openAir: "has open-air seats"
        case .show: "has live shows"
        case .equipment: "has entertainment equipment"
        case .karaoke: "has karaoke"
        case .band: "allows live bands"
        case .tv: "has TV / projector"
        case .lunch: "serves lunch"
        case .midnight: "open after 23:00"
        case .midnightMeal: "serves meals after 23:00"
        case .english: "has an English menu"
        case .pet: "allows pets"
        case .child: "welcomes children"
        case .takeaway: "sells food to take away"
        case .delivery: "delivers"
        }
    }
}
