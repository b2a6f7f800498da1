/// Reads a shop's `open` and `close` texts, free Japanese text each shop writes, into
/// `OpeningHours`. It knows the forms the service's texts take: day ranges and lists (月～金,
/// 土・日, 月、水), 祝日 and 祝前日, several periods a day, hours past midnight (翌2:00, 26:00),
/// full-width digits and punctuation, line breaks, last-order notes, and closing days (日、祝日,
/// 無休, 不定休, 第2・4火曜日, 12月31日, 年末年始). Anything else gives nil: a guessed "open"
/// would send someone to a closed door.
public enum OpeningHoursParser {
    public static func parse(open: String, close: String) -> OpeningHours? {
        guard var hours = parseOpen(normalized(open)), addClosures(normalized(close), to: &hours) else { return nil }
        return hours.periods.isEmpty ? nil : hours
    }

    // MARK: Text

    /// Full-width digits and punctuation as ASCII, every dash as ～, every space as one space,
    /// and last-order notes in brackets removed; nil when a bracket holds anything else (such
    /// as 土日は除く), which could change the hours.
    static func normalized(_ text: String) -> [Character]? {
        var out: [Character] = []
        var note: [Character]? = nil
        for character in text {
            if let digit = character.unicodeScalars.first?.value, (0xFF10...0xFF19).contains(digit) {
                appendTo(&out, &note, Character(UnicodeScalar(digit - 0xFF10 + 0x30)!))
                continue
            }
            switch character {
            case "（", "(", "【", "[": if note != nil { return nil }; note = []
            case "）", ")", "】", "]":
                guard let inside = note, isLastOrderNote(String(inside)) else { return nil }
                note = nil
            case "：": appendTo(&out, &note, ":")
            case "〜", "~", "-", "－", "−", "–", "—", "～": appendTo(&out, &note, "～")
            case "，", ",", "､", "／", "/": appendTo(&out, &note, "、")
            case "．": appendTo(&out, &note, ".")
            case _ where character.isWhitespace || character.isNewline:
                if note == nil, out.last != " " { out.append(" ") }
            default: appendTo(&out, &note, character)
            }
        }
        return note == nil ? out : nil
    }

    private static func appendTo(_ out: inout [Character], _ note: inout [Character]?, _ character: Character) {
        if note != nil { note!.append(character) } else { out.append(character) }
    }

    static func isLastOrderNote(_ text: String) -> Bool {
        let upper = text.uppercased()
        return upper.contains("L.O") || upper.contains("LO") || text.contains("ラストオーダー") || text.contains("オーダーストップ")
    }

    // MARK: open

    /// "DAYS: PERIODS DAYS: PERIODS …", or periods alone for every day.
    static func parseOpen(_ text: [Character]?) -> OpeningHours? {
        guard let text else { return nil }
        var scanner = Scanner(text)
        var hours = OpeningHours()
        var sawDays = false
        while scanner.skipSpace(), !scanner.atEnd {
            let days = scanner.days()
            if let days {
                guard !days.isEmpty else { return nil }
                sawDays = true
                _ = scanner.take(":")
            } else if sawDays {
                return nil  // periods without days after a day list: whose are they?
            }
            var periods: [OpeningHours.Period] = []
            while let period = scanner.period() {
                periods.append(period)
                scanner.skipSeparators()
                scanner.skipLastOrder()
            }
            guard !periods.isEmpty else { return nil }
            let targets: [OpeningHours.Day] = days ?? Weekday.allCases.map { .weekday($0) }
            for day in targets { hours.periods[day, default: []] += periods }
            if days == nil, !scanner.atEnd, scanner.skipSpace(), !scanner.atEnd { return nil }
        }
        return hours
    }

    // MARK: close

    static func addClosures(_ text: [Character]?, to hours: inout OpeningHours) -> Bool {
        guard let text else { return false }
        var scanner = Scanner(text)
        while scanner.skipSeparators(), !scanner.atEnd {
            if scanner.takeAny(["年中無休", "無休", "なし", "無し", "無"]) {
                continue
            } else if scanner.takeAny(["不定休", "不定"]) {
                hours.irregularClosures = true
            } else if scanner.take("年末年始") {
                hours.closedAroundNewYear = true
            } else if let date = scanner.monthDay() {
                hours.closedDates.append(date)
            } else if let nth = scanner.nthWeekday() {
                hours.closedNthWeekdays.append(nth)
            } else if let days = scanner.days(), !days.isEmpty {
                for day in days {
                    switch day {
                    case .weekday(let weekday): hours.closedWeekdays.insert(weekday)
                    case .holiday: hours.closedOnHolidays = true
                    case .holidayEve: return false  // closed the day before a holiday: rare, and easily misread
                    }
                }
            } else if !scanner.takeAny(filler) {
                return false
            }
        }
        return true
    }

    /// Words around closing days that add nothing: 毎週, 定休日, だけお休みをいただきます…
    static let filler = [
        "毎週", "定休日", "定休", "休業日", "休業", "店休日", "お休みをいただきます", "お休み", "休み", "をいただきます",
        "となっております", "となります", "です", "だけ", "のみ", "は", "。", "※",
    ]
}

/// Reads tokens off the normalized text.
struct Scanner {
    let text: [Character]
    var index = 0

    init(_ text: [Character]) { self.text = text }

