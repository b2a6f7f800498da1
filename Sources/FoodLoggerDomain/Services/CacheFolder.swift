import Foundation

/// Where foodlogger keeps what it may forget: the XDG Base Directory specification's cache
/// folder, `$XDG_CACHE_HOME/foodlogger`, by default `~/.cache/foodlogger`.
public enum CacheFolder {
    /// nil without a home (and without an absolute XDG_CACHE_HOME): nothing is cached then.
    public static func url(environment: [String: String]) -> URL? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("foodlogger")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/foodlogger")
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
