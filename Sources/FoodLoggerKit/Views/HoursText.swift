import FoodLoggerDomain

/// Opening hours and open status in words and in the JSON schema the README documents.
enum HoursText {
    /// "19:30"; past midnight as the texts write it ("26:00").
    static func clock(_ minute: Int) -> String { two(minute / 60) + ":" + two(minute % 60) }

    /// At least two digits: "07".
    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// "2026-11-23T12:00+09:00".
    static func iso(_ time: JapanTime) -> String {
        let date = time.date
        return "\(date.year)-\(two(date.month))-\(two(date.day))T\(clock(time.minute))+09:00"
    }

    /// "fri 19:30": the moment in a footer or notice.
    static func short(_ time: JapanTime) -> String {
        time.date.weekday.short + " " + clock(time.minute)
    }

    /// The moment a search asked about: "fri 19:30", with its date when it was asked with one
    /// ("wed 2020-01-01 12:00"), since a weekday alone would not say which week.
    static func asked(_ open: OpenQuestion) -> String {
        guard open.dated else { return short(open.moment) }
        let date = open.moment.date
        let day = String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
        return "\(date.weekday.short) \(day) \(clock(open.moment.minute))"
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

    /// "open · today 11:30–14:30, 17:00–23:00", or why it cannot be told: the card's and the
    /// map's info window's line.
    /// `day`: how the moment's day is named ("today", or "fri" for a day asked about).
    static func today(_ restaurant: Restaurant, at moment: OpeningHours.Moment, day: String = "today") -> String {
        guard let hours = restaurant.openingHours else { return "? · the hours below could not be read" }
        let status = hours.status(at: moment)
        guard let today = hours.periods(on: moment.today) else { return "? · \(day) is not clear from the texts below" }
        let word = status == .unknown ? "?" : word(status)
        let caveat =
            hours.irregularClosures ? " (irregular holidays)" : hours.closingDaysUnstated ? " (no closing days given)" : ""
        return "\(word) · \(day) \(periods(today))" + caveat
    }

    /// "11:30–14:30, 17:00–23:00", or "closed".
    static func periods(_ periods: [OpeningHours.Period]) -> String {
        periods.isEmpty ? "closed" : periods.map { clock($0.start) + "–" + clock($0.end) }.joined(separator: ", ")
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
