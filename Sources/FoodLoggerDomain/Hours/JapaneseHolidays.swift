/// Japan's national holidays (国民の祝日), computed from the Act on National Holidays as it
/// stands since 2007 rather than listed: fixed days, the Happy Monday days, the equinoxes, the
/// substitute holiday (振替休日) after a holiday on a Sunday, and the citizens' holiday (国民の
/// 休日) between two holidays. The moves for 2019's enthronement and the 2020/2021 Olympics are
/// the law's own exceptions. Meant for 2007–2099 (the equinox formula's range).
public enum JapaneseHolidays {
    public static func isHoliday(_ date: CivilDate) -> Bool {
        holidays(in: date.year).contains(date)
    }

    /// Every holiday of `year`, substitutes and citizens' holidays included.
    public static func holidays(in year: Int) -> Set<CivilDate> {
        var days = Set(national(in: year))
        // 振替休日: the first day after a Sunday holiday that is not a holiday itself.
        for holiday in days.sorted() where holiday.weekday == .sunday {
            var next = holiday.adding(days: 1)
            while days.contains(next) { next = next.adding(days: 1) }
            days.insert(next)
        }
        // 国民の休日: a day that is no national holiday itself, squeezed between two of them.
        let national = Set(national(in: year))
        for holiday in national {
            let between = holiday.adding(days: 1)
            if !national.contains(between), national.contains(between.adding(days: 1)) { days.insert(between) }
        }
        return days
    }

    /// The holidays the law names, before substitutes.
    static func national(in year: Int) -> [CivilDate] {
        func date(_ month: Int, _ day: Int) -> CivilDate { CivilDate(year: year, month: month, day: day) }
        func monday(_ month: Int, _ ordinal: Int) -> CivilDate {
            let first = date(month, 1)
            let offset = (Weekday.monday.rawValue - first.weekday.rawValue + 7) % 7
            return first.adding(days: offset + 7 * (ordinal - 1))
        }
        var days = [
            date(1, 1), monday(1, 2), date(2, 11), equinox(year, spring: true), date(4, 29), date(5, 3), date(5, 4),
            date(5, 5), monday(9, 3), equinox(year, spring: false), date(11, 3), date(11, 23),
        ]
        if year >= 2020 { days.append(date(2, 23)) } else if year <= 2018 { days.append(date(12, 23)) }
        switch year {
        case 2020: days += [date(7, 23), date(7, 24), date(8, 10)]  // Olympics: 海の日, スポーツの日, 山の日 moved
        case 2021: days += [date(7, 22), date(7, 23), date(8, 8)]
        default:
            days += [monday(7, 3), monday(10, 2)]
            if year >= 2016 { days.append(date(8, 11)) }
        }
        if year == 2019 { days += [date(5, 1), date(10, 22)] }  // the enthronement and its ceremony
        return days
    }

    /// 春分の日 / 秋分の日 by the formula the National Astronomical Observatory's dates follow
    /// for 1980–2099.
    static func equinox(_ year: Int, spring: Bool) -> CivilDate {
        let base = spring ? 20.8431 : 23.2488
        let day = Int(base + 0.242194 * Double(year - 1980)) - (year - 1980) / 4
        return CivilDate(year: year, month: spring ? 3 : 9, day: day)
    }
}
