import Foundation
import FoodLoggerDomain

/// The one place where a service failure becomes the line a user reads and the exit status:
/// the worker layer states facts, the words that name flags and files live here. Every text an
/// error carries from outside (a server's message or body, a path) is made terminal-safe here.
extension ServiceError: LocalizedError {
    /// The words for a failure to look logged places up by id (`log check`), where a search's
    /// advice (another --provider, the search options) would mislead.
    var lookupDescription: String {
        switch cause {
        case .missingKey(_, let service):
            let variable = CommonOptions.keyService(service)?.environmentVariable ?? "its key"
            let others = Provider.allCases.filter { $0 != service }.map(\.rawValue).joined(separator: ",")
            return "no \(service.title) API key found (export \(variable)=..., or add it to key.plist; "
                + "or check the other services only: --provider \(others))"
        case .invalidRequest(let message, let service):
            return "\(service.title) refused the lookup by id (\(TerminalSafe.line(message)))"
        default:
            return localizedDescription
        }
    }

    /// "not an id of OpenStreetMap: node/1x": text read as an id (from the food log, the last
    /// list, an argument) that is none of the service's, cut and made terminal-safe.
    static func notAnIDLine(_ text: String, service: Provider) -> String {
        "not an id of \(service.title): \(TerminalSafe.short(text, limit: 80))"
    }

    /// The variables that point foodlogger at other servers, for messages about a server's faults:
    /// the one of the service that failed ("FOODLOGGER_OVERPASS_URL if you set it"), or all of
    /// them where no service is named.
    static func addresses(_ service: ServiceName?) -> String {
        guard let service else {
            return ServiceName.all.map(\.addressVariable).dropLast().joined(separator: ", ")
                + " or \(ServiceName.placeSearch.addressVariable) if you set one"
        }
        return "\(service.addressVariable) if you set it"
    }

    public var errorDescription: String? { described(by: nil) }

