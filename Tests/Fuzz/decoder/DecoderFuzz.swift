import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// libFuzzer entry: any bytes as a gourmet/v1 body, an Overpass answer, a Places API (New)
/// answer and a Google error body, each decoded
/// and then drawn as the Search scene would (table and JSON), so hostile values reach the
/// formatting code too. Besides crashes and hangs, it stops on a broken promise: a page with a
/// shop off the Earth, or an error line that, after the client's redaction and escaping, spans
/// lines or shows the key.
@_cdecl("LLVMFuzzerTestOneInput")
public func decoderFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    check(data) { data throws(ServiceError) in try GourmetResponseDecoder.decode(data) }
    check(data) { data throws(ServiceError) in try OverpassDecoder.decode(data) }
    check(data) { data throws(ServiceError) in try GooglePlacesDecoder.decode(data).page }
    check(data) { data throws(ServiceError) in try GooglePlacesDecoder.decodePlace(data) }
    // Google's refusals are read from the body of an answer other than 200.
    for status in [400, 403, 429] {
        check(data) { data throws(ServiceError) in
            throw GooglePlacesError.error(status: status, body: data) ?? .httpStatus(status)
        }
    }
    return 0
}

/// One decoder's promises on `data`.
func check(_ data: Data, _ decode: (Data) throws(ServiceError) -> RestaurantPage) {
    let key = "fuzzkey"
    do {
        let page = try decode(data)
        for shop in page.restaurants where !shop.coordinate.isOnEarth {
            fatalError("a coordinate off the Earth in \(shop.id)")
        }
        // libFuzzer calls in on the main thread.
        MainActor.assumeIsolated { present(page) }
    } catch {
        var error = error.redacting(key)
        if case .unreadableResponse(let detail) = error {
            error = .unreadableResponse(
                detail: ServiceClient.describeBody(
                    detail: detail, data: data, contentType: "text/javascript",
                    key: key))
        }
        let message = error.localizedDescription
        if message.contains(where: \.isNewline) || message.contains("\u{1B}") { fatalError("not one safe line: \(message)") }
        if message.contains(key) { fatalError("the key leaked: \(message)") }
    }
}

/// The page through the real presenter and view controller, near a centre and without one.
@MainActor
func present(_ page: RestaurantPage) {
    for (format, center) in [(OutputFormat.table, Coordinate(lat: 35.6812, lng: 139.7671)), (.json, nil)] {
        let context = ProcessContext(
            arguments: [], stdout: CapturedOutput(), stderr: CapturedOutput(),
            terminal: Terminal(columns: 80))
        let viewController = SearchViewController(context: context, format: format)
        let presenter = SearchPresenter(presentation: SearchScene.presentation(for: format, prompting: false))
        presenter.viewController = viewController
        let query = RestaurantQuery(center: center)
        presenter.presentRestaurants(
            .init(
                request: .init(query: query, open: OpenQuestion(moment: .now(Date()))),
                found: .success(FoundPlaces(page: page, query: query))))
    }
}
