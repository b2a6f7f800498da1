import Foundation
import FoodLoggerDomain

/// Opening hours and open status in words and in the JSON schema the README documents.
enum HoursText {
    /// "19:30"; a minute of the next day as the count from this one's start ("24:00").
    static func clock(_ minute: Int) -> String { two(minute / 60) + ":" + two(minute % 60) }

    /// A period's end, as every view writes it (README, "Time left"): midnight is "24:00", the
    /// end of its day, and a later end is the next day's clock ("11:00–04:00"), never "28:00".
    static func end(_ minute: Int) -> String { clock(minute > 24 * 60 ? minute - 24 * 60 : minute) }

    /// At least two digits: "07".
    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// "2026-11-23T12:00+09:00": the moment on `clock` with its offset from UTC; nil when the
    /// clock is unknown.
    static func iso(_ moment: OpenQuestion.Moment, on place: HoursClock) -> String? {
        guard let time = place.time(moment), let instant = place.instant(time),
            let offset = place.secondsFromGMT(at: instant)
        else { return nil }
        let date = time.date
        let sign = offset < 0 ? "-" : "+"
        return "\(date.year)-\(two(date.month))-\(two(date.day))T\(clock(time.minute))"
            + sign + clock(abs(offset) / 60)
    }

    /// "2026-11-25T22:45:00+09:00": an instant on the place's clock, with its offset then (summer
    /// time included); the JSON's `closes_at`, `last_order_at` and `opens_at`.
    static func iso(_ instant: Date, on place: HoursClock) -> String? {
        guard let time = place.time(at: instant), let offset = place.secondsFromGMT(at: instant) else { return nil }
        let date = time.date
        return "\(date.year)-\(two(date.month))-\(two(date.day))T\(clock(time.minute)):00"
            + (offset < 0 ? "-" : "+") + clock(abs(offset) / 60)
    }

    /// What the shop does next, on its own clock: "until 22:45 · 75 min · L.O. 22:00", "until
    /// 02:00 (next day) · 180 min", "open 24 hours", "opens 11:30" (later the same day), "opens
    /// 08:00 tomorrow", "opens thu 11:00"; nil when the hours do not tell.
    static func left(_ left: TimeLeft) -> String? {
        if left.isAlwaysOpen { return "open 24 hours" }
        return parts(left, closingNextDay: " (next day)", openingNextDay: " tomorrow")
            .map { [$0.when, $0.left].filter { !$0.isEmpty }.joined(separator: " · ") }
    }

    /// The table's two cells, short enough never to be cut: when ("until 22:45", "until sat
    /// 02:00", "24 hours", "opens 11:30", "opens sat 08:00") and how long ("75 min · L.O. 22:00");
    /// nil when the hours do not tell.
    static func cells(_ left: TimeLeft) -> (when: String, left: String)? {
        left.isAlwaysOpen ? ("24 hours", "") : parts(left, closingNextDay: nil, openingNextDay: nil)
    }

    /// The table's Open and Left cells, also the map's list's and the HTML info window's words:
    /// a place that does not trade said so ("closed for now", which a return soon tells from
    /// "closed" for the night), else when the shop closes or opens and how long is left, or,
    /// where its hours do not tell when, whether it is open.
    static func openCells(_ left: TimeLeft, status: @autoclosure () -> OpenStatus, business: Restaurant.BusinessStatus?)
        -> (when: String, left: String)
    {
        business?.notice.map { ($0, "") } ?? cells(left) ?? (word(status()), "")
    }

    /// From the place's stored reading (`Restaurant.hours`).
    static func openCells(of restaurant: Restaurant, on clock: OpenClock) -> (when: String, left: String) {
        let cells = openCells(
            clock.timeLeft(of: restaurant), status: clock.status(of: restaurant), business: restaurant.businessStatus)
        // "?" is for hours that do not tell; "–" for a place whose service gives none, as the Hours
        // column writes a day without hours.
        return cells == ("?", "") && restaurant.hours.state == .none ? ("–", "") : cells
    }