    /// The line, naming `service` (`from`'s) where the failure is the service's answer, or its
    /// silence; "the service" where none is known.
    func described(by service: ServiceName?) -> String {
        let safe = TerminalSafe.line
        let subject = service?.title ?? "the service"
        let addresses = Self.addresses(service)
        switch self {
        case .missingKey(let searched, .google):
            let variable = APIKeyLocator.Service.google.environmentVariable
            return "no Google Places API key found (looked in: \(searched.map(TerminalSafe.line).joined(separator: ", "))). "
                + "Create a key for Places API (New) in the Google Cloud console and export \(variable)=..., or add it as "
                + "\(APIKeyLocator.Service.google.plistKey) to key.plist (see key.plist.example) in ~/.config/foodlogger/ (chmod 600)."
        case .missingKey(let searched, _):
            return """
                no HOT PEPPER API key found. Looked in: \(searched.map(TerminalSafe.line).joined(separator: ", ")).
                Get a free key at https://webservice.recruit.co.jp/register/ and either export \
                HOTPEPPER_API_KEY=... or save it as key.plist (see key.plist.example) in \
                ~/.config/foodlogger/ (chmod 600). Without a key, --provider osm searches OpenStreetMap and --stub answers offline.
                """
        case .unusableKeyFile(let variable, let problem)
        where APIKeyLocator.Service.all.contains(where: { $0.environmentVariable == variable }):
            return "\(variable): \(safe(problem))."
        case .unusableKeyFile(let path, let problem):
            return "key file \(safe(path)): \(safe(problem)). See key.plist.example for the expected format."
        case .rejectedKey(let message, .google):
            let service = APIKeyLocator.Service.google
            return "Google Places rejected the API key (\(safe(message))). Check \(service.plistKey) in your key.plist or "
                + "\(service.environmentVariable), and that Places API (New) is enabled for the key's project."
        case .rejectedKey(let message, let service):
            return "\(service.title) rejected the API key (\(safe(message))). Check the key in your key.plist or "
                + "\(APIKeyLocator.Service.hotpepper.environmentVariable)."
        case .invalidRequest(let message, .google):
            return "Google Places refused the search (\(safe(message))). Check the search options (--help)."
        case .invalidRequest(let message, .osm):
            return "OpenStreetMap cannot be asked that search (\(safe(message))). Check the search options (--help)."
        case .invalidRequest(let message, let service):
            return "\(service.title) refused the search (\(safe(message))). Check the search options (--help)."
        case .serviceFailure(let message, _):
            return "\(subject) failed (\(safe(message))). Try again in a moment."
        case .queryFailed(let remark):
            return "\(subject) gave up on the search (\(TerminalSafe.short(remark, limit: 160))). "
                + "Try a smaller --range, or again in a few minutes."
        case .httpStatus(414), .explainedStatus(414, _):
            return "the request was too long for \(subject) (HTTP 414): give a shorter keyword or place name."
        case .httpStatus(let status):
            return "\(subject) answered HTTP \(status) instead of 200. \(Self.advice(status, addresses: addresses))"
        case .tooManyRequests(let keyed):
            return "\(subject) refused the request: too many requests (HTTP 429)"
                + (keyed ? ", or the key's daily quota is used up" : "") + ". Wait a minute before trying again."
        case .asksToWait(let status, let seconds):
            let wait = seconds >= 120 ? "\(seconds / 60) minutes" : "\(seconds) s"
            return "\(subject) answered HTTP \(status) and asks not to be asked again for \(wait), longer than "
                + "foodlogger waits (\(Int(RetryPolicy.defaultMaxDelay)) s at most, within --timeout). Try again after that."
        case .explainedStatus(let status, let message):
            return "\(subject) answered HTTP \(status) (\(TerminalSafe.short(message, limit: 200))). "
                + Self.advice(status, addresses: addresses)
        case .network(let failure, let detail):
            return "cannot reach \(subject): \(failure.rawValue) (\(TerminalSafe.short(detail, limit: 160))). "
                + failure.advice(addresses: addresses)
        case .unreadableResponse(let detail):
            return "\(subject) answered something unreadable: \(safe(detail)). Try again later, or check \(addresses)."
        case .responseTooLarge(let limit):
            return "\(subject)'s answer went past the \(limit >> 20) MiB that one answer may bring (decoded), more than "
                + "any real answer, so foodlogger stopped reading it. Check \(addresses), "
                + "or allow more with --max-response MIB."
        case .redirectRefused(let target):
            return "\(subject) redirected to another host (\(TerminalSafe.short(target, limit: 160))), which foodlogger does "
                + "not follow. Check \(addresses)."
        case .placeNotFound(let text, let known):
            let only =
                known.isEmpty
                ? " Try the name as a map writes it, with its town (Shibuya Station, Tokyo; Royal Mile, Edinburgh), an address, or a point: 55.9533,-3.1883."
                : " The offline stub (--stub) knows only \(known.joined(separator: ", "))."
            return "no place called \(TerminalSafe.quoted(text)) was found.\(only)"
        case .outsideCoverage:
            let others = Provider.allCases.filter { $0.countries.isEmpty }
            let advice = others.map { "--provider \($0.rawValue) (\($0.title))" }.joined(separator: " or ")
            return "\(coverageLine): search it with \(advice)."
        case .unknownName(let kind, let text, let closest):
            let quoted = TerminalSafe.quoted(text)
            let list = "'foodlogger \(kind.listCommand)'"
            if kind == .budget {
                return
                    "--budget \(quoted) is no band of yen: give one such as 2000-3000, -1000 or 25000-, or a code from \(list)."
            }
            if kind == .genre, let place = PlaceKind.named(text) {
                return
                    "--genre \(quoted) names no genre of this service's: \(place.label) is a kind of place, which --kind \(place.rawValue) keeps."
            }
            if kind == .genre, let word = GenreNames.keyword(forDish: text, among: closest) {
                return
                    "--genre \(quoted) names no genre of this service's: it files \(TerminalSafe.line(text.lowercased())) under "
                    + "\(closest.map(\.described).joined(separator: ", ")): --genre \(closest[0].code), or find the word: --keyword \(word)."
            }
            let near = closest.isEmpty ? "" : "; the closest: \(closest.map(\.described).joined(separator: ", "))"
            return "--\(kind.rawValue) \(quoted) names no \(kind.rawValue)\(near). See \(list) for them all."
        case .ambiguousName(let kind, let text, let matches):
            let listed = matches.map(\.described).joined(separator: ", ")
            return
                "--\(kind.rawValue) \(TerminalSafe.quoted(text)) names \(matches.count) \(kind.rawValue)s: \(listed); give one of their codes."
        case .noCodeList(let kind, let service):
            let list = kind.rawValue.replacingOccurrences(of: "_", with: " ")
            let others = Provider.allCases.filter { $0.codeLists.contains(kind) }
            let elsewhere = others.map { "\($0.title) has one (--provider \($0.rawValue))" }.joined(separator: "; ")
            return "\(service.title) has no \(list) list\(elsewhere.isEmpty ? "" : ": \(elsewhere)")."
        case .notCached(let request):
            return request.notCachedLine
        case .inMerge(let error, let service, let others):
            // "cannot reach OpenStreetMap: …; leave it out: --provider google,hotpepper"; a failure
            // that does not name its service in its words ("nothing cached…") is prefixed with it.
            let said = (error.errorDescription ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let line = error.namesItsService ? said : "\(service.title): \(said)"
            let advice = others.count > 1 ? others.map(\.rawValue).joined(separator: ",") : others.first?.rawValue ?? ""
            // A merge left with one service (the others wanted keys) has no list to suggest.
            guard !others.isEmpty else { return line }
            return "\(line.hasSuffix(".") ? String(line.dropLast()) : line); leave it out: --provider \(advice)"
        case .from(let service, let error):
            return error.described(by: service)
        case .notAnID(let text, let service):
            return Self.notAnIDLine(text, service: service)
        case .badBaseURL(let text, let variable):
            return "\(variable) is not an http(s) URL with a host: \(TerminalSafe.quoted(text)). "
                + "Unset it to use the real service, or set it to a server such as http://127.0.0.1:8080/."
        }
    }

    /// Whether its line names the service: `from`'s, or a case that carries its service.
    var namesItsService: Bool {
        switch self {
        case .from, .missingKey, .rejectedKey, .invalidRequest, .outsideCoverage, .noCodeList, .notAnID: true
        default: false
        }
    }

    /// "Times Square is outside Japan, where HOT PEPPER Gourmet has restaurants": said when the
    /// service is refused, or when OpenStreetMap answers in its place.
    var coverageLine: String {
        guard case .outsideCoverage(let text, let service) = self else { return errorDescription ?? "" }
        let english = Locale(identifier: "en_US")
        let regions = service.countries.map { english.localizedString(forRegionCode: $0.uppercased()) ?? $0.uppercased() }
        return "\(text) is outside \(regions.joined(separator: ", ")), where \(service.title) has restaurants"
    }

    /// What to do about an HTTP status other than 200; `addresses`: the variables to check.
    static func advice(_ status: Int, addresses: String) -> String {
        switch status {
        case 429: "Too many requests, or a key's quota used up: wait a minute before trying again."
        case 500...: "Try again later."
        default: "Check \(addresses)."
        }
    }

    /// What a script can branch on (sysexits(3)).
    var exitCode: ExitCode {
        switch self {
        case .missingKey, .unusableKeyFile, .badBaseURL: .configuration
        case .rejectedKey: .permissionDenied
        case .inMerge(let error, _, _), .from(_, let error): error.exitCode
        case .invalidRequest, .unknownName, .ambiguousName, .noCodeList, .httpStatus(414), .explainedStatus(414, _): .usage
        case .serviceFailure, .queryFailed, .httpStatus, .explainedStatus, .tooManyRequests, .asksToWait, .network,
            .redirectRefused, .notCached:
            .unavailable
        case .unreadableResponse, .responseTooLarge, .notAnID: .dataError
        case .placeNotFound, .outsideCoverage: .noSuchPlace
        }
    }
}

extension ServiceError.Unsent {
    /// "nothing cached for this search within the last 10 minutes; run it without --offline".
    var notCachedLine: String {
        let without = "run it without --offline"
        switch self {
        case .search(let query):
            let what =
                if !query.ids.isEmpty {
                    "shop \(query.ids.map(TerminalSafe.line).joined(separator: ", "))"
                } else if query.start > 1 {
                    "this search from shop \(query.start) on"
                } else {
                    "this search"
                }
            return "nothing cached for \(what) within the last \(CommonOptions.cacheMinutes) minutes; \(without)"
        case .codeList(let kind):
            return
                "the \(kind.rawValue.replacingOccurrences(of: "_", with: " ")) list is not cached (lists are kept a day); \(without)"
        case .place(let text):
            return "no place called \(TerminalSafe.quoted(text)) is cached; \(without), or give --lat and --lng"
        }
    }
}

extension CodeNameKind {
    /// The command that lists every entry of this kind.
    var listCommand: String {
        switch self {
        case .genre: "genres"
        case .budget: "budgets"
        case .area: "areas"
        }
    }
}

extension CodeEntry {
    /// "ラーメン (ramen, G013)", "渋谷 (Y030 in 東京)": a name with what else identifies it
    /// (two areas may share a name).
    var described: String {
        let english = englishName.map { "\($0), " } ?? ""
        let wider = within.map { " in \(TerminalSafe.line($0.name))" } ?? ""
        // A code that is its own name (OpenStreetMap's `ramen`) is said once.
        guard name != code || english != "" || wider != "" else { return TerminalSafe.line(name) }
        return "\(TerminalSafe.line(name)) (\(english)\(code)\(wider))"
    }
}

extension ServiceError.NetworkFailure {
    /// What the user can do about it; `addresses`: the variables to check.
    func advice(addresses: String) -> String {
        switch self {
        case .refused, .noAnswer: "Check your connection, or \(addresses)."
        case .hostNotFound: "Check your connection and DNS, or \(addresses)."
        case .timedOut: "Try again later, or allow more time with --timeout SECONDS."
        case .tls: "Check the system clock, the CA certificates and any proxy in between."
        case .other: "Check your connection and try again."
        }
    }
}

extension ServiceName {
    /// Every service foodlogger asks, the place search last.
    static let all = Provider.allCases.map(ServiceName.provider) + [.placeSearch]

    /// The variable that points the service at another server (`ServiceAssembly` reads it).
    var addressVariable: String {
        switch self {
        case .provider(.hotpepper): "HOTPEPPER_BASE_URL"
        case .provider(.osm): "FOODLOGGER_OVERPASS_URL"
        case .provider(.google): "GOOGLE_PLACES_BASE_URL"
        case .placeSearch: "FOODLOGGER_NOMINATIM_URL"
        }
    }
}
