/// How a command prints its data.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns for a person at a terminal.
    case table
    /// One JSON document, for jq and scripts.
    case json

    /// A table on a terminal, JSON into a pipe or file, so `| jq` just works.
    public static func defaultFor(stdoutIsTerminal: Bool) -> OutputFormat {
        stdoutIsTerminal ? .table : .json
    }
}
