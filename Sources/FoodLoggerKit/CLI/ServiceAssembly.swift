import Foundation
import FoodLoggerDomain

/// The assembly of services: from the parsed options and the process's outside world, which
/// service answers (the one named, else the one the ids imply, else HOT PEPPER when its key is
/// found and the place is one it covers, else OpenStreetMap), its client or its stub, its code
/// lists and the place search behind --near. The one place that switches on the provider to
/// build something; `CommonOptions` only parses.
struct ServiceAssembly {
    let options: CommonOptions
    let context: ProcessContext

    /// The keys the environment holds are known to the run's messages and cache before anything
    /// is sent, whichever service is asked: one service's key given to another as a keyword is
    /// then shown and kept as no key is. (A key file is read only when its service is asked.)
    init(options: CommonOptions, context: ProcessContext) {
        self.options = options; self.context = context
        for key in APIKeyLocator.environmentKeys(context.environment) { context.keys.add(key) }
    }

    /// The services a command's scenes talk to, and which provider they are.
    struct Services {
        var provider: Provider
        var restaurants: any HotpepperProtocol
        var codes: any CodeListProtocol
        /// OpenStreetMap answers only because no HOT PEPPER key was found: what was found
        /// instead, worth telling (see `NoKeyNotice`); nil when a service was named or had its key.
        var lackingKey: LackingKey?
        /// The --near place already looked for while choosing the service, so the scene is given
        /// that answer rather than asking again.
        var located: LocatedOnce?
    }

    /// Why OpenStreetMap answers where HOT PEPPER would have, and what was found instead: the
    /// facts `NoKeyNotice` words.
    struct LackingKey: Sendable, Equatable {
        /// The key file holding key.plist.example's placeholder for HOT PEPPER; nil: no key at all.
        var placeholderIn: String?
        /// A Google key was found, which --provider google would use.
        var googleKey = false
        /// HOT PEPPER has places where the search is, or that cannot be told: only then is it named.
        var hotpepperApplies = true
    }

    /// Where a search starts, as far as choosing its service goes.
    enum Centre: Sendable, Equatable {
        case place(NearPlace)
        case coordinate(Coordinate)
    }

    /// The provider asked for (or implied by the ids a command was given), else HOT PEPPER
    /// when its key is found (the stub needs none), else OpenStreetMap; and a search around a
    /// `centre` outside the countries HOT PEPPER covers goes to OpenStreetMap, with a line that
    /// says so, unless HOT PEPPER was named, which is then refused.
    /// A key that is there but unusable is an error, never a quiet change of service.
    /// `searchesPlaces` false: only code lists are asked for, and a service that answers them
    /// without a request (Google's types) needs no key.
    /// `refusing`: the services that cannot answer what the command asks; when both the service
    /// chosen and OpenStreetMap (where a place abroad goes) are among them, the place is not
    /// looked for, so the refusal comes before anything is sent.
    /// `nonisolated(nonsending)`: it runs on the caller's actor (the scenes' main actor) instead of
    /// hopping to the global executor and back, which started dispatch's thread pool (four
    /// threads) for every command, the stub search included.
    nonisolated(nonsending) func makeServices(
        implied: Provider?, centre: Centre?, searchesPlaces: Bool = true, refusing: Set<Provider> = []
    ) async throws(ServiceError) -> Services {
        let named = options.named(implied: implied)
        var chosen = named
        var located: APIKeyLocator.Located?
        var placeholderIn: String?
        if chosen == nil, !options.useStub {
            do throws(ServiceError) {
                located = try locateKey()
                chosen = .hotpepper
            } catch .unusableKeyFile(let path, APIKeyLocator.Service.hotpepper.placeholderProblem)
                where options.keyFile == nil
                && path != APIKeyLocator.Service.hotpepper.environmentVariable
            {
                // A key.plist copied from the example and never given HOT PEPPER's key (its Google
                // key filled in, say) is no HOT PEPPER key: OpenStreetMap answers, as with none.
                chosen = .osm
                placeholderIn = path
            } catch .missingKey {
                chosen = .osm
            }
        }
        var services = try services(chosen ?? .hotpepper, located: located, searchesPlaces: searchesPlaces)
        if chosen == .osm, named == nil, !options.useStub, searchesPlaces {
            var lacking = LackingKey(placeholderIn: placeholderIn)
            // A key file read for the notice is warned of as one read for a search is.
            if let google = try? locateKey(service: .google) {
                lacking.googleKey = true
                warnIfShared(google)
            }
            // Whether HOT PEPPER could answer there: the place OpenStreetMap's scene would look
            // for anyway, looked for once here and handed on.
            if let centre, !refusing.contains(.osm) {
                (lacking.hotpepperApplies, services.located) = try await coverage(of: centre, by: .hotpepper, placesOf: .osm)
            }
            services.lackingKey = lacking
        }
        guard let centre, !services.provider.countries.isEmpty, !refusing.isSuperset(of: [services.provider, .osm]) else {
            return services
        }
        let (covered, found) = try await coverage(of: centre, by: services.provider)
        services.located = found
        guard !covered else { return services }
        let outside = ServiceError.outsideCoverage(centre.described, service: services.provider)
        if named != nil { throw outside }
        context.report("\(outside.coverageLine): searching \(Provider.osm.title).")
        var osm = try self.services(.osm, located: nil, searchesPlaces: searchesPlaces)
        // The place as found serves OpenStreetMap's scene where it would be named the same way.
        if options.useStub || placeLanguage(services.provider) == placeLanguage(.osm) { osm.located = found }
        return osm
    }

