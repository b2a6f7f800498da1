import Foundation

/// Everything that can stop a service from answering, whichever service it is: facts only. The app words each
/// case and picks its exit code, in one place (CLI/ServiceError+Report.swift).
public enum ServiceError: Error, Equatable, Sendable {
    /// No key anywhere for `service`; `searched` names the places looked at, in order.
    case missingKey(searched: [String], service: Provider)
    /// A key file exists but cannot be used (`problem` says why).
    case unusableKeyFile(path: String, problem: String)
    /// The service does not accept the key, in its words (with its own error number, where it has one).
    case rejectedKey(message: String, service: Provider)
    /// The service refused the parameters, in its words.
    case invalidRequest(message: String, service: Provider)
    /// The service reported a failure of its own, in its words; `transient` when the service says
    /// the same request may succeed later (its decoder knows which of its errors are).
    case serviceFailure(message: String, transient: Bool)
    /// An answer with HTTP 200 that says the service gave up on the query (Overpass's `remark`:
    /// a runtime error, its own time-out), in the service's words. Never an empty result.
    case queryFailed(remark: String)
    /// An HTTP status other than 200.
    case httpStatus(Int)
    /// HTTP 429 with nothing said in the body: too many requests, and with `keyed` (the request
    /// carried a key) perhaps the key's quota used up. A keyless service has no quota to name.
    case tooManyRequests(keyed: Bool)
    /// The server answered `status` and asked to be asked again in `seconds`, longer than a
    /// run waits (`RetryPolicy.maxDelay`): given up at once rather than waited out.
    case asksToWait(status: Int, seconds: Int)
    /// An HTTP status other than 200 that the service explained in its body (Google's
    /// `{"error": {"status", "message"}}`, as "RESOURCE_EXHAUSTED: Quota exceeded for …").
    case explainedStatus(Int, message: String)
    /// The request never got an answer.
    case network(NetworkFailure, detail: String)
    /// An answer arrived but is not one the service gives.
    case unreadableResponse(detail: String)
    /// The answer's body, decoded, passed `limit` bytes; reading stopped there.
    case responseTooLarge(limit: Int)
    /// The service redirected to another host (the address, key and user-info redacted), which
    /// is not followed.
    case redirectRefused(to: String)
    /// A service's address variable (HOTPEPPER_BASE_URL, FOODLOGGER_NOMINATIM_URL) is set to
    /// something that is not an http(s) URL with a host.
    case badBaseURL(String, variable: String)
    /// The place search knows no place by that name; `known` lists the places it does know
    /// when it knows only a few (the offline stub).
    case placeNotFound(String, known: [String])
    /// A centre (a place as the user named it, or a coordinate) outside the countries the
    /// service has places in (`ServiceCapabilities.countries`).
    case outsideCoverage(String, service: Provider)
    /// A genre, budget or area name that no code list entry answers to; `closest` holds the
    /// entries it comes nearest (for budgets, the whole short list).
    case unknownName(CodeNameKind, String, closest: [CodeEntry])
    /// A name that answers to several codes where one is needed.
    case ambiguousName(CodeNameKind, String, matches: [CodeEntry])
    /// A code list the service does not have (OpenStreetMap has genres only).
    case noCodeList(CodeListKind, service: Provider)
    /// Nothing may be sent (`AnswerCache.Mode.offline`), and nothing is kept for the request.
    case notCached(Unsent)
    /// Text given as an id of `service` that is no id of its form (`PlaceIDGrammar`): never sent.
    case notAnID(String, service: Provider)
    /// One service of a merged search failed (`error`), which fails the search; `others` are the
    /// services that could be asked without it.
    indirect case inMerge(ServiceError, service: Provider, others: [Provider])
    /// `error` as one service's client met it: every request a service is sent fails named
    /// (`ServiceClient.fetch`), so a line can say which service did not answer, and point at
    /// that service's address variable alone.
    indirect case from(ServiceName, ServiceError)

