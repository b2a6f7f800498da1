import Foundation

/// What the food log says of one place: how often the user ate there, the last day they did,
/// the latest rating they gave, and whether it is on the want list.
public struct LogMark: Sendable, Equatable {
    public var visits: Int
    public var lastVisit: CivilDate?
    /// The rating of the latest rated entry (a want's counts too: it is the user's word on the
    /// place); nil when no entry rates it.
    public var rating: Int?
    public var want: Bool

    public init(visits: Int, lastVisit: CivilDate? = nil, rating: Int? = nil, want: Bool = false) {
        self.visits = visits; self.lastVisit = lastVisit; self.rating = rating; self.want = want
    }

    public var visited: Bool { visits > 0 }
}

/// `search --unvisited | --visited | --want`: the places kept by what the log says of them.
public enum LogFilter: Sendable, Equatable, CaseIterable {
    /// Places the log holds no visit to (want-list places and places never logged included).
    case unvisited
    /// Places the log holds a visit to.
    case visited
    /// Places on the want list.
    case want

    public func keeps(_ mark: LogMark?) -> Bool {
        switch self {
        case .unvisited: !(mark?.visited ?? false)
        case .visited: mark?.visited ?? false
        case .want: mark?.want ?? false
        }
    }
}

/// The food log summed up per place (matched by provider and id), built once per run, so a
/// list asks about each of its places in constant time.
public struct FoodLogSummary: Sendable, Equatable {
    private var marks: [String: LogMark] = [:]

    public static let empty = FoodLogSummary()

    private init() {}

    /// One pass over the log, in any order: a search reads it whole before it shows a page.
    /// A place's entries (those sharing any id: `FoodLogEntry.places`) make one mark, kept
    /// under each of its ids, so a search by any one of them finds all its visits and rating.
    public init(_ entries: [FoodLogEntry]) {
        for place in FoodLogEntry.places(entries) {
            var mark = LogMark(visits: 0)
            /// When the rating was given (the entry's day, then its number): the latest wins.
            var ratedAt: (day: CivilDate, number: Int)?
            for entry in place { Self.note(entry, into: &mark, ratedAt: &ratedAt) }
            for source in place.flatMap(\.shop.ids) { marks[Self.key(source.provider, source.id)] = mark }
        }
    }

    private static func note(_ entry: FoodLogEntry, into mark: inout LogMark, ratedAt: inout (day: CivilDate, number: Int)?) {
        if let date = entry.date {
            mark.visits += 1
            mark.lastVisit = max(mark.lastVisit ?? date, date)
        } else {
            mark.want = true
        }
        if let rating = entry.rating {
            let given = (day: entry.sortDay, number: entry.number)
            if ratedAt.map({ ($0.day, $0.number) < (given.day, given.number) }) ?? true {
                mark.rating = rating
                ratedAt = given
            }
        }
    }

    public var isEmpty: Bool { marks.isEmpty }

    /// What the log says of `restaurant` (by its id, else by any of a merged place's ids); nil
    /// when it does not hold it.
    public func mark(for restaurant: Restaurant) -> LogMark? {
        guard !marks.isEmpty else { return nil }
        if let mark = marks[Self.key(restaurant.provider, restaurant.id)] { return mark }
        return restaurant.sources?.lazy.compactMap { marks[Self.key($0.provider, $0.id)] }.first
    }

    private static func key(_ provider: Provider, _ id: String) -> String { "\(provider.rawValue) \(id)" }
}

extension FoodLogStoring {
    /// The log summed up. Nowhere to keep a log (no HOME) is no log: a list needs none; a log
    /// that is there but cannot be read is an error. One read of a missing file costs a stat.
    public func summary() throws(FoodLogError) -> FoodLogSummary {
        do { return FoodLogSummary(try read().entries) } catch .noFolder { return .empty }
    }
}
