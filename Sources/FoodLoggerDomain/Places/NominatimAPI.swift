import Foundation

/// The place search on OpenStreetMap's Nominatim: no key, names in any script (`渋谷駅`,
/// `shibuya`, `Tour Eiffel`) and addresses, limited to some countries or not, named in one
/// language. Its usage policy asks for a User-Agent naming the tool (ServiceClient sends one),
/// at most one request a second and caching, which `GeocodingWorker` sees to.
public struct NominatimAPI: GeocodingProtocol {
    public static let defaultBaseURL = URL(string: "https://nominatim.openstreetmap.org/")!

    let baseURL: URL
    let client: ServiceClient
    /// ISO 3166-1 alpha-2 codes the search keeps to (`countrycodes`); empty: the whole world.
    let countryCodes: [String]
    /// The language places are named in (`accept-language`): `ja`, `fr`.
    let language: String

    /// `countryCodes` ["jp"] and `language` "ja" for HOT PEPPER, which has shops in Japan only;
    /// [] and the user's language (`language(environment:)`) for OpenStreetMap.
    public init(
        baseURL: URL = defaultBaseURL, countryCodes: [String] = ["jp"], language: String = "ja", timeout: TimeInterval,
        retry: RetryPolicy, log: (@Sendable (String) -> Void)? = nil,
        maxResponseBytes: Int = ServiceClient.defaultMaxResponseBytes
    ) {
        self.baseURL = baseURL
        self.countryCodes = countryCodes.map { $0.lowercased() }
        self.language = language
        client = ServiceClient(
            timeout: timeout, retry: retry, log: log, maxResponseBytes: maxResponseBytes, transport: URLSessionTransport(),
            service: .placeSearch)
    }

    /// The countries and the language: "jp ja", "world fr".
    public var scope: String {
        "\(countryCodes.isEmpty ? "world" : countryCodes.joined(separator: ",")) \(language)"
    }

    /// The language of the user's locale (`LC_ALL`, else `LC_MESSAGES`, else `LANG`, as POSIX
    /// reads them): `fr_FR.UTF-8` gives `fr`; none, `C`, `POSIX` or anything else gives `en`.
    public static func language(environment: [String: String]) -> String {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let language = locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        return (2...3).contains(language.count) && language.allSatisfy { ("a"..."z").contains($0) } ? language : "en"
    }

    /// Two ASCII letters, as ISO 3166-1 writes a country; anything else says nothing.
    static func countryCode(_ text: String) -> String? {
        text.count == 2 && text.allSatisfy { ("a"..."z").contains($0) } ? text : nil
    }

    public func findPlaces(_ text: String) async throws(ServiceError) -> [Place] {
        var components = URLComponents(url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems =
            [
                URLQueryItem(name: "q", value: text), URLQueryItem(name: "format", value: "jsonv2"),
                URLQueryItem(name: "limit", value: "5"),
                // For each place's `address.country_code`: whether the service covers it.
                URLQueryItem(name: "addressdetails", value: "1"),
            ]
            + (countryCodes.isEmpty ? [] : [URLQueryItem(name: "countrycodes", value: countryCodes.joined(separator: ","))])
            + [URLQueryItem(name: "accept-language", value: language)]
        let url = components.url!
        return try await client.fetch(url, accept: "application/json") {
            reply throws(ServiceError) in
            try Self.decode(reply.body)
        }
    }

    /// Nominatim's `jsonv2` answer: an array of places with `lat`/`lon` as strings, and with
    /// `addressdetails` each one's `address.country_code`.
    static func decode(_ data: Data) throws(ServiceError) -> [Place] {
        struct Address: Decodable {
            var country_code: String?
            var state: String?
            var region: String?
            var country: String?
        }
        struct Match: Decodable {
            var lat: LenientDecimal
            var lon: LenientDecimal
            var name: String?
            var display_name: String?
            var address: Address?
        }
        let matches: [Match]
        do {
            matches = try JSONDecoder().decode([Match].self, from: data)
        } catch {
            let start = String(decoding: data.prefix(60), as: UTF8.self)
            throw .unreadableResponse(detail: "not a list of places (\(data.count) bytes starting \"\(start)\")")
        }
        return matches.compactMap { match in
            let display = match.display_name ?? ""
            let name = match.name.flatMap { $0.isEmpty ? nil : $0 } ?? display.components(separatedBy: ",").first ?? ""
            let coordinate = Coordinate(lat: match.lat.value, lng: match.lon.value)
            guard (-90...90).contains(coordinate.lat), (-180...180).contains(coordinate.lng) else { return nil }
            let country = match.address?.country_code.map { $0.lowercased() }.flatMap(Self.countryCode)
            let named = { (text: String?) in
                text.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            return Place(
                name: name.trimmingCharacters(in: .whitespaces), coordinate: coordinate, country: country,
                region: named(match.address?.state ?? match.address?.region), countryName: named(match.address?.country))
        }
    }
}
