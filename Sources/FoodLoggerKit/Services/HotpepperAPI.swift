import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The web service client: one gourmet/v1 request per call over URLSession.
public struct HotpepperAPI: HotpepperProtocol {
    public struct Configuration: Sendable {
        public var key: String
        public var baseURL: URL
        /// Bounds each request, connection and body included.
        public var timeout: TimeInterval

        public init(key: String, baseURL: URL = GourmetRequest.defaultBaseURL, timeout: TimeInterval = 10) {
            self.key = key; self.baseURL = baseURL; self.timeout = timeout
        }
    }

    let configuration: Configuration
    let session: URLSession

    public init(configuration: Configuration) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        session = URLSession(configuration: sessionConfiguration)
    }

    public func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        let url = GourmetRequest.url(for: query, key: configuration.key, baseURL: configuration.baseURL)
        var request = URLRequest(url: url)
        request.setValue("application/json, text/javascript", forHTTPHeaderField: "Accept")
        request.setValue("foodlogger/\(FoodLoggerVersion.current)", forHTTPHeaderField: "User-Agent")
        let (data, response) = try await send(request)
        guard response.statusCode == 200 else { throw .httpStatus(response.statusCode) }
        do {
            return try GourmetResponseDecoder.decode(data)
        } catch .unreadableResponse(let detail) {
            throw .unreadableResponse(detail: Self.describeBody(detail: detail, data: data, response: response,
                                                                key: configuration.key))
        }
    }

    private func send(_ request: URLRequest) async throws(HotpepperError) -> (Data, HTTPURLResponse) {
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                throw HotpepperError.unreadableResponse(detail: "a response that is not HTTP")
            }
            return (data, http)
        } catch let error as HotpepperError {
            throw error
        } catch {
            throw Self.networkError(error, key: configuration.key)
        }
    }

    /// Sorts URLSession's failures into the kinds a user can act on.
    static func networkError(_ error: any Error, key: String) -> HotpepperError {
        let failure: HotpepperError.NetworkFailure
        switch (error as? URLError)?.code {
        case .cannotConnectToHost?, .networkConnectionLost?: failure = .refused
        case .cannotFindHost?, .dnsLookupFailed?: failure = .hostNotFound
        case .timedOut?: failure = .timedOut
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
             .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?, .clientCertificateRejected?:
            failure = .tls
        default: failure = .other
        }
        let detail = Redaction.redact(error.localizedDescription, key: key)
        return .network(failure, detail: detail)
    }

    /// What arrived, for a body that is not a gourmet response: its type, size and first bytes.
    static func describeBody(detail: String, data: Data, response: HTTPURLResponse, key: String) -> String {
        let type = response.value(forHTTPHeaderField: "Content-Type") ?? "no Content-Type"
        let head = String(decoding: data.prefix(60), as: UTF8.self)
            .map { $0.isNewline || $0 == "\t" ? " " : $0 }
        let preview = Redaction.redact(String(head), key: key)
        let body = data.isEmpty ? "an empty body" : "\(data.count) bytes starting \"\(preview)\(data.count > 60 ? "…" : "")\""
        return "\(detail) (\(type), \(body))"
    }
}
