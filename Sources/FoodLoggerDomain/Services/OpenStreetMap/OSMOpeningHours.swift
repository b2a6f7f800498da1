import Foundation

/// An OpenStreetMap `opening_hours` value, read once by the wiki's specification
/// (Key:opening_hours/specification) and asked whether the place is open at a moment of its own
/// wall clock. What the value leaves in doubt is `.unknown`, never a guess: open ends after their
/// start, the sun where the place's position or clock is not given, and holidays the calendar
/// cannot tell (`HolidayCalendar`) wherever they would change the answer.
public struct OSMOpeningHours: Sendable {
    /// The value as tagged.
    public let value: String
    let rules: [Rule]

    /// OSM keeps a tag's value to 255 characters: a longer one is not from OSM, and would let a
    /// hostile server make every question slow.
    public static let maxLength = 255

    /// Nil when the value is outside what the specification (and its common bends) allows.
    public init?(_ value: String) {
        guard value.count <= Self.maxLength, let rules = OSMOpeningHoursParser.parse(value) else { return nil }
        self.value = value
        self.rules = rules
    }

    /// Open, closing within half an hour, closed or unknown at `minute` (0..<1440) of `date` on
    /// the place's own clock, its holidays those of `country` (see `HoursPlace`), its sun unknown.
    public func status(on date: CivilDate, minute: Int, country: String?) -> OpenStatus {
        status(on: date, minute: minute, at: HoursPlace(holidays: country))
    }

    /// The same, with all that `place` tells.
    public func status(on date: CivilDate, minute: Int, at place: HoursPlace) -> OpenStatus {
        guard (0..<1440).contains(minute),
            let answers = readings(place, { status(day: date.daysSinceEpoch, minute: minute, &$0) })
        else { return .unknown }
        if answers.count == 1, let answer = answers.first { return answer }
        return answers == [.open, .closingSoon] ? .open : .unknown
    }

    /// When the place next closes (open at `minute` of `date`) or opens (closed then), within a
    /// week, read by the specification as `status` reads it; unknown wherever a minute on the
    /// way is in doubt, or a holiday in doubt would change the answer.
    /// A week's walk is long: where the moment itself is in doubt (a public holiday outside Japan
    /// that may be today), nothing after it is walked, and a walk meeting more than a few such
    /// holidays on the way is unknown rather than tried every way.
    public func nextChange(on date: CivilDate, minute: Int, country: String?) -> HoursChange {
        nextChange(on: date, minute: minute, at: HoursPlace(holidays: country))
    }

    /// The same, with all that `place` tells.
    public func nextChange(on date: CivilDate, minute: Int, at place: HoursPlace) -> HoursChange {
        guard (0..<1440).contains(minute), status(on: date, minute: minute, at: place) != .unknown,
            let answers = readings(place, limit: 8, { nextChange(day: date.daysSinceEpoch, minute: minute, &$0) }),
            answers.count == 1, let answer = answers.first
        else { return .unknown }
        return answer
    }

    /// Every answer `read` gives as each holiday in doubt is tried both ways; nil when the
    /// doubts are too many to try in `limit` readings.
    private func readings<Answer: Hashable>(
        _ place: HoursPlace, limit: Int = 64, _ read: (inout DayFacts) -> Answer
    ) -> Set<Answer>? {
        var pending: [[Fact: Bool]] = [[:]]
        var answers: Set<Answer> = []
        var runs = 0
        while let assumed = pending.popLast() {
            runs += 1
            var facts = DayFacts(place: place, assumed: assumed)
            let answer = read(&facts)
            if let fact = facts.doubts.first, runs < limit {
                pending.append(assumed.merging([fact: true]) { $1 })
                pending.append(assumed.merging([fact: false]) { $1 })
                continue
            }
            guard facts.doubts.isEmpty else { return nil }
            answers.insert(answer)
        }
        return answers
    }

