import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct PickRouterTests {
    final class PickDataStoreSpy: PickDataStore {
        var chosen: Restaurant? = DetailSeeds.cafe
        var region: RestaurantPage.Region? = RestaurantPage.Region(timeZone: "Asia/Tokyo", countryCode: "JP")
        var askedMoment: OpenQuestion.Moment? = Seeds.open.moment
        var center: Coordinate? = Seeds.tokyoStation
    }

    @Test func theCardGetsThePlaceTheMomentAndTheCentre() {
        // Given a pick made around Tokyo Station at a moment asked for
        let source = PickDataStoreSpy()
        let destination = SearchRouterTests.DetailDataStoreSpy()
        // When its card is routed to
        PickRouter().passDataToDetail(source: source, destination: destination)
        // Then the card holds the chosen place, answers for that moment and gives the walk from the centre
        #expect(destination.restaurants == [DetailSeeds.cafe], "the chosen place, and only it")
        #expect(destination.moment == Seeds.open.moment && destination.region == source.region)
        #expect(destination.center == Seeds.tokyoStation, "the card's Walk line needs the search's centre")
    }
}
