import Foundation
import FoodLoggerDomain

/// Options every data command shares: where the data comes from and how it is printed.
struct CommonOptions: Sendable {
    var useStub: Bool
    var keyFile: String?
    /// --provider, else FOODLOGGER_PROVIDER; nil: chosen by the key (see `makeServices`).
    var provider: Provider?
    /// The provider was named by --provider, which ids of another service contradict (the
    /// environment's is a default they override).
    var providerIsFlag: Bool
    var format: OutputFormat
    /// Seconds each attempt may take, connection and body included; nil: the service's default.
    var timeout: TimeInterval?
    /// Attempts after the first, for transient failures only.
    var retries: Int
    /// The most one answer may bring, decoded (--max-response, in MiB).
    var maxResponseBytes: Int
    /// Narrate each request on stderr.
    var verbose: Bool
    /// --refresh, --offline: whether answers come from the cache, the service or either.
    var cacheMode: AnswerCache.Mode
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
        OptionSpec(
            "--provider", kind: .value("NAME"), values: Provider.allCases.map(\.rawValue),
            help:
                "hotpepper|osm|google: the service to ask (also FOODLOGGER_PROVIDER); default: HOT PEPPER Gourmet when its key is found, else OpenStreetMap"
        ),
        OptionSpec("--stub", help: "use the offline stub service (also FOODLOGGER_STUB=1); no key needed"),
        OptionSpec(
            "--key-file", kind: .value("PATH"),
            help: "read the API key from this key.plist (hotpepperApiKey, or googleApiKey with --provider google)"),
        OptionSpec(
            "--timeout", kind: .value("SECONDS"),
            help:
                "give up on a request after this long, up to 300 (default 10, OpenStreetMap's searches 30; decimals allowed)"
        ),
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
                "print each request (key and base URL passwords redacted), its status, size and time, each redirect and each retry, and each answer taken from the cache, on stderr"
        ),
        OptionSpec(
            "--refresh",
            help:
                "ask the service even when its answer is cached (answers are kept \(cacheMinutes) minutes), and keep the new one"
        ),
        OptionSpec(
            "--offline",
            help:
                "send nothing: answer from the cache only (searches of the last \(cacheMinutes) minutes, places and code lists found before)"
        ),
    ]

    /// How long answers are kept, as the help and messages say it.
    static let cacheMinutes = Int(AnswerCache.lifetime / 60)

    /// A run holds up to some 32 times the answer at its peak (the bytes, the places, their
    /// records and the JSON written): measured, a 25 MB answer peaked at 809 MB with --json, so
    /// 24 MiB keeps a run under 1 GB. Three times the default, which real answers stay far below.
    static let maxResponseMiB = 1...24

    static let helpSpec = OptionSpec("-h", "--help", help: "show this help")

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        useStub =
            parsed.has("--stub") || ["1", "true", "yes"].contains(context.environment["FOODLOGGER_STUB"]?.lowercased() ?? "")
        keyFile = parsed.value("--key-file")
        if keyFile?.isEmpty == true { throw UsageError("--key-file is empty: give the path of a key.plist") }
        if useStub, keyFile != nil {
            throw UsageError("--key-file has no effect with --stub; use one or the other")
        }
        provider = try Self.provider(parsed, environment: context.environment)
        providerIsFlag = parsed.value("--provider") != nil
        if let provider, Self.keyService(provider) == nil, keyFile != nil {
            throw UsageError("--key-file holds an API key, which \(provider.title) does not take; leave it out")
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
        cacheMode = try Self.cacheMode(parsed, useStub: useStub)
        color = try parsed.choice("--color", ColorChoice.allCases.map { ($0.rawValue, $0) }) ?? .auto
        mapTiles = parsed.has("--tiles")
        if mapTiles, format != .html {
            throw UsageError("--tiles draws a background under the HTML map; use it with --format html")
        }
    }

    /// --provider, else FOODLOGGER_PROVIDER, else nil.
    static func provider(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) -> Provider? {
        let choices = Provider.allCases.map { ($0.rawValue, $0) }
        if let given = try parsed.choice("--provider", choices) { return given }
        guard let text = environment["FOODLOGGER_PROVIDER"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return nil
        }
        guard let named = Provider(rawValue: text.lowercased()) else {
            throw UsageError(
                "FOODLOGGER_PROVIDER is \(TerminalSafe.quoted(text)); it takes \(choices.map(\.0).joined(separator: " or "))")
        }
        return named
    }

    /// --refresh or --offline, each alone, and neither with the stub, which sends nothing and
    /// keeps nothing.
    static func cacheMode(_ parsed: ParsedArguments, useStub: Bool) throws(UsageError) -> AnswerCache.Mode {
        let refresh = parsed.has("--refresh"), offline = parsed.has("--offline")
        if refresh, offline { throw UsageError("--refresh asks the service and --offline sends nothing; use one") }
        if useStub, refresh || offline {
            throw UsageError(
                "\(refresh ? "--refresh" : "--offline") has no effect with --stub, which sends nothing; use one or the other")
        }
        return refresh ? .refresh : offline ? .offline : .normal
    }

    /// The provider the run names: --provider, else the one the ids imply, else
    /// FOODLOGGER_PROVIDER; nil when it is left to the key (see `makeServices`).
    func named(implied: Provider?) -> Provider? {
        (providerIsFlag ? provider : nil) ?? implied ?? provider
    }

    /// --offline with a service none of whose answers are kept could answer nothing.
    func refusal(by provider: Provider) -> UsageError? {
        guard cacheMode == .offline, !provider.mayKeepContent else { return nil }
        return ProviderRefusal.refuse("--offline", "the terms of \(provider.title) let foodlogger keep nothing it answers") {
            $0.mayKeepContent
        }
    }

    /// Seconds, more than 0 and at most 300, in plain decimal notation; nil when not given.
    static func timeout(_ parsed: ParsedArguments) throws(UsageError) -> TimeInterval? {
        let limit = ServiceClient.maxTimeout
        guard let text = parsed.value("--timeout") else { return nil }
        guard let seconds = try? parsed.decimal("--timeout", in: 0...limit), seconds > 0 else {
            throw UsageError(
                "--timeout must be seconds, more than 0 and at most \(limit.plainText), not \(TerminalSafe.quoted(text))")
        }
        return seconds
    }

    /// The services a command's scenes talk to, and which provider they are.
    struct Services {
        var provider: Provider
        var restaurants: any HotpepperProtocol
        var codes: any CodeListProtocol
        /// OpenStreetMap answers only because no HOT PEPPER key was found: worth telling a new
        /// user once (see `NoKeyNotice`).
        var choseForLackOfKey = false
    }

    /// The provider asked for (or implied by the ids a command was given), else HOT PEPPER
    /// when its key is found (the stub needs none), else OpenStreetMap.
    /// A key that is there but unusable is an error, never a quiet change of service.
    func makeServices(implied: Provider?, context: ProcessContext) throws(ServiceError) -> Services {
        var chosen = named(implied: implied)
        var located: APIKeyLocator.Located?
        if chosen == nil, !useStub {
            do throws(ServiceError) {
                located = try locateKey(context)
                chosen = .hotpepper
            } catch .unusableKeyFile(let path, APIKeyLocator.Service.hotpepper.placeholderProblem)
                where keyFile == nil
                && path != APIKeyLocator.Service.hotpepper.environmentVariable
            {
                // A key.plist copied from the example and never given HOT PEPPER's key (its Google
                // key filled in, say) is no HOT PEPPER key: OpenStreetMap answers, as with none.
                chosen = .osm
                if context.terminal.stderrIsTerminal {
                    context.report(
                        "\(TerminalSafe.line(path)) still holds HOT PEPPER's placeholder: searching OpenStreetMap. Put your key in its place to search HOT PEPPER Gourmet."
                    )
                }
            } catch .missingKey {
                chosen = .osm
            }
        }
        var services = try services(chosen ?? .hotpepper, located: located, context: context)
        services.choseForLackOfKey = chosen == .osm && named(implied: implied) == nil && !useStub
        return services
    }

    /// The services of `provider` (its stub with --stub), with the key `located` when it was
    /// already looked for.
    private func services(
        _ provider: Provider, located: APIKeyLocator.Located?, context: ProcessContext
    ) throws(ServiceError) -> Services {
        switch (provider, useStub) {
        case (.hotpepper, true):
            let stub = HotpepperStub()
            return Services(provider: .hotpepper, restaurants: stub, codes: stub)
        case (.hotpepper, false):
            // `??` would lose the error's type: its right side is a rethrowing autoclosure.
            let key: APIKeyLocator.Located
            if let located {
                key = located
            } else {
                do throws(ServiceError) { key = try locateKey(context) } catch .missingKey where cacheMode == .offline {
                    // --offline sends nothing, so it answers from the cache without a key.
                    key = .none
                }
            }
            let api = try makeHotpepper(located: key, context: context)
            return Services(provider: .hotpepper, restaurants: api, codes: api)
        case (.osm, true):
            return Services(provider: .osm, restaurants: OverpassStub(), codes: OSMCodeLists())
        case (.osm, false):
            let url = try Self.url(
                context.environment, "FOODLOGGER_OVERPASS_URL", default: OverpassRequest.defaultURL, isFolder: false)
            let api = OverpassAPI(
                url: url, timeout: timeout ?? OverpassAPI.defaultTimeout, retry: retryPolicy(context),
                log: narration(context), maxResponseBytes: maxResponseBytes, answers: answers(context),
                language: NominatimAPI.language(environment: context.environment))
            return Services(provider: .osm, restaurants: api, codes: OSMCodeLists())
        case (.google, true):
            let stub = GooglePlacesStub()
            return Services(provider: .google, restaurants: stub, codes: GooglePlacesTypes())
        case (.google, false):
            // Not behind the answer cache: Google's terms let nothing of its answers be kept.
            let api = try makeGoogle(located: try locateKey(context, service: .google), context: context)
            return Services(provider: .google, restaurants: api, codes: api)
        }
    }

    /// The answer cache (in the XDG cache folder) as --refresh and --offline say, for HOT PEPPER's
    /// and OpenStreetMap's searches; the stubs, which cost nothing, and Google Places, whose
    /// terms let nothing be kept, are given none.
    func answers(_ context: ProcessContext) -> AnswerCache {
        AnswerCache(cacheFolder: CacheFolder.url(environment: context.environment), mode: cacheMode)
    }

    /// Where a provider's key is looked for; nil for a service without a key (OpenStreetMap).
    static func keyService(_ provider: Provider) -> APIKeyLocator.Service? {
        APIKeyLocator.Service.all.first { $0.provider == provider }
    }

    /// A service's key (HOT PEPPER's by default), from --key-file, the environment or a key.plist.
    private func locateKey(
        _ context: ProcessContext, service: APIKeyLocator.Service = .hotpepper
    ) throws(ServiceError) -> APIKeyLocator.Located {
        try APIKeyLocator(
            environment: context.environment, keyFile: keyFile, currentDirectory: context.currentDirectory, service: service
        )
        .locate()
    }

    /// Warns when the key's file is readable by others.
    private func warnIfShared(_ located: APIKeyLocator.Located, context: ProcessContext) {
        guard let mode = located.sharedMode else { return }
        let path = TerminalSafe.line(located.source)
        // A name that had to be escaped would make a chmod line that names another file.
        let fix = path == located.source ? "chmod 600 '\(path)'" : "chmod 600 on that file"
        context.report(
            "warning: \(path) is readable by others (mode \(String(mode, radix: 8))); protect your API key with: \(fix)")
    }

    /// Google Places (New) with the located key (GOOGLE_PLACES_BASE_URL to point it elsewhere),
    /// names and types in the user's language.
    private func makeGoogle(located: APIKeyLocator.Located, context: ProcessContext) throws(ServiceError) -> GooglePlacesAPI {
        warnIfShared(located, context: context)
        let baseURL: URL
        do {
            baseURL = try Self.url(context.environment, "GOOGLE_PLACES_BASE_URL", default: GooglePlacesAPI.defaultBaseURL)
        } catch { throw error.redacting(located.key) }
        return GooglePlacesAPI(
            configuration: .init(
                key: located.key, baseURL: baseURL, language: NominatimAPI.language(environment: context.environment),
                timeout: timeout ?? GooglePlacesAPI.Configuration.defaultTimeout, retry: retryPolicy(context),
                log: narration(context), maxResponseBytes: maxResponseBytes))
    }

    /// HOT PEPPER's web API with the located key, warning when the key's file is readable by others.
    private func makeHotpepper(located: APIKeyLocator.Located, context: ProcessContext) throws(ServiceError) -> HotpepperAPI {
        warnIfShared(located, context: context)
        let baseURL: URL
        do { baseURL = try Self.baseURL(context.environment) } catch { throw error.redacting(located.key) }
        let configuration = HotpepperAPI.Configuration(
            key: located.key, baseURL: baseURL, timeout: timeout ?? HotpepperAPI.Configuration.defaultTimeout,
            retry: retryPolicy(context),
            log: narration(context), maxResponseBytes: maxResponseBytes, answers: answers(context))
        return HotpepperAPI(configuration: configuration)
    }

    /// The place search for --near: the stub's, or Nominatim's (FOODLOGGER_NOMINATIM_URL to point
    /// it elsewhere) with answers cached under the XDG cache directory; Japan's places for HOT
    /// PEPPER, the world's for the others.
    func makePlaces(for provider: Provider, context: ProcessContext) throws(ServiceError) -> GeocodingWorker {
        if useStub { return GeocodingWorker(geocoder: GeocodingStub(), cache: nil) }
        let baseURL = try Self.url(context.environment, "FOODLOGGER_NOMINATIM_URL", default: NominatimAPI.defaultBaseURL)
        // Retries go within the run's turn: waits from 2 s with jitter (1 to 2 s, then 2 to 4 s…)
        // keep them a second apart too.
        let geocoder = NominatimAPI(
            baseURL: baseURL, countryCodes: provider.countries,
            language: provider.placeLanguage ?? NominatimAPI.language(environment: context.environment),
            timeout: timeout ?? HotpepperAPI.Configuration.defaultTimeout,
            retry: retryPolicy(context, baseDelay: 2), log: narration(context),
            maxResponseBytes: maxResponseBytes)
        let folder = CacheFolder.url(environment: context.environment)
        if cacheMode == .offline {
            return GeocodingWorker(
                geocoder: OfflineGeocoder(scope: geocoder.scope), cache: folder.map { PlaceCache(folder: $0, service: baseURL) })
        }
        let turns = RequestTurns(
            stamp: folder.map { PlaceCache.stamp(folder: $0, service: baseURL) }, log: narration(context),
            withoutStamp:
                "cache off: neither HOME nor an absolute XDG_CACHE_HOME is set, so places found are not kept, and place searches are a second apart within this run only"
        )
        return GeocodingWorker(geocoder: geocoder, cache: folder.map { PlaceCache(folder: $0, service: baseURL) }, turns: turns)
    }

    /// --verbose: each request, retry and answer told on stderr.
    /// --retries, with a line on stderr before any retry that follows a long silence.
    func retryPolicy(_ context: ProcessContext, baseDelay: TimeInterval = 0.5) -> RetryPolicy {
        RetryPolicy(retries: retries, baseDelay: baseDelay, announce: { @Sendable line in context.report(line) })
    }

    func narration(_ context: ProcessContext) -> (@Sendable (String) -> Void)? {
        verbose ? { @Sendable line in context.report(line) } : nil
    }

    /// The code lists behind names for codes: HOT PEPPER's, kept a day under the XDG cache
    /// directory; the stub's and OpenStreetMap's, which cost no request, as they are.
    func makeCodeLists(_ services: Services, context: ProcessContext) -> CodeListWorker {
        let server = (try? Self.baseURL(context.environment)) ?? HotpepperAPI.defaultBaseURL
        let sends = services.codes is HotpepperAPI
        let folder = sends ? CacheFolder.url(environment: context.environment) : nil
        let service = sends && cacheMode == .offline ? OfflineCodeLists() : services.codes
        return CodeListWorker(service: service, cache: folder.map { CodeListCache(folder: $0, service: server) })
    }

    /// HOTPEPPER_BASE_URL replaces everything before `gourmet/v1/`.
    static func baseURL(_ environment: [String: String]) throws(ServiceError) -> URL {
        try url(environment, "HOTPEPPER_BASE_URL", default: HotpepperAPI.defaultBaseURL)
    }

    /// A service's address from the environment, or its default. A folder's address (that paths
    /// are added to) ends in `/`; an endpoint's (Overpass's interpreter) is taken as it is.
    static func url(
        _ environment: [String: String], _ variable: String, default: URL, isFolder: Bool = true
    ) throws(ServiceError) -> URL {
        guard let text = environment[variable], !text.isEmpty else { return `default` }
        // The scheme in lower case: URLSession on Linux refuses `HTTP://` as an unsupported URL.
        guard var parts = URLComponents(string: text.hasSuffix("/") || !isFolder ? text : text + "/"),
            let scheme = parts.scheme?.lowercased(), ["http", "https"].contains(scheme), parts.host?.isEmpty == false
        else {
            throw .badBaseURL(Redaction.withoutUserInfo(text), variable: variable)
        }
        parts.scheme = scheme
        guard let url = parts.url else { throw .badBaseURL(Redaction.withoutUserInfo(text), variable: variable) }
        return url
    }
}
