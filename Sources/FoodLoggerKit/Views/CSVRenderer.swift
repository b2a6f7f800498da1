/// The restaurants as RFC 4180 CSV: a header row of the JSON field names, one row per shop,
/// CRLF line ends, UTF-8. Fields holding a quote, comma or line break are quoted, with quotes
/// doubled, so Japanese free text with commas and breaks opens cleanly in a spreadsheet.
public enum CSVRenderer {
    public static func render(_ document: JSONValue, columns: [String] = RestaurantRecord.fieldNames) -> String {
        let rows = (document["restaurants"]?.items ?? []).map { record in
            columns.map { (record[$0] ?? .null).plainText }
        }
        return ([columns] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "\"" || $0 == "," || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