    /// Walks the minutes from `minute` of `day` until the first that differs, each day's
    /// timeline worked out once as the walk reaches it.
    private func nextChange(day: Int, minute: Int, _ facts: inout DayFacts) -> HoursChange {
        var lines: [[Mark]?] = Array(repeating: nil, count: HoursChange.daysAhead + 3)
        /// Minute `t` from `day`'s midnight, as its own day marks it and the night before carries into it.
        func mark(_ t: Int) -> Mark {
            let offset = t / 1440
            if lines[offset] == nil { lines[offset] = timeline(day: day + offset - 1, &facts) }
            if lines[offset + 1] == nil { lines[offset + 1] = timeline(day: day + offset, &facts) }
            return Self.combine(lines[offset + 1]![t % 1440], carried: lines[offset]![t % 1440 + 1440])
        }
        let isOpen: Bool
        switch mark(minute) {
        case .unknown: return .unknown
        case .open: isOpen = true
        case .unset, .off: isOpen = false
        }
        for t in (minute + 1)...(minute + HoursChange.daysAhead * 1440) {
            switch mark(t) {
            case .unknown: return .unknown
            case .open where !isOpen: return .opens(at: t)
            case .unset where isOpen, .off where isOpen: return .closes(at: t, lastOrder: nil)
            default: continue
            }
        }
        return isOpen ? .alwaysOpen : .unknown
    }

    /// The same question about an instant, on the clock of `timeZone`.
    public func status(at instant: Date, timeZone: TimeZone, country: String?) -> OpenStatus {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour,
            let minute = parts.minute
        else { return .unknown }
        return status(
            on: CivilDate(year: year, month: month, day: day), minute: hour * 60 + minute,
            at: HoursPlace(holidays: country, timeZone: timeZone))
    }

    /// The week as `OpeningHours` gives it (each weekday's periods, past midnight beyond 24:00),
    /// where the value is the same every week: weekdays and fixed times only, no dates,
    /// holidays, open ends or doubt. Nil otherwise, so the renderers show what they show for
    /// texts they cannot read.
    public var weekly: OpeningHours? {
        guard rules.allSatisfy(\.isWeekly) else { return nil }
        var hours = OpeningHours()
        // Days the same rules select have the same periods: `Mo-Su 10:00-22:00` walks one
        // timeline, not seven.
        var read: [(selected: [Bool], periods: [OpeningHours.Period])] = []
        // 2024-01-01 was a Monday; no weekly rule looks at the date itself.
        let monday = CivilDate(year: 2024, month: 1, day: 1).daysSinceEpoch
        for (index, weekday) in Weekday.mondayFirst.enumerated() {
            var facts = DayFacts(place: HoursPlace(holidays: nil), assumed: [:])
            let selected = rules.map { $0.selects(day: monday + index, &facts) }
            if let known = read.first(where: { $0.selected == selected }) {
                hours[.weekday(weekday)] = known.periods
                continue
            }
            let periods = Self.openPeriods(timeline(day: monday + index, &facts))
            read.append((selected, periods))
            hours[.weekday(weekday)] = periods
        }
        return hours
    }

    /// The runs of open minutes in a timeline.
    private static func openPeriods(_ line: [Mark]) -> [OpeningHours.Period] {
        var periods: [OpeningHours.Period] = []
        var minute = 0
        while minute < line.count {
            guard line[minute] == .open else {
                minute += 1
                continue
            }
            let start = minute
            while minute < line.count, line[minute] == .open { minute += 1 }
            periods.append(.init(start: start, end: minute))
        }
        return periods
    }

    // MARK: - Evaluation

    /// What a minute of a day's timeline says. `off` is closed by a rule that says so, which a
    /// night running on from the day before does not override.
    enum Mark: UInt8 {
        case unset, open, unknown, off
    }

    /// Minutes of a day and the night after it (0..<2880): rules may run past midnight.
    static let span = 2 * 1440

    private func status(day: Int, minute: Int, _ facts: inout DayFacts) -> OpenStatus {
        let today = timeline(day: day, &facts)
        let yesterday = timeline(day: day - 1, &facts)
        switch Self.combine(today[minute], carried: yesterday[minute + 1440]) {
        case .unset, .off: return .closed
        case .unknown: return .unknown
        case .open: break
        }
        // Closing soon: the first minute within half an hour that is not open is closed.
        var later = minute + 1
        while later <= minute + 30 {
            let next =
                later < 1440
                ? Self.combine(today[later], carried: yesterday[later + 1440])
                : Self.combine(timeline(day: day + 1, &facts)[later - 1440], carried: today[later])
            switch next {
            case .open: later += 1
            case .unknown: return .open
            case .unset, .off: return .closingSoon
            }
        }
        return .open
    }

