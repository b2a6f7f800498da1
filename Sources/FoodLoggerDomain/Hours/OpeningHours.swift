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
        /// The earliest food last order the text gives for this period (料理L.O. 22:00), in the
        /// same minutes as `end`; nil when it gives none (a drink's last order is not one).
        public var lastOrder: Int?
        public init(start: Int, end: Int, lastOrder: Int? = nil) {
            self.start = start; self.end = end; self.lastOrder = lastOrder
        }
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

    /// When the shop next closes (open at `moment`) or opens (closed at it), in minutes from
    /// the moment's midnight, walking the periods of the days ahead; unknown as soon as a day
    /// the answer depends on is not clear from the texts.
    public func nextChange(after moment: Moment) -> HoursChange {
        /// Day `offset`'s periods in minutes from today's midnight; nil when unknown.
        func shifted(_ offset: Int) -> [Period]? {
            periods(on: moment.day(offset))?.map {
                Period(
                    start: $0.start + offset * 1440, end: $0.end + offset * 1440,
                    lastOrder: $0.lastOrder.map { $0 + offset * 1440 })
            }
        }
        let now = moment.minute
        guard let today = shifted(0) else { return .unknown }
        let overnight = slots.contains { $0?.contains { $0.end > 1440 } == true }
        let yesterday = shifted(-1)
        let current = (today + (yesterday ?? [])).first { $0.start <= now && now < $0.end }
        guard var open = current else {
            // Only the night before can say whether the shop is still open from yesterday.
            if overnight, yesterday == nil { return .unknown }
            for offset in 0...HoursChange.daysAhead {
                guard let day = offset == 0 ? today : shifted(offset) else { return .unknown }
                if let next = day.filter({ $0.start > now }).min(by: { $0.start < $1.start }) {
                    return next.start - now <= HoursChange.daysAhead * 1440 ? .opens(at: next.start) : .unknown
                }
            }
            return .unknown
        }
        // Periods that begin before the open one ends (a split written back to back, a night
        // running on into the next day's hours) carry it on.
        var carried = true
        while carried {
            carried = false
            if open.end - now > HoursChange.daysAhead * 1440 { return .alwaysOpen }
            for offset in -1...(open.end / 1440) {
                guard let day = offset == 0 ? today : offset == -1 ? yesterday ?? [] : shifted(offset) else { return .unknown }
                if let next = day.first(where: { $0.start <= open.end && $0.end > open.end }) {
                    open = next
                    carried = true
                }
            }
        }
        return .closes(at: open.end, lastOrder: open.lastOrder)
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
            public var date: CivilDate
            public var weekday: Weekday
            public var isHoliday: Bool
            /// 祝前日: tomorrow is a holiday.
            public var isHolidayEve: Bool

            /// `holidays`: those of the years around the date, its eve's included.
            init(_ date: CivilDate, holidays: Set<CivilDate>) {
                self.date = date
                weekday = date.weekday
                isHoliday = holidays.contains(date)
                isHolidayEve = holidays.contains(date.adding(days: 1))
            }
        }

        public var today: DayFacts
        public var yesterday: DayFacts
        /// The eight days after today, for when a shop closes or opens next (a week ahead, and
        /// the night after it).
        public var following: [DayFacts]
        /// Minutes since today's midnight.
        public var minute: Int

        public init(_ time: CivilTime) {
            // A year's holidays are worked out, not listed: once here for the ten days and the
            // eve of the last, not twice a day (0.7 M instructions of a search).
            let years = Set([time.date.adding(days: -1).year, time.date.adding(days: 9).year])
            let holidays = years.reduce(into: Set<CivilDate>()) { $0.formUnion(JapaneseHolidays.holidays(in: $1)) }
            func facts(_ offset: Int) -> DayFacts { DayFacts(time.date.adding(days: offset), holidays: holidays) }
            today = facts(0)
            yesterday = facts(-1)
            following = (1...8).map(facts)
            minute = time.minute
        }

        /// The day `offset` days from today (-1 through 8).
        func day(_ offset: Int) -> DayFacts {
            switch offset {
            case 0: today
            case -1: yesterday
            default: following[offset - 1]
            }
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
