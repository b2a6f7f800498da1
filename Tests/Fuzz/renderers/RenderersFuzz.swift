import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// libFuzzer entry: the bytes describe a search (a centre, a radius, a screen size) and a few
/// shops (coordinates, name, genre, access), and every renderer draws them: table, card, JSON,
/// NDJSON, GeoJSON, CSV, HTML, the static terminal map and the interactive map's screen, first
/// as given (a renderer trusts no caller) and then as a page the domain has sanitized, through
/// the Search scene with its warnings. Coordinates are as often one of the values that broke
/// maps before (±1e308, NaN, ±0, 90.0000001, subnormals) as any 64-bit pattern. Besides crashes
/// and hangs, it stops on a broken promise: a control character written raw, "inf" or "nan"
/// where the HTML map writes a number, or a sanitized page with a shop off the Earth.
@_cdecl("LLVMFuzzerTestOneInput")
public func renderersFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    var input = FuzzInput(UnsafeBufferPointer(start: bytes, count: count))
    let search = input.search()
    // libFuzzer calls in on the main thread.
    MainActor.assumeIsolated {
        drawEverything(search)
        let page = search.page.sanitized()
        if let shop = page.restaurants.first(where: { !$0.coordinate.isOnEarth }) {
            fatalError("a sanitized page holds \(shop.id) at \(shop.coordinate)")
        }
        presentEveryFormat(page, search: search)
    }
    return 0
}

/// A search as the fuzzer wrote it.
struct FuzzSearch {
    var page: RestaurantPage
    var center: Coordinate?
    var range: SearchRange
    var viewCentre: Coordinate
    var width: Int
    var height: Int
}

/// Reads the input front to back; past its end every read is 0 or empty.
struct FuzzInput {
    var bytes: ArraySlice<UInt8>
    init(_ buffer: UnsafeBufferPointer<UInt8>) { bytes = Array(buffer)[...] }

    static let extremes: [Double] = [
        1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, 0, -0.0,
        90, -90, 180, -180, 90.0000001, -90.0000001, 180.0000001, -180.0000001, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e15, 35.6812, 139.7671, 1e-7,
    ]

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// An extreme from the table (a selector byte below 0x80), else any 8-byte pattern.
    mutating func double() -> Double {
        let selector = byte()
        if selector < 0x80 { return Self.extremes[Int(selector) % Self.extremes.count] }
        var pattern: UInt64 = 0
        for _ in 0..<8 { pattern = pattern << 8 | UInt64(byte()) }
        return Double(bitPattern: pattern)
    }

    /// Up to 63 bytes as text, invalid UTF-8 repaired as the decoder does.
    mutating func text() -> String {
        let length = Int(byte() % 64)
        let taken = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return String(decoding: taken, as: UTF8.self)
    }

    mutating func search() -> FuzzSearch {
        let flags = byte()
        let center = flags & 1 == 0 ? Coordinate(lat: 35.6812, lng: 139.7671) : flags & 2 == 0 ? nil : coordinate()
        let range = SearchRange.allCases[Int(byte()) % SearchRange.allCases.count]
        let viewCentre = flags & 4 == 0 ? center ?? Coordinate(lat: 0, lng: 0) : coordinate()
        // Sizes around and past the maps' limits (30…400 by 10…200, 60 by 20), kept small
        // enough that a run is quick.
        let width = 20 + Int(byte()) % 140, height = 5 + Int(byte()) % 50
        let shops = (0..<Int(byte() % 8)).map { index in
            Restaurant(
                id: flags & 8 == 0 ? "J\(index)" : text(), name: text(), genre: .init(code: "G001", name: text(), catchCopy: ""),
                coordinate: coordinate(), address: text(), hours: .japaneseText(open: text(), close: ""),
                urls: .init(shop: text(), photo: ""),
                provider: .hotpepper, hotpepper: HotpepperDetails(catchCopy: text(), access: text()))
        }
        let page = RestaurantPage(total: Int(byte()), start: 1 + Int(byte()), restaurants: shops, provider: .hotpepper)
        return FuzzSearch(page: page, center: center, range: range, viewCentre: viewCentre, width: width, height: height)
    }

    mutating func coordinate() -> Coordinate { Coordinate(lat: double(), lng: double()) }
}