    /// A minute as the day's own rules mark it and as the night before carries into it.
    private static func combine(_ own: Mark, carried: Mark) -> Mark {
        if own == .off { return .off }
        if own == .open || carried == .open { return .open }
        if own == .unknown || carried == .unknown { return .unknown }
        return .unset
    }

    /// One day's rules, in order: a rule (`;`) replaces what earlier rules said of the days it
    /// selects, except a closing one with times, which closes those times only; an additional
    /// rule (`,`) adds to them; a fallback (`||`) speaks only for days no earlier rule selected.
    func timeline(day: Int, _ facts: inout DayFacts) -> [Mark] {
        var line = [Mark](repeating: .unset, count: Self.span)
        var selected = false
        for rule in rules {
            if rule.separator == .fallback, selected { continue }
            guard rule.selects(day: day, &facts) else { continue }
            if rule.separator != .additional, !(rule.kind == .closed && rule.spans != nil) {
                line = [Mark](repeating: .unset, count: Self.span)
            }
            let mark: Mark =
                switch rule.kind {
                case .open: .open
                case .closed: .off
                case .unknown: .unknown
                }
            for (range, certain) in rule.minutes(sun: facts.sun(day)) {
                for minute in range { line[minute] = certain ? mark : .unknown }
            }
            selected = true
        }
        return line
    }

    // MARK: - Rules

    struct Rule: Sendable {
        enum Separator: Sendable { case normal, additional, fallback }
        enum Kind: Sendable { case open, closed, unknown }

        var separator = Separator.normal
        var years: [NumberRange] = []
        var monthdays: [MonthdayRange] = []
        var weeks: [NumberRange] = []
        var weekdays: [WeekdayItem] = []
        var holidays: [Holiday] = []
        /// `PH Mo-Fr`: a day must be both; `PH,Mo-Fr`: either.
        var daysIntersect = false
        /// Nil: the whole day.
        var spans: [Span]?
        var kind = Kind.open

        var isWeekly: Bool {
            separator != .fallback && years.isEmpty && monthdays.isEmpty && weeks.isEmpty && holidays.isEmpty
                && kind != .unknown
                && weekdays.allSatisfy { if case .range = $0 { true } else { false } }
                && (spans ?? []).allSatisfy { !$0.openEnd && !$0.start.isEvent && $0.end?.isEvent != true }
        }

        /// The minutes the rule speaks of, from the day's midnight, and whether they are certain;
        /// `sun` is the day's (nil where unknown).
        func minutes(sun: [SunEvent: Int]?) -> [(Range<Int>, Bool)] {
            guard let spans else { return [(0..<1440, true)] }
            return spans.flatMap { $0.minutes(sun: sun) }
        }

        func selects(day: Int, _ facts: inout DayFacts) -> Bool {
            let date = CivilDate(daysSinceEpoch: day)
            if !years.isEmpty, !years.contains(where: { $0.contains(date.year) }) { return false }
            if !monthdays.isEmpty, !monthdays.contains(where: { $0.contains(day) }) { return false }
            if !weeks.isEmpty, !weeks.contains(where: { $0.contains(Self.isoWeek(day)) }) { return false }
            let weekdayMatch = weekdays.contains { $0.contains(day) }
            if weekdays.isEmpty, holidays.isEmpty { return true }
            if daysIntersect {
                return weekdayMatch && holidays.contains { facts.isHoliday(day - $0.offset, school: $0.school) }
            }
            return weekdayMatch || holidays.contains { facts.isHoliday(day - $0.offset, school: $0.school) }
        }

