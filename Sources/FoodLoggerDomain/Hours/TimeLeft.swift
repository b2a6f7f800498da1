import Foundation

/// What a shop's hours say comes next after a moment, in minutes from that moment's midnight
/// on the shop's own clock: the one question both hours models answer for time left.
public enum HoursChange: Sendable, Hashable {
    /// Open, closing at `at` (past 1440 for the next day); `lastOrder` when the text gives one.
    case closes(at: Int, lastOrder: Int?)
    /// Open, and still open a week ahead.
    case alwaysOpen
    /// Closed, opening at `at` within a week.
    case opens(at: Int)
    /// The hours leave it in doubt, or the shop does not open within a week.
    case unknown

    /// How far ahead the hours are walked.
    public static let daysAhead = 7
}

/// How long a shop stays open, or when it opens, at a moment on its own clock. Every field is
/// nil where the hours do not tell: never a guess.
public struct TimeLeft: Sendable, Equatable {
    /// When an open shop closes; nil when closed, open around the clock, or not known.
    public var closesAt: Date?
    /// The earliest food last order before `closesAt`, where the shop's text gives one.
    public var lastOrderAt: Date?
    /// When a closed shop opens next, within seven days; nil otherwise.
    public var opensAt: Date?
    /// Whole minutes from the moment to `closesAt`.
    public var minutesLeft: Int?
    /// Open, and still open a week ahead (24/7).
    public var isAlwaysOpen: Bool
    /// The moment asked about, and the clock the shop keeps, so the times can be written with
    /// the place's own offset and day; nil and `.unknown` where that clock is unknown.
    public var asked: Date?
    public var clock: HoursClock

    public init(
        closesAt: Date? = nil, lastOrderAt: Date? = nil, opensAt: Date? = nil, minutesLeft: Int? = nil,
        isAlwaysOpen: Bool = false, asked: Date? = nil, clock: HoursClock = .unknown
    ) {
        self.closesAt = closesAt; self.lastOrderAt = lastOrderAt; self.opensAt = opensAt
        self.minutesLeft = minutesLeft; self.isAlwaysOpen = isAlwaysOpen
        self.asked = asked; self.clock = clock
    }

    /// Nothing known.
    public static let unknown = TimeLeft()

    /// Open at the moment and for at least `minutes` more (exactly that long is enough), judged
    /// by closing time; a closing time not known never qualifies.
    public func staysOpen(forMinutes minutes: Int) -> Bool {
        isAlwaysOpen || (minutesLeft.map { $0 >= minutes } ?? false)
    }

    /// `instant` on the shop's clock; nil where the clock is unknown.
    public func wallClock(_ instant: Date) -> CivilTime? { clock.time(at: instant) }
}

extension OpenClock {
    /// When the shop closes or opens next after the clock's moment, on the shop's own clock, as
    /// its service's hours say (HOT PEPPER's with their last orders). A place
    /// closed for a while or for good opens at no known time.
    /// The reading is the one the service's reader stored when the answer was decoded.
    public func timeLeft(of shop: Restaurant) -> TimeLeft {
        let clock = clock(for: shop)
        guard let moment = moment(for: shop) else { return .unknown }
        let date = moment.today.date
        /// Minutes from the moment's midnight as an instant where the shop is; nil on an unknown clock.
        func instant(_ minutes: Int) -> Date? {
            let day = Int((Double(minutes) / 1440).rounded(.down))
            return clock.instant(CivilTime(date: date.adding(days: day), minute: minutes - day * 1440))
        }
        guard let asked = instant(moment.minute) else { return .unknown }
        var left = TimeLeft(asked: asked, clock: clock)
        if let status = shop.businessStatus, status != .operational { return left }
        let change = shop.hours.reading?.nextChange(after: moment, in: place(for: shop)) ?? .unknown
        switch change {
        case .closes(let at, let lastOrder):
            left.closesAt = instant(at)
            left.minutesLeft = left.closesAt.map { Int($0.timeIntervalSince(asked) / 60) }
            left.lastOrderAt = lastOrder.flatMap(instant)
        case .alwaysOpen: left.isAlwaysOpen = true
        case .opens(let at): left.opensAt = instant(at)
        case .unknown: break
        }
        return left
    }
}
