/// Reads a shop's `open` and `close` texts, free Japanese text each shop writes, into
/// `OpeningHours`. It knows the forms the service's texts take: day ranges and lists (月～金,
/// 土・日, 月、水), 祝日 and 祝前日, several periods a day, written apart or back to back
/// (11:30～14:3017:00～23:00), hours past midnight (翌2:00, 26:00), full-width digits and
/// punctuation, line breaks, last-order notes, and closing days (日、祝日, 無休, 不定休, 第2・4火曜日,
/// 12月31日, 1/1～1/3, 元旦, 年末年始). A closing text is read sentence by sentence: words that name
/// no day, date or closure around a rule (an advertisement, an invitation to call) are passed
/// over; anything else it cannot read gives nil: a guessed "open" would send someone to a
/// closed door.
public enum OpeningHoursParser {
    public static func parse(open: String, close: String) -> OpeningHours? {
        // No `open` text, no hours, whatever `close` says: every place of a service without
        // these texts comes here, and reading the closing days alone cost ~30 k instructions.
        if open.allSatisfy(\.isWhitespace) { return nil }
        guard var hours = parseOpen(normalized(open, keepingNotes: true)), readClosings(close, into: &hours) else { return nil }
        return hours.isEmpty ? nil : hours
    }

    // MARK: Text

