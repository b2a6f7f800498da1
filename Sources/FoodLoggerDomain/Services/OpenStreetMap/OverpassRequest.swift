import Foundation

/// The Overpass QL foodlogger sends, and the form that carries it. Overpass takes the query as
/// the `data` field of a POST form: a search with a keyword is too long for a polite address.
public enum OverpassRequest {
    /// The public instance, used when FOODLOGGER_OVERPASS_URL does not name another.
    public static let defaultURL = URL(string: "https://overpass-api.de/api/interpreter")!
    /// What the server may spend on a query before it answers with a "timed out" remark.
    static let serverTimeout = 25
    static let contentType = "application/x-www-form-urlencoded"

    /// The food places within the range of the centre, nearest first once decoded, and the areas
    /// the centre lies in with their `timezone` and `ISO3166-1` tags (the shops' clock and
    /// country). Each keyword term must occur in a name, the cuisine or the address, in any case
    /// (`keywordKeys`); a place must serve one of the genres (OSM `cuisine` values) and have
    /// every filter's fact. A condition OSM cannot
    /// honour is refused, never dropped: the search would otherwise answer another question.
    static func search(_ query: RestaurantQuery) throws(ServiceError) -> String {
        guard let center = query.center else {
            throw .invalidRequest(message: "an OpenStreetMap search needs a centre", service: .osm)
        }
        guard query.budgets.isEmpty, query.area == nil, query.names.isEmpty else {
            throw .invalidRequest(
                message: "OpenStreetMap has no budget or area codes, and reads genres as cuisine values only", service: .osm)
        }
        let point = "\(decimal(center.lat)),\(decimal(center.lng))"
        let names = (query.keyword ?? "").split(whereSeparator: \.isWhitespace)
            .map { "[~\"\(keywordKeys)\"~\"\(quoted(escapingRegex(String($0))))\",i]" }
            .joined()
        let conditions = names + (try cuisine(query.genres)) + (try facts(query.filters)) + diets(query.diets)
        return """
            [out:json][timeout:\(serverTimeout)];
            nwr["amenity"~"^(\(OSMFacts.amenities(of: query.kinds).joined(separator: "|")))$"]\(conditions)(around:\(query.metres),\(point));
            out center tags;
            is_in(\(point))->.areas;
            \(areas)
            out tags;

            """
    }

    /// The tags a keyword term is looked for in, as a regular expression of keys: any of the
    /// names a place is listed by (`OverpassDecoder.names`), its brand and operator, its
    /// `cuisine` values and every `addr:*` tag (street, suburb, city, postcode, `addr:full`), so
    /// `--keyword` finds what the help says (name, address, genre) as far as OSM holds them.
    /// The stub selects by the same expression (`OverpassStub.keeps`).
    static let keywordKeys = "^(name|name:[a-z]{2,3}(-[A-Za-z]+)?|brand|operator|cuisine|addr:[a-z_:]+)$"

    /// `cuisine` holds one or more values separated by `;`, with spaces at times: a place serves
    /// a genre when any of its values is one. "" for no genre. A genre outside OSM's list (a HOT
    /// PEPPER code such as G013, which the command line takes as a code whatever the service)
    /// is refused: it would find nothing, silently.
    static func cuisine(_ genres: [String]) throws(ServiceError) -> String {
        guard !genres.isEmpty else { return "" }
        if let stranger = genres.first(where: { !OSMCodeLists.cuisines.contains($0) }) {
            throw .unknownName(.genre, stranger, closest: CodeMatching.closest(stranger, in: OSMCodeLists.genres) { [$0.name] })
        }
        let values = genres.map { quoted(escapingRegex($0)) }.joined(separator: "|")
        return "[\"cuisine\"~\"(^|;) *(\(values)) *(;|$)\",i]"
    }

    /// Each filter as its tag having one of the values that count as yes (`OSMFacts`, which the
    /// stub reads too), spaces around it allowed as `OSMFacts.keeps` trims them. A filter OSM
    /// has no tag for is refused: the command line never sends one.
    static func facts(_ filters: [SearchFilter]) throws(ServiceError) -> String {
        var conditions = ""
        for filter in filters {
            guard let fact = OSMFacts.filters[filter] else {
                throw .invalidRequest(message: "OpenStreetMap has no tag for the filter \(filter.rawValue)", service: .osm)
            }
            let values = fact.values.map { quoted(escapingRegex($0)) }.joined(separator: "|")
            conditions += "[\"\(quoted(fact.key))\"~\"^ *(\(values)) *$\",i]"
        }
        return conditions
    }

    /// Each diet as any `diet:*` key that answers for it (vegetarian: `diet:vegetarian` or
    /// `diet:vegan`) having a value that counts as yes (`OSMFacts.dietValues`), so the server
    /// fills the page with such places rather than the client thinning it.
    static func diets(_ diets: [Diet]) -> String {
        let values = OSMFacts.dietValues.joined(separator: "|")
        return diets.map { diet in
            "[~\"^diet:(\(diet.answeredBy.map(\.rawValue).joined(separator: "|")))$\"~\"^ *(\(values)) *$\",i]"
        }.joined()
    }

    /// The elements named by ids as OSM writes them (`node/123`, `way/987`, `relation/5`), in
    /// one request, with the areas they lie in (their clock and country). `is_in` without
    /// coordinates reads the nodes of its input, so an outline is placed by its nodes: a
    /// way's own, a relation's member nodes and its member ways' nodes. Text that is no id of
    /// OSM's form (`ServiceCapabilities.placeIDs`: `node/1x`, `way/-1`, a number past Int64) is
    /// left out: the client names it (`OverpassAPI`), and nothing but a type and its checked
    /// digits reaches the query. Nil when none is left.
    static func lookup(ids: [String]) -> String? {
        var numbers: [String: [String]] = [:]
        for text in ids {
            guard let id = ServiceCapabilities.openStreetMap.placeIDs.id(text), let slash = id.firstIndex(of: "/") else {
                continue
            }
            numbers[String(id[..<slash]), default: []].append(String(id[id.index(after: slash)...]))
        }
        guard !numbers.isEmpty else { return nil }
        let statements = elementTypes.compactMap { type in
            numbers[type].map { "\(type)(id:\($0.joined(separator: ",")));" }
        }
        return """
            [out:json][timeout:\(serverTimeout)];
            (\(statements.joined()))->.shops;
            .shops out center tags;
            (way.shops;way(r.shops);)->.outlines;
            (node.shops;node(r.shops);node(w.outlines);)->.points;
            .points is_in->.areas;
            \(areas)
            out tags;

            """
    }

    /// The areas of the set `.areas` that carry a clock, a country or a country's subdivision
    /// (for its regional holidays): all the decoder reads.
    static let areas = #"(area.areas["timezone"];area.areas["ISO3166-1"];area.areas["ISO3166-2"];);"#

    static let elementTypes = ["node", "way", "relation"]

    /// The POST body: the QL as the form's one field.
    static func form(_ ql: String) -> Data {
        Data("data=\(FormEncoding.encode(ql))".utf8)
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
