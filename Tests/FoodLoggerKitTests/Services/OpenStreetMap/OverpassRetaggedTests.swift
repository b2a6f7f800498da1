import Foundation
import Testing

@testable import FoodLoggerDomain

/// An OSM place retagged with no lifecycle prefix (now a shop, its amenity gone) or marked
/// `disused=yes` is closed when looked up by id, with its own evidence; a search is unchanged.
@Suite struct OverpassRetaggedTests {
    static let answer = Data(
        #"""
        {"elements":[
        {"type":"node","id":1,"lat":35.68,"lon":139.76,"tags":{"shop":"bakery","name":"Boulangerie"}},
        {"type":"node","id":2,"lat":35.68,"lon":139.76,"tags":{"amenity":"restaurant","disused":"yes","name":"Yasumi"}},
        {"type":"node","id":3,"lat":35.68,"lon":139.76,"tags":{"amenity":"restaurant","name":"Live"}},
        {"type":"node","id":4,"lat":35.68,"lon":139.76,"tags":{"was:amenity":"cafe","name":"Old Cafe"}}
        ]}
        """#.utf8)

    @Test func aLookupReadsEachClosureWithItsEvidence() throws {
        // When the answer to a lookup by id is decoded
        let page = try OverpassDecoder.decode(Self.answer, lookup: true)

        // Then the retagged place, the disused one and the prefixed one are closed, each with why
        #expect(page.restaurants.map(\.id) == ["node/1", "node/2", "node/3", "node/4"], "each read")
        #expect(
            page.restaurants.map(\.businessStatus) == [.closedPermanently, .closedPermanently, nil, .closedPermanently],
            "\(page.restaurants.map(\.businessStatus))")
        #expect(
            page.restaurants.map(\.statusEvidence) == [
                .retagged, .lifecycleTag("disused=yes"), nil, .lifecycleTag("was:amenity"),
            ],
            "\(page.restaurants.map(\.statusEvidence))")
    }

    @Test func aSearchDoesNotCallAShopClosed() throws {
        // When the same answer is decoded as a search's
        let page = try OverpassDecoder.decode(Self.answer)

        // Then the shop (which a search's query never asks for) is not called closed
        #expect(page.restaurants.first { $0.id == "node/1" }?.businessStatus == nil, "\(page.restaurants)")
    }
}
