/// The process exit status, following sysexits(3) so scripts can branch on it.
public enum ExitCode: Int32, Sendable {
    /// Results were printed.
    case success = 0
    /// The command worked and found nothing.
    case noResults = 1
    /// Bad arguments (EX_USAGE).
    case usage = 64
    /// The service answered something unreadable (EX_DATAERR).
    case dataError = 65
    /// Network failure or a service-side error (EX_UNAVAILABLE).
    case unavailable = 69
    /// The service rejected the key (EX_NOPERM).
    case permissionDenied = 77
    /// No key configured, the key file is unusable, or HOTPEPPER_BASE_URL is no URL (EX_CONFIG).
    case configuration = 78
}