    /// The language a service's places are named in: its own, else the user's.
    func placeLanguage(_ provider: Provider) -> String {
        provider.placeLanguage ?? NominatimAPI.language(environment: context.environment)
    }

    /// Whether `provider` has places around the centre, as far as can be told, and the --near
    /// place's answer (found or not) when it was looked for. The place search looks worldwide,
    /// so a place abroad is found where it is, and its country (or else its coordinate) tells.
    /// A place not found decides nothing: the scene says so as it always has.
    /// `placesOf`: the service whose place search looks (its language names the place), when
    /// it is not `provider`'s.
    private nonisolated(nonsending) func coverage(
        of centre: Centre, by provider: Provider, placesOf: Provider? = nil
    ) async throws(ServiceError) -> (covered: Bool, found: LocatedOnce?) {
        switch centre {
        case .coordinate(let coordinate):
            return (provider.covers(coordinate), nil)
        case .place(let near):
            let places = try makePlaces(for: placesOf ?? provider)
            let answer: Result<GeocodingWorker.Located, ServiceError>
            do throws(ServiceError) { answer = .success(try await places.locate(near.text)) } catch {
                answer = .failure(error)
            }
            let found = LocatedOnce(text: near.text, answer: answer)
            guard case .success(let located) = answer else { return (true, found) }
            return (provider.covers(located.place), found)
        }
    }

