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
    /// HOTPEPPER_BASE_URL is set to something that is not an http(s) URL with a host.
    case badBaseURL(String)

    public enum NetworkFailure: String, Sendable {
        case refused = "connection refused"
        case hostNotFound = "host not found"
        case timedOut = "timed out"
        case tls = "TLS failure"
        case noAnswer = "connection closed without an answer"
        case other = "network error"

        /// What the user can do about it.
        var advice: String {
            switch self {
            case .refused, .noAnswer: "Check your connection, or HOTPEPPER_BASE_URL if you set it."
            case .hostNotFound: "Check your connection and DNS, or HOTPEPPER_BASE_URL if you set it."
            case .timedOut: "Try again later, or allow more time with --timeout SECONDS."
            case .tls: "Check the system clock, the CA certificates and any proxy in between."
            case .other: "Check your connection and try again."
            }
        }
    }

    public var errorDescription: String? {
        switch self {
        case .missingKey(let searched):
            return """
            no HOT PEPPER API key found. Looked in: \(searched.map(TerminalSafe.line).joined(separator: ", ")).
            Get a free key at https://webservice.recruit.co.jp/register/ and either export \
            HOTPEPPER_API_KEY=... or save it as key.plist (see key.plist.example) in \
            ~/.config/foodlogger/ (chmod 600). To try foodlogger without a key, add --stub.
            """
        case .unusableKeyFile(let path, let problem):
            return "key file \(TerminalSafe.line(path)): \(problem). See key.plist.example for the expected format."
        case .rejectedKey(let message):
            return "the service rejected the API key (error 2000: \(message)). Check the key in your key.plist or HOTPEPPER_API_KEY."
        case .invalidRequest(let message):
            return "the service refused the search (error 3000: \(message)). Check the search options (--help)."
        case .serviceFailure(let code, let message):
            return "the service failed (error \(code): \(message)). Try again in a moment."
        case .httpStatus(let status):
            let advice = switch status {
            case 429: "Too many requests: wait a minute before trying again."
            case 500...: "Try again later."
            default: "Check HOTPEPPER_BASE_URL if you set it."
            }
            return "the service answered HTTP \(status) instead of 200. \(advice)"
        case .network(let failure, let detail):
            return "cannot reach the service: \(failure.rawValue) (\(detail)). \(failure.advice)"
        case .unreadableResponse(let detail):
            return "the service answered something unreadable: \(detail). Try again later, or check HOTPEPPER_BASE_URL if you set it."
        case .badBaseURL(let text):
            return "HOTPEPPER_BASE_URL is not an http(s) URL with a host: \(TerminalSafe.quoted(text)). "
                + "Unset it to use the real service, or set it to a server such as http://127.0.0.1:8080/."
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
