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
                "keep only the shops open now, read from their hours; to fill the page, looks at up to \(OpenSearch.maxExamined) results (5 requests)"
        ),
        OptionSpec(
            "--open-at", kind: .value("TIME"),
            help: "keep only the shops open then, on their own clock: 19:30 (today), fri 19:30, 2026-11-23 12:00"),
        OptionSpec(
            "--open-for", kind: .value("DURATION"),
            help: "keep only the shops open now (or at --open-at) that stay open at least this long: 90m, 1h30m, 2h"),
        OptionSpec(
            "--include-unknown",
            help: "with --open-now/--open-at/--open-for, keep the shops whose hours cannot be read too (marked ?)"),
    ]

    /// The question every search answers: whether each shop is open now (or at --open-at), and
    /// whether to keep only those.
    static func question(_ parsed: ParsedArguments, now: Date) throws(UsageError) -> OpenQuestion {
        let at = parsed.value("--open-at")
        if at != nil, parsed.has("--open-now") { throw UsageError("--open-now and --open-at ask about two times; use one") }
        let openFor = try parsed.value("--open-for").map { text throws(UsageError) in try Self.duration(text) }
        let openOnly = at != nil || parsed.has("--open-now") || openFor != nil
        if parsed.has("--include-unknown"), !openOnly {
            throw UsageError(
                "--include-unknown keeps shops that --open-now, --open-at or --open-for would leave out; give one of them")
        }
        let asked = try at.map { text throws(UsageError) in try Self.moment(text, now: now) } ?? .now(now)
        return OpenQuestion(
            moment: asked, openOnly: openOnly, includeUnknown: parsed.has("--include-unknown"), openFor: openFor)
    }

    /// "90m", "1h30m", "2h": from a minute to a day.
    static func duration(_ text: String) throws(UsageError) -> OpenDuration {
        guard let duration = OpenDuration(text.trimmingCharacters(in: .whitespaces)) else {
            throw UsageError(
                "--open-for takes a duration from 1m to 24h such as 90m, 1h30m or 2h, not \(TerminalSafe.quoted(text))")
        }
        return duration
    }

    /// "19:30" today, "fri 19:30" (or 金 19:30) the next Friday from today, "2026-11-23 12:00":
    /// which day "today" is depends on the shops' clock, which the answer tells.
    static func moment(_ text: String, now: Date) throws(UsageError) -> OpenQuestion.Moment {
        let words = text.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        let problem = UsageError(
            "--open-at takes a time such as 19:30, fri 19:30 or 2026-11-23 12:00, not \(TerminalSafe.quoted(text))")
        guard let clock = words.last, let minute = minutes(clock), words.count <= 2 else { throw problem }
        guard words.count == 2 else { return .wallClock(day: .today, minute: minute, asked: now) }
        if let weekday = weekday(words[0]) { return .wallClock(day: .weekday(weekday), minute: minute, asked: now) }
        let parts = words[0].split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]), (2000...2099).contains(parts[0])
        else { throw problem }
        let date = JapanDate(year: parts[0], month: parts[1], day: parts[2])
        guard JapanDate(date.start) == date else { throw problem }  // 2026-02-30 is not a day
        return .wallClock(day: .date(date), minute: minute, asked: now)
    }

    /// "19:30" → 1170; nil unless hours 0–23 and minutes 0–59.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
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