    /// The services of `provider` (its stub with --stub), with the key `located` when it was
    /// already looked for. `merging`: a stub's searches also find the places the stubs share.
    func services(
        _ provider: Provider, located: APIKeyLocator.Located?, searchesPlaces: Bool, merging: Bool = false
    ) throws(ServiceError) -> Services {
        func shared(_ stub: any HotpepperProtocol) -> StubWithSharedPlaces {
            StubWithSharedPlaces(stub, inSearches: merging)
        }
        switch (provider, options.useStub) {
        case (.hotpepper, true):
            let stub = HotpepperStub()
            return Services(provider: .hotpepper, restaurants: shared(stub), codes: stub)
        case (.hotpepper, false):
            // `??` would lose the error's type: its right side is a rethrowing autoclosure.
            let key: APIKeyLocator.Located
            if let located {
                key = located
            } else {
                do throws(ServiceError) { key = try locateKey() } catch .missingKey where options.cacheMode == .offline {
                    // --offline sends nothing, so it answers from the cache without a key.
                    key = .none
                }
            }
            let api = try makeHotpepper(located: key)
            return Services(provider: .hotpepper, restaurants: api, codes: api)
        case (.osm, true):
            return Services(provider: .osm, restaurants: shared(OverpassStub()), codes: OSMCodeLists())
        case (.osm, false):
            let url = try Self.url(
                context.environment, ServiceName.provider(.osm).addressVariable, default: OverpassRequest.defaultURL,
                isFolder: false)
            let api = OverpassAPI(
                url: url, timeout: options.timeout ?? OverpassAPI.defaultTimeout, retry: retryPolicy(),
                log: narration(), maxResponseBytes: options.maxResponseBytes, answers: answers(),
                language: NominatimAPI.language(environment: context.environment))
            return Services(provider: .osm, restaurants: api, codes: OSMCodeLists())
        case (.google, true):
            return Services(provider: .google, restaurants: shared(GooglePlacesStub()), codes: GooglePlacesTypes())
        case (.google, false) where !searchesPlaces:
            // Google's types are listed here, without a request: no key is needed for them.
            let unkeyed = ServiceError.missingKey(
                searched: [APIKeyLocator.Service.google.environmentVariable], service: .google)
            return Services(
                provider: .google, restaurants: Unkeyed(provider: .google, missing: unkeyed), codes: GooglePlacesTypes())
        case (.google, false):
            // Not behind the answer cache: Google's terms let nothing of its answers be kept.
            let api = try makeGoogle(located: try locateKey(service: .google))
            return Services(provider: .google, restaurants: api, codes: api)
        }
    }

    /// The worker `log check` looks places up with at `provider`: its client (its stub with
    /// --stub) as a search would have it, Google's asking Place Details only for whether a
    /// place still trades (`tradingOnly`, the Pro tier). Throws when the service cannot be
    /// asked (no usable key).
    func checkingWorker(for provider: Provider) throws(ServiceError) -> HotpepperWorker {
        if provider == .google, !options.useStub {
            return HotpepperWorker(api: try makeGoogle(located: try locateKey(service: .google), tradingOnly: true))
        }
        return HotpepperWorker(api: try services(provider, located: nil, searchesPlaces: true).restaurants)
    }

    /// More billed requests than this are said up front even without --verbose.
    static let billedRequestsToAnnounce = 20

    /// `log check`'s one line, before it sends any, of how many billed requests a service
    /// (`billedLookup`) will be sent: under --verbose, and always when there are more than
    /// `billedRequestsToAnnounce`. The stubs bill nothing, so say nothing.
    func lookupAnnouncement() -> @Sendable (Provider, Int) -> Void {
        let (verbose, stub, context) = (options.verbose, options.useStub, context)
        return { provider, requests in
            guard !stub, verbose || requests > Self.billedRequestsToAnnounce, let request = provider.billedLookup else { return }
            context.report(
                "asking \(provider.title) about \(requests) logged place\(requests == 1 ? "" : "s"): "
                    + "\(requests) billed \(request) request\(requests == 1 ? "" : "s") (Pro)")
        }
    }

    /// The answer cache (in the XDG cache folder) as --refresh and --offline say, for HOT PEPPER's
    /// and OpenStreetMap's searches; the stubs, which cost nothing, and Google Places, whose
    /// terms let nothing be kept, are given none.
    func answers() -> AnswerCache {
        AnswerCache(cacheFolder: CacheFolder.url(environment: context.environment), mode: options.cacheMode, keys: context.keys)
    }

    /// A service's key (HOT PEPPER's by default), from --key-file, the environment or a key.plist.
    /// Every key located is known to the run's messages and cache (`ProcessContext.keys`).
    func locateKey(service: APIKeyLocator.Service = .hotpepper) throws(ServiceError) -> APIKeyLocator.Located {
        let located = try APIKeyLocator(
            environment: context.environment, keyFile: options.keyFile, currentDirectory: context.currentDirectory,
            service: service
        )
        .locate()
        context.keys.add(located.key)
        return located
    }

