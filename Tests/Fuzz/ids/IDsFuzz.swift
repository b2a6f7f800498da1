import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// libFuzzer entry: any bytes as a place id, given to every service's id grammar
/// (`ServiceCapabilities.placeIDs`), to the command line's reading of an id (`ShowCommand.idForm`)
/// and to each service's request builder (Google's Place Details, HOT PEPPER's gourmet query,
/// Overpass's lookup); the input cut at each `\n` is also a list of ids for one lookup. Besides
/// crashes and hangs, it stops on a broken promise: text the grammar refuses that a builder still
/// sends, or an accepted id whose request has more or fewer path segments than expected, an
/// unencoded `/`, `?` or `#` in its segment, a `%` not followed by two hex digits, a `..`, a
/// query with another parameter, or a lookup that names anything but the element asked.
@_cdecl("LLVMFuzzerTestOneInput")
public func idsFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    checkGoogle(text)
    checkHotpepper(text)
    checkOverpass([text])
    checkOverpass(text.components(separatedBy: "\n"))
    checkCommandLine(text)
    checkSegment(PathSegment.encode(text), text)
    return 0
}

let googleBase = URL(string: "https://places.example/v1/")!
let hotpepperBase = URL(string: "https://hotpepper.example/hotpepper/")!

/// Place Details: `/v1/places/<one segment>` and the language alone as the query, or refused.
func checkGoogle(_ text: String) {
    let accepted = Provider.google.placeIDs.id(text)
    let request: GooglePlacesRequest
    do throws(ServiceError) {
        request = try GooglePlacesRequest.details(id: text, key: "k", baseURL: googleBase, language: "en")
    } catch {
        guard accepted == nil, error == .notAnID(text, service: .google) else {
            fatalError("\(error) for \(text.debugDescription)")
        }
        return
    }
    guard let id = accepted else { fatalError("refused text built into a request: \(request.url)") }
    guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else {
        fatalError("an unreadable URL \(request.url)")
    }
    let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.count == 4, segments[0].isEmpty, segments[1] == "v1", segments[2] == "places" else {
        fatalError("not /v1/places/<id>: \(components.percentEncodedPath)")
    }
    checkSegment(String(segments[3]), id)
    guard components.percentEncodedQuery == "languageCode=en", components.fragment == nil else {
        fatalError("another query or a fragment: \(request.url)")
    }
}

/// One path segment: no `/`, `?`, `#`, no `..`, every `%` an escape, and the id when decoded.
func checkSegment(_ segment: String, _ id: String) {
    let bytes = Array(segment.utf8)
    if bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
        || segment.contains("..") || (segment.isEmpty && !id.isEmpty)
    {
        fatalError("an unencoded /, ?, # or .. in \(segment)")
    }
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, bytes[index + 1...index + 2].allSatisfy({ $0.isHexDigit }) else {
            fatalError("a % that is no escape in \(segment)")
        }
    }
    guard segment.removingPercentEncoding == id else { fatalError("\(segment) is not \(id.debugDescription)") }
}

/// HOT PEPPER's lookup: the id as the one `id` value of the query, beside the fixed parameters,
/// or nothing sent.
func checkHotpepper(_ text: String) {
    let (ids, refused) = Provider.hotpepper.placeIDs.sorting([text], service: .hotpepper)
    guard let id = ids.first else {
        guard refused.count == 1 else { fatalError("neither sent nor refused: \(text.debugDescription)") }
        return
    }
    let url = GourmetRequest.url(for: RestaurantQuery(ids: [id], count: 1), key: "k", baseURL: hotpepperBase)
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.fragment == nil,
        components.percentEncodedPath == "/hotpepper/gourmet/v1/"
    else { fatalError("another path or a fragment: \(url)") }
    let items = components.percentEncodedQuery?.split(separator: "&") ?? []
    let names = items.map { $0.prefix { $0 != "=" } }
    guard names == ["key", "format", "id", "start", "count"] else { fatalError("other parameters: \(url)") }
    guard let value = items[2].split(separator: "=", maxSplits: 1).last.map(String.init) else { fatalError("no id in \(url)") }
    checkSegment(value, id)
}

/// Overpass's lookup: one statement per element type, naming only the numbers asked; text that
/// is no id named as refused and left out of the query.
func checkOverpass(_ texts: [String]) {
    let grammar = Provider.osm.placeIDs
    let (ids, refused) = grammar.sorting(texts, service: .osm)
    guard ids.count + refused.count == texts.count else { fatalError("ids lost: \(texts)") }
    guard let ql = OverpassRequest.lookup(ids: texts) else {
        guard ids.isEmpty else { fatalError("ids \(ids) not looked up") }
        return
    }
    guard let open = ql.range(of: "\n("), let close = ql.range(of: ")->.shops;") else { fatalError("no statements in \(ql)") }
    let statements = ql[open.upperBound..<close.lowerBound]
    var named: [String] = []
    for statement in statements.split(separator: ";") {
        guard let paren = statement.firstIndex(of: "("), statement.hasSuffix(")"),
            OverpassRequest.elementTypes.contains(String(statement[..<paren])),
            statement[paren...].hasPrefix("(id:")
        else { fatalError("a statement that names no element: \(statement)") }
        let numbers = statement[statement.index(paren, offsetBy: 4)..<statement.index(before: statement.endIndex)]
        for number in numbers.split(separator: ",", omittingEmptySubsequences: false) {
            guard !number.isEmpty, number.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                fatalError("not a number: \(number) in \(ql)")
            }
            named.append("\(statement[..<paren])/\(number)")
        }
    }
    guard Set(named) == Set(ids) else { fatalError("named \(named), asked \(ids)") }
    // The form body carries the query as its one field.
    let form = String(decoding: OverpassRequest.form(ql), as: UTF8.self)
    guard form.hasPrefix("data="), !form.dropFirst(5).contains("&"), !form.contains("#") else {
        fatalError("a form of more than one field: \(form)")
    }
}

/// A word of the command line read as an id is its service's id, as requests carry it.
func checkCommandLine(_ text: String) {
    guard let (id, provider) = ShowCommand.idForm(text) else { return }
    guard provider.placeIDs.id(id) == id else { fatalError("\(text.debugDescription) read as \(id), no id of \(provider)") }
}

extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
