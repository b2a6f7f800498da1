import FoodLoggerDomain
/// The process exit status, following sysexits(3) so scripts can branch on it.
public enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case noResults = 1
    case usage = 64
    case dataError = 65
    case noSuchPlace = 66
    case unavailable = 69
    case ioError = 74
    case permissionDenied = 77
    case configuration = 78
    /// As SIGINT would end it (128 + 2): Ctrl-C is a key, not a signal, while the map has the terminal.
    case interrupted = 130

    /// What the status tells a script; the manual page lists these.
    var meaning: String {
        switch self {
        case .success: "restaurants (or the requested text) printed"
        case .noResults:
            "the search worked and found nothing (or the food log holds nothing to show); log check: a logged place closed, for good or for now"
        case .usage:
            "bad arguments, or a food log entry number not in the log; log check: more than \(BilledLookupConsent.threshold) billed requests without --yes or a yes at the terminal, and nothing sent (EX_USAGE)"
        case .dataError:
            "the service answered something unreadable, or more than --max-response; log check: an id in the log is none of its service's (never sent; the other places are still checked), which wins over 1 (EX_DATAERR)"
        case .noSuchPlace:
            "the place given to --near (or FOODLOGGER_NEAR) was not found, or lies outside the countries the service named has places in (EX_NOINPUT)"
        case .unavailable:
            "a network failure, a service-side error, or --offline with nothing cached; log check: a service could not be asked, which wins over 1 (EX_UNAVAILABLE)"
        case .ioError:
            "the output or the food log could not be written (a full disk, a closed stdout), or the log read (EX_IOERR)"
        case .permissionDenied: "the service rejected the API key (EX_NOPERM)"
        case .configuration:
            "no usable API key, a service's address (HOTPEPPER_BASE_URL and the like) is not an http(s) URL, or no folder for the food log (EX_CONFIG)"
        case .interrupted: "Ctrl-C in the interactive map, as SIGINT ends the prompt (128 + 2)"
        }
    }
}
