/// Reads a shop's `open` and `close` texts, free Japanese text each shop writes, into
/// `OpeningHours`. It knows the forms the service's texts take: day ranges and lists (月～金,
/// 土・日, 月、水), 祝日 and 祝前日, several periods a day, hours past midnight (翌2:00, 26:00),
/// full-width digits and punctuation, line breaks, last-order notes, and closing days (日、祝日,
/// 無休, 不定休, 第2・4火曜日, 12月31日, 年末年始). Anything else gives nil: a guessed "open"
/// would send someone to a closed door.
public enum OpeningHoursParser {
    public static func parse(open: String, close: String) -> OpeningHours? {
        guard var hours = parseOpen(normalized(open)), addClosures(normalized(close), to: &hours) else { return nil }
        return hours.isEmpty ? nil : hours
    }

    // MARK: Text

    /// Full-width digits and punctuation as ASCII, every dash as ～, every space as one space,
    /// and last-order notes in brackets removed; nil when a bracket holds anything else (such
    /// as 土日は除く), which could change the hours.
    static func normalized(_ text: String) -> [Unicode.Scalar]? {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.unicodeScalars.count)
        var note: [Unicode.Scalar]? = nil
        for character in text.unicodeScalars {
            if (0xFF10...0xFF19).contains(character.value) {
                appendTo(&out, &note, Unicode.Scalar(character.value - 0xFF10 + 0x30)!)
                continue
            }
            switch character {
            case "（", "(", "【", "[": if note != nil { return nil }; note = []
            case "）", ")", "】", "]":
                guard let inside = note, isLastOrderNote(inside) else { return nil }
                note = nil
            case "：": appendTo(&out, &note, ":")
            case "〜", "~", "-", "－", "−", "–", "—", "～": appendTo(&out, &note, "～")
            case "，", ",", "､", "／", "/": appendTo(&out, &note, "、")
            case "．": appendTo(&out, &note, ".")
            case " ", "\u{3000}", "\t", "\n", "\r":
                if note == nil, out.last != " " { out.append(" ") }
            default: appendTo(&out, &note, character)
            }
        }
        return note == nil ? out : nil
    }

    private static func appendTo(_ out: inout [Unicode.Scalar], _ note: inout [Unicode.Scalar]?, _ character: Unicode.Scalar) {
        if note != nil { note!.append(character) } else { out.append(character) }
    }

    static func isLastOrderNote(_ text: [Unicode.Scalar]) -> Bool {
        (0..<text.count).contains { start in
            var scanner = Scanner(text)
            scanner.index = start
            return scanner.takeAny(Words.lastOrderNote)
        }
    }

    // MARK: open

    /// "DAYS: PERIODS DAYS: PERIODS …", or periods alone for every day.
    static func parseOpen(_ text: [Unicode.Scalar]?) -> OpeningHours? {
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
            for day in targets { hours[day] = (hours[day] ?? []) + periods }
            if days == nil, !scanner.atEnd, scanner.skipSpace(), !scanner.atEnd { return nil }
        }
        return hours
    }

    // MARK: close

    static func addClosures(_ text: [Unicode.Scalar]?, to hours: inout OpeningHours) -> Bool {
        guard let text else { return false }
        var scanner = Scanner(text)
        while scanner.skipSeparators(), !scanner.atEnd {
            if scanner.takeAny(Words.noClosures) {
                continue
            } else if scanner.takeAny(Words.irregular) {
                hours.irregularClosures = true
            } else if scanner.take(Words.newYear) {
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
            } else if !scanner.takeAny(Words.filler) {
                return false
            }
        }
        return true
    }

}

