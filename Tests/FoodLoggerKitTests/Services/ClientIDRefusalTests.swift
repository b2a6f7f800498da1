import Foundation
import Testing

@testable import FoodLoggerDomain

/// Each service's client checks the ids it is given against its service's form again before it
/// builds a request (#50, item 7), whoever asked: text that is none is named in `unasked` with
/// `notAnID` and never sent; the ids beside it are.
@Suite struct ClientIDRefusalTests {
    /// Counts the requests and answers each with one Google place, trading.
    final class CountingTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [URL] = []
        var sent: [URL] { lock.withLock { urls } }

        func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int) async throws -> HTTPReply {
            lock.withLock { urls.append(request.url) }
            let id = request.url.lastPathComponent
            let body = #"{"id":"\#(id)","displayName":{"text":"P"},"location":{"latitude":1,"longitude":2}}"#
            return HTTPReply(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }

    @Test func googleSendsOnlyItsIdsEachAsOnePathSegment() async throws {
        // Given Google's client over a transport that counts
        let transport = CountingTransport()
        let sut = GooglePlacesAPI(
            configuration: .init(key: "k", baseURL: URL(string: "https://places.example/v1/")!, retry: RetryPolicy(retries: 0)),
            transport: transport)

        // When it is asked to look up an id, and text that climbs its paths
        let page = try await sut.searchRestaurants(
            RestaurantQuery(ids: ["places/../../admin0000000000000", "ChIJgood_-1", "ChIJ/../../v1/places:searchText?x="]))

        // Then only the id was sent, as the one segment after places/; the rest are named, not sent
        #expect(transport.sent.map(\.absoluteString) == ["https://places.example/v1/places/ChIJgood_-1?languageCode=en"])
        #expect(page.restaurants.map(\.id) == ["ChIJgood_-1"], "\(page.restaurants.map(\.id))")
        #expect(
            page.unasked == [
                .init(
                    id: "places/../../admin0000000000000",
                    error: .notAnID("places/../../admin0000000000000", service: .google)),
                .init(
                    id: "ChIJ/../../v1/places:searchText?x=",
                    error: .notAnID("ChIJ/../../v1/places:searchText?x=", service: .google)),
            ], "\(page.unasked)")
    }

    @Test func detailsOfTextThatIsNoIdAreNeverBuilt() {
        #expect(throws: ServiceError.notAnID("ChIJ%2F..", service: .google)) {
            try GooglePlacesRequest.details(
                id: "ChIJ%2F..", key: "k", baseURL: URL(string: "https://places.example/v1/")!, language: "en")
        }
    }

    @Test func hotpepperSendsNothingForTextThatIsNoId() async throws {
        // Given HOT PEPPER's client over a transport that counts
        let transport = CountingTransport()
        let sut = HotpepperAPI(configuration: .init(key: "k", retry: RetryPolicy(retries: 0)), transport: transport)

        // When it is asked to look up text that would add a parameter
        let page = try await sut.searchRestaurants(RestaurantQuery(ids: ["J12&key=x", "J1 2"]))

        // Then nothing was sent, and both are named
        #expect(transport.sent.isEmpty, "\(transport.sent)")
        #expect(page.unasked.map(\.error) == [.notAnID("J12&key=x", service: .hotpepper), .notAnID("J1 2", service: .hotpepper)])
    }

    @Test func overpassLeavesTextThatIsNoIdOutOfTheQuery() {
        // When a lookup is built of an id and text that is none
        let ql = OverpassRequest.lookup(ids: ["node/99999999999999999999", "way/-1", "node/1x", "relation/5"])

        // Then only relation/5 is named, and with nothing but text that is no id there is no query
        #expect(ql?.contains("(relation(id:5);)->.shops;") == true, "\(ql ?? "nil")")
        #expect(OverpassRequest.lookup(ids: ["node/99999999999999999999", "way/-1", "node/1x", "node/+1"]) == nil)
    }
}
