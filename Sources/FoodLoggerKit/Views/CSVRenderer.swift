import FoodLoggerDomain
/// The restaurants as RFC 4180 CSV: a header row of the JSON field names, one row per shop,
/// CRLF line ends, UTF-8. Fields holding a quote, comma or line break are quoted, with quotes
/// doubled, so Japanese free text with commas and breaks opens cleanly in a spreadsheet.
///
/// The columns are the search fields, always, then whatever else the records hold (`show`'s
/// detail fields) in the order first met; nested objects become dotted columns
/// (`areas.small_area.name`, `amenities.wifi`), so a card's every fact has a cell.
enum CSVRenderer {
    static func render(_ listing: RestaurantListing) -> String {
        let records = listing.records.map { JSONValue.object($0.members).cells() }
        var columns = RestaurantRecord.csvColumns
        var named = Set(columns)
        for record in records {
            for (name, _) in record where named.insert(name).inserted { columns.append(name) }
        }
        let rows = records.map { record in
            let cells = Dictionary(record, uniquingKeysWith: { first, _ in first })
            return columns.map { cells[$0] ?? "" }
        }
        return ([columns] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "\"" || $0 == "," || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
