import Foundation

/// Keeps the API key, and passwords in a service's address, out of anything a person sees.
public enum Redaction {
    /// A URL foodlogger made, as the narration prints it: without user-info
    /// (`http://user:pw@host/` is a base URL a user may set) and with its `key` parameter
    /// redacted (not the key's text wherever it recurs, which would mangle a short key's line).
    static func shown(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.user = nil
        components.password = nil
        return GourmetRequest.redacted(components.url ?? url)
    }

    /// A URL a server sent (a redirect's target), which may carry the key anywhere.
    static func shown(_ url: URL, key: String) -> String {
        redact(shown(url), key: key)
    }

    /// `text` as a URL without its user-info when it is one, else as it is (a bad base URL echoed
    /// in a message).
    public static func withoutUserInfo(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.user != nil || components.password != nil else {
            return text
        }
        components.user = nil
        components.password = nil
        return components.string ?? text
    }

    static func redact(_ text: String, key: String) -> String {
        guard !key.isEmpty else { return text }
        return text.replacingOccurrences(of: key, with: GourmetRequest.redactedKey)
            .replacingOccurrences(of: GourmetRequest.encode(key), with: GourmetRequest.redactedKey)
    }
}