    /// Full-width digits and punctuation as ASCII, every dash as ～, every space as one space,
    /// and last-order notes in brackets removed (`keepingNotes`: kept between `Scanner.noteStart`
    /// and `noteEnd`, for their times); nil when a bracket holds anything else (such as
    /// 土日は除く), which could change the hours.
    static func normalized(_ text: String, keepingNotes: Bool = false) -> [Unicode.Scalar]? {
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
                if keepingNotes { out += [Scanner.noteStart] + inside + [Scanner.noteEnd] }
                note = nil
            // The marks kept notes are put between: a text that holds them is nobody's hours.
            case Scanner.noteStart, Scanner.noteEnd: return nil
            case "：": appendTo(&out, &note, ":")
            case "〜", "~", "-", "－", "−", "–", "—", "～": appendTo(&out, &note, "～")
            case "，", ",", "､": appendTo(&out, &note, "、")
            case "／", "/": appendTo(&out, &note, "/")
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
            while var period = scanner.period() {
                scanner.skipSeparators()
                period.lastOrder = scanner.lastOrder(closing: period)
                periods.append(period)
            }
            guard !periods.isEmpty else { return nil }
            let targets: [OpeningHours.Day] = days ?? Weekday.allCases.map { .weekday($0) }
            for day in targets { hours[day] = (hours[day] ?? []) + periods }
            if days == nil, !scanner.atEnd, scanner.skipSpace(), !scanner.atEnd { return nil }
        }
        return hours
    }

    // MARK: close

    /// Reads the close text one sentence at a time (split at 。, ！, ※, ★, brackets…). A sentence
    /// is a closing rule, a rule followed by words that name no day, or words that name no day
    /// at all (passed over); any other sentence makes the whole text unreadable. A text of
    /// nothing but such words sets `closingDaysUnstated`: the hours alone decide.
    static func readClosings(_ close: String, into hours: inout OpeningHours) -> Bool {
        var readRule = false, passedOver = false
        for sentence in sentences(close) {
            guard let text = normalized(sentence) else { return false }
            switch addClosures(text, to: &hours) {
            case .rule: readRule = true
            case .nothing: continue
            case .noDay: passedOver = true
            case .unread: return false
            }
        }
        // 年末年始（12/31・1/1）: the dates named are the new-year closing, the days around them open.
        if hours.closedAroundNewYear, !hours.closedDates.isEmpty { hours.closedAroundNewYear = false }
        hours.closingDaysUnstated = passedOver && !readRule
        return true
    }

    /// What one sentence of a close text gave: a closing rule (with harmless words after it),
    /// nothing but separators, only words that name no day, or words it cannot read.
    enum Sentence { case rule, nothing, noDay, unread }

    /// The sentences of a close text. A bracket holding a weekday alone (12月31日（火）) is dropped,
    /// so a date range written with weekdays stays one sentence.
    static func sentences(_ text: String) -> [String] {
        var sentences: [String] = [], current = "", bracket: String? = nil
        let (opening, closing, breaks) = (ClosingWords.sentenceOpeners, ClosingWords.sentenceClosers, ClosingWords.sentenceBreaks)
        func end() {
            if !current.isEmpty { sentences.append(current) }
            current = ""
        }
        for character in text {
            if bracket != nil {
                if closing.contains(character) {
                    if !isWeekdayName(bracket!) {
                        end()
                        sentences.append(bracket!)
                    }
                    bracket = nil
                } else {
                    bracket!.append(character)
                }
            } else if opening.contains(character) {
                bracket = ""
            } else if breaks.contains(character) {
                end()
            } else {
                current.append(character)
            }
        }
        if let bracket { current += bracket }
        end()
        return sentences
    }

    /// 火 / 火曜 / 火曜日.
    static func isWeekdayName(_ text: String) -> Bool {
        guard let first = text.first, "月火水木金土日".contains(first) else { return false }
        return ["", "曜", "曜日"].contains(String(text.dropFirst()))
    }

    /// One sentence of a close text. Words after 無休, 不定休 or 年末年始 are passed over when they
    /// name no day (年中無休で営業を行っております); after closing weekdays or dates they are not,
    /// since they may qualify them (土日は貸切営業, 12月31日は営業).
    static func addClosures(_ text: [Unicode.Scalar], to hours: inout OpeningHours) -> Sentence {
        var scanner = Scanner(text)
        var readRule = false, readDays = false
        func rest(from start: Int) -> Sentence {
            guard !readDays, !ClosingWords.nameADay(Array(text[start...])) else { return .unread }
            return readRule ? .rule : .noDay
        }
        while scanner.skipSeparators(), !scanner.atEnd {
            let start = scanner.index
            if scanner.takeAny(Words.noClosures) || scanner.takeAny(Words.irregular) {
                if Words.irregular.contains(where: { text[start...].starts(with: $0) }) { hours.irregularClosures = true }
                readRule = true
            } else if scanner.take(Words.none) {
                // 無 alone says "none" only as a word of its own, not in 無料.
                guard scanner.atBoundary else { return readRule ? .unread : rest(from: start) }
                readRule = true
            } else if scanner.take(Words.newYear) {
                _ = scanner.take("の")
                hours.closedAroundNewYear = true
                readRule = true
            } else if let dates = scanner.dates() {
                hours.closedDates += dates
                readRule = true
                readDays = true  // 12月31日は営業: words after a date may open it
            } else if let nth = scanner.nthWeekday() {
                hours.closedNthWeekdays.append(nth)
                readRule = true
                readDays = true
            } else if let days = scanner.days(), !days.isEmpty {
                // A weekday inside a word (日本酒) is no day: then the sentence is words.
                guard scanner.atBoundary else {
                    scanner.index = start
                    return readRule ? .unread : rest(from: start)
                }
                for day in days {
                    switch day {
                    case .weekday(let weekday): hours.closedWeekdays.insert(weekday)
                    case .holiday: hours.closedOnHolidays = true
                    case .holidayEve:
                        // Closed the day before a holiday: no periods that day. A shop that also gives
                        // hours for it contradicts itself.
                        if let periods = hours[.holidayEve], !periods.isEmpty { return .unread }
                        hours[.holidayEve] = []
                    }
                }
                readRule = true
                readDays = true
            } else if !scanner.takeAny(Words.filler) {
                return rest(from: start)
            }
        }
        // Closing words with no day (定休日, お休み alone) say nothing a reader could go by.
        guard !readRule, let first = text.firstIndex(where: { ![" ", "、", "・", "。", "/"].contains($0) }) else {
            return readRule ? .rule : .nothing
        }
        return rest(from: first)
    }

}

