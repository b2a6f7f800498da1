import Foundation

/// Public and school holidays of every country opening_hours.js knows, worked out for any year
/// from its rules (`HolidayData`, generated once from its definitions): fixed dates, days from
/// Easter, weekdays from a day of a month, and the moves and substitutes a holiday on a weekend
/// makes. Japan's public holidays follow its Act (`JapaneseHolidays`). School holidays are
/// opening_hours.js's dates, so a year it has none for stays in doubt.
///
/// A place is a country (`DE`) or a country and region (`GB-SCT`: an ISO 3166-2 code, or
/// opening_hours.js's own name or code for the region). Where the region is not known, a day is
/// a holiday only if it is one in every region, and in doubt if the regions differ.
public enum HolidayCalendar {
    /// Whether `date` is a public holiday (or, with `school`, a school holiday) at `place`; nil
    /// when that cannot be told: a country without such holidays here, regions that differ on
    /// it, or school holidays of a year not covered.
    public static func isHoliday(_ date: CivilDate, at place: String, school: Bool) -> Bool? {
        let (code, region) = split(place)
        guard years.contains(date.year) else { return nil }
        if code == "JP", !school { return JapaneseHolidays.isHoliday(date) }
        guard let country = country(code, school: school) else { return nil }
        // The region as the definitions name it, so that the memo holds each place once.
        let state = region.flatMap(country.state)?.code ?? ""
        guard let year = memo.year(Memo.Key(country: code, state: state, school: school, year: date.year)) else { return nil }
        if year.everywhere.contains(date) { return true }
        return year.somewhere.contains(date) ? nil : false
    }

    /// Whether the holidays of `place`'s region are told apart from its country's: true for a
    /// country alone, for a region the definitions name, and for a country whose holidays are
    /// the same everywhere (or unknown here); false where the region is not known and the
    /// country's holidays (those every region keeps) answer for it.
    public static func knowsRegion(of place: String) -> Bool {
        let (code, region) = split(place)
        guard let region, code != "JP", let country = country(code), !country.states.isEmpty else { return true }
        return country.state(region) != nil
    }

    /// The public holidays of `year` in `country`, by day, with their names: a region's own
    /// (`region`), or without one those that hold in the whole country. Nil for a country or a
    /// region this calendar does not know.
    public static func publicHolidays(in year: Int, country code: String, region: String?) -> [CivilDate: String]? {
        let code = code.uppercased()
        guard years.contains(year) else { return nil }
        if code == "JP", region == nil {
            return Dictionary(uniqueKeysWithValues: JapaneseHolidays.holidays(in: year).map { ($0, "国民の祝日") })
        }
        guard let country = country(code) else { return nil }
        let list: Country.List
        if let region {
            guard let state = country.state(region) else { return nil }
            list = country.publicList(for: state)
        } else {
            list = .init(holidays: (country.PH ?? []).filter { $0.states == nil })
        }
        guard !list.holidays.isEmpty else { return nil }
        return list.named(in: year)
    }

    /// The holidays of one year at a place: those of every list that may hold there, and those
    /// of some; nil where they cannot be told (no such holidays, a list without that year).
    struct Year: Sendable {
        var everywhere: Set<CivilDate>
        var somewhere: Set<CivilDate>

        init?(_ key: Memo.Key) {
            guard let country = HolidayCalendar.country(key.country, school: key.school) else { return nil }
            let (school, year) = (key.school, key.year)
            let state = key.state.isEmpty ? nil : key.state
            let lists = school ? country.schoolLists(region: state) : country.publicLists(region: state)
            let years = lists.map { school ? $0.schoolDays(in: year) : Set($0.named(in: year).keys) }
            guard !years.isEmpty, !years.contains(where: { $0 == nil }) else { return nil }
            let all = years.compactMap { $0 }
            everywhere = all.dropFirst().reduce(all[0]) { $0.intersection($1) }
            somewhere = all.reduce([]) { $0.union($1) }
        }
    }

    /// The years the rules are meant for: opening_hours.js's computus and equinoxes hold there.
    public static let years = 1900...2100

    /// `GB-SCT` as ("GB", "SCT"), `de` as ("DE", nil).
    static func split(_ place: String) -> (country: String, region: String?) {
        let parts = place.uppercased().split(separator: "-", maxSplits: 1)
        return (parts.first.map(String.init) ?? "", parts.count > 1 ? String(parts[1]) : nil)
    }

    // MARK: - The rules

    /// One country's public or school holidays, as HolidayData holds them (JSON in
    /// opening_hours.js's shape).
    struct Country: Decodable, Sendable {
        var PH: [Holiday]?
        /// Ranges as [year, month, day, month, day]; an end before the start is in the next year.
        var SH: [[Int]]?
        var states: [State]

