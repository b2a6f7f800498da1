import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The open / --open-for rule has one owner: search's open-only pages and pick's sift give the
/// same verdicts, and the search's tally keeps the threshold it counted by.
@Suite struct OpenFilterTests {
    let friday = OpenQuestion(moment: .now(CLIRun.friday), openOnly: true)

    @Test(arguments: [(nil, false), (30, false), (31, false), (31, true), (nil, true)] as [(Int?, Bool)])
    func searchAndPickKeepTheSamePlacesForTheSameReasons(minutes: Int?, includeUnknown: Bool) async throws {
        // Given 50 shops on Friday at 19:30: open around the clock, closing at 20:00, unreadable
        // and closed, asked with and without --open-for and --include-unknown
        var question = friday
        question.openFor = minutes.flatMap { OpenDuration(minutes: $0) }
        question.includeUnknown = includeUnknown
        let service = HoursServiceSpy(total: 50, openEvery: 10, shortEvery: 3)
        let shops = (1...50).map(service.shop)
        // When search fills a page of them, and pick sifts the same shops
        let query = RestaurantQuery(center: Coordinate(lat: 35.68, lng: 139.76), count: 50)
        let searched = try await FindPlaces(HotpepperWorker(api: service)).find(PlaceSearch(query: query, open: question)).get()
        let conditions = PickRule.Conditions(
            summary: .empty, filter: nil, includeUnknown: includeUnknown, openFor: question.openFor,
            recentSince: CivilDate(year: 1970, month: 1, day: 1))
        let (candidates, pickTally) = PickRule.sift(shops, on: OpenClock(question.moment, region: nil), conditions)
        // Then both keep the same shops, and count the others alike
        let filter = OpenFilter(question)
        let kept = shops.filter { filter.keeps($0, on: OpenClock(question.moment, region: nil)) == .kept }
        #expect(!kept.isEmpty && kept.count < shops.count, "the case keeps some and leaves some: \(kept.count)")
        #expect(Set(searched.page.restaurants.map(\.id)) == Set(kept.map(\.id)), "search keeps what the filter keeps")
        #expect(candidates.map(\.id) == kept.map(\.id), "pick keeps what the filter keeps")
        let tally = try #require(searched.tally, "an open-only search has a tally")
        let searchCounts: [Int] = [tally.closed, tally.closingTooSoon, tally.unknown, tally.noHours]
        let pickCounts: [Int] = [pickTally.closed, pickTally.closingTooSoon, pickTally.unknownHours, pickTally.noHours]
        #expect(searchCounts == pickCounts, "closed, closing too soon, unknown, no hours: the same counts")
        #expect(tally.openFor == question.openFor, "the tally keeps the threshold it counted by")
    }

    @Test func openAroundTheClockStaysOpenForAnyOpenFor() {
        // Given a shop open around the clock
        let shop = HoursServiceSpy(total: 10, openEvery: 1).shop(1)
        let clock = OpenClock(friday.moment, region: nil)
        let openFor = OpenDuration(minutes: 60)
        // Then it is kept, whether or not unknown hours are, and with no --open-for
        #expect(OpenFilter(includeUnknown: false).keeps(shop, on: clock) == .kept, "open is enough without --open-for")
        #expect(OpenFilter(includeUnknown: false, openFor: openFor).keeps(shop, on: clock) == .kept, "open for an hour more")
        #expect(OpenFilter(includeUnknown: true, openFor: openFor).keeps(shop, on: clock) == .kept, "and with --include-unknown")
    }
}
