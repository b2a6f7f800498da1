import Foundation
import FoodLoggerDomain

/// --open-now, --open-at, --open-for and --include-unknown: the moment to ask about, and for how
/// long the shops must stay open then. --open-at is a time on
/// the clock where the shops are (Japan's for HOT PEPPER, the area's zone for OpenStreetMap),
/// whatever the machine's clock says.
enum OpenAtOption {
    static let specs: [OptionSpec] = [
        OptionSpec(
            "--open-now",
            help:
                "keep only the places open now, read from their hours, among all the search finds (up to \(Provider.hotpepper.reach(withKeyword: false)) places a service)"
        ),
        OptionSpec(
            "--open-at", kind: .value("TIME"),
            help:
                "keep only the shops open then, on their own clock: 19:30 or 7:30pm (today), tomorrow 12:00, fri 19:30, 2026-11-23 12:00; or an instant as --json writes one: 2026-11-23T12:00+09:00"
        ),
        OptionSpec(
            "--open-for", kind: .value("DURATION"),
            help: "keep only the shops open now (or at --open-at) that stay open at least this long: 90m, 1h30m, 1h30, 1.5h, 2h"),
        OptionSpec(
            "--include-unknown",
            help:
                "with --open-now/--open-at/--open-for (and always in pick), keep the places whose hours are unknown too (marked ?)"
        ),
    ]

    /// The question every search answers: whether each shop is open now (or at --open-at), and
    /// whether to keep only those. `choosesOpen`: the command keeps only open places anyway
    /// (pick), so --include-unknown needs no other open option there.
    static func question(_ parsed: ParsedArguments, now: Date, choosesOpen: Bool = false) throws(UsageError) -> OpenQuestion {
        let at = parsed.value("--open-at")
        if at != nil, parsed.has("--open-now") { throw UsageError("--open-now and --open-at ask about two times; use one") }
        let openFor = try parsed.value("--open-for").map { text throws(UsageError) in try Self.duration(text) }
        let openOnly = at != nil || parsed.has("--open-now") || openFor != nil
        if parsed.has("--include-unknown"), !openOnly, !choosesOpen {
            throw UsageError(
                "--include-unknown keeps shops that --open-now, --open-at or --open-for would leave out; give one of them")
        }
        let asked = try at.map { text throws(UsageError) in try Self.moment(text, now: now) } ?? .now(now)
        return OpenQuestion(
            moment: asked, openOnly: openOnly, includeUnknown: parsed.has("--include-unknown"), openFor: openFor)
    }

    /// "90m", "1h30m", "1h30", "1.5h", "2h": from a minute to a day.
    static func duration(_ text: String) throws(UsageError) -> OpenDuration {
        guard let duration = OpenDuration(text.trimmingCharacters(in: .whitespaces)) else {
            throw UsageError(
                "--open-for takes a duration from 1m to 24h such as 90m, 1h30, 1.5h or 2h, not \(TerminalSafe.quoted(text))")
        }
        return duration
    }

