import Foundation

/// Where foodlogger keeps what it writes, by the XDG Base Directory specification: what it may
/// forget (caches), what it remembers between runs (the last list), and the user's own data
/// (the food log), each in a `foodlogger` folder of its own.
public enum XDGFolder: Sendable {
    /// `$XDG_CACHE_HOME`, by default `~/.cache`.
    case cache
    /// `$XDG_STATE_HOME`, by default `~/.local/state`.
    case state
    /// `$XDG_DATA_HOME`, by default `~/.local/share`.
    case data

    /// The variable that moves the folder, and where it is without it, under the home.
    var variable: (name: String, defaultUnderHome: String) {
        switch self {
        case .cache: ("XDG_CACHE_HOME", ".cache")
        case .state: ("XDG_STATE_HOME", ".local/state")
        case .data: ("XDG_DATA_HOME", ".local/share")
        }
    }

    /// `…/foodlogger`; nil without a home and without an absolute variable (the specification
    /// says to ignore a relative one), or when the home is not there: nothing is kept then.
    public func url(environment: [String: String]) -> URL? {
        try? location(environment: environment).get()
    }

    /// Why there is no folder to keep things in: facts for the app to word.
    public enum Unavailable: Error, Equatable, Sendable {
        /// HOME is unset or empty, and the variable (`XDG_STATE_HOME`…) is not an absolute path.
        case noHome(variable: String)
        /// HOME names a folder that is not there: making a user's home is never foodlogger's to
        /// do (`HOME=/nonexistent/home` stays nonexistent).
        case missingHome(path: String)
    }

    /// `…/foodlogger`, or why there is none. The folders under the home are made when they are
    /// first written to; the home itself must be there.
    public func location(environment: [String: String]) -> Result<URL, Unavailable> {
        if let folder = environment[variable.name], folder.hasPrefix("/") {
            return .success(
                URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent("foodlogger", isDirectory: true))
        }
        guard let home = environment["HOME"], !home.isEmpty else { return .failure(.noHome(variable: variable.name)) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: home, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(.missingHome(path: home))
        }
        // Said to be folders: a file URL left to guess asks the file system at every step.
        return .success(
            URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(variable.defaultUnderHome + "/foodlogger", isDirectory: true))
    }
}

/// The cache folder, `$XDG_CACHE_HOME/foodlogger`, by default `~/.cache/foodlogger`.
public enum CacheFolder {
    /// nil without a home (and without an absolute XDG_CACHE_HOME): nothing is cached then.
    public static func url(environment: [String: String]) -> URL? {
        XDGFolder.cache.url(environment: environment)
    }

    /// What a cache file's name adds for a server other than the real one ("-127-0-0-1-8080",
    /// with its path when it has one): a test server's answers never stand in for the real
    /// service's, nor the other way round.
    static func suffix(for server: URL, default real: URL) -> String {
        guard server != real else { return "" }
        let path = server.path.split(separator: "/").joined(separator: "-")
        let name = [server.host ?? "", server.port.map(String.init) ?? "", path].filter { !$0.isEmpty }.joined(separator: "-")
        return "-" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}

/// What a cache file may hold. A cache is read back as it was written, but anything may have
/// written it (another version, a user, a full disk): an implausible value is dropped, never
/// shown or sent.
enum CacheCheck {
    /// Whether a time saved `saved` is still good `lifetime` after: a time in the future or
    /// beyond what a double counts in seconds is expired, never forever.
    static func isFresh(_ saved: Date, now: Date, lifetime: TimeInterval) -> Bool {
        let age = now.timeIntervalSince(saved)
        return age.isFinite && age >= 0 && age < lifetime
    }

    /// Text to show or send: not empty, at most `maxLength` characters, no control characters
    /// (an escape sequence in a cached name would reach the terminal; in a code, the request).
    static func isPlausible(_ text: String, maxLength: Int = 300) -> Bool {
        !text.isEmpty && text.unicodeScalars.count <= maxLength * 4 && text.count <= maxLength
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// A service code: G013, B002, Z011, XHJR, SA11: an upper-case letter and two to nine more
    /// upper-case letters or digits, ASCII.
    static func isPlausibleCode(_ code: String) -> Bool {
        let letters = UInt8(ascii: "A")...UInt8(ascii: "Z"), digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        let bytes = Array(code.utf8)
        return (3...10).contains(bytes.count) && letters.contains(bytes[0])
            && bytes.allSatisfy { letters.contains($0) || digits.contains($0) }
    }
}
