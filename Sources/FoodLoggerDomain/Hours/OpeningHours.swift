/// A shop's week as its `open` and `close` texts describe it: hours per day, and the days it
/// is closed. Made by `OpeningHoursParser`, which gives none where it cannot read the texts
/// with confidence.
public struct OpeningHours: Sendable, Equatable {
    /// What a set of hours applies to: a day of the week, a public holiday, or the day before one.
    public enum Day: Sendable, Hashable {
        case weekday(Weekday)
        case holiday
        case holidayEve

        var slot: Int {
            switch self {
            case .weekday(let weekday): weekday.rawValue - 1
            case .holiday: 7
            case .holidayEve: 8
            }
        }
    }

    /// Open from `start` to `end`, in minutes from the day's midnight; `end` passes 1440 for
    /// hours into the night (翌2:00 is 1560).
    public struct Period: Sendable, Equatable {
        public var start: Int
        public var end: Int
        public init(start: Int, end: Int) { self.start = start; self.end = end }
    }

    /// The 2nd and 4th Tuesday: `ordinals` [2, 4], `weekday` .tuesday.
    public struct NthWeekday: Sendable, Equatable {
        public var ordinals: [Int]
        public var weekday: Weekday
    }

    /// Each day's periods, nil for a day the texts give none; a slot per day rather than a
    /// dictionary, since every search reads the hours of up to 500 shops.
    private var slots = [[Period]?](repeating: nil, count: 9)

    public subscript(day: Day) -> [Period]? {
        get { slots[day.slot] }
        set { slots[day.slot] = newValue }
    }

    /// Whether the texts gave any hours at all.
    var isEmpty: Bool { slots.allSatisfy { $0 == nil } }
    public var closedWeekdays: Set<Weekday> = []
    public var closedOnHolidays = false
    public var closedNthWeekdays: [NthWeekday] = []
    /// Dates closed every year, as (month, day).
    public var closedDates: [MonthDay] = []
    /// 年末年始: closed on days around the new year the texts do not name; 29 Dec–3 Jan are unknown.
    public var closedAroundNewYear = false
    /// 不定休: closed on days the shop does not announce. The hours still tell when it opens.
    public var irregularClosures = false
    /// The closing-days text names no day or date (an advertisement, an invitation to call):
    /// the hours alone decide, which a reader may want to know.
    public var closingDaysUnstated = false

    public struct MonthDay: Sendable, Equatable {
        public var month: Int
        public var day: Int
    }

    public init() {}

    /// Open, closing within half an hour, closed, or unknown, at a moment in Japan.
    public func status(at moment: Moment) -> OpenStatus {
        guard let today = periods(on: moment.today) else { return .unknown }
        let overnight = slots.contains { $0?.contains { $0.end > 1440 } == true }
        guard let yesterday = overnight ? periods(on: moment.yesterday) : [] else {
            // Only the night before can say whether the shop is still open from yesterday.
            return today.contains { $0.start <= moment.minute && moment.minute < $0.end } ? .open : .unknown
        }
        // Everything in minutes from today's midnight.
        let all = today + yesterday.map { Period(start: $0.start - 1440, end: $0.end - 1440) }
        guard let current = all.first(where: { $0.start <= moment.minute && moment.minute < $0.end }) else { return .closed }
        let reopensAtOnce = all.contains { $0.start == current.end }
        return current.end - moment.minute <= 30 && !reopensAtOnce ? .closingSoon : .open
    }

    /// The periods of one day, [] when closed, nil when the texts leave it unknown.
    public func periods(on day: Moment.DayFacts) -> [Period]? {
        let date = day.date
        // A date the texts name is closed whatever else falls on it (元旦 is also a holiday).
        if closedDates.contains(where: { $0.month == date.month && $0.day == date.day }) { return [] }
        if closedAroundNewYear, (date.month == 12 && date.day >= 29) || (date.month == 1 && date.day <= 3) { return nil }
        let closed =
            closedWeekdays.contains(day.weekday) || (closedOnHolidays && day.isHoliday)
            || closedNthWeekdays.contains { $0.weekday == day.weekday && $0.ordinals.contains(date.weekdayOrdinal) }
        if closed {
            // A closing weekday that falls on a holiday the shop gives hours for: either may win.
            return day.isHoliday && !closedOnHolidays && self[.holiday] != nil ? nil : []
        }
        // A holiday that is also the eve of one (3 May), for a shop closed on eves: either may win.
        if day.isHoliday, day.isHolidayEve, self[.holidayEve] == [], !closedOnHolidays { return nil }
        if day.isHoliday, let hours = self[.holiday] { return hours }
        if day.isHolidayEve, let hours = self[.holidayEve] { return hours }
        return self[.weekday(day.weekday)] ?? []
    }

    /// A moment in Japan with the calendar facts every shop's answer needs, worked out once for
    /// a whole list of shops.
    public struct Moment: Sendable {
        public struct DayFacts: Sendable {
            public var date: JapanDate
            public var weekday: Weekday
            public var isHoliday: Bool
            /// 祝前日: tomorrow is a holiday.
            public var isHolidayEve: Bool

            init(_ date: JapanDate) {
                self.date = date
                weekday = date.weekday
                isHoliday = JapaneseHolidays.isHoliday(date)
                isHolidayEve = JapaneseHolidays.isHoliday(date.adding(days: 1))
            }
        }

        public var today: DayFacts
        public var yesterday: DayFacts
        /// Minutes since today's midnight.
        public var minute: Int

        public init(_ time: JapanTime) {
            today = DayFacts(time.date)
            yesterday = DayFacts(time.date.adding(days: -1))
            minute = time.minute
        }
    }
}

/// Whether a shop is open at a moment, as far as its texts tell.
public enum OpenStatus: String, Sendable, Equatable {
    case open
    /// Open, but closing within half an hour.
    case closingSoon
    case closed
    /// The texts could not be read with confidence, or leave that day open to doubt.
    case unknown

    /// For JSON: true, false, or nil when unknown.
    public var isOpen: Bool? {
        switch self {
        case .open, .closingSoon: true
        case .closed: false
        case .unknown: nil
        }
    }
}
