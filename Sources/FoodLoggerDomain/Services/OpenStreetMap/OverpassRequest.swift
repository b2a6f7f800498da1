import Foundation

/// The Overpass QL foodlogger sends, and the form that carries it. Overpass takes the query as
/// the `data` field of a POST form: a search with a keyword is too long for a polite address.
public enum OverpassRequest {
    /// The public instance, used when FOODLOGGER_OVERPASS_URL does not name another.
    public static let defaultURL = URL(string: "https://overpass-api.de/api/interpreter")!
    /// What the server may spend on a query before it answers with a "timed out" remark.
    static let serverTimeout = 25
    /// OSM's `amenity` values for places that serve food or drink.
    static let amenities = ["restaurant", "cafe", "fast_food", "bar", "pub", "food_court", "ice_cream", "biergarten"]
    static let contentType = "application/x-www-form-urlencoded"

    /// The food places within the range of the centre, nearest first once decoded, and the areas
    /// the centre lies in with their `timezone` and `ISO3166-1` tags (the shops' clock and
    /// country). Each keyword term must occur in the name, in any case. Nil without a centre:
    /// Overpass has no search of the whole world by name.
    static func search(_ query: RestaurantQuery) -> String? {
        guard let center = query.center else { return nil }
        let point = "\(decimal(center.lat)),\(decimal(center.lng))"
        let names = (query.keyword ?? "").split(whereSeparator: \.isWhitespace)
            .map { "[\"name\"~\"\(quoted(escapingRegex(String($0))))\",i]" }
            .joined()
        return """
            [out:json][timeout:\(serverTimeout)];
            nwr["amenity"~"^(\(amenities.joined(separator: "|")))$"]\(names)(around:\(query.range.metres),\(point));
            out center tags;
            is_in(\(point))->.areas;
            (area.areas["timezone"];area.areas["ISO3166-1"];);
            out tags;

            """
    }

    /// The elements named by ids as OSM writes them (`node/123`, `way/987`, `relation/5`), in
    /// one request; ids of any other shape are left out. Nil when none is left.
    static func lookup(ids: [String]) -> String? {
        var numbers: [String: [String]] = [:]
        for id in ids {
            let parts = id.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, elementTypes.contains(String(parts[0])), let number = UInt64(parts[1]) else { continue }
            numbers[String(parts[0]), default: []].append(String(number))
        }
        guard !numbers.isEmpty else { return nil }
        let statements = elementTypes.compactMap { type in
            numbers[type].map { "\(type)(id:\($0.joined(separator: ",")));" }
        }
        return "[out:json][timeout:\(serverTimeout)];\n(\(statements.joined()));\nout center tags;\n"
    }

    static let elementTypes = ["node", "way", "relation"]

    /// The POST body: the QL as the form's one field.
    static func form(_ ql: String) -> Data {
        Data("data=\(GourmetRequest.encode(ql))".utf8)
    }

    /// Every character that means something in a POSIX extended regular expression (Overpass's
    /// dialect) made literal, so `c++` or `(new)` match those very characters in a name.
    static func escapingRegex(_ text: String) -> String {
        String(text.flatMap { #"\.^$|?*+()[]{}"#.contains($0) ? ["\\", $0] : [$0] })
    }

    /// Text inside a QL string literal, whose escape character is the backslash too.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// Degrees in plain decimals to 1 cm, never in the exponent form (`1e-05`) QL cannot read.
    static func decimal(_ degrees: Double) -> String {
        String(format: "%.7f", degrees)
    }
}
