import Foundation

/// The API keys this run has located, of every service: what no line it writes and no answer
/// it keeps may hold. A service's client takes its own key out of what it narrates and reports;
/// these cover a key of one service turning up in another's request (`--keyword "$GOOGLE_PLACES_API_KEY"`
/// sent to HOT PEPPER, `--near "$HOTPEPPER_API_KEY"` sent to the place search).
public final class KnownKeys: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String] = []

    public init() {}

    /// Adds a key as soon as it is located, before any request of its service is made. A key
    /// shorter than `Redaction.shortestRun` (a test's `k`) is no service's: its letters recur in
    /// every message, which would be mangled; its own client still takes it out of its requests.
    public func add(_ key: String) {
        guard key.unicodeScalars.count >= Redaction.shortestRun else { return }
        lock.withLock { if !keys.contains(key) { keys.append(key) } }
    }

    /// `text` without any known key whole, in any form `Redaction.redact` takes out. Whole keys
    /// only: the text is foodlogger's own message, where a service's client has already taken
    /// out any piece of its own key that a server echoed, and where eight characters of a key
    /// could stand by chance (a path, a word).
    public func redact(_ text: String) -> String {
        lock.withLock { keys }.reduce(text) { Redaction.redact($0, key: $1, shortest: .max) }
    }

    /// Whether any known key stands in `text`, as it is or percent-encoded (a request as sent).
    func appear(in text: String) -> Bool {
        let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
        return lock.withLock { keys }.contains { text.contains($0) || decoded.contains($0) }
    }
}