    var atEnd: Bool { index >= text.count }

    mutating func take(_ word: String) -> Bool {
        let characters = Array(word)
        guard index + characters.count <= text.count, Array(text[index..<index + characters.count]) == characters else {
            return false
        }
        index += characters.count
        return true
    }

    mutating func takeAny(_ words: [String]) -> Bool { words.contains { take($0) } }

    /// Skips spaces; true, so it can lead a condition.
    @discardableResult mutating func skipSpace() -> Bool {
        while !atEnd, text[index] == " " { index += 1 }
        return true
    }

    @discardableResult mutating func skipSeparators() -> Bool {
        while !atEnd, [" ", "、", "・", "。"].contains(text[index]) { index += 1 }
        return true
    }

    mutating func number() -> Int? {
        var value = 0, digits = 0
        while !atEnd, let digit = text[index].wholeNumberValue, text[index].isASCII {
            value = value * 10 + digit; digits += 1; index += 1
        }
        return digits > 0 ? value : nil
    }

    /// A day list: 月～金、祝前日 / 土・日・祝 / 平日 / 毎日; nil when none starts here.
    mutating func days() -> [OpeningHours.Day]? {
        let start = index
        var days: [OpeningHours.Day] = []
        while true {
            skipSpace()
            if takeAny(["祝前日", "祝日前日"]) {
                days.append(.holidayEve)
            } else if takeAny(["祝祭日", "祝日", "祝"]) {
                days.append(.holiday)
            } else if take("平日") {
                days += Weekday.mondayFirst.prefix(5).map { .weekday($0) }
            } else if take("毎日") {
                days += Weekday.mondayFirst.map { .weekday($0) }
            } else if let first = weekday() {
                let save = index
                if take("～"), let last = weekday() {
                    guard let range = Self.weekdays(from: first, to: last) else { return [] }
                    days += range.map { .weekday($0) }
                } else {
                    index = save
                    days.append(.weekday(first))
                }
            } else {
                break
            }
            let save = index
            skipSpace()
            // Listed with 、 or ・, or run together (土日祝).
            if !(take("、") || take("・")), atEnd || !"月火水木金土日祝平毎".contains(text[index]) {
                index = save
                break
            }
        }
        if days.isEmpty { index = start; return nil }
        return days
    }

    /// A last order written outside brackets: L.O.21:30, LO 21:30, ラストオーダー21:30.
    mutating func skipLastOrder() {
        let save = index
        skipSpace()
        guard takeAny(["L.O.", "L.O", "LO", "ラストオーダー"]) else { return }
        _ = take(":")
        if time() == nil { index = save } else { skipSeparators() }
    }

    /// 月 / 月曜 / 月曜日.
    mutating func weekday() -> Weekday? {
        let names: [Character: Weekday] = [
            "月": .monday, "火": .tuesday, "水": .wednesday, "木": .thursday, "金": .friday, "土": .saturday, "日": .sunday,
        ]
        guard !atEnd, let weekday = names[text[index]] else { return nil }
        index += 1
        _ = takeAny(["曜日", "曜"])
        return weekday
    }

    static func weekdays(from first: Weekday, to last: Weekday) -> [Weekday]? {
        let order = Weekday.mondayFirst
        let from = order.firstIndex(of: first)!, to = order.firstIndex(of: last)!
        guard from != to else { return nil }
        return from < to ? Array(order[from...to]) : Array(order[from...] + order[...to])
    }

    /// 11:30～14:00, 17:00～翌2:00, 18:00～26:00, 11時～22時.
    mutating func period() -> OpeningHours.Period? {
        let save = index
        skipSpace()
        guard let start = time(), take("～"), let end = time() else {
            index = save
            return nil
        }
        let close = end <= start && end < 1440 ? end + 1440 : end
        guard start < 1440, close > start, close - start <= 1440, close <= 2880 else { return nil }
        return OpeningHours.Period(start: start, end: close)
    }

    /// Minutes from midnight; 翌 adds a day.
    mutating func time() -> Int? {
        skipSpace()
        let nextDay = take("翌")
        guard let hour = number() else { return nil }
        var minute = 0
        if take(":") || take("時") {
            if let value = number() { minute = value }
            _ = take("分")
        } else {
            return nil
        }
        guard hour <= 30, minute < 60 else { return nil }
        return (nextDay ? 1440 : 0) + hour * 60 + minute
    }

    /// 12月31日.
    mutating func monthDay() -> OpeningHours.MonthDay? {
        let save = index
        guard let month = number(), take("月"), let day = number(), take("日"), (1...12).contains(month), (1...31).contains(day)
        else {
            index = save
            return nil
        }
        return OpeningHours.MonthDay(month: month, day: day)
    }

    /// 第2・4火曜日 / 第1、第3月.
    mutating func nthWeekday() -> OpeningHours.NthWeekday? {
        let save = index
        var ordinals: [Int] = []
        while take("第") || (!ordinals.isEmpty && (take("・") || take("、"))) {
            _ = take("第")
            guard let ordinal = number(), (1...5).contains(ordinal) else { index = save; return nil }
            ordinals.append(ordinal)
        }
        guard !ordinals.isEmpty, let weekday = weekday() else { index = save; return nil }
        return OpeningHours.NthWeekday(ordinals: ordinals, weekday: weekday)
    }
}