    /// Warns when the key's file is readable by others.
    private func warnIfShared(_ located: APIKeyLocator.Located) {
        guard let mode = located.sharedMode else { return }
        let path = TerminalSafe.line(located.source)
        // A name that had to be escaped would make a chmod line that names another file.
        let fix = path == located.source ? "chmod 600 '\(path)'" : "chmod 600 on that file"
        context.report(
            "warning: \(path) is readable by others (mode \(String(mode, radix: 8))); protect your API key with: \(fix)")
    }

    /// Google Places (New) with the located key (GOOGLE_PLACES_BASE_URL to point it elsewhere),
    /// names and types in the user's language.
    private func makeGoogle(located: APIKeyLocator.Located, tradingOnly: Bool = false) throws(ServiceError) -> GooglePlacesAPI {
        warnIfShared(located)
        let baseURL: URL
        do {
            baseURL = try Self.url(
                context.environment, ServiceName.provider(.google).addressVariable, default: GooglePlacesAPI.defaultBaseURL)
        } catch { throw error.redacting(located.key) }
        var configuration = GooglePlacesAPI.Configuration(
            key: located.key, baseURL: baseURL, language: NominatimAPI.language(environment: context.environment),
            timeout: options.timeout ?? GooglePlacesAPI.Configuration.defaultTimeout, retry: retryPolicy(),
            log: narration(), maxResponseBytes: options.maxResponseBytes)
        configuration.tradingOnly = tradingOnly
        return GooglePlacesAPI(configuration: configuration)
    }

    /// HOT PEPPER's web API with the located key, warning when the key's file is readable by others.
    private func makeHotpepper(located: APIKeyLocator.Located) throws(ServiceError) -> HotpepperAPI {
        warnIfShared(located)
        let baseURL: URL
        do { baseURL = try Self.baseURL(context.environment) } catch { throw error.redacting(located.key) }
        let configuration = HotpepperAPI.Configuration(
            key: located.key, baseURL: baseURL, timeout: options.timeout ?? HotpepperAPI.Configuration.defaultTimeout,
            retry: retryPolicy(), log: narration(), maxResponseBytes: options.maxResponseBytes, answers: answers())
        return HotpepperAPI(configuration: configuration)
    }

    /// The place search for --near: the stub's, or Nominatim's (FOODLOGGER_NOMINATIM_URL to point
    /// it elsewhere) with answers cached under the XDG cache directory. It looks worldwide for
    /// every service, so a place abroad is found where it is (and its country tells whether the
    /// service covers it), naming places in the service's language (HOT PEPPER's Japanese), else
    /// the user's.
    func makePlaces(for provider: Provider) throws(ServiceError) -> GeocodingWorker {
        if options.useStub { return GeocodingWorker(geocoder: GeocodingStub(), cache: nil) }
        let baseURL = try Self.url(
            context.environment, ServiceName.placeSearch.addressVariable, default: NominatimAPI.defaultBaseURL)
        // Retries go within the run's turn: waits from 2 s with jitter (1 to 2 s, then 2 to 4 s…)
        // keep them a second apart too.
        let geocoder = NominatimAPI(
            baseURL: baseURL, countryCodes: [],
            language: placeLanguage(provider), timeout: options.timeout ?? HotpepperAPI.Configuration.defaultTimeout,
            retry: retryPolicy(baseDelay: 2), log: narration(), maxResponseBytes: options.maxResponseBytes)
        let folder = CacheFolder.url(environment: context.environment)
        if options.cacheMode == .offline {
            return GeocodingWorker(
                geocoder: OfflineGeocoder(scope: geocoder.scope), cache: folder.map { PlaceCache(folder: $0, service: baseURL) })
        }
        let turns = RequestTurns(
            stamp: folder.map { PlaceCache.stamp(folder: $0, service: baseURL) }, log: narration(),
            withoutStamp:
                "cache off: neither HOME nor an absolute XDG_CACHE_HOME is set, so places found are not kept, and place searches are a second apart within this run only"
        )
        return GeocodingWorker(
            geocoder: geocoder, cache: folder.map { PlaceCache(folder: $0, service: baseURL) }, turns: turns,
            preferring: provider.countries.isEmpty ? nil : provider)
    }

