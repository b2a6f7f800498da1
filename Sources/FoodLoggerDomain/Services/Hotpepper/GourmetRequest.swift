import Foundation

/// Builds the gourmet/v1 request URL. Every value is percent-encoded over the RFC 3986
/// unreserved set, so no user input can add or override a parameter (`ramen&key=x` stays
/// one keyword).
public enum GourmetRequest {
    /// Where the service lives when HOTPEPPER_BASE_URL does not say otherwise.
    public static let defaultBaseURL = URL(string: "https://webservice.recruit.co.jp/hotpepper/")!
    static let path = "gourmet/v1/"
    /// The most budget codes one request takes; a search in more bands is asked without them
    /// and kept by band (`HotpepperWorker.inBands`).
    static let maxBudgets = 2
    /// The query parameter that carries the key.
    static let keyParameter = "key"

    public static func url(for query: RestaurantQuery, key: String, baseURL: URL) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.percentEncodedQuery = parameters(for: query, key: key)
            .map { "\($0.name)=\(FormEncoding.encode($0.value))" }
            .joined(separator: "&")
        return components.url!
    }

    /// The parameters in a fixed order: the key first, then what the user asked for.
    static func parameters(for query: RestaurantQuery, key: String) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [(keyParameter, key), ("format", "json")]
        items += query.ids.map { ("id", $0) }
        if let keyword = query.keyword, !keyword.isEmpty { items.append(("keyword", keyword)) }
        if let center = query.center {
            // A radius is asked as the smallest range that covers it; the client keeps those within.
            items += [
                ("lat", String(center.lat)), ("lng", String(center.lng)), ("range", String(rangeCode(covering: query.metres))),
            ]
        }
        if let area = query.area { items.append((areaParameter(area), area)) }
        items += HotpepperKinds.genres(for: query).map { ("genre", $0) }
        items += query.budgets.map { ("budget", $0) }
        items += query.filters.compactMap { filterParameters[$0] }.map { ($0, "1") }
        if let order = query.order, query.center == nil { items.append(("order", String(orderCodes[order] ?? 4))) }
        items += [("start", String(query.start)), ("count", String(query.count))]
        return items
    }

    /// HOT PEPPER's `range` codes, each a radius in metres.
    static let ranges: [(code: Int, metres: Int)] = [(1, 300), (2, 500), (3, 1000), (4, 2000), (5, 3000)]

    /// The smallest `range` code that reaches `metres`, the widest when none does.
    static func rangeCode(covering metres: Int) -> Int {
        ranges.first { $0.metres >= metres }.map(\.code) ?? 5
    }

    /// HOT PEPPER's `order` codes.
    static let orderCodes: [SearchOrder: Int] = [.kana: 1, .genre: 2, .smallArea: 3, .recommended: 4]

    /// HOT PEPPER's 0/1 parameter for each filter it has: what `HotpepperCapabilities` declares.
    static let filterParameters: [SearchFilter: String] = [
        .wifi: "wifi", .wedding: "wedding", .course: "course", .freeDrink: "free_drink", .freeFood: "free_food",
        .privateRoom: "private_room", .horigotatsu: "horigotatsu", .tatami: "tatami", .cocktail: "cocktail",
        .shochu: "shochu", .sake: "sake", .wine: "wine", .card: "card", .nonSmoking: "non_smoking", .charter: "charter",
        .ktai: "ktai", .parking: "parking", .barrierFree: "barrier_free", .sommelier: "sommelier",
        .nightView: "night_view", .openAir: "open_air", .show: "show", .equipment: "equipment", .karaoke: "karaoke",
        .band: "band", .tv: "tv", .lunch: "lunch", .midnight: "midnight", .midnightMeal: "midnight_meal",
        .english: "english", .pet: "pet", .child: "child",
    ]

    /// Area codes say their level by their first letter: Z large, Y middle, X small.
    static func areaParameter(_ code: String) -> String {
        switch code.first {
        case "Z": "large_area"
        case "Y": "middle_area"
        default: "small_area"
        }
    }
}