    /// "19:30" or "7:30pm" today, "tomorrow 12:00", "fri 19:30" (or 金 19:30) the next Friday from
    /// today, "2026-11-23 12:00": which day "today" is depends on the shops' clock, which the
    /// answer tells.
    static func moment(_ text: String, now: Date) throws(UsageError) -> OpenQuestion.Moment {
        // ISO 8601 with an offset, as the JSON's open_at and closes_at are written: an instant,
        // which each shop reads on its own clock.
        if let instant = instant(text) { return .now(instant) }
        // ISO's `2026-11-23T12:00`: a T between digits only, so Tue and Thu keep theirs.
        let spaced = text.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: #"(?<=[0-9])T(?=[0-9])"#, with: " ", options: .regularExpression)
            // ISO's seconds (`12:00:00`) say no more than the minute.
            .replacingOccurrences(of: #"(?<=[0-9]:[0-9]{2}):00$"#, with: "", options: .regularExpression)
        var words = spaced.split(separator: " ").map(String.init)
        // "7:30 pm": the half of the day belongs to the time before it.
        if words.count > 1, let half = words.last, ["am", "pm"].contains(half.lowercased()) {
            words.removeLast()
            words[words.count - 1] += half
        }
        let problem = UsageError(
            "--open-at takes a time such as 19:30, 7:30pm, tomorrow 12:00, fri 19:30 or 2026-11-23 12:00, not \(TerminalSafe.quoted(text))"
        )
        guard let clock = words.last, let minute = minutes(clock), words.count <= 2 else { throw problem }
        guard words.count == 2 else { return .wallClock(day: .today, minute: minute, asked: now) }
        switch words[0].lowercased() {
        case "today", "今日": return .wallClock(day: .today, minute: minute, asked: now)
        case "tomorrow", "明日": return .wallClock(day: .tomorrow, minute: minute, asked: now)
        default: break
        }
        if let weekday = weekday(words[0]) { return .wallClock(day: .weekday(weekday), minute: minute, asked: now) }
        let parts = words[0].split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]), (2000...2099).contains(parts[0])
        else { throw problem }
        let date = CivilDate(year: parts[0], month: parts[1], day: parts[2])
        guard date.adding(days: 0) == date else { throw problem }  // 2026-02-30 is not a day
        return .wallClock(day: .date(date), minute: minute, asked: now)
    }

    /// "2026-11-23T19:30+09:00", "2026-11-23T10:30:00Z": ISO 8601's date and time with an offset
    /// (seconds allowed), the instant it names; nil for any other text.
    static func instant(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard
            trimmed.range(
                of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?(Z|[+-][0-9]{2}:?[0-9]{2})$"#,
                options: .regularExpression) != nil
        else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: trimmed) { return date }
        // Without seconds: the minute's first.
        guard let minute = trimmed.range(of: #"(?<=T[0-9]{2}:[0-9]{2})"#, options: .regularExpression) else { return nil }
        var seconds = trimmed
        seconds.insert(contentsOf: ":00", at: minute.lowerBound)
        return formatter.date(from: seconds)
    }

    /// "19:30" → 1170, "7:30pm" → 1170, "7pm" → 1140, "12am" → 0; nil unless a 24-hour time
    /// (hours 0–23) or a 12-hour one (1–12, am or pm), with minutes 0–59.
    static func minutes(_ text: String) -> Int? {
        let lower = text.lowercased()
        let half = ["am", "pm"].first { lower.hasSuffix($0) }
        let clock = half.map { _ in String(lower.dropLast(2)) } ?? lower
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        let digits = { (part: Substring) in !part.isEmpty && part.count <= 2 && part.allSatisfy { $0.isASCII && $0.isNumber } }
        // "19" alone is no time; "7pm" is.
        guard parts.allSatisfy(digits), parts.count == 2 || (parts.count == 1 && half != nil), let hour = Int(parts[0])
        else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) ?? 60 : 0
        guard parts.count == 1 || parts[1].count == 2, (0...59).contains(minute) else { return nil }
        guard let half else { return (0...23).contains(hour) ? hour * 60 + minute : nil }
        guard (1...12).contains(hour) else { return nil }
        return (hour % 12 + (half == "pm" ? 12 : 0)) * 60 + minute
    }

    static func weekday(_ word: String) -> Weekday? {
        let names: [(Weekday, [String])] = [
            (.monday, ["mon", "monday", "月"]), (.tuesday, ["tue", "tuesday", "火"]), (.wednesday, ["wed", "wednesday", "水"]),
            (.thursday, ["thu", "thursday", "木"]), (.friday, ["fri", "friday", "金"]), (.saturday, ["sat", "saturday", "土"]),
            (.sunday, ["sun", "sunday", "日"]),
        ]
        return names.first { $0.1.contains(word.lowercased()) }?.0
    }
}