/// The words the texts are read by, made once: the parser looks for them at every position.
enum Words {
    /// Longest first: the scanner takes the first that matches.
    static let noClosures = scalars([
        "年中無休", "定休日御座いません", "定休日ございません", "定休日はございません", "定休日はありません", "毎日営業",
        "365日営業", "無休", "なし", "無し",
    ])
    /// 無 alone: none, when it stands as a word.
    static let none = Array("無".unicodeScalars)
    /// Closed on days the shop does not announce (臨時休業あり: now and then, unannounced).
    static let irregular = scalars(["不定休日", "不定休", "不定", "臨時休業"])
    static let holidayEve = scalars(["祝前日", "祝日前日"])
    static let holiday = scalars(["祝祭日", "祝日", "祝"])
    static let lastOrder = scalars(["L.O.", "L.O", "LO", "l.o.", "l.o", "ラストオーダー", "オーダーストップ"])
    /// Before a last order: whose it is. A drink's is not the food's last order.
    static let foodOrder = scalars(["お料理", "料理", "フード", "お食事", "食事", "FOOD", "Food", "food"])
    static let drinkOrder = scalars(["ドリンク", "お飲み物", "飲み物", "DRINK", "Drink", "drink"])
    /// What makes a bracketed note a last order, which does not end the opening.
    static let lastOrderNote = scalars(["L.O", "LO", "l.o", "ラストオーダー", "オーダーストップ"])
    static let weekdaySuffix = scalars(["曜日", "曜"])
    /// Words around closing days that add nothing: 毎週, 定休日, だけお休みをいただきます…
    static let filler = scalars([
        "毎週", "定休日", "定休", "休業日", "休業", "店休日", "お休みさせて頂きます", "お休みさせていただきます",
        "お休みをいただきます", "お休み", "休み", "をいただきます", "いただきます", "頂きます", "となっております", "となります", "です", "だけ", "のみ",
        "まで", "迄", "あり", "有り", "は", "。", "※", ":",
    ])
    static let newYear = Array("年末年始".unicodeScalars)
    static let weekdays = Array("平日".unicodeScalars)
    static let everyDay = Array("毎日".unicodeScalars)
    /// 元旦 and 元日: 1 January.
    static let newYearsDay = scalars(["元旦", "元日"])
    /// 年末31日から新年3日: the day numbers of the year's end and the new year's start.
    static let yearEnd = scalars(["年末"])
    static let yearStart = scalars(["新年", "年始", "年明け"])
    /// Between the two ends of a date range: 1/1～1/3, 1/1から1/3.
    static let rangeTo = scalars(["～", "から"])
    /// After dates that follow 年中無休: ＜年中無休＞※1/1～1/3は除く.
    static let except = scalars(["は除く", "を除く", "は除きます", "を除きます"])

    static func scalars(_ words: [String]) -> [[Unicode.Scalar]] { words.map { Array($0.unicodeScalars) } }
}

/// Whether words a close text holds besides its rules could name a day, a date or a closing:
/// those must be understood, or the text is unread. Everything else (an invitation to call,
/// an advertisement) says nothing about when the shop is shut.
enum ClosingWords {
    /// Words that name days, dates, closings, or conditions on them.
    static let signals = Words.scalars([
        "曜", "祝", "休", "年末", "年始", "正月", "元旦", "元日", "盆", "GW", "ゴールデン", "平日", "週", "毎月", "第", "末", "初",
        "除", "以外", "但し", "ただし", "場合", "臨時", "ビル", "館", "テナント", "準", "未定", "不定", "変更", "異な", "短縮", "時短",
        "閉店", "早め", "翌", "営業日", "連休", "期間", "祭", "季節", "施設", "曜",
    ])
    /// Words with a day or 休 in them that name no closing: 年中無休で休まず営業中, 誕生日・記念日に.
    static let harmless = Words.scalars(["休まず", "無休", "誕生日", "記念日", "当日", "本日", "毎日", "前日", "日本"])
    /// The marks `sentences` splits a close text at, made once: built for each call they cost
    /// about half of reading a short closing text.
    static let sentenceOpeners: Set<Character> = ["（", "(", "【", "[", "《", "≪", "＜", "<", "「", "『", "〔"]
    static let sentenceClosers: Set<Character> = ["）", ")", "】", "]", "》", "≫", "＞", ">", "」", "』", "〕"]
    static let sentenceBreaks: Set<Character> = [
        "。", "！", "!", "？", "?", "★", "☆", "◎", "■", "□", "◆", "◇", "●", "○", "♪", "※", "\n", "\r", "\r\n",
    ]

