import Foundation
import FoodLoggerDomain

/// What the Pick scene can do.
@MainActor
protocol PickBusinessLogic: AnyObject {
    /// Returns what the pick came to, for the command's exit status.
    func choose(_ request: Pick.Choose.Request) async -> SceneOutcome
}

/// What the router passes on: the chosen place and where it is.
@MainActor
protocol PickDataStore: AnyObject {
    var chosen: Restaurant? { get }
    var region: RestaurantPage.Region? { get }
    /// The moment the place was chosen as open at, when the user named one (--open-at).
    var askedMoment: OpenQuestion.Moment? { get }
    /// The search's centre, for the card's walk there.
    var center: Coordinate? { get }
}

/// Searches, reads the log once, leaves out what cannot be chosen and chooses by `PickRule`
/// with the injected random source; the choice becomes the last list.
@MainActor
final class PickInteractor: PickBusinessLogic, PickDataStore {
    var presenter: (any PickPresentationLogic)?
    let finder: any PlaceFinding
    let lastList: (any LastListKeeping)?
    let log: any FoodLogStoring
    /// `--seed N`'s SplitMix64, else the system's generator.
    var random: any RandomSource
    /// The clock and the user's zone, which say which visits are recent.
    let now: @Sendable () -> Date
    let zone: TimeZone

    private(set) var chosen: Restaurant?
    private(set) var region: RestaurantPage.Region?
    private(set) var askedMoment: OpenQuestion.Moment?
    private(set) var center: Coordinate?

    init(
        finder: any PlaceFinding, lastList: (any LastListKeeping)?, log: any FoodLogStoring,
        random: any RandomSource, now: @escaping @Sendable () -> Date, zone: TimeZone
    ) {
        self.finder = finder; self.lastList = lastList; self.log = log
        self.random = random; self.now = now; self.zone = zone
    }

    func choose(_ request: Pick.Choose.Request) async -> SceneOutcome {
        // The query as asked, with the centre --near found, for the distance the record gives.
        var query = request.query
        let result = await pick(request, query: &query)
        presenter?.presentPick(.init(result: result, query: query, open: request.open, log: request.log, window: request.window))
        return Self.outcome(of: result)
    }

    /// A place chosen: shown; nothing that fits: nothing found; else the service's or the log's failure.
    static func outcome(of result: Result<Pick.Choose.Chosen, Pick.Choose.Failure>) -> SceneOutcome {
        switch result {
        case .success: .shown
        case .failure(.service(let error)): .serviceFailed(error)
        case .failure(.log(let error)): .logFailed(error)
        case .failure(.nothingFits): .nothingFound
        }
    }

    private func pick(
        _ request: Pick.Choose.Request, query: inout RestaurantQuery
    ) async -> Result<Pick.Choose.Chosen, Pick.Choose.Failure> {
        let page: RestaurantPage, openTally: OpenTally?
        switch await finder.find(PlaceSearch(query: query, near: request.near, open: request.open)) {
        case .failure(let failure): return .failure(.service(failure.error))
        case .success(let found): (page, openTally, query) = (found.page, found.tally, found.query)
        }
        let summary: FoodLogSummary
        do { summary = try log.summary() } catch { return .failure(.log(error)) }
        let conditions = PickRule.Conditions(
            summary: summary, filter: request.log, includeUnknown: request.open.includeUnknown,
            openFor: request.open.openFor, recentSince: CivilDate(now().addingTimeInterval(-request.window.seconds), in: zone))
        let clock = OpenClock(request.open.moment, region: page.region)
        var (candidates, tally) = PickRule.sift(page.restaurants, on: clock, conditions)
        // An open-only search already left out the closed places.
        if let openTally {
            tally.considered = openTally.examined
            tally.closed += openTally.closed
            tally.unknownHours += openTally.unknown
            tally.noHours += openTally.noHours
            tally.closingTooSoon += openTally.closingTooSoon
        }
        var generator = random
        defer { random = generator }  // the next pick goes on from here
        guard let place = PickRule.choose(candidates, summary: summary, using: &generator) else {
            return .failure(.nothingFits(page: page, tally: tally))
        }
        chosen = place
        region = page.region
        askedMoment = request.open.openOnly ? request.open.moment : nil
        center = query.center
        let picked = RestaurantPage(total: 1, start: 1, restaurants: [place], region: page.region, provider: page.provider)
        await lastList?.keep(picked, center: query.center)
        return .success(
            .init(
                page: picked, summary: summary, fitting: candidates.count, tier: PickRule.tier(summary.mark(for: place)),
                hoursUnknown: PickRule.inDoubt(place, on: clock, conditions)))
    }
}