        /// ISO 8601: weeks start on Monday, and week 1 holds the year's first Thursday.
        static func isoWeek(_ day: Int) -> Int {
            let mondayBased = (CivilDate(daysSinceEpoch: day).weekday.rawValue + 5) % 7
            let thursday = day - mondayBased + 3
            let year = CivilDate(daysSinceEpoch: thursday).year
            return (thursday - CivilDate(year: year, month: 1, day: 1).daysSinceEpoch) / 7 + 1
        }
    }

    /// Years (`2012-2016`, `2060+`) or ISO weeks (`01-53/2`); `to` before `from` wraps (weeks).
    struct NumberRange: Sendable {
        var from: Int
        var to: Int
        var step = 1

        func contains(_ value: Int) -> Bool {
            let distance = from <= to ? value - from : (value >= from ? value - from : value + 53 - from)
            let inside = from <= to ? (from...to).contains(value) : value >= from || value <= to
            return inside && distance % step == 0
        }
    }

    /// A day of the month: fixed, the nth weekday of the month, or Easter Sunday.
    enum MonthDay: Sendable {
        case fixed(Int)
        case nth(Weekday, Int)
        case easter
    }

    struct DatePoint: Sendable {
        var year: Int?
        var month: Int
        var day: MonthDay
        var offset = 0

        /// The day this point falls on in `year` (its own year when it names one), as days
        /// since 1970; nil for a date the year does not have (29 Feb).
        func resolved(in year: Int) -> Int? {
            let year = self.year ?? year
            let base: CivilDate
            switch day {
            case .fixed(let value):
                base = CivilDate(year: year, month: month, day: value)
                // A day the month does not have comes back from the day count as another date.
                guard base.adding(days: 0) == base else { return nil }
            case .nth(let weekday, let ordinal):
                base = OSMOpeningHours.nthWeekday(weekday, ordinal, year: year, month: month)
                // A fifth Sunday the month does not have.
                guard base.month == month else { return nil }
            case .easter:
                base = CivilDate.easter(year)
            }
            return base.daysSinceEpoch + offset
        }
    }

    enum MonthdayRange: Sendable {
        case months(year: Int?, from: Int, to: Int)
        case dates(from: DatePoint, to: DatePoint)

        func contains(_ day: Int) -> Bool {
            let date = CivilDate(daysSinceEpoch: day)
            switch self {
            case .months(let year, let from, let to):
                if from <= to { return (from...to).contains(date.month) && (year ?? date.year) == date.year }
                guard let year else { return date.month >= from || date.month <= to }
                return (date.year == year && date.month >= from) || (date.year == year + 1 && date.month <= to)
            case .dates(let from, let to):
                // The range that starts in this year, the year before, or (offsets) the year after.
                for year in [date.year - 1, date.year, date.year + 1] {
                    guard let start = from.resolved(in: year), var end = to.resolved(in: to.year ?? year) else { continue }
                    if end < start, to.year == nil, let next = to.resolved(in: year + 1) { end = next }
                    if end >= start, (start...end).contains(day) { return true }
                }
                return false
            }
        }
    }

    enum WeekdayItem: Sendable {
        case range(Weekday, Weekday)
        /// `Sa[-1] +3 days`: three days after the month's last Saturday.
        case nth(Weekday, [Int], offset: Int)

        func contains(_ day: Int) -> Bool {
            switch self {
            case .range(let from, let to):
                let weekday = CivilDate(daysSinceEpoch: day).weekday.rawValue
                return from.rawValue <= to.rawValue
                    ? (from.rawValue...to.rawValue).contains(weekday)
                    : weekday >= from.rawValue || weekday <= to.rawValue
            case .nth(let weekday, let ordinals, let offset):
                let date = CivilDate(daysSinceEpoch: day - offset)
                guard date.weekday == weekday else { return false }
                let last = CivilDate(year: date.year, month: date.month, day: 1).adding(days: 31)
                let daysInMonth = 31 - (last.day - 1)
                return ordinals.contains { $0 > 0 ? $0 == date.weekdayOrdinal : -$0 == (daysInMonth - date.day) / 7 + 1 }
            }
        }
    }

    /// `PH` or `SH`, `+1 day` for the day after one.
    struct Holiday: Sendable {
        var school: Bool
        var offset: Int
    }

