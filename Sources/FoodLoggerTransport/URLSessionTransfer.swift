import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET over URLSession, reported once through `completion`. This module holds the only
/// use of URLSession, so that on Linux FoundationNetworking (libcurl and some thirty libraries)
/// is loaded when a request is made, not at every start-up. It knows nothing of foodlogger.
public final class URLSessionTransfer: @unchecked Sendable {
    /// What the transfer produced: an answer, or a URLError code and its words.
    public struct Outcome: Sendable {
        /// The HTTP status; 0 when no HTTP response arrived.
        public var status = 0
        public var headers: [String: String] = [:]
        public var body = Data()
        /// A URLError code (`URLError.Code.rawValue`); nil when an answer arrived.
        public var errorCode: Int?
        public var message = ""
        /// The headers came but the body did not all follow: URLSession on Linux reports no
        /// response then, only the length it expected.
        public var headersArrived = false
    }

    /// One session for the process: concurrent pages share its connections.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    private let task: URLSessionDataTask

    /// Starts the transfer. `timeout` is a backstop only: the caller races its own timer, as on
    /// Linux URLSession has not always covered a server that accepts and then never answers.
    public init(url: URL, headers: [String: String], timeout: TimeInterval,
                completion: @escaping @Sendable (Outcome) -> Void) {
        var request = URLRequest(url: url, timeoutInterval: timeout + 1)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        // The completion handler rather than async `data(for:)`: a cancel then returns at once.
        let box = TaskBox()
        task = Self.session.dataTask(with: request) { data, response, error in
            var outcome = Outcome(body: data ?? Data())
            if let http = response as? HTTPURLResponse {
                outcome.status = http.statusCode
                for case (let name as String, let value as String) in http.allHeaderFields { outcome.headers[name] = value }
            }
            if let error {
                outcome.errorCode = (error as? URLError)?.code.rawValue ?? URLError.Code.unknown.rawValue
                outcome.message = error.localizedDescription
                outcome.headersArrived = response != nil || (box.task?.countOfBytesExpectedToReceive ?? 0) > 0
            }
            completion(outcome)
        }
        box.task = task
        task.resume()
    }

    /// The completion handler then reports `URLError.cancelled`, if it has not run yet.
    public func cancel() { task.cancel() }
}

/// Lets the completion handler read the task's expected length without capturing `self`.
private final class TaskBox: @unchecked Sendable {
    weak var task: URLSessionDataTask?
}
