import Foundation

/// The place search on OpenStreetMap's Nominatim: no key, Japanese and romaji names alike
/// (`渋谷駅`, `shibuya`, `Tokyo Station`), and addresses. Limited to Japan, answers in Japanese.
/// Its usage policy asks for a User-Agent naming the tool (ServiceClient sends one), at most
/// one request a second and caching, which `GeocodingWorker` sees to.
public struct NominatimAPI: GeocodingProtocol {
    public static let defaultBaseURL = URL(string: "https://nominatim.openstreetmap.org/")!

    let baseURL: URL
    let client: ServiceClient

    public init(
        baseURL: URL = defaultBaseURL, timeout: TimeInterval, retry: RetryPolicy, log: (@Sendable (String) -> Void)? = nil,
        maxResponseBytes: Int = ServiceClient.defaultMaxResponseBytes
    ) {
        self.init(
            baseURL: baseURL,
            client: ServiceClient(
                timeout: timeout, retry: retry, log: log, maxResponseBytes: maxResponseBytes, transport: URLSessionTransport()))
    }

    init(baseURL: URL, client: ServiceClient) {
        self.baseURL = baseURL; self.client = client
    }

    public func findPlaces(_ text: String) async throws(HotpepperError) -> [Place] {
        var components = URLComponents(url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "q", value: text), URLQueryItem(name: "format", value: "jsonv2"),
            URLQueryItem(name: "limit", value: "5"), URLQueryItem(name: "countrycodes", value: "jp"),
            URLQueryItem(name: "accept-language", value: "ja"),
        ]
        let url = components.url!
        return try await client.fetch(url, accept: "application/json") {
            reply throws(HotpepperError) in
            try Self.decode(reply.body)
        }
    }

    /// Nominatim's `jsonv2` answer: an array of places with `lat`/`lon` as strings.
    static func decode(_ data: Data) throws(HotpepperError) -> [Place] {
        struct Match: Decodable {
            var lat: LenientDecimal
            var lon: LenientDecimal
            var name: String?
            var display_name: String?
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
            return Place(name: name.trimmingCharacters(in: .whitespaces), coordinate: coordinate)
        }
    }
}