    /// When the shop closes or opens, and how long is left with its last order; the next day
    /// said with the words given, or by its weekday without them.
    private static func parts(_ left: TimeLeft, closingNextDay: String?, openingNextDay: String?) -> (
        when: String, left: String
    )? {
        if let closes = left.closesAt, let minutes = left.minutesLeft,
            let until = when(closes, left, nextDay: closingNextDay, ending: true)
        {
            // A last order gone by is said so: the kitchen may take no more orders.
            let passed = left.lastOrderAt.flatMap { order in left.asked.map { order <= $0 } } ?? false
            let lastOrder = left.lastOrderAt.flatMap { when($0, left, nextDay: closingNextDay, ending: true) }
                .map { "L.O. " + $0 + (passed ? " passed" : "") }
            return ("until " + until, (["\(minutes) min"] + (lastOrder.map { [$0] } ?? [])).joined(separator: " · "))
        }
        return left.opensAt.flatMap { when($0, left, nextDay: openingNextDay) }.map { ("opens " + $0, "") }
    }

    /// "22:45" on the day asked about, "02:00" + `nextDay` on the next, "thu 11:00" later (and
    /// the next day too, without `nextDay`). An `ending` at midnight is the end of the day before
    /// ("24:00", "sun 24:00"), as the day's hours write it, not the start of the next.
    private static func when(_ instant: Date, _ left: TimeLeft, nextDay: String?, ending: Bool = false) -> String? {
        guard var time = left.wallClock(instant), let asked = left.asked.flatMap(left.wallClock) else { return nil }
        if ending, time.minute == 0 { time = CivilTime(date: time.date.adding(days: -1), minute: 24 * 60) }
        if time.date == asked.date { return clock(time.minute) }
        guard let nextDay, asked.date.adding(days: 1) == time.date else { return short(time) }
        return clock(time.minute) + nextDay
    }

    /// "fri 19:30": the moment in a footer or notice.
    static func short(_ time: CivilTime) -> String {
        time.date.weekday.short + " " + clock(time.minute)
    }

    static func short(_ moment: OpeningHours.Moment) -> String {
        moment.today.weekday.short + " " + clock(moment.minute)
    }

    /// The moment a search asked about, on the shops' clock: "fri 19:30 (Japan time)", with its
    /// date when it was asked with one ("wed 2020-01-01 12:00 (Europe/Paris time)"), since a
    /// weekday alone would not say which week. Where the clock is unknown, as it was asked.
    static func asked(_ open: OpenQuestion, on place: HoursClock) -> String {
        let time = place.time(open.moment)
        let words: String
        switch (open.moment, time) {
        case (.wallClock(.date(let date), let minute, _), _):
            words = "\(date.weekday.short) \(date.year)-\(two(date.month))-\(two(date.day)) \(clock(minute))"
        case (_, let time?): words = short(time)
        case (.now, nil): words = "now"
        case (.wallClock(.today, let minute, _), nil): words = clock(minute)
        case (.wallClock(.tomorrow, let minute, _), nil): words = "tomorrow " + clock(minute)
        case (.wallClock(.weekday(let weekday), let minute, _), nil): words = weekday.short + " " + clock(minute)
        }
        return words + " (\(name(place)))"
    }

    /// " for 90 min or more" after "open at …" when --open-for asked for that long; else "".
    static func openFor(_ open: OpenQuestion) -> String {
        open.openFor.map { " for \($0.minutes) min or more" } ?? ""
    }

    /// "Japan time", "Europe/Paris time".
    static func name(_ clock: HoursClock) -> String {
        switch clock {
        case .japan: "Japan time"
        case .zone(let zone): "\(zone.identifier) time"
        case .unknown: "time zone unknown"
        }
    }

    /// Said once under a list whose shops keep a clock nobody named: whether they are open is
    /// unknown rather than answered on this machine's clock.
    static func unknownClockNote(_ provider: Provider) -> String {
        "\(provider.title) names no time zone for this area: whether each shop is open is unknown."
    }

    /// The table's Open column and the card's first word.
    static func word(_ status: OpenStatus) -> String {
        switch status {
        case .open: "open"
        case .closingSoon: "closes soon"
        case .closed: "closed"
        case .unknown: "?"
        }
    }

