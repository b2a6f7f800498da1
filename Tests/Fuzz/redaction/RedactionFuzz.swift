import Foundation
@testable import FoodLoggerDomain

/// libFuzzer entry: the input's first line is a key, the rest a text a server sends. The key is
/// put into the text in every form `Redaction` promises to take out (as it is, in upper case,
/// reversed, percent-encoded, JSON-escaped, in base64 and URL-safe base64 after 0, 1 and 2
/// bytes of the text), and the redacted text must hold none of them; besides crashes and
/// hangs on any text, it stops on a form left in.
@_cdecl("LLVMFuzzerTestOneInput")
public func redactionFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let input = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let parts = input.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let key = String(parts[0])
    let text = parts.count > 1 ? String(parts[1]) : ""
    _ = Redaction.redact(text, key: key)
    // The promise holds for keys as services issue them: printable ASCII, 8 to 64 characters.
    guard (8...64).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return 0 }
    let keyBytes = Data(key.utf8)
    var forms = [key, key.uppercased(), String(key.reversed())]
    forms.append(keyBytes.map { String(format: "%%%02X", $0) }.joined())
    forms.append(key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined())
    for skipped in 0..<3 {
        let whole = (keyBytes.count - skipped) / 3 * 3
        let core = Data(keyBytes[skipped..<skipped + whole]).base64EncodedString()
        forms.append(core)
        forms.append(String(core.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }))
    }
    for form in forms {
        let shown = Redaction.redact(text + form + text, key: key)
        if shown.contains(form) { fatalError("left in: \(form) for key \(key) in \(shown)") }
    }
    for prefix in 0..<3 {
        let encoded = (Data(repeating: 0x7E, count: prefix) + keyBytes).base64EncodedString()
        let shown = Redaction.redact(encoded, key: key)
        let whole = (keyBytes.count - (3 - prefix) % 3) / 3 * 3
        if whole >= 12, !shown.contains("REDACTED") { fatalError("base64 after \(prefix) bytes left in: \(shown)") }
    }
    return 0
}
