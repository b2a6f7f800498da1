import Foundation

/// How `pick` chooses one place from a list: which places it may choose, and how likely each is.
///
/// A place may be chosen when `OpenFilter` keeps it (open at the moment asked, for at least
/// `openFor` when one is asked; hours in doubt only with `includeUnknown`), passes the log filter, and was not visited within the window. Of
/// those, want-list places come first, then places never visited, then visited ones; within
/// the first two tiers each place is as likely as the next, and among visited places one rated
/// r stars weighs r/5 (unrated 0.5, a middling 2.5 stars), so a favourite comes back more often
/// than a disappointment.
public enum PickRule {
    /// The preference tiers, best first.
    public enum Tier: Int, Sendable, Comparable {
        case want, neverVisited, visited

        public static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public static func tier(_ mark: LogMark?) -> Tier {
        guard let mark else { return .neverVisited }
        return mark.want ? .want : mark.visited ? .visited : .neverVisited
    }

    /// The place's weight within its tier: 1 for want-list and new places, r/5 for visited ones.
    public static func weight(_ mark: LogMark?) -> Double {
        guard tier(mark) == .visited else { return 1 }
        return mark?.rating.map { Double($0) / 5 } ?? 0.5
    }

    /// What else a place must pass, besides being open.
    public struct Conditions: Sendable {
        public var summary: FoodLogSummary
        /// --unvisited, --visited, --want.
        public var filter: LogFilter?
        /// The open rule search uses too (--include-unknown, --open-for).
        public var open: OpenFilter
        /// Keep the places whose hours cannot be read (--include-unknown).
        public var includeUnknown: Bool { open.includeUnknown }
        /// How long a place must stay open from the moment (--open-for); nil: open is enough.
        public var openFor: OpenDuration? { open.openFor }
        /// The first day a visit counts as recent (--not-within, from now on the user's calendar).
        public var recentSince: CivilDate

        public init(
            summary: FoodLogSummary, filter: LogFilter?, includeUnknown: Bool, openFor: OpenDuration? = nil,
            recentSince: CivilDate
        ) {
            self.summary = summary; self.filter = filter
            self.open = OpenFilter(includeUnknown: includeUnknown, openFor: openFor); self.recentSince = recentSince
        }
    }

    /// The places that may be chosen, in the list's order, and what left out the others (each
    /// counted once, for the first reason in `PickTally`'s order).
    public static func sift(
        _ places: [Restaurant], on clock: OpenClock, _ conditions: Conditions
    ) -> (candidates: [Restaurant], tally: PickTally) {
        var tally = PickTally(considered: places.count)
        let candidates = places.filter { place in
            let mark = conditions.summary.mark(for: place)
            if let filter = conditions.filter, !filter.keeps(mark) {
                tally.notInFilter += 1
                return false
            }
            switch conditions.open.keeps(place, on: clock) {
            case .kept: break
            case .closed:
                tally.closed += 1
                return false
            case .closingTooSoon:
                tally.closingTooSoon += 1
                return false
            case .unknown(let noHours):
                tally.unknownHours += 1
                if noHours { tally.noHours += 1 }
                return false
            }
            if let last = mark?.lastVisit, last >= conditions.recentSince {
                tally.visitedRecently += 1
                return false
            }
            return true
        }
        return (candidates, tally)
    }

    /// Whether `place` was kept only because --include-unknown keeps places whose hours leave
    /// the moment in doubt: the pick then says to check before going.
    public static func inDoubt(_ place: Restaurant, on clock: OpenClock, _ conditions: Conditions) -> Bool {
        let strict = OpenFilter(includeUnknown: false, openFor: conditions.openFor)
        if case .unknown = strict.keeps(place, on: clock) { return true }
        return false
    }

    /// One of `candidates` (nil when there is none): from the best tier present, by weight.
    public static func choose<Random: RandomNumberGenerator>(
        _ candidates: [Restaurant], summary: FoodLogSummary, using random: inout Random
    ) -> Restaurant? {
        let marked = candidates.map { ($0, summary.mark(for: $0)) }
        guard let best = marked.map({ tier($0.1) }).min() else { return nil }
        let tierPlaces = marked.filter { tier($0.1) == best }
        let weights = tierPlaces.map { weight($0.1) }
        var point = Double.random(in: 0..<weights.reduce(0, +), using: &random)
        for (place, weight) in zip(tierPlaces, weights) {
            if point < weight { return place.0 }
            point -= weight
        }
        // Rounding can leave the point a hair past the last weight.
        return tierPlaces.last?.0
    }
}

/// What left the places of a list out of a pick.
public struct PickTally: Sendable, Equatable {
    /// The places looked at (an open-only search's passed-over places included).
    public var considered: Int
    /// Left out by --unvisited, --visited or --want.
    public var notInFilter = 0
    public var closed = 0
    /// Hours that cannot be read, without --include-unknown.
    public var unknownHours = 0
    /// Of `unknownHours`, the places whose service gives no hours at all.
    public var noHours = 0
    /// Visited within --not-within.
    public var visitedRecently = 0
    /// Open, but closing before --open-for is up.
    public var closingTooSoon = 0

    public init(
        considered: Int, notInFilter: Int = 0, closed: Int = 0, unknownHours: Int = 0, visitedRecently: Int = 0,
        closingTooSoon: Int = 0
    ) {
        self.considered = considered; self.notInFilter = notInFilter; self.closed = closed
        self.unknownHours = unknownHours; self.visitedRecently = visitedRecently; self.closingTooSoon = closingTooSoon
    }
}

/// Where pick's chance comes from: a protocol, so a run (`--seed`) or a test can fix it.
public protocol RandomSource: RandomNumberGenerator, Sendable {}

extension SystemRandomNumberGenerator: RandomSource {}

/// A small seeded generator (SplitMix64, Steele, Lea and Flood 2014): the same seed gives the
/// same numbers on every platform, so `pick --seed N` chooses the same place every time.
public struct SplitMix64: RandomSource {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