        struct State: Decodable, Sendable {
            var code: String
            var name: String
            var PH: [Holiday]?
            /// Its holidays beyond the country's that hold everywhere (`PH` replaces those).
            var adds: [Holiday]?
            var SH: [[Int]]?
        }

        /// The state a region names, by its code (`sct`, the end of `GB-SCT`) or its name.
        func state(_ region: String) -> State? {
            states.first { $0.code.uppercased() == region.uppercased() || $0.name.uppercased() == region.uppercased() }
        }

        /// A state's own list replaces the country's; else the country's holidays for it.
        func publicList(for state: State) -> List {
            if let own = state.PH { return List(holidays: own) }
            if let adds = state.adds { return List(holidays: (PH ?? []).filter { $0.states == nil } + adds) }
            let held = (PH ?? []).filter { $0.states.map { $0.contains(state.code) || $0.contains(state.name) } ?? true }
            return List(holidays: held)
        }

        /// The lists that may hold at `region`: its own, else every region's and the country's.
        func publicLists(region: String?) -> [List] {
            if let region, let state = state(region) { return [publicList(for: state)] }
            let country = (PH ?? []).filter { $0.states == nil }
            let named = Set((PH ?? []).flatMap { $0.states ?? [] }).subtracting(states.map(\.code))
            let elsewhere = named.sorted().map { name in
                List(holidays: (PH ?? []).filter { $0.states?.contains(name) ?? true })
            }
            return (country.isEmpty ? [] : [List(holidays: country)]) + states.map(publicList) + elsewhere
        }

        func schoolLists(region: String?) -> [List] {
            if let region, let state = state(region) { return (state.SH ?? SH).map { [List(school: $0)] } ?? [] }
            return (SH.map { [List(school: $0)] } ?? []) + states.compactMap { $0.SH.map { List(school: $0) } }
        }

        /// Holidays that hold together: a region's public holidays, or its school holidays.
        struct List: Sendable {
            var holidays: [Holiday] = []
            var school: [[Int]] = []

            init(holidays: [Holiday]) { self.holidays = holidays }
            init(school: [[Int]]) { self.school = school }

            /// The public holidays held in `year`, with their names: a holiday may be held in the
            /// year before or after its own (1 January on a Saturday, on the Friday before).
            func named(in year: Int) -> [CivilDate: String] {
                [year - 1, year, year + 1].reduce(into: [:]) { named, near in
                    for (day, name) in days(of: near) where day.year == year { named[day] = named[day] ?? name }
                }
            }

            /// The school holidays' days in `year`; nil for a year the ranges do not cover:
            /// opening_hours.js has no dates for it.
            func schoolDays(in year: Int) -> Set<CivilDate>? {
                guard school.contains(where: { $0.first == year }) else { return nil }
                var days: Set<CivilDate> = []
                for range in school where range.count == 5 && (year - 1...year).contains(range[0]) {
                    let endYear = (range[3], range[4]) < (range[1], range[2]) ? range[0] + 1 : range[0]
                    let end = CivilDate(year: endYear, month: range[3], day: range[4])
                    var day = CivilDate(year: range[0], month: range[1], day: range[2])
                    // A year's ranges hold a few hundred days at most; a range gone wrong stops there.
                    while day <= end, day.year <= year, days.count < 366 {
                        if day.year == year { days.insert(day) }
                        day = day.adding(days: 1)
                    }
                }
                return days
            }

            /// opening_hours.js's getApplyingHolidaysForYear: each holiday's day, then the moves
            /// (kept where they would land on a holiday that does not move), then the substitutes.
            func days(of year: Int) -> [CivilDate: String] {
                var resolved = holidays.compactMap { holiday in holiday.day(in: year).map { (day: $0, holiday: holiday) } }
                let unmoved = Set(resolved.filter { $0.holiday.shift == nil }.map(\.day))
                for index in resolved.indices {
                    guard let moves = resolved[index].holiday.shift else { continue }
                    let moved = Holiday.Move.apply(moves, to: resolved[index].day)
                    if !unmoved.contains(moved) { resolved[index].day = moved }
                }
                var days: [CivilDate: String] = [:]
                for (day, holiday) in resolved {
                    days[day] = days[day] ?? holiday.name
                    guard let moves = holiday.substitute else { continue }
                    let substitute = Holiday.Move.apply(moves, to: day)
                    if substitute != day { days[substitute] = days[substitute] ?? holiday.substituteName ?? holiday.name }
                }
                return days
            }
        }
    }

    /// One public holiday, as opening_hours.js defines it.
    struct Holiday: Decodable, Sendable {
        var name: String
        var fixed: [Int]?
        var easter: Int?
        var orthodoxEaster: Int?
        var weekday: WeekdayRule?
        /// The one year it is held in.
        var year: Int?
        /// "even" or "odd".
        var years: String?
        /// The regions it is held in (codes, or names of places below a region); nil: everywhere.
        var states: [String]?
        /// Where it moves when it falls on these weekdays.
        var shift: [Move]?
        /// The day added when it falls on these weekdays.
        var substitute: [Move]?
        var substituteName: String?

