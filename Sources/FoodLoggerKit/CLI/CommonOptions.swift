import Foundation
import FoodLoggerDomain

/// Options every data command shares: where the data comes from and how it is printed.
struct CommonOptions: Sendable {
    var useStub: Bool
    var keyFile: String?
    /// --provider, else FOODLOGGER_PROVIDER; nil: chosen by the key and the place (see `ServiceAssembly`).
    var provider: Provider?
    /// --provider osm,google or --provider all (or the same in FOODLOGGER_PROVIDER): the services
    /// a merged search asks at once; nil when one service answers (then `provider` says which).
    var merge: ProviderList?
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
            help:
                "\(OutputFormat.allCases.map(\.rawValue).joined(separator: "|")); default: table on a terminal, json otherwise; csv has one header a command, a list (diet) one cell joined by ;"
        ),
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
            "--provider", kind: .value("NAME"), values: Provider.allCases.map(\.rawValue) + ["all"],
            help:
                "hotpepper|osm|google: the service to ask (also FOODLOGGER_PROVIDER); default: HOT PEPPER Gourmet when its key is found and the place is in Japan, else OpenStreetMap. A list (osm,google) or all (every service with a key, OpenStreetMap always) asks them at once and merges their answers into one list, nearest first"
        ),
        OptionSpec("--stub", help: "use the offline stub service (also FOODLOGGER_STUB=1); no key needed"),
        OptionSpec(
            "--key-file", kind: .value("PATH"),
            help: "read the API key from this key.plist (hotpepperApiKey, or googleApiKey with --provider google)"),
        OptionSpec(
            "--timeout", kind: .value("SECONDS"),
            help:
                "give up on a request this many seconds after it is sent, its retries included, up to 300 (default 10, OpenStreetMap's searches 30; decimals allowed); on a terminal, a line after 5 s without an answer"
        ),
        OptionSpec(
            "--retries", kind: .value("0..10"),
            help:
                "send a request again up to this many times after a network error, HTTP 5xx/429 or service error 1000, while --timeout has time left (default 2); a Google request that went unanswered in time is never sent again, as Google may have billed it"
        ),
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
        (provider, merge) = try Self.providers(parsed, environment: context.environment)
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

    /// The services a merged search asks: those listed, in their order, or every one usable.
    enum ProviderList: Sendable, Equatable {
        case listed([Provider])
        case all

        /// The service a merge is named after (`all`'s order: OpenStreetMap first).
        var first: Provider {
            switch self {
            case .listed(let providers): providers.first ?? .osm
            case .all: .osm
            }
        }
    }

    /// --provider, else FOODLOGGER_PROVIDER: one service, or a list of them (`osm,google`,
    /// `all`); nil for neither. A list of one service is that service.
    static func providers(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) -> (
        Provider?, ProviderList?
    ) {
        let (text, source): (String, String)
        if let given = parsed.value("--provider") {
            (text, source) = (given, "--provider")
        } else if let given = environment["FOODLOGGER_PROVIDER"]?.trimmingCharacters(in: .whitespaces), !given.isEmpty {
            (text, source) = (given, "FOODLOGGER_PROVIDER")
        } else {
            return (nil, nil)
        }
        let names = Provider.allCases.map(\.rawValue)
        if text.lowercased() == "all" { return (nil, .all) }
        var listed: [Provider] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces).lowercased()
            guard let provider = Provider(rawValue: name) else {
                throw UsageError(
                    "\(source) is \(TerminalSafe.quoted(text)); it takes \(names.joined(separator: " or ")), a list of them (osm,google) or all"
                )
            }
            if !listed.contains(provider) { listed.append(provider) }
        }
        return listed.count == 1 ? (listed[0], nil) : (nil, .listed(listed))
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
    /// FOODLOGGER_PROVIDER; nil when it is left to the key and the place (see `ServiceAssembly`).
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

    /// Where a provider's key is looked for; nil for a service without a key (OpenStreetMap).
    static func keyService(_ provider: Provider) -> APIKeyLocator.Service? {
        APIKeyLocator.Service.all.first { $0.provider == provider }
    }
}
