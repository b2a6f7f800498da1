import FoodLoggerDomain

/// What happened to a shop's page, in the words `open`, `search -i` and the map share. A name
/// comes from the service, so it is made terminal-safe; an address is an http(s) URL by then.
enum PageText {
    static func noAddress(_ restaurant: Restaurant) -> String {
        "\(TerminalSafe.line(restaurant.name)) (\(TerminalSafe.line(restaurant.id))) has no page address"
    }

    static func madeUp(_ address: String) -> String {
        "no page to open: \(address) is a made-up address of the offline stub (--stub)."
    }

    static func opened(_ address: String) -> String { "Opened \(address)" }

    static func cannotOpen(_ reason: String) -> String { "cannot open the page: \(reason)." }
}