    /// The service `from` names, if any.
    public var origin: ServiceName? {
        if case .from(let service, _) = self { service } else { nil }
    }

    /// The error itself, without the service that `from` names.
    public var cause: ServiceError {
        if case .from(_, let error) = self { error.cause } else { self }
    }

    /// A request that would have had to be sent.
    public enum Unsent: Sendable, Equatable {
        /// A page of a search, or a lookup by ids: answers are kept `AnswerCache.lifetime`.
        case search(RestaurantQuery)
        /// A code list, kept a day.
        case codeList(CodeListKind)
        /// A place name for the place search.
        case place(String)
    }

    public enum NetworkFailure: String, Sendable {
        case refused = "connection refused"
        case hostNotFound = "host not found"
        case timedOut = "timed out"
        case tls = "TLS failure"
        case noAnswer = "connection closed without an answer"
        case other = "network error"
    }

    /// The HTTP status the error reports, if it is one.
    var status: Int? {
        switch cause {
        case .httpStatus(let status), .explainedStatus(let status, _), .asksToWait(let status, _): status
        case .tooManyRequests: 429
        default: nil
        }
    }

    /// Whether the request waited its whole time-out for an answer.
    var isTimeOut: Bool {
        if case .network(.timedOut, _) = cause { true } else { false }
    }

    /// Whether the same request may succeed if simply sent again.
    var isTransient: Bool {
        switch cause {
        case .network, .tooManyRequests: true
        case .httpStatus(let status), .explainedStatus(let status, _): status == 429 || status >= 500
        case .serviceFailure(_, let transient): transient
        default: false
        }
    }
}

extension ServiceError {
    /// The same error with the key taken out of every text it carries (a service message or a
    /// transport detail might echo it).
    public func redacting(_ key: String) -> ServiceError {
        let clean = { (text: String) in Redaction.redact(text, key: key) }
        switch self {
        case .rejectedKey(let message, let service): return .rejectedKey(message: clean(message), service: service)
        case .invalidRequest(let message, let service): return .invalidRequest(message: clean(message), service: service)
        case .explainedStatus(let status, let message): return .explainedStatus(status, message: clean(message))
        case .serviceFailure(let message, let transient): return .serviceFailure(message: clean(message), transient: transient)
        case .queryFailed(let remark): return .queryFailed(remark: clean(remark))
        case .network(let failure, let detail): return .network(failure, detail: clean(detail))
        case .unreadableResponse(let detail): return .unreadableResponse(detail: clean(detail))
        case .badBaseURL(let text, let variable): return .badBaseURL(clean(text), variable: variable)
        case .placeNotFound(let text, let known): return .placeNotFound(clean(text), known: known)
        case .outsideCoverage(let text, let service): return .outsideCoverage(clean(text), service: service)
        case .unknownName(let kind, let text, let closest): return .unknownName(kind, clean(text), closest: closest)
        case .ambiguousName(let kind, let text, let matches): return .ambiguousName(kind, clean(text), matches: matches)
        case .redirectRefused(let target): return .redirectRefused(to: clean(target))
        case .notAnID(let text, let service): return .notAnID(clean(text), service: service)
        case .inMerge(let error, let service, let others):
            return .inMerge(error.redacting(key), service: service, others: others)
        case .from(let service, let error): return .from(service, error.redacting(key))
        case .missingKey, .unusableKeyFile, .httpStatus, .tooManyRequests, .asksToWait, .responseTooLarge, .noCodeList,
            .notCached:
            return self
        }
    }
}

/// A service foodlogger asks: one that gives places, or the place search that finds what
/// `--near` names (Nominatim, or the offline stub's few places).
public enum ServiceName: Sendable, Equatable {
    case provider(Provider)
    case placeSearch

    /// "OpenStreetMap", "the place search (Nominatim)".
    public var title: String {
        switch self {
        case .provider(let provider): provider.title
        case .placeSearch: "the place search (Nominatim)"
        }
    }
}
