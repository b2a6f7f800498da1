import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct ServiceErrorReportTests {
    /// Every fault, its exit status, and words its one line must contain.
    static let faults: [(ServiceError, ExitCode, [String])] = [
        (.network(.refused, detail: "127.0.0.1:9"), .unavailable, ["connection refused", "127.0.0.1:9", "HOTPEPPER_BASE_URL"]),
        (.network(.hostNotFound, detail: "nowhere.invalid"), .unavailable, ["host not found", "nowhere.invalid", "DNS"]),
        (.network(.timedOut, detail: "no answer from h within 1 s"), .unavailable, ["timed out", "within 1 s", "--timeout"]),
        (.network(.tls, detail: "h"), .unavailable, ["TLS failure", "certificates"]),
        (.network(.noAnswer, detail: "h"), .unavailable, ["closed without an answer"]),
        (.httpStatus(503), .unavailable, ["HTTP 503", "Try again later"]),
        (.httpStatus(429), .unavailable, ["HTTP 429", "wait a minute"]),
        (.httpStatus(504), .unavailable, ["HTTP 504", "Try again later"]),
        (.noCodeList(.budgets, service: .osm), .usage, ["OpenStreetMap has no budget list", "--provider hotpepper"]),
        (.httpStatus(404), .unavailable, ["HTTP 404", "HOTPEPPER_BASE_URL"]),
        (.unreadableResponse(detail: "not JSON (text/html, 5 bytes starting \"<html\")"), .dataError, ["not JSON", "text/html"]),
        (.serviceFailure(message: "error 1000: サーバ障害", transient: true), .unavailable, ["error 1000", "サーバ障害", "Try again"]),
        (
            .queryFailed(remark: "runtime error: Query timed out in \"query\" at line 4 after 26 seconds."), .unavailable,
            ["gave up", "Query timed out", "--range"]
        ),
        (
            .rejectedKey(message: "error 2000: APIキーが正しくありません", service: .hotpepper), .permissionDenied,
            ["error 2000", "APIキーが正しくありません", "HOTPEPPER_API_KEY"]
        ),
        (
            .invalidRequest(message: "error 3000: 少なくとも１つの条件を入れてください。", service: .hotpepper), .usage,
            ["error 3000", "少なくとも１つの条件を入れてください。", "--help"]
        ),
        (
            .unusableKeyFile(path: "/k/key.plist", problem: "not a property list"), .configuration,
            ["/k/key.plist", "not a property list", "key.plist.example"]
        ),
        (
            .badBaseURL("ftp://x\u{1B}[2J", variable: "HOTPEPPER_BASE_URL"), .configuration,
            ["HOTPEPPER_BASE_URL", "ftp://x", "Unset it"]
        ),
        (
            .missingKey(searched: ["GOOGLE_PLACES_API_KEY", "./key.plist"], service: .google), .configuration,
            ["no Google Places API key", "GOOGLE_PLACES_API_KEY=", "googleApiKey", "./key.plist", "chmod 600"]
        ),
        (
            .rejectedKey(message: "PERMISSION_DENIED: API key not valid.", service: .google), .permissionDenied,
            [
                "Google Places rejected the API key", "PERMISSION_DENIED: API key not valid.", "GOOGLE_PLACES_API_KEY",
                "googleApiKey",
            ]
        ),
        (
            .invalidRequest(message: "INVALID_ARGUMENT: Invalid included_types.", service: .google), .usage,
            ["Google Places refused the search", "INVALID_ARGUMENT", "--help"]
        ),
        (
            .explainedStatus(429, message: "RESOURCE_EXHAUSTED: Quota exceeded for quota metric 'SearchNearbyRequest'."),
            .unavailable, ["HTTP 429", "Quota exceeded for quota metric 'SearchNearbyRequest'", "quota", "wait a minute"]
        ),
        (.explainedStatus(503, message: "UNAVAILABLE: try later"), .unavailable, ["HTTP 503", "UNAVAILABLE", "Try again later"]),
    ]

    @Test(arguments: faults)
    func eachFaultIsOneLineWithItsExitCode(error: ServiceError, exitCode: ExitCode, words: [String]) {
        let message = error.localizedDescription
        #expect(error.exitCode == exitCode, "\(error) exits \(exitCode.rawValue)")
        #expect(!message.contains("\n"), "one line: \(message)")
        for word in words { #expect(message.contains(word), "'\(message)' mentions \(word)") }
    }

    /// A failure named by the client that met it (`from`): its service, and that service's address alone.
    static let named: [(ServiceError, [String], [String])] = [
        (
            .from(.provider(.osm), .httpStatus(504)), ["OpenStreetMap answered HTTP 504", "Try again later"],
            ["the service"]
        ),
        (
            .from(.provider(.osm), .queryFailed(remark: "runtime error: Query timed out")),
            ["OpenStreetMap gave up on the search", "Query timed out"], ["the service"]
        ),
        (
            .from(.provider(.google), .network(.refused, detail: "127.0.0.1:9")),
            ["cannot reach Google Places", "GOOGLE_PLACES_BASE_URL if you set it"], ["HOTPEPPER_BASE_URL", "the service"]
        ),
        (
            .from(.placeSearch, .unreadableResponse(detail: "not JSON")),
            ["the place search (Nominatim) answered something unreadable", "FOODLOGGER_NOMINATIM_URL"],
            ["FOODLOGGER_OVERPASS_URL"]
        ),
        (
            .from(.provider(.hotpepper), .serviceFailure(message: "error 1000: サーバ障害", transient: true)),
            ["HOT PEPPER Gourmet failed (error 1000: サーバ障害)"], []
        ),
        (
            .inMerge(
                .from(.provider(.google), .rejectedKey(message: "PERMISSION_DENIED", service: .google)), service: .google,
                others: [.osm]),
            ["Google Places rejected the API key", "leave it out: --provider osm"], ["Google Places: Google Places"]
        ),
        (
            .inMerge(.notCached(.search(RestaurantQuery())), service: .osm, others: [.google]),
            ["OpenStreetMap: nothing cached", "leave it out: --provider google"], []
        ),
    ]

    @Test(arguments: named)
    func aNamedFailureSaysWhichServiceFailed(error: ServiceError, words: [String], absent: [String]) {
        let message = error.localizedDescription
        for word in words { #expect(message.contains(word), "'\(message)' mentions \(word)") }
        for word in absent { #expect(!message.contains(word), "'\(message)' does not say \(word)") }
        #expect(error.exitCode == error.cause.exitCode, "the same exit code as the failure itself")
    }

    @Test func missingKeyIsTheOneParagraph() {
        let error = ServiceError.missingKey(searched: ["HOTPEPPER_API_KEY", "./key.plist"], service: .hotpepper)
        let message = error.localizedDescription
        #expect(error.exitCode == .configuration, "exit 78")
        #expect(message.split(separator: "\n").count > 1, "a short paragraph")
        for word in ["HOTPEPPER_API_KEY", "./key.plist", "chmod 600", "--stub", "https://webservice.recruit.co.jp/register/"] {
            #expect(message.contains(word), "the paragraph mentions \(word)")
        }
    }
}