    /// The place search the scenes are given: `makePlaces`, answering the place already looked
    /// for (`located`) without asking again.
    func places(for provider: Provider, located: LocatedOnce?) throws(ServiceError) -> any PlaceLocating {
        let places = try makePlaces(for: provider)
        guard let located else { return places }
        return LocatedOnce.Answering(base: places, known: located)
    }

    /// --verbose: each request, retry and answer told on stderr.
    /// --retries, with a line on stderr before any retry that follows a long silence, and on a
    /// terminal one while an answer is slow to come.
    func retryPolicy(baseDelay: TimeInterval = 0.5) -> RetryPolicy {
        let context = context
        return RetryPolicy(
            retries: options.retries, baseDelay: baseDelay, announce: { @Sendable line in context.report(line) },
            announceWait: context.terminal.stderrIsTerminal ? (after: Self.waitAnnouncedAfter, hint: "Ctrl-C to stop") : nil)
    }

    /// How long a run at a terminal waits for an answer before it says what it waits for.
    static let waitAnnouncedAfter: TimeInterval = 5

    func narration() -> (@Sendable (String) -> Void)? {
        let context = context
        return options.verbose ? { @Sendable line in context.report(line) } : nil
    }

    /// The code lists behind names for codes: HOT PEPPER's, kept a day under the XDG cache
    /// directory; the stub's and OpenStreetMap's, which cost no request, as they are.
    func makeCodeLists(_ services: Services) -> CodeListWorker {
        let server = (try? Self.baseURL(context.environment)) ?? HotpepperAPI.defaultBaseURL
        let sends = services.codes is HotpepperAPI
        let folder = sends ? CacheFolder.url(environment: context.environment) : nil
        let service = sends && options.cacheMode == .offline ? OfflineCodeLists() : services.codes
        return CodeListWorker(service: service, cache: folder.map { CodeListCache(folder: $0, service: server) })
    }

    /// HOTPEPPER_BASE_URL replaces everything before `gourmet/v1/`.
    static func baseURL(_ environment: [String: String]) throws(ServiceError) -> URL {
        try url(environment, ServiceName.provider(.hotpepper).addressVariable, default: HotpepperAPI.defaultBaseURL)
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

/// The restaurants of a service whose key was not looked for, since the command asks only for
/// code lists answered without one; a search would need the key.
struct Unkeyed: HotpepperProtocol {
    let provider: Provider
    let missing: ServiceError

    nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        throw missing
    }
}

/// A --near place looked for once in a run, found or not: choosing the service asked for it, and
/// the scene is given the same answer.
struct LocatedOnce: Sendable {
    var text: String
    var answer: Result<GeocodingWorker.Located, ServiceError>

    /// The place search that answers `known`'s place from it and asks `base` for any other.
    struct Answering: PlaceLocating {
        let base: any PlaceLocating
        let known: LocatedOnce

        func locate(_ text: String) async throws(ServiceError) -> GeocodingWorker.Located {
            guard text == known.text else { return try await base.locate(text) }
            return try known.answer.get()
        }
    }
}

extension ServiceAssembly.Centre {
    /// As a message names it: the place as the user wrote it, or the coordinate.
    var described: String {
        switch self {
        case .place(let near): TerminalSafe.line(near.text)
        case .coordinate(let coordinate): "The centre \(coordinate.lat.plainText),\(coordinate.lng.plainText)"
        }
    }
}
