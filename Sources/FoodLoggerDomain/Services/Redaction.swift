import Foundation

/// Keeps the API key out of anything a person sees.
enum Redaction {
    static func redact(_ text: String, key: String) -> String {
        guard !key.isEmpty else { return text }
        return text.replacingOccurrences(of: key, with: GourmetRequest.redactedKey)
            .replacingOccurrences(of: GourmetRequest.encode(key), with: GourmetRequest.redactedKey)
    }
}
