import Foundation
import FoodLoggerDomain
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The outside world a command sees: arguments, environment, streams and the terminal.
/// Injected, so tests run the whole CLI in-process with captured output.
public struct ProcessContext: Sendable {
    var arguments: [String]
    var environment: [String: String] = [:]
    var currentDirectory = "/"
    var stdout: any TextOutput
    var stderr: any TextOutput
    var terminal = Terminal()
    /// One line of stdin without its newline, nil at end of input (the interactive prompt).
    var readLine: @Sendable () -> String? = { nil }
    /// stdin in bounded chunks, for `mcp`'s messages.
    var input: any ChunkedInput = NoInput()
    /// Opens a web page in the user's browser.
    var opener: any URLOpening = NoURLOpener()
    /// --color: whether styling follows the terminal (auto) or the user's word.
    var color: ColorChoice = .auto
    /// --tiles: an HTML map asks OpenStreetMap for a background; by default it fetches nothing.
    var mapTiles = false
    /// The clock, for "open now".
    var now: @Sendable () -> Date = { Date() }
    /// The terminal the interactive map takes over; tests put a script of keys here.
    var fullScreen: @MainActor @Sendable () -> any FullScreenTerminal = { LiveFullScreenTerminal() }
    /// The API keys this run has located, which no message carries (`report`).
    var keys = KnownKeys()
    /// Where the last list is kept: the state folder's file, or an MCP session's own list.
    var lastList: LastListStore { sessionList ?? LastListStore(environment: environment) }
    /// Set for the commands an MCP session runs: the list they number places in.
    var sessionList: LastListStore?
    /// Set for a command an MCP tool call runs: where its data goes instead of stdout.
    var documents: DocumentSink?

    /// This process: its argv (without the program name), environment and real streams.
    public static func live() -> ProcessContext {
        StandardStream.holdClosedDescriptors()
        let environment = liveEnvironment()
        return ProcessContext(
            arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            stdout: StandardStream.output, stderr: HoldableOutput.standardError,
            terminal: .live(environment: environment),
            readLine: Self.lineReader(), input: StandardInput(),
            opener: SystemURLOpener(environment: environment))
    }

