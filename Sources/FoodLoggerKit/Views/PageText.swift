import FoodLoggerDomain

/// What happened to a shop's page, in the words `open`, `search -i` and the map share. Names
/// and addresses come from the service, so they are made terminal-safe.
enum PageText {
    static func noAddress(_ restaurant: Restaurant) -> String {
        "\(TerminalSafe.line(restaurant.name)) (\(TerminalSafe.line(restaurant.id))) has no page address"
    }

    static func madeUp(_ address: String) -> String {
        "no page to open: \(TerminalSafe.line(address)) is the page of a place the offline stub (--stub) made up."
    }

    /// Nothing was opened because nothing could open it: said, so a printed address is not
    /// taken for an opened page.
    static let noBrowser = "no browser was started: set BROWSER, or install xdg-open (open on macOS)."

    static func opened(_ address: String) -> String { "Opened \(TerminalSafe.line(address))" }

    static func cannotOpen(_ reason: String) -> String { "cannot open the page: \(reason)." }
}
