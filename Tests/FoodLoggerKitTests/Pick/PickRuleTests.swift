import Foundation
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Places for the pick's tests: open at the tests' Friday 19:30, closed then, or with hours
/// nobody can read.
enum PickSeeds {
    static func place(_ id: String, hours: String = "月～金: 11:00～23:00") -> Restaurant {
        var place = Seeds.restaurant(id, name: "店 \(id)", lat: 35.6812, lng: 139.7671)
        place.hours = .given(open: hours, close: place.close)
        return place
    }

    static let closedHours = "月～金: 11:00～14:00"
    static let unreadableHours = "気まぐれ営業"
    static let clock = OpenClock(Seeds.open.moment, region: nil)
    /// Visits on or after this day are recent.
    static let since = CivilDate("2026-11-06")!

    static func conditions(
        _ entries: [FoodLogEntry], filter: LogFilter? = nil, includeUnknown: Bool = false, openFor: Int? = nil
    ) -> PickRule.Conditions {
        .init(
            summary: FoodLogSummary(entries), filter: filter, includeUnknown: includeUnknown,
            openFor: openFor.flatMap(OpenDuration.init(minutes:)), recentSince: since)
    }
}

@Suite struct PickRuleTests {
    @Test func theTiersAreWantThenNeverVisitedThenVisited() {
        #expect(PickRule.tier(LogMark(visits: 3, want: true)) == .want, "a want wins over visits")
        #expect(PickRule.tier(nil) == .neverVisited && PickRule.tier(LogMark(visits: 0)) == .neverVisited, "not logged")
        #expect(PickRule.tier(LogMark(visits: 1)) == .visited, "visited")
        #expect(PickRule.Tier.want < .neverVisited && PickRule.Tier.neverVisited < .visited, "order")
    }

    @Test(arguments: [(5, 1.0), (4, 0.8), (1, 0.2)])
    func aVisitedPlaceWeighsItsRatingOverFive(rating: Int, weight: Double) {
        #expect(PickRule.weight(LogMark(visits: 1, rating: rating)) == weight, "\(rating) stars")
    }

    @Test func unratedVisitedPlacesWeighAHalfAndOthersOne() {
        #expect(PickRule.weight(LogMark(visits: 2)) == 0.5, "unrated")
        #expect(PickRule.weight(nil) == 1 && PickRule.weight(LogMark(visits: 0, rating: 1, want: true)) == 1, "one tier")
    }

    @Test func eachPlaceIsLeftOutForItsFirstReason() {
        // Given places: open, closed, unreadable hours, visited recently, visited long ago, and closed and recent
        let places = [
            PickSeeds.place("J0000000001"), PickSeeds.place("J0000000002", hours: PickSeeds.closedHours),
            PickSeeds.place("J0000000003", hours: PickSeeds.unreadableHours), PickSeeds.place("J0000000004"),
            PickSeeds.place("J0000000005"), PickSeeds.place("J0000000006", hours: PickSeeds.closedHours),
        ]
        let entries = [
            LogSeeds.entry(1, "J0000000004", on: "2026-11-06"), LogSeeds.entry(2, "J0000000005", on: "2026-11-05"),
            LogSeeds.entry(3, "J0000000006", on: "2026-11-19"),
        ]

        // When they are sifted
        let (candidates, tally) = PickRule.sift(places, on: PickSeeds.clock, PickSeeds.conditions(entries))

        // Then the open one and the one visited before the window remain; each other is counted once
        #expect(candidates.map(\.id) == ["J0000000001", "J0000000005"], "\(candidates.map(\.id))")
        #expect(tally == PickTally(considered: 6, closed: 2, unknownHours: 1, visitedRecently: 1), "\(tally)")
    }