    static let weekdayMarks: Set<Unicode.Scalar> = ["月", "火", "水", "木", "金", "土", "日"]
    /// What follows a digit when it is part of a date or a time: 1月, 3日, 1/1, 17:00, 17時.
    static let dateMarks: Set<Unicode.Scalar> = ["月", "日", "/", ":", "時", "～", "曜", "."]

    static func nameADay(_ text: [Unicode.Scalar]) -> Bool {
        var text = text
        for word in harmless { text = removing(word, from: text) }
        for start in text.indices {
            var scanner = Scanner(text)
            scanner.index = start
            if scanner.takeAny(signals) { return true }
            let scalar = text[start]
            let next = start + 1 < text.count ? text[start + 1] : nil
            if ("0"..."9").contains(scalar), let next, dateMarks.contains(next) {
                // 3時間 is a length of time, not a moment.
                if next == "時", start + 2 < text.count, text[start + 2] == "間" { continue }
                return true
            }
            // A weekday standing as one (日は, 土日, 火・水, a text ending in 日), not inside a word (六本木の).
            if weekdayMarks.contains(scalar) {
                guard let next else { return true }
                if weekdayMarks.contains(next) || ["、", "・", "～", "/", "は", " ", "定"].contains(next) { return true }
                if start > 0, ["、", "・", "～", "/"].contains(text[start - 1]) { return true }
            }
        }
        return false
    }

    static func removing(_ word: [Unicode.Scalar], from text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = [], index = 0
        while index < text.count {
            if index + word.count <= text.count, text[index..<index + word.count].elementsEqual(word) {
                out.append(" ")
                index += word.count
            } else {
                out.append(text[index])
                index += 1
            }
        }
        return out
    }
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

    /// Where a closing day's name may end: the text's end, a separator, or a word such as
    /// は or 定休日 (not 本 of 日本酒).
    var atBoundary: Bool {
        guard !atEnd else { return true }
        if [" ", "、", "・", "/", "。"].contains(text[index]) { return true }
        return Words.filler.contains { text[index...].starts(with: $0) }
    }

    /// Around a last-order note kept in an `open` text: private-use scalars, which make a text
    /// that holds them unread.
    static let noteStart: Unicode.Scalar = "\u{E000}"
    static let noteEnd: Unicode.Scalar = "\u{E001}"

    /// Skips spaces, and last-order notes a period did not take; true, so it can lead a condition.
    @discardableResult mutating func skipSpace() -> Bool {
        while !atEnd {
            if text[index] == " " {
                index += 1
            } else if text[index] == Self.noteStart {
                index = (text[index...].firstIndex(of: Self.noteEnd) ?? text.count - 1) + 1
            } else {
                break
            }
        }
        return true
    }

