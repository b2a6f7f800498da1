import Foundation

/// The service's code lists (genre/v1, budget/v1, large_area/v1, middle_area/v1, small_area/v1):
/// the request URL and the answer, read as leniently as the gourmet search's (API.md §5).
enum CodeListRequest {
    static func url(for kind: CodeListKind, key: String, baseURL: URL) -> URL {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("\(kind.rawValue)/v1/"), resolvingAgainstBaseURL: false)!
        components.percentEncodedQuery = "key=\(FormEncoding.encode(key))&format=json"
        return components.url!
    }

    /// `{"results": {"genre": [{"code", "name"}, …]}}`, areas with the areas they lie in;
    /// errors inside an HTTP 200 as for the gourmet search.
    static func decode(_ data: Data, kind: CodeListKind) throws(ServiceError) -> [CodeEntry] {
        struct Body: Decodable { var results: Results }
        struct Results: Decodable {
            var error: [GourmetResponseDecoder.ReportedError]?
            var entries: [Entry]?

            init(from decoder: any Decoder) throws {
                let members = try decoder.container(keyedBy: GourmetResponseDecoder.Key.self)
                error = try members.decodeIfPresent([GourmetResponseDecoder.ReportedError].self, forKey: .init("error"))
                guard let kind = decoder.userInfo[Results.kindKey] as? CodeListKind else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "which list to read"))
                }
                entries = try members.decodeIfPresent([Entry].self, forKey: .init(kind.rawValue))
            }

            static let kindKey = CodingUserInfoKey(rawValue: "kind")!
        }
        struct Entry: Decodable {
            var code: LenientText
            var name: LenientText
            var large_area: GourmetResponseDecoder.Nested?
            var middle_area: GourmetResponseDecoder.Nested?
        }
        let decoder = JSONDecoder()
        decoder.userInfo[Results.kindKey] = kind
        let results: Results
        do {
            results = try decoder.decode(Body.self, from: data).results
        } catch let error as DecodingError {
            throw .unreadableResponse(detail: ReplyDecoding.detail(error))
        } catch {
            throw .unreadableResponse(detail: "not JSON")
        }
        if let serviceError = results.error?.first { throw serviceError.error }
        guard let entries = results.entries else {
            throw .unreadableResponse(detail: "JSON without results.\(kind.rawValue) or results.error")
        }
        return entries.map { entry in
            let within =
                kind == .smallAreas ? entry.middle_area?.codeName : kind == .middleAreas ? entry.large_area?.codeName : nil
            return CodeEntry(code: entry.code.value, name: entry.name.value, within: within)
        }
    }
}

extension HotpepperAPI: CodeListProtocol {
    public func codeList(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry] {
        try await fetch(CodeListRequest.url(for: kind, key: configuration.key, baseURL: configuration.baseURL)) {
            body throws(ServiceError) in try CodeListRequest.decode(body, kind: kind)
        }
    }
}