    @Test(arguments: [(210, true), (211, false), (90, true)])
    func openForCountsToClosingTimeAndExactlyEnoughIsEnough(minutes: Int, kept: Bool) {
        // Given a place open until 23:00, asked at Friday 19:30: 210 minutes left
        let place = PickSeeds.place("J0000000001")

        // When it is sifted with --open-for
        let (candidates, tally) = PickRule.sift([place], on: PickSeeds.clock, PickSeeds.conditions([], openFor: minutes))

        // Then it stays for up to 210 minutes, and past that is counted as closing too soon
        #expect(candidates.isEmpty != kept, "\(minutes) min")
        #expect(tally.closingTooSoon == (kept ? 0 : 1), "\(tally)")
    }

    @Test func includeUnknownKeepsUnreadableHoursAndAFilterComesFirst() {
        // Given an unreadable place on the want list and an open one that is not
        let places = [PickSeeds.place("J0000000001", hours: PickSeeds.unreadableHours), PickSeeds.place("J0000000002")]
        let conditions = PickSeeds.conditions(
            [LogSeeds.entry(1, "J0000000001", on: nil)], filter: .want, includeUnknown: true)

        // When they are sifted with --want and --include-unknown
        let (candidates, tally) = PickRule.sift(places, on: PickSeeds.clock, conditions)

        // Then the wanted one remains, and the other is left out by the filter
        #expect(candidates.map(\.id) == ["J0000000001"] && tally.notInFilter == 1, "\(tally)")
    }

    @Test func theBestTierPresentIsAlwaysChosen() {
        // Given a visited favourite, a never-visited place and a wanted one
        let places = [PickSeeds.place("J0000000001"), PickSeeds.place("J0000000002"), PickSeeds.place("J0000000003")]
        let summary = FoodLogSummary([
            LogSeeds.entry(1, "J0000000001", on: "2026-01-01", rating: 5), LogSeeds.entry(2, "J0000000003", on: nil),
        ])

        // When a hundred seeds choose, with and without the wanted place
        var withWant = Set<String>(), withoutWant = Set<String>()
        for seed in 0..<100 {
            var random = SplitMix64(seed: UInt64(seed))
            withWant.insert(PickRule.choose(places, summary: summary, using: &random)?.id ?? "")
            withoutWant.insert(PickRule.choose(Array(places.prefix(2)), summary: summary, using: &random)?.id ?? "")
        }

        // Then the wanted place every time, else the never-visited one every time
        #expect(withWant == ["J0000000003"], "\(withWant)")
        #expect(withoutWant == ["J0000000002"], "\(withoutWant)")
    }

    @Test func amongVisitedPlacesAFavouriteComesUpMoreOften() {
        // Given two visited places, rated 5 and 1
        let places = [PickSeeds.place("J0000000001"), PickSeeds.place("J0000000002")]
        let summary = FoodLogSummary([
            LogSeeds.entry(1, "J0000000001", on: "2026-01-01", rating: 5),
            LogSeeds.entry(2, "J0000000002", on: "2026-01-01", rating: 1),
        ])

        // When 600 picks are made from one seeded source
        var random = SplitMix64(seed: 42)
        let picks = (0..<600).compactMap { _ in PickRule.choose(places, summary: summary, using: &random)?.id }

        // Then both come up, the 5-star one about five times as often (weights 1 and 0.2)
        let favourite = picks.filter { $0 == "J0000000001" }.count
        #expect(picks.count == 600 && (440...560).contains(favourite), "5 stars chosen \(favourite) of 600 times")
    }

    @Test func nothingToChooseFromIsNil() {
        var random = SplitMix64(seed: 1)
        #expect(PickRule.choose([], summary: .empty, using: &random) == nil, "no candidates, no pick")
    }

    @Test func aSeedGivesTheSameNumbersEveryTime() {
        // Given two generators with one seed, and one with another
        var first = SplitMix64(seed: 7), second = SplitMix64(seed: 7), other = SplitMix64(seed: 8)

        // Then the first two agree and the third does not; the first value is SplitMix64's
        let a = (0..<5).map { _ in first.next() }, b = (0..<5).map { _ in second.next() }
        #expect(a == b && a != (0..<5).map { _ in other.next() }, "same seed, same numbers")
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF, "SplitMix64's published first value for seed 0")
    }
}
