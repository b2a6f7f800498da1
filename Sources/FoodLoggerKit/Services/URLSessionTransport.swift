#if canImport(Darwin)
import Foundation
import FoodLoggerTransport

/// Apple platforms: the transfer module is linked in, as URLSession costs nothing extra there.
struct URLSessionTransport: HTTPTransport {
    func get(_ url: URL, headers: [String: String], timeout: TimeInterval) async throws -> HTTPReply {
        try await PendingTransfer.run { pending in
            let transfer = URLSessionTransfer(url: url, headers: headers, timeout: timeout) { outcome in
                guard let code = outcome.errorCode else {
                    return pending.finish(.success(HTTPReply(status: outcome.status, headers: outcome.headers, body: outcome.body)))
                }
                pending.finish(.failure(HTTPTransferFailure(code: URLError.Code(rawValue: code), message: outcome.message,
                                                            headersArrived: outcome.headersArrived)))
            }
            return { transfer.cancel() }
        }
    }
}
#endif
