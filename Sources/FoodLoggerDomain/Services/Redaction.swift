import Foundation

/// Keeps the API key, and passwords in a service's address, out of anything a person sees.
public enum Redaction {
    /// What stands in for the key in anything shown to a person.
    static let redactedKey = "REDACTED"

    /// A URL as the narration prints it: without user-info (`http://user:pw@host/` is a base URL
    /// a user may set), with its `key` parameter redacted, and the key taken out wherever else it
    /// stands (a keyword that is the key, a server's redirect that echoes it). A key shorter than
    /// `shortestRun` (a test's) is taken out only where it is a parameter's whole value: its
    /// letters recur in every address, which would be mangled.
    static func shown(_ url: URL, key: String) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return redact(url.absoluteString, key: key)
        }
        components.user = nil
        components.password = nil
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = query.split(separator: "&", omittingEmptySubsequences: false)
                .map { parameter in
                    let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard parts.count == 2, parts[0] == "key" || (!key.isEmpty && parts[1].removingPercentEncoding == key)
                    else { return String(parameter) }
                    return "\(parts[0])=\(redactedKey)"
                }
                .joined(separator: "&")
        }
        let shown = components.string ?? url.absoluteString
        return key.unicodeScalars.count < shortestRun ? shown : redact(shown, key: key)
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

    /// The shortest run of the key's characters taken for the key: shorter runs recur in
    /// ordinary text, a longer piece of a key is as good as the key to whoever guesses the rest.
    static let shortestRun = 8

    /// `text` with every run of `shortestRun` or more of the key's characters (the whole key when
    /// it is shorter) replaced, in whatever form a server may echo it: any case, percent-encoded
    /// or JSON-escaped a character at a time, split by invisible characters (zero-width spaces,
    /// joiners, soft hyphens), reversed, or in base64 (standard or URL-safe; see `forms`).
    /// `shortest`: the shortest run taken for the key; the whole key (`Int.max`) where the text
    /// is foodlogger's own words, which a piece of a key could match by chance.
    static func redact(_ text: String, key: String, shortest: Int = shortestRun) -> String {
        let keyUnits = Array(key.unicodeScalars.map(folded))
        guard !keyUnits.isEmpty else { return text }
        let run = min(shortest, keyUnits.count)
        var pieces = Set<String>()
        for form in forms(of: key) {
            let units = Array(form.unicodeScalars.map(folded))
            guard units.count >= run else { continue }
            for first in 0...units.count - run { pieces.insert(String(String.UnicodeScalarView(units[first..<first + run]))) }
        }
        let scalars = Array(text.unicodeScalars)
        var covered = [Bool](repeating: false, count: scalars.count)
        var found = false
        // Read twice, escapes decoded and as they stand: a `%` just before the key (`%cc4c…`)
        // would otherwise be read with the key's first two characters as one escape.
        for units in [readUnits(scalars, decoding: true), readUnits(scalars, decoding: false)] where units.count >= run {
            for first in 0...units.count - run {
                let piece = String(String.UnicodeScalarView(units[first..<first + run].map(\.scalar)))
                guard pieces.contains(piece) else { continue }
                found = true
                for index in units[first].span.lowerBound..<units[first + run - 1].span.upperBound { covered[index] = true }
            }
        }
        guard found else { return text }
        var redacted = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if !covered[index] {
                redacted.append(scalar)
            } else if index == 0 || !covered[index - 1] {
                redacted.append(contentsOf: redactedKey.unicodeScalars)
            }
        }
        return String(redacted)
    }

    /// The key as a server may echo it: as it is, reversed, and in base64, standard and URL-safe.
    /// Inside a longer base64 text the key's bytes may start at any of three places in a 3-byte
    /// group; for each, the characters that encode only whole groups of the key's bytes are the
    /// same whatever surrounds them, so those are what is looked for.
    static func forms(of key: String) -> [String] {
        let bytes = Array(key.utf8)
        var forms = [key, String(key.reversed())]
        for skipped in 0..<min(3, bytes.count) {
            let whole = (bytes.count - skipped) / 3 * 3
            guard whole > 0 else { continue }
            let encoded = Data(bytes[skipped..<skipped + whole]).base64EncodedString()
            forms.append(encoded)
            forms.append(String(encoded.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }))
        }
        return forms
    }

    /// One character of the text as it may stand for one of the key's, and the scalars it spans.
    private struct Unit {
        var scalar: Unicode.Scalar
        var span: Range<Int>
    }

    /// The text's characters, with `decoding` `%XX` and `\uXXXX` read as the character they
    /// encode, ASCII letters in one case, and invisible format characters passed over (they join
    /// the run around them).
    private static func readUnits(_ scalars: [Unicode.Scalar], decoding: Bool) -> [Unit] {
        var units: [Unit] = []
        units.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.generalCategory == .format {
                index += 1
            } else if decoding, scalar == "%", let code = hex(scalars, from: index + 1, digits: 2) {
                units.append(Unit(scalar: folded(code), span: index..<index + 3))
                index += 3
            } else if decoding, scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "u",
                let code = hex(scalars, from: index + 2, digits: 4)
            {
                units.append(Unit(scalar: folded(code), span: index..<index + 6))
                index += 6
            } else {
                units.append(Unit(scalar: folded(scalar), span: index..<index + 1))
                index += 1
            }
        }
        return units
    }

    /// The scalar that `digits` hexadecimal digits from `start` encode, if they are there.
    private static func hex(_ scalars: [Unicode.Scalar], from start: Int, digits: Int) -> Unicode.Scalar? {
        guard start + digits <= scalars.count else { return nil }
        var value: UInt32 = 0
        for scalar in scalars[start..<start + digits] {
            guard scalar.isASCII, let digit = Int(String(scalar), radix: 16) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return Unicode.Scalar(value)
    }

    /// ASCII letters in lower case; keys are ASCII, so nothing else needs folding.
    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
}
