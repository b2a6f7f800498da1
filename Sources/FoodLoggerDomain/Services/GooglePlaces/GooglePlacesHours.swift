import Foundation

/// Google's opening hours (`regularOpeningHours`, `currentOpeningHours`): Google's dialect of the
/// one hours model. `periodHours` fills `PeriodHours`, which every open question reads, the
/// current hours answering the dates they cover and the regular week the rest; the card shows
/// the week in Google's own words (`weekdayDescriptions`).
enum GooglePlacesHours {
    /// One of Google's `OpeningHours`: the periods of a week, and in `currentOpeningHours` the
    /// dates of the coming week whose hours are exceptional. Encodable for the offline stub.
    struct Hours: Codable, Equatable {
        var periods: [Period]?
        var specialDays: [SpecialDay]?
        /// The week in Google's words, a line a day in the answer's language ("Monday: 11:00 AM – 10:00 PM").
        var weekdayDescriptions: [String]?
    }

    struct Period: Codable, Equatable {
        var open: Point?
        var close: Point?
    }

    /// `day` counts from Sunday (0) as Google writes it; `date` is set in `currentOpeningHours`.
    struct Point: Codable, Equatable {
        var day: Int?
        var hour: Int?
        var minute: Int?
        var date: CivilDate?
    }

    struct SpecialDay: Codable, Equatable {
        var date: CivilDate?
    }

    static let minutesPerDay = 1440
    static let minutesPerWeek = 7 * minutesPerDay

    /// Google's hours as Google means them, for the one hours model: `regular`'s periods are
    /// the week; `current`'s dated periods and special days answer the dates they cover, closed
    /// on a covered date without a period; the week's words are its text. Nil when Google gives neither; a `PeriodHours` that
    /// answers nothing (`isReadable` false) when it gives periods that cannot be read.
    static func periodHours(regular: Hours?, current: Hours?) -> PeriodHours? {
        guard regular?.periods != nil || current?.periods != nil || current?.specialDays?.isEmpty == false else {
            return nil
        }
        let week = regular?.periods.flatMap(weekPeriods)
        let dated = datedDays(current)
        // A date whose dated period cannot be read is answered by the week, not taken as closed;
        // with no week to answer it, the dated days end before it and the week (none) says unknown.
        let regularHours = PeriodHours(week: week)
        var days = dated.days
        for date in dated.unreadable {
            guard let periods = regularHours.periods(opening: date.daysSinceEpoch) else {
                days = days.filter { $0.date < date }
                continue
            }
            days.append(PeriodHours.Day(date: date, periods: periods))
        }
        let words = (regular?.weekdayDescriptions ?? current?.weekdayDescriptions)?.joined(separator: "; ")
        return PeriodHours(week: week, dated: days, text: words.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The week in minutes from Monday 00:00; always open as the whole week; nil for periods
    /// that cannot be read or none at all.
    static func weekPeriods(_ periods: [Period]) -> [PeriodHours.Period]? {
        if periods.count == 1, periods[0].close == nil, periods[0].open.flatMap(minuteOfWeek) != nil {
            return [.init(start: 0, end: minutesPerWeek)]
        }
        var week: [PeriodHours.Period] = []
        for period in periods {
            guard let open = period.open.flatMap(minuteOfWeek), let close = period.close.flatMap(minuteOfWeek) else {
                return nil
            }
            week.append(.init(start: open, end: close > open ? close : close + minutesPerWeek))
        }
        return week.isEmpty ? nil : week
    }

    /// `current`'s days: each date a period opens on or a special day names, from the first to
    /// the last; and the dates with a period that cannot be read, left for the week to answer.
    static func datedDays(_ current: Hours?) -> (days: [PeriodHours.Day], unreadable: Set<CivilDate>) {
        var days: [CivilDate: [PeriodHours.Period]] = [:]
        var unreadable = Set<CivilDate>()
        for date in (current?.specialDays ?? []).compactMap(\.date).compactMap(civil) { days[date, default: []] += [] }
        for period in current?.periods ?? [] {
            guard let date = period.open?.date.flatMap(civil) else { continue }
            guard let span = datedSpan(period) else {
                unreadable.insert(date)
                continue
            }
            days[date, default: []].append(span)
        }
        return (
            days.filter { !unreadable.contains($0.key) }.map { PeriodHours.Day(date: $0.key, periods: $0.value) },
            unreadable
        )
    }

    /// A dated period in minutes from its opening date's midnight: to its closing date's time,
    /// else to the next time its weekday comes; with no close, open on past what is asked.
    static func datedSpan(_ period: Period) -> PeriodHours.Period? {
        guard let open = period.open, let start = minuteOfDay(open) else { return nil }
        guard let close = period.close else { return .init(start: start, end: start + minutesPerWeek + minutesPerDay) }
        guard let end = minuteOfDay(close) else { return nil }
        let days: Int
        if let from = open.date.flatMap(civil), let to = close.date.flatMap(civil) {
            days = to.daysSinceEpoch - from.daysSinceEpoch
        } else if let from = open.day, let to = close.day, (0...6).contains(from), (0...6).contains(to) {
            days = (to - from + 7) % 7
        } else {
            return nil
        }
        let stop = days * minutesPerDay + end
        return stop > start ? .init(start: start, end: stop) : days == 0 ? .init(start: start, end: stop + minutesPerDay) : nil
    }

    /// Google's date when it is one the calendar has; nil otherwise.
    static func civil(_ date: CivilDate) -> CivilDate? {
        guard (1...12).contains(date.month), (1...31).contains(date.day), (1900...9999).contains(date.year) else { return nil }
        // 31 April comes back from the day count as 1 May.
        return date.adding(days: 0) == date ? date : nil
    }

    /// Minutes from Monday 00:00; nil for a day or time Google never writes.
    static func minuteOfWeek(_ point: Point) -> Int? {
        guard let day = point.day, (0...6).contains(day), let minute = minuteOfDay(point) else { return nil }
        return ((day + 6) % 7) * minutesPerDay + minute
    }

    static func minuteOfDay(_ point: Point) -> Int? {
        guard let hour = point.hour, (0...23).contains(hour) else { return nil }
        let minute = point.minute ?? 0
        guard (0...59).contains(minute) else { return nil }
        return hour * 60 + minute
    }
}
