/// Reads an OSM `opening_hours` value into rules, by the grammar of the wiki's
/// Key:opening_hours/specification, with the bends real data makes to it (spaces anywhere,
/// lowercase, one-digit hours, `Mo-Fr:`). Anything else gives nil: the value is then unreadable,
/// never half read.
struct OSMOpeningHoursParser {
    enum Token: Equatable {
        case number(Int, digits: Int)
        case word(String)
        case comment
        case symbol(Character)
        case fallback
    }

    private let tokens: [Token]
    private var position = 0

    static func parse(_ value: String) -> [OSMOpeningHours.Rule]? {
        guard let tokens = tokenize(value), !tokens.isEmpty else { return nil }
        var parser = OSMOpeningHoursParser(tokens: tokens)
        return parser.rules()
    }

    private init(tokens: [Token]) { self.tokens = tokens }

    /// Whitespace only separates; the tokens alone tell `PH We` (both) from `PH,We` (either).
    static func tokenize(_ value: String) -> [Token]? {
        var tokens: [Token] = []
        var scalars = Array(value.unicodeScalars)[...]
        while let scalar = scalars.first {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{A0}":
                scalars.removeFirst()
            case "0"..."9":
                let digits = scalars.prefix { ("0"..."9").contains($0) }
                scalars.removeFirst(digits.count)
                guard digits.count <= 4, let number = Int(String(String.UnicodeScalarView(digits))) else { return nil }
                tokens.append(.number(number, digits: digits.count))
            case "a"..."z", "A"..."Z":
                let letters = scalars.prefix { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
                scalars.removeFirst(letters.count)
                tokens.append(.word(String(String.UnicodeScalarView(letters)).lowercased()))
            case "\"":
                scalars.removeFirst()
                guard let end = scalars.firstIndex(of: "\"") else { return nil }
                scalars = scalars[(end + 1)...]
                tokens.append(.comment)
            case "|":
                guard scalars.dropFirst().first == "|" else { return nil }
                scalars.removeFirst(2)
                tokens.append(.fallback)
            case "–", "—":  // dashes typed by word processors
                scalars.removeFirst()
                tokens.append(.symbol("-"))
            case "-", ",", ";", ":", "+", "/", "[", "]", "(", ")":
                scalars.removeFirst()
                tokens.append(.symbol(Character(scalar)))
            default:
                return nil
            }
        }
        return tokens
    }

    // MARK: - Rules

    private mutating func rules() -> [OSMOpeningHours.Rule]? {
        var rules: [OSMOpeningHours.Rule] = []
        var separator = OSMOpeningHours.Rule.Separator.normal
        while true {
            guard var rule = rule() else { return nil }
            rule.separator = separator
            rules.append(rule)
            switch next {
            case nil: return rules
            case .symbol(";"): separator = .normal
            case .symbol(","): separator = .additional
            case .fallback: separator = .fallback
            default: return nil
            }
            position += 1
            // A trailing ";" ends the value.
            if next == nil, separator == .normal { return rules }
        }
    }

    private mutating func rule() -> OSMOpeningHours.Rule? {
        var rule = OSMOpeningHours.Rule()
        let start = position
        if case .number(24, _) = next, peek(1) == .symbol("/"), case .number(7, _) = peek(2) {
            // `24/7`: no selectors, the whole day every day.
            position += 3
        } else {
            guard wideSelectors(into: &rule) else { return nil }
            if next == .symbol(":") { position += 1 }
            guard daySelector(into: &rule) else { return nil }
            // `Mo-Fr: 10:00-18:00`: a colon the grammar puts only after the wide selectors.
            if next == .symbol(":"), !rule.weekdays.isEmpty || !rule.holidays.isEmpty { position += 1 }
            if startsTime {
                var spans: [OSMOpeningHours.Span] = []
                repeat {
                    if !spans.isEmpty { position += 1 }
                    guard let span = span() else { return nil }
                    spans.append(span)
                } while next == .symbol(",") && startsTime(at: position + 1)
                rule.spans = spans
            }
        }
        if case .word(let word) = next, let kind = Self.kinds[word] {
            position += 1
            rule.kind = kind
        } else if next == .comment {
            rule.kind = .unknown
        }
        if next == .comment { position += 1 }
        // An empty rule (`;;`, a value that ends with `,`) is a typing slip, not a rule.
        return position > start ? rule : nil
    }

