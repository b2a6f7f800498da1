import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GET over URLSession. The client's only use of the network.
struct URLSessionTransport: HTTPTransport {
    /// One session for the process: concurrent pages share its connections.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// `timeout` is a backstop only: the client races its own timer, as on Linux URLSession has
    /// not always covered a server that accepts and then never answers.
    func get(_ url: URL, headers: [String: String], timeout: TimeInterval) async throws -> HTTPReply {
        var request = URLRequest(url: url, timeoutInterval: timeout + 1)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        // The completion handler rather than async `data(for:)`: a cancel then returns at once.
        return try await PendingTransfer.run { pending in
            let box = TaskBox()
            let task = Self.session.dataTask(with: request) { data, response, error in
                pending.finish(
                    Self.outcome(
                        data: data, response: response, error: error,
                        expectedLength: box.task?.countOfBytesExpectedToReceive ?? 0))
            }
            box.task = task
            task.resume()
            return { task.cancel() }
        }
    }

    private static func outcome(
        data: Data?, response: URLResponse?, error: (any Error)?,
        expectedLength: Int64
    ) -> Result<HTTPReply, HTTPTransferFailure> {
        if let error {
            // URLSession on Linux reports no response for a truncated body, only the length it expected.
            return .failure(
                HTTPTransferFailure(
                    code: (error as? URLError)?.code ?? .unknown,
                    message: error.localizedDescription,
                    headersArrived: response != nil || expectedLength > 0))
        }
        // Status 0: not an HTTP response, which the client reports as unreadable.
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http?.allHeaderFields ?? [:] { headers[name] = value }
        return .success(HTTPReply(status: http?.statusCode ?? 0, headers: headers, body: data ?? Data()))
    }
}

/// Lets the completion handler read the task's expected length without a reference cycle.
private final class TaskBox: @unchecked Sendable {
    weak var task: URLSessionDataTask?
}
