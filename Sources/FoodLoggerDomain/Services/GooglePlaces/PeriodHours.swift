/// Hours a service gives as periods rather than as text (Google Places): a week that repeats,
/// and dated days that answer for themselves (the coming days a service has checked, holidays
/// and other special days among them). A moment on a dated day is answered by that day's
/// periods; every other moment by the week. Read on the place's own clock; what neither part
/// tells is unknown, never a guess.
///
/// It answers the questions every hours model answers: open at a moment (`status`), what
/// changes next (`nextChange`), and the week for the views (`weekly`).
public struct PeriodHours: Sendable, Equatable, Codable {
    /// Open from `start` to `end`, in minutes: from Monday 00:00 in `week`, from the date's
    /// midnight in a dated day. `end` is past `start`, and may pass the day's or week's end.
    public struct Period: Sendable, Equatable, Codable {
        public var start: Int
        public var end: Int
        public init(start: Int, end: Int) { self.start = start; self.end = end }
    }

    /// A date's periods, each opening on that date; none: closed all that day.
    public struct Day: Sendable, Equatable, Codable {
        public var date: CivilDate
        public var periods: [Period]
        public init(date: CivilDate, periods: [Period]) { self.date = date; self.periods = periods }
    }

    /// The week's periods, nil when the service gives no week (or one that cannot be read).
    public var week: [Period]?
    /// The dated days, each date once. Every date from the first to the last is answered by
    /// them: a date between them without its own entry is closed.
    public var dated: [Day]
    /// The hours as the service wrote them for people (Google's `weekdayDescriptions`), for the
    /// card; nil when it wrote none.
    public var text: String?

    public init(week: [Period]?, dated: [Day] = [], text: String? = nil) {
        self.week = week
        self.dated = dated.sorted { $0.date < $1.date }
        self.text = text
    }

    public static let minutesPerWeek = 7 * 1440

    /// Whether anything can be answered: a week, or at least one dated day.
    public var isReadable: Bool { week != nil || !dated.isEmpty }

    /// The periods that open on `day` (days since 1970), in minutes from its midnight: the dated
    /// day's where the dates cover it, else the week's; nil when neither tells.
    func periods(opening day: Int) -> [Period]? {
        let date = CivilDate(daysSinceEpoch: day)
        if let first = dated.first?.date, let last = dated.last?.date, first <= date, date <= last {
            return dated.first { $0.date == date }?.periods ?? []
        }
        guard let week else { return nil }
        // Minutes from Monday 00:00 at which `day` begins.
        let begins = ((date.weekday.rawValue + 5) % 7) * 1440
        return week.compactMap { period in
            (begins..<begins + 1440).contains(period.start)
                ? Period(start: period.start - begins, end: period.end - begins) : nil
        }
    }

    /// The periods around `day`, from a week before it to `HoursChange.daysAhead` + 1 after, in
    /// minutes from its midnight, run together where they touch; and the days (as offsets) that
    /// nothing tells.
    private func timeline(around day: Int) -> (open: [Period], unknown: [Int]) {
        var all: [Period] = []
        var unknown: [Int] = []
        for offset in -7...(HoursChange.daysAhead + 1) {
            guard let periods = periods(opening: day + offset) else {
                unknown.append(offset)
                continue
            }
            all += periods.map { Period(start: $0.start + offset * 1440, end: $0.end + offset * 1440) }
        }
        var merged: [Period] = []
        for period in all.sorted(by: { $0.start < $1.start }) {
            if let last = merged.last, period.start <= last.end {
                merged[merged.count - 1].end = max(last.end, period.end)
            } else {
                merged.append(period)
            }
        }
        return (merged, unknown)
    }

    /// When the place next closes (open at `minute` of `date`) or opens (closed then), in
    /// minutes from the date's midnight; unknown where a day the answer depends on is not told.
    public func nextChange(on date: CivilDate, minute: Int) -> HoursChange {
        guard (0..<1440).contains(minute) else { return .unknown }
        let (open, unknown) = timeline(around: date.daysSinceEpoch)
        if let current = open.first(where: { $0.start <= minute && minute < $0.end }) {
            if current.end - minute > HoursChange.daysAhead * 1440 { return .alwaysOpen }
            // A day not told before the close might carry the place on.
            guard !unknown.contains(where: { $0 >= 1 && $0 <= (current.end - 1) / 1440 }) else { return .unknown }
            return .closes(at: current.end, lastOrder: nil)
        }
        // Today, or the night before running into it, not told: closed is not certain.
        guard !unknown.contains(where: { $0 == 0 || $0 == -1 }) else { return .unknown }
        guard let next = open.first(where: { $0.start > minute }), next.start - minute <= HoursChange.daysAhead * 1440,
            !unknown.contains(where: { $0 >= 1 && $0 <= next.start / 1440 })
        else { return .unknown }
        return .opens(at: next.start)
    }

    /// Open, closing within half an hour, closed or unknown at `minute` of `date`.
    public func status(on date: CivilDate, minute: Int) -> OpenStatus {
        switch nextChange(on: date, minute: minute) {
        case .alwaysOpen: return .open
        case .closes(let at, _): return at - minute <= 30 ? .closingSoon : .open
        case .opens: return .closed
        case .unknown:
            // Open now is certain even where the close is not.
            let (open, unknown) = timeline(around: date.daysSinceEpoch)
            guard !unknown.contains(0), (0..<1440).contains(minute),
                open.contains(where: { $0.start <= minute && minute < $0.end })
            else { return .unknown }
            return .open
        }
    }

    /// The week as `OpeningHours` gives it (each weekday's periods, past midnight beyond
    /// 24:00; a period of a day or more cut at each midnight), for the JSON's `hours` and the
    /// day's periods; nil without a week.
    public var weekly: OpeningHours? {
        guard let week else { return nil }
        var days = Array(repeating: [OpeningHours.Period](), count: 7)
        for period in week {
            var start = period.start
            while start < period.end {
                let day = start / 1440
                let stop = period.end - start < 1440 ? period.end : (day + 1) * 1440
                days[day % 7].append(.init(start: start - day * 1440, end: stop - day * 1440))
                start = stop
            }
        }
        var hours = OpeningHours()
        for (index, weekday) in Weekday.mondayFirst.enumerated() {
            hours[.weekday(weekday)] = days[index].sorted { $0.start < $1.start }
        }
        return hours
    }
}

/// Google's dialect of the one hours model: periods on the place's clock, the dated days
/// answering for their holidays themselves.
extension PeriodHours: HoursReading {
    public func status(at moment: OpeningHours.Moment, in place: HoursPlace) -> OpenStatus {
        status(on: moment.today.date, minute: moment.minute)
    }

    public func nextChange(after moment: OpeningHours.Moment, in place: HoursPlace) -> HoursChange {
        nextChange(on: moment.today.date, minute: moment.minute)
    }
}

extension PlaceHours {
    /// Google's reader: its periods, which answer as they are; nil: the place has none.
    public static func periods(_ periods: PeriodHours?) -> PlaceHours {
        guard let periods else { return .none }
        return PlaceHours(
            syntax: .periods, periods: periods, reading: periods.isReadable ? periods : nil,
            state: periods.isReadable ? .given : .unreadable)
    }
}