    /// At a terminal, lines with editing and history; from a pipe or file, lines as they come.
    static func lineReader() -> @Sendable () -> String? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else { return { Swift.readLine(strippingNewline: true) } }
        let editor = LineEditor()
        return { editor.readLine() }
    }

    /// Every environment variable foodlogger reads and what for (the manual page lists them); add
    /// one here when code reads a new one. libcurl, under URLSession, reads its proxy variables
    /// itself, from the real environment.
    static let variables: [(name: String, meaning: String)] = [
        (APIKeyLocator.Service.hotpepper.environmentVariable, "the API key; it wins over every key.plist"),
        (
            APIKeyLocator.Service.google.environmentVariable,
            "the Google Places API key, for --provider google; it wins over googleApiKey in every key.plist"
        ),
        (
            "GOOGLE_PLACES_BASE_URL",
            "replaces https://places.googleapis.com/v1/, to point Google Places searches at a compatible server"
        ),
        (
            "HOTPEPPER_BASE_URL",
            "replaces https://webservice.recruit.co.jp/hotpepper/, to point foodlogger at a compatible server"
        ),
        ("FOODLOGGER_PROVIDER", "hotpepper, osm or google: the service to ask when --provider is not given"),
        (
            "FOODLOGGER_OVERPASS_URL",
            "replaces https://overpass-api.de/api/interpreter, to point OpenStreetMap searches at another Overpass server"
        ),
        ("FOODLOGGER_STUB", "1, true or yes: use the offline stub service, as --stub does"),
        (
            "FOODLOGGER_UNITS",
            "metric or imperial: distances in metres, or in feet and miles, in tables, cards and maps (default: the locale's, else metric; the JSON keeps metres)"
        ),
        ("FOODLOGGER_LAT", "the search centre's latitude when --lat is not given (with FOODLOGGER_LNG)"),
        ("FOODLOGGER_LNG", "the search centre's longitude when --lng is not given (with FOODLOGGER_LAT)"),
        ("FOODLOGGER_NEAR", "a place to search around when no --near, --lat/--lng or FOODLOGGER_LAT/LNG is given"),
        (
            "FOODLOGGER_NOMINATIM_URL",
            "replaces https://nominatim.openstreetmap.org/ for --near, to point foodlogger at a compatible server"
        ),
        ("XDG_CONFIG_HOME", "where foodlogger/key.plist is looked for (default ~/.config)"),
        (
            "XDG_CACHE_HOME",
            "where foodlogger/ keeps the places --near found, the code lists and, in answers/, the search answers of the last minutes (default ~/.cache)"
        ),
        ("XDG_STATE_HOME", "where foodlogger/ keeps the last list shown, for show 3 (default ~/.local/state)"),
        ("XDG_DATA_HOME", "where foodlogger/ keeps the food log (default ~/.local/share)"),
        ("TZ", "the time zone 'log add' dates a meal in, and pick's --not-within counts days in (default the system's)"),
        (
            "HOME",
            "the home folder, for the default configuration, cache, state and data folders; unset or not there, nothing is kept (a line on stderr says what is lost) and it is never made"
        ),
        ("NO_COLOR", "set and not empty: no colour or bold unless --color always"),
        ("LC_ALL", "with LC_CTYPE and LANG, the locale: UTF-8 ones get braille dots on the interactive map, others ASCII"),
        ("LC_CTYPE", "the character set, when LC_ALL is not set"),
        (
            "LC_MEASUREMENT",
            "the locale whose measurement system distances are written in, when LC_ALL is not set (en_US: feet and miles)"
        ),
        ("LC_MESSAGES", "the language OpenStreetMap's place names come in, when LC_ALL is not set"),
        ("LANG", "the locale, when LC_ALL and LC_CTYPE (or LC_MESSAGES) are not set"),
        ("TERM", "dumb: no colour or bold unless --color always"),
        ("COLUMNS", "the width to lay tables out in when the terminal does not say"),
        ("LINES", "the height the terminal map fits when the terminal does not say"),
        (
            "BROWSER",
            "the browsers open tries first: commands separated by ':', %s standing for the address (else it goes last)"
        ),
        ("PATH", "where open finds the BROWSER commands and xdg-open (or open on macOS)"),
    ]
    static let variablesRead = variables.map(\.name)

    /// The set ones among `variablesRead`, asked for by name rather than copying
    /// `ProcessInfo.processInfo.environment` whole (which also sets up ProcessInfo) at every start.
    static func liveEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in variablesRead {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// Whether the terminal's locale is UTF-8 (LC_ALL, else LC_CTYPE, else LANG), so braille
    /// and box-drawing characters show; the interactive map falls back to ASCII dots otherwise.
    var isUTF8: Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.lowercased()
        return name.contains("utf-8") || name.contains("utf8")
    }

    /// The units distances are written in for the user (FOODLOGGER_UNITS, else the locale's).
    var units: DistanceUnits { DistanceUnits(environment: environment) }

    /// The user's zone, for the food log's days: TZ (with or without its leading ':'), else the system's.
    var userTimeZone: TimeZone {
        environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) } ?? .current
    }

    /// A message on stderr, named for the tool as every message is, without any key the run has
    /// located: whichever service's text or request it quotes.
    func report(_ message: String) {
        stderr.write("foodlogger: \(keys.redact(message))\n")
    }

    /// Colour and bold as --color says; by default only on a terminal, with NO_COLOR unset and
    /// TERM not dumb (no-color.org).
    func allowsStyle(onTerminal isTerminal: Bool) -> Bool {
        switch color {
        case .always: true
        case .never: false
        case .auto: isTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        }
    }
}

/// `--color WHEN`: `always` is for scripts that capture styled output on purpose.
enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}

/// What is known about the terminal: which streams are one, and its size.
struct Terminal: Sendable, Equatable {
    var stdinIsTerminal = false
    var stdoutIsTerminal = false
    var stderrIsTerminal = false
    /// Columns and rows, from the terminal itself, else COLUMNS / LINES; nil when unknown.
    var columns: Int?
    var rows: Int?

    /// Width to lay text out in: the terminal's, else 80.
    var width: Int { columns ?? 80 }

    static func live(environment: [String: String]) -> Terminal {
        var size = winsize()
        let hasSize =
            [STDOUT_FILENO, STDERR_FILENO, STDIN_FILENO].contains { ioctl($0, UInt(TIOCGWINSZ), &size) == 0 }
            && size.ws_col > 0
        return Terminal(
            stdinIsTerminal: isatty(STDIN_FILENO) == 1, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            columns: hasSize ? Int(size.ws_col) : environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            rows: hasSize ? Int(size.ws_row) : environment["LINES"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil })
    }
}