    enum Time: Sendable, Equatable {
        case fixed(Int)
        /// `sunrise`, `(sunset-00:30)`: the event, `offset` minutes on.
        case event(SunEvent, offset: Int)

        var isEvent: Bool { if case .event = self { true } else { false } }

        /// The minute of a day at the equinox (sunrise 06:00, sunset 18:00): whether a span is
        /// written to run past midnight.
        var typical: Int {
            switch self {
            case .fixed(let minute): minute
            case .event(let event, let offset): event.typical + offset
            }
        }

        /// The minute from the day's midnight; nil for an event where the day's sun is unknown.
        func minute(sun: [SunEvent: Int]?) -> Int? {
            switch self {
            case .fixed(let minute): minute
            case .event(let event, let offset): sun?[event].map { $0 + offset }
            }
        }
    }

    enum SunEvent: String, Sendable {
        case dawn, sunrise, sunset, dusk

        var typical: Int {
            switch self {
            case .dawn: 330
            case .sunrise: 360
            case .sunset: 1080
            case .dusk: 1110
            }
        }
    }

    struct Span: Sendable {
        var start: Time
        var end: Time?
        /// `18:00+`: open from 18:00, closing at a time not given.
        var openEnd: Bool

        /// The minutes this span speaks of, and whether with certainty. Open ends are in doubt
        /// until midnight (or the next midnight, for one past it), as opening_hours.js reads them;
        /// the sun's events are worked out where the day's sun is known, else in doubt.
        func minutes(sun: [SunEvent: Int]?) -> [(Range<Int>, Bool)] {
            let from = start.minute(sun: sun), to = end.map { $0.minute(sun: sun) }
            switch (from, to) {
            case (let from?, let to??) where (0...1440).contains(from) && (0...2 * 1440).contains(to):
                // A span written to run past midnight (`22:00-02:00`, `sunset-sunrise`) ends the
                // next day; one that is not (`sunrise-08:02`) is empty on a day its event falls
                // after its end, as opening_hours.js reads it.
                if to <= from, let written = self.end, written.typical > start.typical { return [] }
                let end = min(to <= from ? to + 1440 : to, OSMOpeningHours.span)
                guard openEnd else { return [(from..<end, true)] }
                return [(from..<end, true), (end..<(end < 1440 ? 1440 : OSMOpeningHours.span), false)]
            case (let from?, nil) where (0...1440).contains(from):
                let stop = from < 1440 ? 1440 : OSMOpeningHours.span
                return [(from..<from + 1, true), (from + 1..<stop, false)]
            case (let from?, _) where (0...1440).contains(from):
                // Sunset after the start, or sunrise the next morning.
                return [(from..<min(from + 1440, OSMOpeningHours.span), false)]
            case (_, let to??) where (0...1440).contains(to):
                // Sunrise may come after the end (`sunrise-05:59` in winter): then into tomorrow.
                return [(0..<min(to + 1440, OSMOpeningHours.span), false)]
            default:
                return [(0..<OSMOpeningHours.span, false)]
            }
        }
    }

    // MARK: - Calendar

    /// What a day is at the place: a holiday as far as the calendar knows (each one in doubt
    /// is noted, so that `status` can try it both ways), and its sun on the place's clock.
    struct DayFacts {
        let place: HoursPlace
        let assumed: [Fact: Bool]
        var doubts: [Fact] = []
        /// Each day's sun, worked out once: a week's walk reads each day's timeline again.
        private var suns: [Int: [SunEvent: Int]?] = [:]

        init(place: HoursPlace, assumed: [Fact: Bool]) {
            self.place = place; self.assumed = assumed
        }

        mutating func isHoliday(_ day: Int, school: Bool) -> Bool {
            if let code = place.holidays,
                let known = HolidayCalendar.isHoliday(CivilDate(daysSinceEpoch: day), at: code, school: school)
            {
                return known
            }
            let fact = Fact(day: day, school: school)
            if let known = assumed[fact] { return known }
            if !doubts.contains(fact) { doubts.append(fact) }
            return false
        }

