import Foundation
import FoodLoggerDomain

/// Where a command's data goes when it is not printed: an MCP tool call takes the document the
/// command's `--json` would print (or the line `log add` prints) as the value it is, so nothing
/// is written as text to be read back.
final class DocumentSink: @unchecked Sendable {
    private let lock = NSLock()
    private var taken: Taken?

    /// What a command handed over.
    enum Taken: Sendable {
        case document(JSONValue)
        case line(String)
    }

    /// The command's data, when it gave any.
    var data: Taken? { lock.withLock { taken } }

    func take(_ data: Taken) { lock.withLock { taken = data } }
}

extension ProcessContext {
    /// A listing as the output format draws it, or as a document to the sink an MCP call gave.
    func write(_ listing: RestaurantListing, as format: OutputFormat) {
        if let documents { return documents.take(.document(listing.json)) }
        stdout.write(format.render(listing, tiles: mapTiles, units: units))
    }

    /// A JSON document, pretty, or to the sink an MCP call gave.
    func write(document: JSONValue) {
        if let documents { return documents.take(.document(document)) }
        stdout.write(document.serialized(pretty: true) + "\n")
    }
}
