import Foundation

/// Google's refusals, as its answers other than 200 explain them in
/// `{"error": {"code", "status", "message", "details": [{"reason"}]}}`, turned into the errors
/// every service shares: a refused key (401, 403, or 400 with an `API_KEY_…` reason), a refused
/// request (400 INVALID_ARGUMENT), and otherwise the status with Google's words (429
/// RESOURCE_EXHAUSTED names the quota; it and 5xx are retried). The message is cut to one line.
enum GooglePlacesError {
    /// The error for an answer with `status`; nil when the body is not Google's error (the
    /// status alone then), except for a 400, which is then an answer foodlogger cannot read.
    static func error(status: Int, body: Data) -> ServiceError? {
        guard let error = try? JSONDecoder().decode(Body.self, from: body).error else {
            return status == 400 ? .unreadableResponse(detail: "HTTP 400 without Google's explanation") : nil
        }
        let words = oneLine(error.message ?? "")
        let message = [error.status, words.isEmpty ? nil : words].compactMap { $0 }.joined(separator: ": ")
        let keyReason = (error.details ?? []).contains { $0.reason?.hasPrefix("API_KEY_") == true }
        switch status {
        case 401, 403: return .rejectedKey(message: message, service: .google)
        case 400 where keyReason: return .rejectedKey(message: message, service: .google)
        case 400: return .invalidRequest(message: message, service: .google)
        default: return .explainedStatus(status, message: message)
        }
    }

    /// The first line of a message, its spaces collapsed, at most 200 characters.
    static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let collapsed = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return collapsed.count > 200 ? String(collapsed.prefix(199)) + "…" : collapsed
    }

    struct Body: Decodable {
        var error: Details?
    }

    struct Details: Decodable {
        var code: Int?
        var status: String?
        var message: String?
        var details: [Reason]?
    }

    struct Reason: Decodable {
        var reason: String?
    }
}