    private static let kinds: [String: OSMOpeningHours.Rule.Kind] = [
        "open": .open, "closed": .closed, "off": .closed, "unknown": .unknown,
    ]

    // MARK: - Wide selectors: years, months and dates, weeks

    private mutating func wideSelectors(into rule: inout OSMOpeningHours.Rule) -> Bool {
        if isYear(next), !startsMonthday(at: position) {
            repeat {
                if !rule.years.isEmpty { position += 1 }
                guard isYear(next), case .number(let from, _) = next else { return false }
                position += 1
                var range = OSMOpeningHours.NumberRange(from: from, to: from)
                if next == .symbol("+") {
                    position += 1
                    range.to = .max
                } else if next == .symbol("-"), isYear(peek(1)), case .number(let to, _) = peek(1) {
                    position += 2
                    range.to = to
                }
                guard stepped(&range) else { return false }
                rule.years.append(range)
            } while next == .symbol(",") && isYear(peek(1))
        }
        if startsMonthday(at: position) {
            repeat {
                if !rule.monthdays.isEmpty { position += 1 }
                guard let item = monthdayItem() else { return false }
                rule.monthdays.append(item)
            } while next == .symbol(",") && startsMonthday(at: position + 1)
        }
        if next == .symbol(":"), peek(1) == .word("week") { position += 1 }
        if next == .word("week") {
            position += 1
            repeat {
                if !rule.weeks.isEmpty { position += 1 }
                guard case .number(let from, _) = next, (1...53).contains(from) else { return false }
                position += 1
                var range = OSMOpeningHours.NumberRange(from: from, to: from)
                if next == .symbol("-"), case .number(let to, _) = peek(1), (1...53).contains(to) {
                    position += 2
                    range.to = to
                }
                guard stepped(&range) else { return false }
                rule.weeks.append(range)
            } while next == .symbol(",") && isNumber(peek(1))
        }
        return true
    }

    private mutating func stepped(_ range: inout OSMOpeningHours.NumberRange) -> Bool {
        guard next == .symbol("/") else { return true }
        guard case .number(let step, _) = peek(1), step > 0 else { return false }
        position += 2
        range.step = step
        return true
    }

    private func startsMonthday(at index: Int) -> Bool {
        switch token(at: index) {
        case .word(let word): Self.months[word] != nil || word == "easter"
        case let year where isYear(year):
            if case .word(let word) = token(at: index + 1) { Self.months[word] != nil || word == "easter" } else { false }
        default: false
        }
    }

    private mutating func monthdayItem() -> OSMOpeningHours.MonthdayRange? {
        guard let from = datePoint() else { return nil }
        // A month alone: `Apr`, `Nov-Feb`.
        if case .month(let year, let month) = from {
            guard next == .symbol("-"), case .word(let word) = peek(1), let to = Self.months[word],
                !startsDay(at: position + 2)
            else { return .months(year: year, from: month, to: month) }
            position += 2
            return .months(year: year, from: month, to: to)
        }
        guard case .day(let start) = from else { return nil }
        guard next == .symbol("-") else { return .dates(from: start, to: start) }
        position += 1
        // `Jan 23-31`: the end in the same month.
        if case .number(let day, _) = next, startsDay(at: position), case .fixed = start.day {
            position += 1
            var end = start
            end.day = .fixed(day)
            return .dates(from: start, to: end)
        }
        guard case .day(let end) = datePoint() else { return nil }
        return .dates(from: start, to: end)
    }