/// The words the texts are read by, made once: the parser looks for them at every position.
enum Words {
    static let noClosures = scalars(["年中無休", "無休", "なし", "無し", "無"])
    static let irregular = scalars(["不定休", "不定"])
    static let holidayEve = scalars(["祝前日", "祝日前日"])
    static let holiday = scalars(["祝祭日", "祝日", "祝"])
    static let lastOrder = scalars(["L.O.", "L.O", "LO", "ラストオーダー"])
    /// What makes a bracketed note a last order, which does not end the opening.
    static let lastOrderNote = scalars(["L.O", "LO", "l.o", "ラストオーダー", "オーダーストップ"])
    static let weekdaySuffix = scalars(["曜日", "曜"])
    /// Words around closing days that add nothing: 毎週, 定休日, だけお休みをいただきます…
    static let filler = scalars([
        "毎週", "定休日", "定休", "休業日", "休業", "店休日", "お休みをいただきます", "お休み", "休み", "をいただきます",
        "となっております", "となります", "です", "だけ", "のみ", "は", "。", "※",
    ])
    static let newYear = Array("年末年始".unicodeScalars)
    static let weekdays = Array("平日".unicodeScalars)
    static let everyDay = Array("毎日".unicodeScalars)

    private static func scalars(_ words: [String]) -> [[Unicode.Scalar]] { words.map { Array($0.unicodeScalars) } }
}

/// Reads tokens off the normalized text.
struct Scanner {
    let text: [Unicode.Scalar]
    var index = 0

    init(_ text: [Unicode.Scalar]) { self.text = text }

    var atEnd: Bool { index >= text.count }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard !atEnd, text[index] == scalar else { return false }
        index += 1
        return true
    }

    mutating func take(_ word: [Unicode.Scalar]) -> Bool {
        guard index + word.count <= text.count, text[index..<index + word.count].elementsEqual(word) else { return false }
        index += word.count
        return true
    }

    mutating func takeAny(_ words: [[Unicode.Scalar]]) -> Bool { words.contains { take($0) } }

    /// Skips spaces; true, so it can lead a condition.
    @discardableResult mutating func skipSpace() -> Bool {
        while !atEnd, text[index] == " " { index += 1 }
        return true
    }

    @discardableResult mutating func skipSeparators() -> Bool {
        while !atEnd, text[index] == " " || text[index] == "、" || text[index] == "・" || text[index] == "。" { index += 1 }
        return true
    }

    /// A run of digits as a number; nil for none, or for more than four (no hour, minute,
    /// day or year has more, and a longer run must not overflow).
    mutating func number() -> Int? {
        var value = 0, digits = 0
        while !atEnd, ("0"..."9").contains(text[index]) {
            if digits < 4 { value = value * 10 + Int(text[index].value - 0x30) }
            digits += 1; index += 1
        }
        return (1...4).contains(digits) ? value : nil
    }

    /// A day list: 月～金、祝前日 / 土・日・祝 / 平日 / 毎日; nil when none starts here.
    mutating func days() -> [OpeningHours.Day]? {
        let start = index
        var days: [OpeningHours.Day] = []
        while true {
            skipSpace()
            if takeAny(Words.holidayEve) {
                days.append(.holidayEve)
            } else if takeAny(Words.holiday) {
                days.append(.holiday)
            } else if take(Words.weekdays) {
                days += Weekday.mondayFirst.prefix(5).map { .weekday($0) }
            } else if take(Words.everyDay) {
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
            if !(take("、") || take("・")), atEnd || !Self.startsDay(text[index]) {
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
        guard takeAny(Words.lastOrder) else { return }
        _ = take(":")
        if time() == nil { index = save } else { skipSeparators() }
    }

    static func startsDay(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "月", "火", "水", "木", "金", "土", "日", "祝", "平", "毎": true
        default: false
        }
    }

    /// 月 / 月曜 / 月曜日.
    mutating func weekday() -> Weekday? {
        guard !atEnd else { return nil }
        let weekday: Weekday
        switch text[index] {
        case "月": weekday = .monday
        case "火": weekday = .tuesday
        case "水": weekday = .wednesday
        case "木": weekday = .thursday
        case "金": weekday = .friday
        case "土": weekday = .saturday
        case "日": weekday = .sunday
        default: return nil
        }
        index += 1
        _ = takeAny(Words.weekdaySuffix)
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
