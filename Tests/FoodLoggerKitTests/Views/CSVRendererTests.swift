import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct CSVRendererTests {
    /// A strict RFC 4180 reader: CRLF records, quoted fields with doubled quotes.
    func parse(_ text: String) throws -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = "", quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let scalar = characters.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst(); field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" && field.isEmpty {
                quoted = true
            } else if scalar == "," {
                record.append(field); field = ""
            } else if scalar == "\r" {
                guard characters.popFirst() == "\n" else { throw CSVError.bareCarriageReturn }
                record.append(field); records.append(record); record = []; field = ""
            } else if scalar == "\n" || scalar == "\"" {
                throw CSVError.unquoted(String(scalar))
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        guard record.isEmpty, field.isEmpty, !quoted else { throw CSVError.unterminated }
        return records
    }

    enum CSVError: Error { case bareCarriageReturn, unquoted(String), unterminated }

    @Test("tricky text (quotes, commas, line breaks, emoji, half-width kana) reads back exactly")
    func roundTrip() throws {
        let records = try parse(CSVRenderer.render(MapSeeds.trickyListing))
        #expect(records.first == RestaurantRecord.csvColumns, "a header row of the JSON field names")
        #expect(records.count == MapSeeds.tricky.count + 1, "one row per restaurant")
        let column = { (name: String) in RestaurantRecord.csvColumns.firstIndex(of: name)! }
        for (row, restaurant) in zip(records.dropFirst(), MapSeeds.tricky) {
            #expect(row.count == RestaurantRecord.csvColumns.count, "every row has every field")
            #expect(row[column("name")] == restaurant.name, "the name as written: \(restaurant.name)")
            #expect(row[column("access")] == restaurant.hotpepper?.access, "line breaks inside a field survive")
            #expect(Double(row[column("lat")]) == restaurant.coordinate.lat, "numbers as numbers")
        }
        #expect(records[1][column("coupon_url")] == "", "empty stays empty")
    }

    @Test("null becomes an empty field; nothing found still gives the header")
    func nullAndEmpty() throws {
        let keywordOnly = RestaurantListing(
            RestaurantPage(total: 1, start: 1, restaurants: [MapSeeds.tricky[1]]),
            query: RestaurantQuery(keyword: "x"), open: Seeds.open)
        let rows = try parse(CSVRenderer.render(keywordOnly))
        #expect(rows[1][RestaurantRecord.csvColumns.firstIndex(of: "distance_m")!] == "", "no centre: no distance")
        let empty = RestaurantListing(
            RestaurantPage(total: 0, start: 1, restaurants: []), query: RestaurantQuery(keyword: "x"), open: Seeds.open)
        #expect(CSVRenderer.render(empty) == RestaurantRecord.csvColumns.joined(separator: ",") + "\r\n", "the header alone")
    }

    @Test("show's detail fields follow the search fields, nested objects as dotted columns")
    func detailFieldsGetColumnsToo() throws {
        // Given a card's listing, as `show --format csv` renders it
        let shop = StubRestaurants.all[0]
        let listing = RestaurantListing(details: [shop], at: Seeds.open.moment, region: nil)
        // When
        let records = try parse(CSVRenderer.render(listing))
        // Then
        let header = try #require(records.first)
        #expect(Array(header.prefix(RestaurantRecord.csvColumns.count)) == RestaurantRecord.csvColumns, "search fields first")
        let row = Dictionary(uniqueKeysWithValues: zip(header, records[1]))
        #expect(row["capacity"] == shop.hotpepper?.capacity.map(String.init), "a detail number")
        #expect(row["areas.small_area.name"] == shop.hotpepper?.areas.smallArea?.name, "a nested object as a dotted column")
        #expect(row["amenities.wifi"] == shop.amenity(.wifi), "every amenity has a column")
        #expect(row["coupon_sp_url"] == shop.hotpepper?.couponSP, "the last detail field")
        #expect(!header.contains("areas") && !header.contains("amenities"), "no cell holds a JSON object")
    }

    @Test(arguments: [
        ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""), ("+81 3", "\"'+81 3\""), ("-2+3", "\"'-2+3\""),
        ("@SUM(A1)", "\"'@SUM(A1)\""), ("\tcmd", "\"'\tcmd\""), ("\r\nx", "\"'\r\nx\""), ("-33.86", "-33.86"),
        ("+1e5", "+1e5"), ("a=b", "a=b"), ("", ""), ("-", "\"'-\""), ("-inf", "\"'-inf\""),
    ])
    func aCellASpreadsheetWouldRunGetsAQuoteInFront(text: String, expected: String) {
        #expect(CSVRenderer.field(text) == expected, "OWASP: a ' in front, inside quotes; numbers as they are")
    }

    @Test func controlCharactersAreVisibleEscapes() throws {
        // Given a name that would clear the screen and write the clipboard, and access with a lone CR
        var shop = MapSeeds.restaurant("J9", "店\u{1B}]52;c;Zm9v\u{7}\u{1B}[2J\u{9B}1m\u{202E}", at: MapSeeds.tokyo)
        shop.hotpepper?.access = "a\r\nb\rc"
        let listing = RestaurantListing(
            RestaurantPage(total: 1, start: 1, restaurants: [shop]), query: RestaurantQuery(center: MapSeeds.tokyo),
            open: Seeds.open)
        // When
        let csv = CSVRenderer.render(listing)
        let records = try parse(csv)
        // Then
        let row = Dictionary(uniqueKeysWithValues: zip(records[0], records[1]))
        #expect(row["name"] == #"店\u{1B}]52;c;Zm9v\u{7}\u{1B}[2J\u{9B}1m\u{202E}"#, "readable, and inert")
        #expect(row["access"] == "a\r\nb\\rc", "a line end kept, a lone carriage return shown")
    }
}