    /// "open · today 11:30–14:30, 17:00–23:00", or why it cannot be told, or "closed for now"
    /// for a place that does not trade: the card's and the map's info window's line. Where a
    /// public holiday's rule gives today's answer, the line names it ("closed · public holiday
    /// (Christmas, GB-SCT) · see the hours below"): the week below would say otherwise.
    /// `named`: the day is the one a search asked about, named by its weekday ("fri") rather
    /// than "today".
    static func today(_ restaurant: Restaurant, on clock: OpenClock, named: Bool = false) -> String {
        // A place that does not trade has no day's hours to point to (Google gives none for one).
        if let notice = restaurant.businessStatus?.notice { return notice }
        guard let moment = clock.moment(for: restaurant) else { return "? · the time zone here is unknown" }
        let status = clock.status(of: restaurant)
        let word = status == .unknown ? "?" : word(status)
        guard let hours = restaurant.openingHours else {
            let holiday = clock.holiday(of: restaurant).map { " · public holiday (\($0.name), \($0.place))" } ?? ""
            guard status == .unknown else { return "\(word)\(holiday) · see the hours below" }
            if restaurant.closingDaysUnreadable { return "? · the closing days below could not be read" }
            return restaurant.hoursState == .none ? "? · no hours given" : "? · the hours below could not be read"
        }
        let day = named ? moment.today.weekday.short : "today"
        guard let today = hours.periods(on: moment.today) else { return "? · \(day) is not clear from the texts below" }
        let caveat =
            hours.irregularClosures ? " (irregular holidays)" : hours.closingDaysUnstated ? " (no closing days given)" : ""
        return "\(word) · \(day) \(periods(today))" + caveat
    }

    /// The day's hours on the shop's own clock ("11:00–14:30, 19:00–22:30", or "closed"); nil
    /// when they cannot be told.
    static func periods(of restaurant: Restaurant, on clock: OpenClock) -> String? {
        guard let moment = clock.moment(for: restaurant), let today = restaurant.hours.weekly?.periods(on: moment.today) else {
            return nil
        }
        return periods(today)
    }

    /// "11:30–14:30, 17:00–23:00", or "closed".
    static func periods(_ periods: [OpeningHours.Period]) -> String {
        periods.isEmpty ? "closed" : periods.map { clock($0.start) + "–" + end($0.end) }.joined(separator: ", ")
    }

    static let dayKeys: [(OpeningHours.Day, String)] =
        Weekday.mondayFirst.map { (.weekday($0), $0.short) } + [
            (.holiday, "holiday"), (.holidayEve, "holiday_eve"),
        ]

    /// The parsed week: each day's periods (a closing weekday has none; `holiday` and
    /// `holiday_eve` are null where the texts give them no hours of their own), then the
    /// closings the weekdays do not show. Texts that cannot be read give the same members, all
    /// null, so the shape (and a CSV's columns) never changes.
    static func json(_ hours: OpeningHours?) -> JSONValue {
        guard let hours else { return .object((dayKeys.map(\.1) + closingKeys).map { ($0, .null) }) }
        func periods(_ list: [OpeningHours.Period]) -> JSONValue {
            // The JSON keeps the count past 24:00 ("26:00") that scripts already read: values stay.
            .array(list.map { .object([("open", .string(clock($0.start))), ("close", .string(clock($0.end)))]) })
        }
        let days: [(String, JSONValue)] = dayKeys.map { day, key in
            if case .weekday(let weekday) = day, hours.closedWeekdays.contains(weekday) { return (key, .array([])) }
            if case .weekday = day { return (key, periods(hours[day] ?? [])) }
            return (key, hours[day].map(periods) ?? .null)
        }
        let nth = hours.closedNthWeekdays.map { rule -> JSONValue in
            .object([
                ("weekday", .string(rule.weekday.short)),
                ("nth", .array(rule.ordinals.map(JSONValue.integer))),
            ])
        }
        let dates = hours.closedDates.map { JSONValue.string(two($0.month) + "-" + two($0.day)) }
        let closings: [JSONValue] = [
            .bool(hours.closedOnHolidays), .array(nth), .array(dates), .bool(hours.closedAroundNewYear),
            .bool(hours.irregularClosures), .bool(hours.closingDaysUnstated),
        ]
        return .object(days + Array(zip(closingKeys, closings)))
    }

    static let closingKeys = [
        "closed_on_holidays", "closed_nth_weekdays", "closed_dates", "closed_around_new_year", "irregular_closures",
        "closing_days_unstated",
    ]
}
