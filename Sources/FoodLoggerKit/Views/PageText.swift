import FoodLoggerDomain

/// What happened to a shop's page, in the words `open`, `search -i` and the map share.
enum PageText {
    static func noAddress(_ restaurant: Restaurant) -> String {
        "\(restaurant.name) (\(restaurant.id)) has no page address"
    }

    static func madeUp(_ address: String) -> String {
        "no page to open: \(address) is a made-up address of the offline stub (--stub)."
    }

    static func opened(_ address: String) -> String { "Opened \(address)" }

    static func cannotOpen(_ reason: String) -> String { "cannot open the page: \(reason)." }
}