        /// The minutes of `day` at which dawn, sunrise, sunset and dusk fall on the place's
        /// clock (an event the sun does not reach that day left out); nil without a position or
        /// a clock.
        mutating func sun(_ day: Int) -> [SunEvent: Int]? {
            if let known = suns[day] { return known }
            var minutes: [SunEvent: Int]?
            if let coordinate = place.coordinate, let zone = place.timeZone {
                let date = CivilDate(daysSinceEpoch: day)
                let times = SunTimes(on: date, at: coordinate)
                let noon = Date(timeIntervalSince1970: TimeInterval(day * 86400 + 43200))
                let offset = Double(zone.secondsFromGMT(for: noon)) / 60
                let events: [(SunEvent, Double?)] = [
                    (.dawn, times.dawn), (.sunrise, times.sunrise), (.sunset, times.sunset), (.dusk, times.dusk),
                ]
                minutes = events.reduce(into: [:]) { found, event in
                    if let utc = event.1 { found[event.0] = Int((utc + offset).rounded()) }
                }
            }
            suns[day] = minutes
            return minutes
        }
    }

    struct Fact: Hashable, Sendable {
        var day: Int
        var school: Bool
    }

    static func nthWeekday(_ weekday: Weekday, _ ordinal: Int, year: Int, month: Int) -> CivilDate {
        if ordinal > 0 {
            let first = CivilDate(year: year, month: month, day: 1)
            let offset = (weekday.rawValue - first.weekday.rawValue + 7) % 7
            return first.adding(days: offset + 7 * (ordinal - 1))
        }
        let last = CivilDate(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1).adding(days: -1)
        let offset = (last.weekday.rawValue - weekday.rawValue + 7) % 7
        return last.adding(days: -offset - 7 * (-ordinal - 1))
    }
}

/// OpenStreetMap's dialect of the one hours model: its own calendar (the place's holidays, its
/// sun), read on the place's clock.
extension OSMOpeningHours: HoursReading {
    public func status(at moment: OpeningHours.Moment, in place: HoursPlace) -> OpenStatus {
        status(on: moment.today.date, minute: moment.minute, at: place)
    }

    public func nextChange(after moment: OpeningHours.Moment, in place: HoursPlace) -> HoursChange {
        nextChange(on: moment.today.date, minute: moment.minute, at: place)
    }

    /// Today's public holiday, where the rules that speak for today (the last that replaces
    /// what came before, and those added to it) include one selecting public holidays: a card
    /// then says why the day differs from the week (`PH off`, `PH 10:00-14:00`).
    public func holiday(at moment: OpeningHours.Moment, in place: HoursPlace) -> HoursPlace.Holiday? {
        let date = moment.today.date
        guard let code = place.holidays, HolidayCalendar.isHoliday(date, at: code, school: false) == true else { return nil }
        var facts = DayFacts(place: place, assumed: [:])
        var speaking: [Rule] = []
        for rule in rules {
            if rule.separator == .fallback, !speaking.isEmpty { continue }
            guard rule.selects(day: date.daysSinceEpoch, &facts) else { continue }
            if rule.separator != .additional, !(rule.kind == .closed && rule.spans != nil) { speaking = [] }
            speaking.append(rule)
        }
        guard speaking.contains(where: { $0.holidays.contains { !$0.school && $0.offset == 0 } }) else { return nil }
        let (country, region) = HolidayCalendar.split(code)
        if let region, let name = HolidayCalendar.publicHolidays(in: date.year, country: country, region: region)?[date] {
            return .init(name: name, place: "\(country)-\(region)")
        }
        return HolidayCalendar.publicHolidays(in: date.year, country: country, region: nil)?[date]
            .map { .init(name: $0, place: country) }
    }
}

extension PlaceHours {
    /// OpenStreetMap's reader: an `opening_hours` value, read once when the answer is decoded;
    /// nil: the place has no such tag.
    public static func openingHours(_ value: String?) -> PlaceHours {
        guard let value else { return .none }
        let read = OSMOpeningHours(value)
        return PlaceHours(syntax: .openingHours, openingHours: value, reading: read, state: read == nil ? .unreadable : .given)
    }
}
