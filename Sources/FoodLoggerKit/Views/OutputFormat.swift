/// How a command prints its data.
public enum OutputFormat: String, Sendable, CaseIterable {
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
    public static func defaultFor(stdoutIsTerminal: Bool) -> OutputFormat {
        stdoutIsTerminal ? .table : .json
    }
}

extension OutputFormat {
    /// Draws a data format from the command's JSON document (`restaurants`, and `center` where
    /// there is one), so every format carries the same records. Not for `table`, which each
    /// scene lays out itself. `tiles`: the HTML map's OpenStreetMap background.
    public func render(_ document: JSONValue, tiles: Bool = false) -> String {
        switch self {
        case .geojson: GeoJSONRenderer.render(document)
        case .csv: CSVRenderer.render(document)
        case .ndjson: NDJSONRenderer.render(document)
        case .html: HTMLMapRenderer.render(document, tiles: tiles)
        case .json, .table: document.serialized(pretty: true) + "\n"
        }
    }
}