    private enum Point {
        case month(year: Int?, Int)
        case day(OSMOpeningHours.DatePoint)
    }

    /// `2012 Jan 23`, `Dec 24`, `Jan Su[2] +2 days`, `easter -2 days`, or a month alone.
    private mutating func datePoint() -> Point? {
        var year: Int?
        if isYear(next), case .number(let value, _) = next {
            year = value
            position += 1
        }
        var point = OSMOpeningHours.DatePoint(year: year, month: 1, day: .easter)
        if next == .word("easter") {
            position += 1
        } else {
            guard case .word(let word) = next, let month = Self.months[word] else { return nil }
            position += 1
            point.month = month
            if case .number(let day, _) = next, startsDay(at: position) {
                guard (1...31).contains(day) else { return nil }
                position += 1
                point.day = .fixed(day)
            } else if case .word(let word) = next, let weekday = Self.weekdays[word], peek(1) == .symbol("[") {
                position += 2
                guard let nth = nth(), nth.count == 1 else { return nil }
                point.day = .nth(weekday, nth[0])
            } else {
                return .month(year: year, month)
            }
        }
        point.offset = dayOffset() ?? 0
        return .day(point)
    }

    private func startsDay(at index: Int) -> Bool {
        guard case .number(_, let digits) = token(at: index), digits <= 2 else { return false }
        return !startsTime(at: index)
    }

    /// `+3 days`, `-1 day`.
    private mutating func dayOffset() -> Int? {
        guard case .symbol(let sign) = next, sign == "+" || sign == "-", case .number(let days, _) = peek(1),
            case .word(let unit) = peek(2), unit == "day" || unit == "days"
        else { return nil }
        position += 3
        return sign == "-" ? -days : days
    }

    // MARK: - Days of the week and holidays

    private mutating func daySelector(into rule: inout OSMOpeningHours.Rule) -> Bool {
        var groups = 0
        while startsDayItem(at: position) {
            groups += 1
            repeat {
                if next == .symbol(",") { position += 1 }
                guard dayItem(into: &rule) else { return false }
            } while next == .symbol(",") && startsDayItem(at: position + 1)
        }
        // `PH Mo-Fr` (a holiday that falls on a weekday) against `PH,Mo-Fr` (either).
        rule.daysIntersect = groups > 1
        return groups <= 2
    }

    private func startsDayItem(at index: Int) -> Bool {
        guard case .word(let word) = token(at: index) else { return false }
        return Self.weekdays[word] != nil || word == "ph" || word == "sh"
    }

    private mutating func dayItem(into rule: inout OSMOpeningHours.Rule) -> Bool {
        guard case .word(let word) = next else { return false }
        position += 1
        if word == "ph" || word == "sh" {
            rule.holidays.append(.init(school: word == "sh", offset: dayOffset() ?? 0))
            return true
        }
        guard let from = Self.weekdays[word] else { return false }
        if next == .symbol("[") {
            position += 1
            guard let nth = nth() else { return false }
            rule.weekdays.append(.nth(from, nth, offset: dayOffset() ?? 0))
            return true
        }
        var to = from
        if next == .symbol("-"), case .word(let word) = peek(1), let end = Self.weekdays[word] {
            position += 2
            to = end
        }
        rule.weekdays.append(.range(from, to))
        return true
    }

    /// After `[`: `1`, `-1`, `4,5`, `1-2`, up to `]`.
    private mutating func nth() -> [Int]? {
        var list: [Int] = []
        repeat {
            if !list.isEmpty { position += 1 }
            guard let from = signedNumber(), from != 0, (-5...5).contains(from) else { return nil }
            if from > 0, next == .symbol("-"), case .number(let to, _) = peek(1), (from...5).contains(to) {
                position += 2
                list += Array(from...to)
            } else {
                list.append(from)
            }
        } while next == .symbol(",")
        guard next == .symbol("]") else { return nil }
        position += 1
        return list
    }