        /// The first day on (`after`) or before a day of a month that is one of `weekdays`
        /// (Foundation's numbers, Sunday 1), `offset` days on: `firstMayMonday`, `victoriaDay`.
        struct WeekdayRule: Decodable, Sendable {
            var month: Int
            /// 0: the day before the first (February's last day).
            var day: Int
            var after: Bool
            var weekdays: [Int]
            var offset: Int?
        }

        /// `if saturday,sunday then next monday`: {"if": [7, 1], "next": 2}.
        struct Move: Decodable, Sendable {
            var `if`: [Int]
            var next: Int?
            var previous: Int?

            /// The first move whose weekdays hold `day`, applied; `day` itself when none does.
            static func apply(_ moves: [Move], to day: CivilDate) -> CivilDate {
                let weekday = day.weekday.rawValue
                guard let move = moves.first(where: { $0.if.contains(weekday) }) else { return day }
                if let next = move.next { return day.adding(days: (next - weekday + 6) % 7 + 1) }
                return day.adding(days: -((weekday - (move.previous ?? weekday) + 6) % 7 + 1))
            }
        }

        /// Its day in `year` before any move; nil in a year it is not held.
        func day(in year: Int) -> CivilDate? {
            if let only = self.year, only != year { return nil }
            if let years, (years == "even") != year.isMultiple(of: 2) { return nil }
            // Days past a month's end run on into the next, as JavaScript's Date does.
            func date(_ month: Int, _ day: Int) -> CivilDate { CivilDate(year: year, month: month, day: 1).adding(days: day - 1) }
            if let fixed, fixed.count == 2 { return date(fixed[0], fixed[1]) }
            if let easter { return CivilDate.easter(year).adding(days: easter) }
            if let orthodoxEaster { return CivilDate.orthodoxEaster(year).adding(days: orthodoxEaster) }
            guard let rule = weekday, rule.weekdays.contains(where: (1...7).contains) else { return nil }
            var day = date(rule.month, rule.day)
            while !rule.weekdays.contains(day.weekday.rawValue) { day = day.adding(days: rule.after ? 1 : -1) }
            return day.adding(days: rule.offset ?? 0)
        }
    }

    // MARK: - Reading once

    /// Each country's definitions, decoded the first time a date there is asked about, and each
    /// place's year once worked out: a week's walk asks about the same days often.
    private static let memo = Memo()

    static func country(_ code: String, school: Bool = false) -> Country? { memo.country(code, school: school) }

    final class Memo: @unchecked Sendable {
        struct Key: Hashable {
            var country: String
            /// The state's code in the definitions; "" where the region is not known.
            var state: String
            var school: Bool
            var year: Int
        }

        private let lock = NSLock()
        private var countries: [String: Country?] = [:]
        private var schools: [String: Country?] = [:]
        private var years: [Key: Year?] = [:]

        /// Only codes with definitions are kept: any text may be asked about.
        func country(_ code: String, school: Bool) -> Country? {
            guard let text = (school ? schoolDefinitions : definitions)[code] else { return nil }
            return lock.withLock {
                if let known = school ? schools[code] : countries[code] { return known }
                let read = try? JSONDecoder().decode(Country.self, from: Data(text.utf8))
                if school { schools[code] = read } else { countries[code] = read }
                return read
            }
        }

        func year(_ key: Key) -> Year? {
            if let known = lock.withLock({ years[key] }) { return known }
            let year = Year(key)
            lock.withLock { years[key] = year }
            return year
        }
    }
}
extension CivilDate {
    /// Easter Sunday in the Gregorian calendar (the anonymous Gregorian algorithm).
    static func easter(_ year: Int) -> CivilDate {
        let a = year % 19, b = year / 100, c = year % 100
        let h = (19 * a + b - b / 4 - (8 * b + 13) / 25 + 15) % 30
        let l = (32 + 2 * (b % 4) + 2 * (c / 4) - h - c % 4) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        return CivilDate(year: year, month: month, day: (h + l - 7 * m + 114) % 31 + 1)
    }

    /// Orthodox Easter Sunday, the Julian computus written on the Gregorian calendar (13 days
    /// on, 1900–2099), as opening_hours.js works it out.
    static func orthodoxEaster(_ year: Int) -> CivilDate {
        let d = (19 * (year % 19) + 15) % 30
        let e = (2 * (year % 4) + 4 * (year % 7) - d + 34) % 7
        return CivilDate(year: year, month: 4, day: 1).adding(days: d + e + 3)
    }
}
