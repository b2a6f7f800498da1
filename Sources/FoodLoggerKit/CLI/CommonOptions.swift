import Foundation
import FoodLoggerDomain

/// Options every data command shares: where the data comes from and how it is printed.
struct CommonOptions: Sendable {
    var useStub: Bool
    var keyFile: String?
    var format: OutputFormat
    /// Seconds each attempt may take, connection and body included.
    var timeout: TimeInterval
    /// Attempts after the first, for transient failures only.
    var retries: Int
    /// The most one answer may bring, decoded (--max-response, in MiB).
    var maxResponseBytes: Int
    /// Narrate each request on stderr.
    var verbose: Bool
    var color: ColorChoice
    var mapTiles: Bool

    static let outputSpecs: [OptionSpec] = [
        OptionSpec(
            "--format", kind: .value("FORMAT"), values: OutputFormat.allCases.map(\.rawValue),
            help: "\(OutputFormat.allCases.map(\.rawValue).joined(separator: "|")); default: table on a terminal, json otherwise"),
        OptionSpec("--json", help: "same as --format json"),
        colorSpec,
        OptionSpec(
            "--tiles",
            help:
                "with --format html: an OpenStreetMap background, which the browser fetches from tile.openstreetmap.org (by default the page fetches nothing)"
        ),
    ]

    static let colorSpec = OptionSpec(
        "--color", kind: .value("WHEN"), values: ColorChoice.allCases.map(\.rawValue),
        help: "auto|always|never: colour and bold (default auto: on a terminal, unless NO_COLOR is set or TERM=dumb)")

    static let serviceSpecs: [OptionSpec] = [
        OptionSpec("--stub", help: "use the offline stub service (also FOODLOGGER_STUB=1); no key needed"),
        OptionSpec("--key-file", kind: .value("PATH"), help: "read the API key from this key.plist"),
        OptionSpec(
            "--timeout", kind: .value("SECONDS"),
            help: "give up on a request after this long, up to 300 (default 10; decimals allowed)"),
        OptionSpec(
            "--retries", kind: .value("0..10"),
            help: "send a request again this many times after a network error, HTTP 5xx/429 or service error 1000 (default 2)"),
        OptionSpec(
            "--max-response", kind: .value("MIB"),
            help:
                "stop reading an answer larger than this many MiB once decoded, up to \(maxResponseMiB.upperBound) (default \(ServiceClient.defaultMaxResponseBytes >> 20))"
        ),
        OptionSpec(
            "--verbose",
            help:
                "print each request (key and base URL passwords redacted), its status, size and time, each redirect and each retry, on stderr"
        ),
    ]

    static let maxResponseMiB = 1...1024