    private mutating func signedNumber() -> Int? {
        var sign = 1
        if next == .symbol("-") {
            sign = -1
            position += 1
        }
        guard case .number(let value, _) = next else { return nil }
        position += 1
        return sign * value
    }

    // MARK: - Times

    private var startsTime: Bool { startsTime(at: position) }

    private func startsTime(at index: Int) -> Bool {
        switch token(at: index) {
        // `Jan 02: 18:00`: a day, then the colon after the dates, then a time.
        case .number(_, let digits):
            digits <= 2 && token(at: index + 1) == .symbol(":") && isNumber(token(at: index + 2))
                && token(at: index + 3) != .symbol(":")
        case .word(let word): OSMOpeningHours.SunEvent(rawValue: word) != nil
        case .symbol("("): true
        default: false
        }
    }

    private mutating func span() -> OSMOpeningHours.Span? {
        // A span starts by 24:00 at the latest; only its end may run into the next day.
        guard let start = time() else { return nil }
        if case .fixed(let minute) = start, minute > 1440 { return nil }
        var span = OSMOpeningHours.Span(start: start, end: nil, openEnd: false)
        if next == .symbol("-") {
            position += 1
            guard let end = time() else { return nil }
            span.end = end
        }
        if next == .symbol("+") {
            position += 1
            span.openEnd = true
        }
        // A point in time (`12:00`) or a repeating one (`10:00-16:00/01:30`) says nothing about
        // being open.
        guard span.end != nil || span.openEnd, next != .symbol("/") else { return nil }
        return span
    }

    private mutating func time() -> OSMOpeningHours.Time? {
        switch next {
        case .number(let hours, let digits) where digits <= 2:
            guard peek(1) == .symbol(":"), case .number(let minutes, 2) = peek(2), hours <= 48, minutes < 60 else {
                return nil
            }
            position += 3
            return .fixed(hours * 60 + minutes)
        case .word(let word):
            guard let event = OSMOpeningHours.SunEvent(rawValue: word) else { return nil }
            position += 1
            return .event(event, offset: 0)
        case .symbol("("):
            // `(sunrise+01:00)`
            guard case .word(let word) = peek(1), let event = OSMOpeningHours.SunEvent(rawValue: word),
                case .symbol(let sign) = peek(2), sign == "+" || sign == "-", case .number(let hours, _) = peek(3),
                peek(4) == .symbol(":"), case .number(let minutes, _) = peek(5), minutes < 60, peek(6) == .symbol(")")
            else { return nil }
            position += 7
            let offset = hours * 60 + minutes
            return .event(event, offset: sign == "-" ? -offset : offset)
        default:
            return nil
        }
    }

    // MARK: - Words

    private static let weekdays: [String: Weekday] = {
        var names: [String: Weekday] = [:]
        let spellings: [(Weekday, [String])] = [
            (.monday, ["mo", "mon", "monday"]), (.tuesday, ["tu", "tue", "tues", "tuesday"]),
            (.wednesday, ["we", "wed", "wednesday"]), (.thursday, ["th", "thu", "thur", "thurs", "thursday"]),
            (.friday, ["fr", "fri", "friday"]), (.saturday, ["sa", "sat", "saturday"]), (.sunday, ["su", "sun", "sunday"]),
        ]
        for (weekday, words) in spellings { for word in words { names[word] = weekday } }
        return names
    }()

    private static let months: [String: Int] = {
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0 + 1) })
    }()

    /// Four digits from 1900 on: a year, where `0800` is a time written without its colon.
    private func isYear(_ token: Token?) -> Bool {
        if case .number(let value, 4) = token { value >= 1900 } else { false }
    }

    private func isNumber(_ token: Token?) -> Bool {
        if case .number = token { true } else { false }
    }

    private var next: Token? { token(at: position) }
    private func peek(_ ahead: Int) -> Token? { token(at: position + ahead) }
    private func token(at index: Int) -> Token? { index < tokens.count ? tokens[index] : nil }
}
