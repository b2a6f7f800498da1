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
