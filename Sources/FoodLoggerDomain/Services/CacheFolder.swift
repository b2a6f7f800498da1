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
}
