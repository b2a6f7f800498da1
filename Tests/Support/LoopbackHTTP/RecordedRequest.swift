import Foundation

/// One request as the server received it.
public struct RecordedRequest: Sendable {
    public var method: String
    /// The request target exactly as sent, e.g. `/gourmet/v1/?key=k&keyword=%E6%B8%8B%E8%B0%B7`.
    public var target: String
    /// The target up to `?`, still percent-encoded.
    public var path: String
    /// Everything after the first `?`, still percent-encoded; `nil` when there is no `?`.
    public var query: String?
    /// `query` split on `&` and `=`, percent-decoded. `+` stays `+` (RFC 3986, as `URLComponents`
    /// reads it); `value` is `nil` for an item without `=`.
    public var queryItems: [URLQueryItem]
    /// Names lowercased; repeated headers joined with `", "`.
    public var headers: [String: String]
    /// After `Content-Length` or chunked decoding.
    public var body: Data

    public init(
        method: String, target: String, headers: [String: String] = [:], body: Data = Data()
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        var pathPart = Substring(target)
        // Absolute form (sent to proxies): keep only path and query.
        if let schemeEnd = pathPart.range(of: "://") {
            let afterScheme = pathPart[schemeEnd.upperBound...]
            pathPart =
                afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" })
                .map { afterScheme[$0...] } ?? "/"
        }
        if let mark = pathPart.firstIndex(of: "?") {
            path = String(pathPart[..<mark])
            let raw = String(pathPart[pathPart.index(after: mark)...])
            query = raw
            queryItems = Self.decode(query: raw)
        } else {
            path = String(pathPart)
            query = nil
            queryItems = []
        }
        if path.isEmpty { path = "/" }
    }

    /// The decoded value of the first query item called `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first(where: { $0.name == name })?.value
    }

    private static func decode(query: String) -> [URLQueryItem] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let decode = { (s: Substring) in s.removingPercentEncoding ?? String(s) }
            guard let equals = pair.firstIndex(of: "=") else {
                return URLQueryItem(name: decode(pair), value: nil)
            }
            return URLQueryItem(
                name: decode(pair[..<equals]), value: decode(pair[pair.index(after: equals)...]))
        }
    }
}