    static let helpSpec = OptionSpec("-h", "--help", help: "show this help")

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        useStub =
            parsed.has("--stub") || ["1", "true", "yes"].contains(context.environment["FOODLOGGER_STUB"]?.lowercased() ?? "")
        keyFile = parsed.value("--key-file")
        if keyFile?.isEmpty == true { throw UsageError("--key-file is empty: give the path of a key.plist") }
        if useStub, keyFile != nil {
            throw UsageError("--key-file has no effect with --stub; use one or the other")
        }
        let chosen = try parsed.choice("--format", OutputFormat.allCases.map { ($0.rawValue, $0) })
        if parsed.has("--json"), let chosen, chosen != .json {
            throw UsageError("--json contradicts --format \(chosen.rawValue); use one")
        }
        format = parsed.has("--json") ? .json : chosen ?? .defaultFor(stdoutIsTerminal: context.terminal.stdoutIsTerminal)
        timeout = try Self.timeout(parsed)
        retries = try parsed.integer("--retries", in: RetryPolicy.retryRange) ?? RetryPolicy.defaultRetries
        maxResponseBytes =
            try parsed.integer("--max-response", in: Self.maxResponseMiB).map { $0 << 20 }
            ?? ServiceClient.defaultMaxResponseBytes
        verbose = parsed.has("--verbose")
        color = try parsed.choice("--color", ColorChoice.allCases.map { ($0.rawValue, $0) }) ?? .auto
        mapTiles = parsed.has("--tiles")
        if mapTiles, format != .html {
            throw UsageError("--tiles draws a background under the HTML map; use it with --format html")
        }
    }

    /// Seconds, more than 0 and at most 300, in plain decimal notation.
    static func timeout(_ parsed: ParsedArguments) throws(UsageError) -> TimeInterval {
        let limit = HotpepperAPI.Configuration.maxTimeout
        guard let text = parsed.value("--timeout") else { return HotpepperAPI.Configuration.defaultTimeout }
        guard let seconds = try? parsed.decimal("--timeout", in: 0...limit), seconds > 0 else {
            throw UsageError(
                "--timeout must be seconds, more than 0 and at most \(limit.plainText), not \(TerminalSafe.quoted(text))")
        }
        return seconds
    }

    /// The service the assembly injects: the stub, or the web API with the located key.
    func makeService(context: ProcessContext) throws(HotpepperError) -> any HotpepperProtocol & CodeListProtocol {
        if useStub { return HotpepperStub() }
        let located = try APIKeyLocator(
            environment: context.environment, keyFile: keyFile,
            currentDirectory: context.currentDirectory
        ).locate()
        if let mode = located.sharedMode {
            let path = TerminalSafe.line(located.source)
            // A name that had to be escaped would make a chmod line that names another file.
            let fix = path == located.source ? "chmod 600 '\(path)'" : "chmod 600 on that file"
            context.report(
                "warning: \(path) is readable by others (mode \(String(mode, radix: 8))); protect your API key with: \(fix)")
        }
        let baseURL: URL
        do { baseURL = try Self.baseURL(context.environment) } catch { throw error.redacting(located.key) }
        let configuration = HotpepperAPI.Configuration(
            key: located.key, baseURL: baseURL, timeout: timeout, retry: RetryPolicy(retries: retries),
            log: narration(context), maxResponseBytes: maxResponseBytes)
        return HotpepperAPI(configuration: configuration)
    }

    /// The place search for --near: the stub's, or Nominatim's (FOODLOGGER_NOMINATIM_URL to point
    /// it elsewhere) with answers cached under the XDG cache directory.
    func makePlaces(context: ProcessContext) throws(HotpepperError) -> GeocodingWorker {
        if useStub { return GeocodingWorker(geocoder: GeocodingStub(), cache: nil) }
        let baseURL = try Self.url(context.environment, "FOODLOGGER_NOMINATIM_URL", default: NominatimAPI.defaultBaseURL)
        // Retries go within the run's turn: waits from 2 s with jitter (1 to 2 s, then 2 to 4 s…)
        // keep them a second apart too.
        let geocoder = NominatimAPI(
            baseURL: baseURL, timeout: timeout, retry: RetryPolicy(retries: retries, baseDelay: 2), log: narration(context),
            maxResponseBytes: maxResponseBytes)
        let folder = CacheFolder.url(environment: context.environment)
        let turns = RequestTurns(
            stamp: folder.map { PlaceCache.stamp(folder: $0, service: baseURL) }, log: narration(context),
            withoutStamp:
                "cache off: neither HOME nor an absolute XDG_CACHE_HOME is set, so places found are not kept, and place searches are a second apart within this run only"
        )
        return GeocodingWorker(geocoder: geocoder, cache: folder.map { PlaceCache(folder: $0, service: baseURL) }, turns: turns)
    }

    /// --verbose: each request, retry and answer told on stderr.
    func narration(_ context: ProcessContext) -> (@Sendable (String) -> Void)? {
        verbose ? { @Sendable line in context.report(line) } : nil
    }

    /// The code lists behind names for codes: the service's, kept a day under the XDG cache
    /// directory, or the stub's.
    func makeCodeLists(_ service: any CodeListProtocol, context: ProcessContext) -> CodeListWorker {
        let server = (try? Self.baseURL(context.environment)) ?? GourmetRequest.defaultBaseURL
        let folder = useStub ? nil : CacheFolder.url(environment: context.environment)
        return CodeListWorker(service: service, cache: folder.map { CodeListCache(folder: $0, service: server) })
    }

    /// HOTPEPPER_BASE_URL replaces everything before `gourmet/v1/`.
    static func baseURL(_ environment: [String: String]) throws(HotpepperError) -> URL {
        try url(environment, "HOTPEPPER_BASE_URL", default: GourmetRequest.defaultBaseURL)
    }

    /// A service's address from the environment, or its default.
    static func url(_ environment: [String: String], _ variable: String, default: URL) throws(HotpepperError) -> URL {
        guard let text = environment[variable], !text.isEmpty else { return `default` }
        // The scheme in lower case: URLSession on Linux refuses `HTTP://` as an unsupported URL.
        guard var parts = URLComponents(string: text.hasSuffix("/") ? text : text + "/"),
            let scheme = parts.scheme?.lowercased(), ["http", "https"].contains(scheme), parts.host?.isEmpty == false
        else {
            throw .badBaseURL(Redaction.withoutUserInfo(text), variable: variable)
        }
        parts.scheme = scheme
        guard let url = parts.url else { throw .badBaseURL(Redaction.withoutUserInfo(text), variable: variable) }
        return url
    }
}
