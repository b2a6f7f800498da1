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
    /// OpenStreetMap background; `units`: the HTML map's words (every format's data is in metres).
    /// As UTF-8 bytes, which JSON is written in (`JSONValue.utf8`).
    func render(_ listing: RestaurantListing, tiles: Bool = false, units: DistanceUnits = .metric) -> [UInt8] {
        switch self {
        case .geojson: Array(GeoJSONRenderer.render(listing).utf8)
        case .csv: Array(CSVRenderer.render(listing).utf8)
        case .ndjson: Array(NDJSONRenderer.render(listing).utf8)
        case .html: Array(HTMLMapRenderer.render(listing, tiles: tiles, units: units).utf8)
        case .json, .table: listing.json.utf8(pretty: true, end: "\n")
        }
    }
}
