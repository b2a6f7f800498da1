import FoodLoggerDomain
/// The restaurants as RFC 4180 CSV: a header row of the JSON field names, one row per shop,
/// CRLF line ends, UTF-8. Fields holding a quote, comma or line break are quoted, with quotes
/// doubled, so Japanese free text with commas and breaks opens cleanly in a spreadsheet.
///
/// The columns are the same for a command whatever the data: the search fields, and for `show`
/// every detail field too; nested objects become dotted columns (`areas.small_area.name`,
/// `amenities.wifi`), so a card's every fact has a cell, and what varies with the data (`names`
/// in each language, `diet`'s list) is one cell (`JSONValue.cells`).
///
/// Cells are the service's text, so two things are done to them. Control characters other than
/// line breaks and tabs become visible escapes (`\u{1B}`), so a shop's name cannot drive the
/// terminal the file is printed on. And a cell a spreadsheet would run as a formula (it starts
/// with `=`, `+`, `-`, `@`, a tab or a carriage return, and is not a plain number) gets a `'`
/// in front, inside quotes, as OWASP's CSV-injection advice has it: "=1+2" is written "'=1+2".
enum CSVRenderer {
    static func render(_ listing: RestaurantListing) -> String {
        if let fields = listing.fields {
            let picked = listing.cells(of: fields)
            return render(columns: picked.columns, rows: picked.rows)
        }
        let columns = RestaurantRecord.csvColumns(detailed: listing.search == nil)
        let rows = listing.records.map { RestaurantRecord.row(of: $0.members, under: columns) }
        return render(columns: columns, rows: rows)
    }

    /// A header row and rows of cells, as RFC 4180 text.
    static func render(columns: [String], rows: [[String]]) -> String {
        ([columns] + rows).map(row).joined()
    }

    /// One row with its line end: a long list is written a row at a time.
    static func row(_ cells: [String]) -> String {
        cells.map(field).joined(separator: ",") + "\r\n"
    }

    static func field(_ text: String) -> String {
        let text = TerminalSafe.data(text)
        let formula = startsFormula(text)
        guard formula || text.contains(where: { $0 == "\"" || $0 == "," || $0.isNewline }) else { return text }
        return "\"" + (formula ? "'" : "") + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// What a spreadsheet may read as a formula: a cell starting with one of OWASP's characters,
    /// unless it is a plain number ("-33.86", a coordinate south or west, is data).
    static func startsFormula(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, formulaStarts.contains(first) else { return false }
        return !(text.unicodeScalars.allSatisfy { numberScalars.contains($0) } && Double(text) != nil)
    }

    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
    private static let numberScalars = Set("0123456789.eE+-".unicodeScalars)
}
