import Foundation

/// Everything that can stop a request from producing shops, each with the one line a user reads.
public enum HotpepperError: Error, Equatable, Sendable, LocalizedError {
    /// No key anywhere; `searched` names the places looked at, in order.
    case missingKey(searched: [String])
    /// A key file exists but cannot be used (`problem` says why).
    case unusableKeyFile(path: String, problem: String)
    /// Error 2000: the service does not accept the key.
    case rejectedKey(message: String)
    /// Error 3000: the service refused the parameters.
    case invalidRequest(message: String)
    /// Error 1000 or an unknown service error code.
    case serviceFailure(code: Int, message: String)
    /// An HTTP status other than 200.
    case httpStatus(Int)
    /// The request never got an answer.
    case network(NetworkFailure, detail: String)
    /// An answer arrived but is not a gourmet response.
    case unreadableResponse(detail: String)

    public enum NetworkFailure: String, Sendable {
        case refused = "connection refused"
        case hostNotFound = "host not found"
        case timedOut = "timed out"
        case tls = "TLS failure"
        case other = "network error"
    }

    public var errorDescription: String? {
        switch self {
        case .missingKey(let searched):
            return """
            no HOT PEPPER API key found. Looked in: \(searched.joined(separator: ", ")).
            Get a free key at https://webservice.recruit.co.jp/register/ and either export \
            HOTPEPPER_API_KEY=... or save it as key.plist (see key.plist.example) in \
            ~/.config/foodlogger/ (chmod 600). To try foodlogger without a key, add --stub.
            """
        case .unusableKeyFile(let path, let problem):
            return "key file \(path): \(problem). See key.plist.example for the expected format."
        case .rejectedKey(let message):
            return "the service rejected the API key (error 2000: \(message)). Check the key in your key.plist or HOTPEPPER_API_KEY."
        case .invalidRequest(let message):
            return "the service refused the search (error 3000: \(message)). Check the search options (--help)."
        case .serviceFailure(let code, let message):
            return "the service failed (error \(code): \(message)). Try again in a moment."
        case .httpStatus(let status):
            return "the service answered HTTP \(status) instead of 200. Try again later."
        case .network(let failure, let detail):
            return "cannot reach the service: \(failure.rawValue) (\(detail)). Check your connection or HOTPEPPER_BASE_URL."
        case .unreadableResponse(let detail):
            return "the service answered something unreadable: \(detail)."
        }
    }

    /// Whether the same request may succeed if simply sent again.
    public var isTransient: Bool {
        switch self {
        case .network: true
        case .httpStatus(let status): status == 429 || status >= 500
        case .serviceFailure(let code, _): code == 1000
        default: false
        }
    }
}
