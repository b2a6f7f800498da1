import FoodLoggerDomain
/// How a command prints its data.
enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns for a person at a terminal.
    case table
    /// One JSON document, for jq and scripts.
    case json
    /// An RFC 7946 FeatureCollection: a point per restaurant and one for the centre.
    case geojson
    /// RFC 4180 rows under a header, for spreadsheets.
    case csv
    /// One restaurant JSON object per line, for streaming tools.
    case ndjson
    /// One self-contained page with a clickable map and a list.
    case html

    /// A table on a terminal, JSON into a pipe or file, so `| jq` just works.
    static func defaultFor(stdoutIsTerminal: Bool) -> OutputFormat {
        stdoutIsTerminal ? .table : .json
    }
}

extension OutputFormat {
    /// Draws a data format from the command's listing, so every format carries the same
    /// records. Not for `table`, which each scene lays out itself. `tiles`: the HTML map's
    /// OpenStreetMap background.
    func render(_ listing: RestaurantListing, tiles: Bool = false) -> String {
        switch self {
        case .geojson: GeoJSONRenderer.render(listing)
        case .csv: CSVRenderer.render(listing)
        case .ndjson: NDJSONRenderer.render(listing)
        case .html: HTMLMapRenderer.render(listing, tiles: tiles)
        case .json, .table: listing.json.serialized(pretty: true) + "\n"
        }
    }
}