    @discardableResult mutating func skipSeparators() -> Bool {
        while !atEnd, [" ", "、", "・", "。", "/"].contains(text[index]) { index += 1 }
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
            if !(take("、") || take("・") || take("/")), atEnd || !Self.startsDay(text[index]) {
                index = save
                break
            }
        }
        if days.isEmpty { index = start; return nil }
        return days
    }

    /// The last orders after `period`, in a note in brackets (（料理L.O. 22:00 ドリンクL.O. 22:30）)
    /// or written out (L.O.21:30, ラストオーダー21:30): the earliest for food within the period,
    /// in its minutes; nil for none, or for a drink's alone.
    mutating func lastOrder(closing period: OpeningHours.Period) -> Int? {
        var orders: [(time: Int, food: Bool)] = []
        if take(Self.noteStart) {
            let end = text[index...].firstIndex(of: Self.noteEnd) ?? text.count
            var note = Scanner(Array(text[index..<end]))
            index = min(end + 1, text.count)
            // A note may hold other words: look for last orders at every position.
            while !note.atEnd {
                if let order = note.writtenLastOrder() { orders.append(order) } else { note.index += 1 }
            }
        } else {
            while let order = writtenLastOrder() { orders.append(order) }
        }
        return orders.filter(\.food).map { $0.time < period.start ? $0.time + 1440 : $0.time }
            .filter { $0 > period.start && $0 <= period.end }.min()
    }

    /// One last order here (料理L.O. 22:00, ドリンクL.O.22:30, L.O.21:30, ラストオーダー 21:30), and
    /// whether it is the food's; nil, reading nothing, when none starts here.
    mutating func writtenLastOrder() -> (time: Int, food: Bool)? {
        let save = index
        skipSpace()
        let drink = takeAny(Words.drinkOrder)
        if !drink { _ = takeAny(Words.foodOrder) }
        guard takeAny(Words.lastOrder) else { index = save; return nil }
        _ = take(".")
        _ = take(":")
        guard let time = time() else { index = save; return nil }
        skipSeparators()
        return (time, !drink)
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
        if take(":") {
            // Always two digits: 14:3017:00 is 14:30 then 17:00, as the service often runs them together.
            guard let value = twoDigits() else { return nil }
            minute = value
        } else if take("時") {
            if let value = number() { minute = value }
            _ = take("分")
        } else {
            return nil
        }
        guard hour <= 30, minute < 60 else { return nil }
        return (nextDay ? 1440 : 0) + hour * 60 + minute
    }

    /// Two digits as a number (a minute).
    mutating func twoDigits() -> Int? {
        guard index + 1 < text.count, ("0"..."9").contains(text[index]), ("0"..."9").contains(text[index + 1]) else { return nil }
        defer { index += 2 }
        return Int(text[index].value - 0x30) * 10 + Int(text[index + 1].value - 0x30)
    }

    /// 12月31日 / 12/31 / 元旦; `month` alone for 年末31日 and 新年3日.
    mutating func monthDay(month: Int? = nil) -> OpeningHours.MonthDay? {
        let save = index
        if month == nil, takeAny(Words.newYearsDay) { return OpeningHours.MonthDay(month: 1, day: 1) }
        var month = month
        if month == nil {
            if takeAny(Words.yearEnd) {
                month = 12
                _ = take("の")
            } else if takeAny(Words.yearStart) {
                month = 1
            }
        }
        let first = number()
        let value: (Int, Int)?
        if let month, let day = first, take("日") {
            value = (month, day)
        } else if let first, take("月") || take("/"), let day = number() {
            _ = take("日")
            value = (first, day)
        } else {
            value = nil
        }
        guard let (month, day) = value, (1...12).contains(month), (1...31).contains(day) else {
            index = save
            return nil
        }
        return OpeningHours.MonthDay(month: month, day: day)
    }

    /// A date, or a range of them (12月31日～1月3日, 1/1から1/3まで, 1月1日～2日, 年末31日から新年3日),
    /// each day of it; nil for none, or for a range longer than two weeks, which is a season
    /// rather than a closing.
    mutating func dates() -> [OpeningHours.MonthDay]? {
        let save = index
        guard let first = monthDay() else { return nil }
        let afterFirst = index
        guard takeAny(Words.rangeTo) else { _ = takeAny(Words.except); return [first] }
        // The end: a full date, or a day of the first one's month (1月1日～2日).
        guard let last = monthDay() ?? monthDay(month: first.month) else {
            index = afterFirst
            return [first]
        }
        var days: [OpeningHours.MonthDay] = [first]
        var day = CivilDate(year: 2001, month: first.month, day: first.day)  // 2001: no 29 February to trip on
        while days.last != last {
            day = day.adding(days: 1)
            days.append(OpeningHours.MonthDay(month: day.month, day: day.day))
            if days.count > 14 {
                index = save
                return nil
            }
        }
        _ = takeAny(Words.except)
        return days
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