/// Every renderer on the shops as given.
@MainActor
func drawEverything(_ search: FuzzSearch) {
    let query = RestaurantQuery(center: search.center, range: search.range)
    let open = OpenQuestion(moment: .now(Date(timeIntervalSince1970: 1_780_000_000)))
    let listing = RestaurantListing(search.page, query: query, open: open)
    for format in [OutputFormat.json, .ndjson, .geojson, .csv] {
        checkNoRawControl(String(decoding: format.render(listing, tiles: false), as: UTF8.self), in: "\(format)")
    }
    for tiles in [false, true] {
        let html = HTMLMapRenderer.render(listing, tiles: tiles)
        checkNoRawControl(html, in: "html")
        checkNumbersAreFinite(html)
    }
    let table = SearchPresenter.table(search.page, center: search.center, open: open)
    checkNoRawControl(TableRenderer.render(table, width: search.width).joined(separator: "\n"), in: "table")
    for shop in search.page.restaurants {
        let card = DetailPresenter.card(shop, on: OpenClock(open.moment, region: search.page.region))
        checkNoRawControl(CardRenderer.render(card, width: search.width).joined(separator: "\n"), in: "card")
    }
    let markers = search.page.restaurants.enumerated().map {
        TerminalMap.Marker(number: $0.offset + 1, coordinate: $0.element.coordinate)
    }
    let map = TerminalMap(
        center: search.center ?? search.viewCentre, radiusMetres: search.range.metres, markers: markers,
        width: search.width, height: search.height)
    _ = map.lines(styled: true)
    let presenter = MapPresenter(unicode: search.width % 2 == 0)
    var state = Map.Explore.State(
        home: search.center ?? search.viewCentre, searched: .init(centre: search.viewCentre, range: search.range),
        viewCentre: search.viewCentre)
    state.restaurants = search.page.restaurants
    state.selected = state.restaurants.isEmpty ? nil : 0
    presenter.presentExplorer(.init(state: state, size: .init(columns: search.width, rows: search.height), open: open))
}

/// The sanitized page through the Search scene's presenter and view controller, every format,
/// with the warnings it writes on stderr.
@MainActor
func presentEveryFormat(_ page: RestaurantPage, search: FuzzSearch) {
    for format in OutputFormat.allCases {
        let stdout = CapturedOutput(), stderr = CapturedOutput()
        let context = ProcessContext(
            arguments: [], stdout: stdout, stderr: stderr, terminal: Terminal(columns: search.width))
        let viewController = SearchViewController(context: context, format: format)
        let presenter = SearchPresenter(presentation: SearchScene.presentation(for: format, prompting: false))
        presenter.viewController = viewController
        let query = RestaurantQuery(center: search.center, range: search.range)
        presenter.presentRestaurants(
            .init(
                request: .init(query: query, open: OpenQuestion(moment: .now(Date(timeIntervalSince1970: 1_780_000_000)))),
                found: .success(FoundPlaces(page: page, query: query))))
        checkNoRawControl(stdout.text, in: "search \(format)")
        checkNoRawControl(stderr.text, in: "stderr of \(format)")
        let warnings = stderr.text.split(separator: "\n").filter { $0.hasPrefix("foodlogger: warning: left out") }
        if warnings.count != page.dropped.count { fatalError("\(page.dropped.count) dropped, \(warnings.count) warnings") }
    }
}

/// C0 but line feed, tab and the carriage return of a CRLF; DEL; C1; the bidi controls.
func checkNoRawControl(_ text: String, in output: String) {
    var previous: Unicode.Scalar = " "
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        defer { previous = scalar }
        let value = scalar.value
        if scalar == "\n" || scalar == "\t" { continue }
        if previous == "\r" && scalar != "\n" { fatalError("\(output): a lone carriage return") }
        if scalar == "\r" { continue }
        if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
        {
            // The table and map may colour with ESC only when told to; nothing here asks them to.
            fatalError("\(output): raw U+\(String(value, radix: 16)) in \(text.debugDescription.prefix(300))")
        }
    }
    if previous == "\r" { fatalError("\(output): ends in a lone carriage return") }
}

nonisolated(unsafe) let numericAttribute = try! NSRegularExpression(
    pattern: #"\b(?:r|cx|cy|x|y|viewBox|data-lat|data-lng|font-size|transform|d)="([^"]*)""#)

/// The HTML map's numeric attributes never say inf or nan.
func checkNumbersAreFinite(_ html: String) {
    let range = NSRange(html.startIndex..., in: html)
    for match in numericAttribute.matches(in: html, range: range) {
        let value = (html as NSString).substring(with: match.range(at: 1)).lowercased()
        if value.contains("inf") || value.contains("nan") { fatalError("html: a number attribute says \(value)") }
    }
}
