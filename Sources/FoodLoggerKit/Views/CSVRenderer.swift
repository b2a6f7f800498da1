import FoodLoggerDomain
/// The restaurants as RFC 4180 CSV: a header row of the JSON field names, one row per shop,
/// CRLF line ends, UTF-8. Fields holding a quote, comma or line break are quoted, with quotes
/// doubled, so Japanese free text with commas and breaks opens cleanly in a spreadsheet.
///
/// The columns are the search fields, always, then whatever else the records hold (`show`'s
/// detail fields) in the order first met; nested objects become dotted columns
/// (`areas.small_area.name`, `amenities.wifi`), so a card's every fact has a cell.
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
        let records = listing.records.map { JSONValue.object($0.members).cells() }
        var columns = RestaurantRecord.csvColumns
        var named = Set(columns)
        // An object that is null in a record (`log`) leaves its dotted columns blank.
        let opened = Set(columns.filter { $0.contains(".") }.compactMap { $0.split(separator: ".").first.map(String.init) })
        for record in records {
            for (name, _) in record where !opened.contains(name) && named.insert(name).inserted { columns.append(name) }
        }
        let rows = records.map { record in
            let cells = Dictionary(record, uniquingKeysWith: { first, _ in first })
            return columns.map { cells[$0] ?? "" }
        }
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
