import Foundation
import TestSupport
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// A schedule in a line, to name each case's expected reading: the days that share periods,
/// then what closes it. "mon,tue 11:30-14:00 17:00-26:00; closed sun,hol; irregular".
func describe(_ hours: OpeningHours?) -> String? {
    guard let hours else { return nil }
    let names: [(OpeningHours.Day, String)] =
        Weekday.mondayFirst.map { (.weekday($0), String(describing: $0).prefix(3).lowercased()) } + [
            (.holiday, "hol"), (.holidayEve, "eve"),
        ]
    func time(_ minute: Int) -> String { String(format: "%02d:%02d", minute / 60, minute % 60) }
    var groups: [(days: [String], periods: String)] = []
    for (day, name) in names {
        guard let periods = hours[day] else { continue }
        let text = periods.map { "\(time($0.start))-\(time($0.end))" }.joined(separator: " ")
        if let index = groups.firstIndex(where: { $0.periods == text }) {
            groups[index].days.append(name)
        } else {
            groups.append(([name], text))
        }
    }
    var parts = groups.map { $0.days.joined(separator: ",") + " " + $0.periods }
    let closedDays =
        names.compactMap { day, name -> String? in
            if case .weekday(let weekday) = day, hours.closedWeekdays.contains(weekday) { return name }
            return nil
        } + (hours.closedOnHolidays ? ["hol"] : [])
    if !closedDays.isEmpty { parts.append("closed " + closedDays.joined(separator: ",")) }
    for nth in hours.closedNthWeekdays {
        parts.append(
            "closed \(nth.ordinals.map(String.init).joined(separator: ","))th \(String(describing: nth.weekday).prefix(3))")
    }
    if !hours.closedDates.isEmpty {
        parts.append("closed " + hours.closedDates.map { "\($0.month)/\($0.day)" }.joined(separator: ","))
    }
    if hours.closedAroundNewYear { parts.append("new year") }
    if hours.irregularClosures { parts.append("irregular") }
    if hours.closingDaysUnstated { parts.append("no closing days named") }
    return parts.joined(separator: "; ")
}

@Suite struct OpeningHoursParserTests {
    static let week = "mon,tue,wed,thu,fri,sat,sun"
    static let weekdays = "mon,tue,wed,thu,fri"

    /// Texts written for the project, one or more rules each; nil: must stay unknown.
    static let written: [(open: String, close: String, expected: String?)] = [
        ("月～金: 11:30～14:00 17:00～22:00", "土、日、祝日", "\(weekdays) 11:30-14:00 17:00-22:00; closed sat,sun,hol"),
        ("月～金：１１：３０～１４：００", "日", "\(weekdays) 11:30-14:00; closed sun"),
        ("月～土: 18:00～翌2:00", "日", "mon,tue,wed,thu,fri,sat 18:00-26:00; closed sun"),
        ("金、土: 18:00～26:00", "", "fri,sat 18:00-26:00"),
        ("月～日: 17:00～24:00", "なし", "\(week) 17:00-24:00"),
        ("月～日: 17:00～2:00", "無休", "\(week) 17:00-26:00"),
        ("土日祝: 11:00～21:00", "", "sat,sun,hol 11:00-21:00"),
        ("月・水・金: 11:00～15:00", "火、木", "mon,wed,fri 11:00-15:00; closed tue,thu"),
        ("金～月: 18:00～23:00", "", "mon,fri,sat,sun 18:00-23:00"),
        (
            "月～木: 17:00～23:00 金、土、祝前日: 17:00～翌1:00 日、祝日: 16:00～22:00", "不定休",
            "mon,tue,wed,thu 17:00-23:00; fri,sat,eve 17:00-25:00; sun,hol 16:00-22:00; irregular"
        ),
        ("月～金\n11:00～15:00\r\n17:00～22:00", "日曜日", "\(weekdays) 11:00-15:00 17:00-22:00; closed sun"),
        ("11:00～22:00 L.O.21:30", "年中無休", "\(week) 11:00-22:00"),
        ("11:00～14:00　17:00～22:00（ラストオーダー21:30）", "", "\(week) 11:00-14:00 17:00-22:00"),
        ("平日: 11:00～14:00", "土・日・祝", "\(weekdays) 11:00-14:00; closed sat,sun,hol"),
        ("毎日 11時～22時", "第2・4火曜日", "\(week) 11:00-22:00; closed 2,4th tue"),
        ("月～日: 11:00～22:00", "12月31日、1月1日", "\(week) 11:00-22:00; closed 12/31,1/1"),
        ("月～日: 11:00～22:00", "年末年始", "\(week) 11:00-22:00; new year"),
        ("月～土: 11:30～14:00", "毎週日曜日・祝日は定休日です。", "mon,tue,wed,thu,fri,sat 11:30-14:00; closed sun,hol"),
        ("火～日: 10:00～17:00", "月曜定休", "tue,wed,thu,fri,sat,sun 10:00-17:00; closed mon"),
        // Periods run together, as the service often writes them.
        ("11:30～14:3017:30～23:00", "", "\(week) 11:30-14:30 17:30-23:00"),
        ("月～金、祝前日: 11:30～14:3016:00～23:00土、日: 16:00～23:00", "", "\(weekdays),eve 11:30-14:30 16:00-23:00; sat,sun 16:00-23:00"),
        // Words around a clear rule, or instead of one, that name no day.
        ("月～日: 11:00～22:00", "年中無休で営業を行っております。お気軽にどうぞ", "\(week) 11:00-22:00"),
        ("月～日: 11:00～22:00", "※年中無休。お気軽にお問い合わせください", "\(week) 11:00-22:00"),
        ("月～日: 11:00～22:00", "365日営業！ご予約お待ちしております", "\(week) 11:00-22:00"),
        ("月～日: 11:00～22:00", "日曜定休（営業時間外のご宴会も承ります。お気軽にお電話ください）", "\(week) 11:00-22:00; closed sun"),
        ("月～日: 11:00～22:00", "お気軽にお問い合わせください", "\(week) 11:00-22:00; no closing days named"),
        ("月～日: 11:00～22:00", "日本酒が自慢のお店です", "\(week) 11:00-22:00; no closing days named"),
        ("月～日: 11:00～22:00", "無料Wi-Fiあり", "\(week) 11:00-22:00; no closing days named"),
        // Closings tied to dates.
        ("月～日: 11:00～22:00", "＜年中無休＞※1/1～1/3は除く", "\(week) 11:00-22:00; closed 1/1,1/2,1/3"),
        ("月～日: 11:00～22:00", "年末年始（12/31・1/1）", "\(week) 11:00-22:00; closed 12/31,1/1"),
        ("月～日: 11:00～22:00", "1/1から1/3まではお休み", "\(week) 11:00-22:00; closed 1/1,1/2,1/3"),
        ("月～日: 11:00～22:00", "年末31日から新年3日迄休業日", "\(week) 11:00-22:00; closed 12/31,1/1,1/2,1/3"),
        ("月～日: 11:00～22:00", "12月31日（火）～1月2日（木）までお休みさせて頂きます", "\(week) 11:00-22:00; closed 12/31,1/1,1/2"),
        ("月～日: 11:00～22:00", "元旦", "\(week) 11:00-22:00; closed 1/1"),
        // Unknown: open-ended, unread words, notes that change the hours, closures that depend.
        ("月～日: 11:00～22:00", "定休日未定", nil),
        ("月～日: 11:00～22:00", "ビルに準ずる", nil),
        ("月～日: 11:00～22:00", "ビル休館日あり", nil),
        ("月～日: 11:00～22:00", "土日は貸切営業", nil),
        ("月～日: 11:00～22:00", "年中無休（祝日の場合は翌日）", nil),
        ("月～日: 11:00～22:00", "年末年始の休業は1月1日～1月3日です。年内は12月31日まで営業", nil),
        ("月～日: 11:00～22:00", "営業時間は11:00～20:00の時短営業となります", nil),
        ("月～日: 11:00～22:00", "4/1～9/30", nil),
        ("月～日: 11:00～22:00", "12月31日は営業", nil),
        ("月～日: 11:00～22:00", "定休日", nil),
        ("月～日: 11:00～22:00", "。", "\(week) 11:00-22:00"),
        ("月～日: 11:00～22:00", "年中無休 日曜は17時まで", nil),
        ("月～日: 11:00～22:00", "無休※祝日は営業", nil),
        ("月～金: 11:00～", "", nil),
        ("ランチ 11:00～14:00 ディナー 17:00～22:00", "", nil),
        ("月～日: 11:00～22:00（土日は除く）", "", nil),
        ("月～日: 11:00～22:00", "月曜日（祝日の場合は翌日）", nil),
        ("月～日: 11:00～22:00", "祝日の翌日", nil),
        // Closed the day before a holiday: no periods that day, unless the open text gives some.
        ("月～土: 17:00～翌0:30", "日、祝日、祝前日", "mon,tue,wed,thu,fri,sat 17:00-24:30; eve ; closed sun,hol"),
        ("月～金、祝前日: 17:00～23:00", "祝前日", nil),
        ("月～日: 11:00～22:00", "年末年始：12月31日、1月1日お休みとなります。", "\(week) 11:00-22:00; closed 12/31,1/1"),
        ("月～日: 11:00～22:00 ※ランチは土日のみ", "", nil),
        ("24時間営業", "", nil),
        ("11:00～22:00 土: 12:00～20:00", "", nil),
        ("", "", nil),
        ("月～月: 11:00～22:00", "", nil),
        ("月～金: 11:00～10:00～12:00", "", nil),
        ("月～金: 25:00～27:00", "", nil),
        // A run of digits longer than any time must not overflow (found by the decoder fuzzer).
        ("月～金: 11111111111111111111111111:00～23:00", "", nil),
        ("11:00～23:00", "第99999999999999999999999火曜日", nil),
    ]

    @Test(arguments: written.indices)
    func writtenTexts(index: Int) {
        let text = Self.written[index]
        #expect(
            describe(OpeningHoursParser.parse(open: text.open, close: text.close)) == text.expected,
            "\(text.open) / \(text.close)")
    }

    /// Last orders in each form the texts write them, for this project: each period's food last
    /// order ("-" for none), in its day's minutes written as a clock (past midnight beyond 24:00).
    static let lastOrders: [(open: String, expected: String)] = [
        ("月～日: 11:00～23:00 （料理L.O. 22:00 ドリンクL.O. 22:15）", "22:00"),
        ("月～日: 11:00～23:00 （ドリンクL.O. 22:15 料理L.O. 22:00）", "22:00"),
        ("月～日: 11:00～23:00 （ドリンクL.O. 22:15）", "-"),
        ("11:00～22:00 ラストオーダー21:30", "21:30"),
        ("11:00～22:00 L.O.21:30", "21:30"),
        ("11:00～22:00 (L.O.21:30)", "21:30"),
        ("11:00～22:00（L.O.２１：３０）", "21:30"),
        ("11:00～22:00 料理L.O. 21:00 ドリンクL.O. 21:30", "21:00"),
        ("月～金: 11:30～14:30 （料理L.O. 14:00）17:00～23:00 （料理L.O. 22:30）", "14:00 22:30"),
        ("11:00～14:00　17:00～22:00（ラストオーダー21:30）", "- 21:30"),
        ("火～日: 19:00～翌4:00 （料理L.O. 翌3:00 ドリンクL.O. 翌3:30）", "27:00"),
        ("月～土: 18:00～翌2:00 （L.O.1:30）", "25:30"),
        // A last order outside its period is no last order of it.
        ("11:00～22:00 （L.O.23:30）", "-"),
        ("11:00～22:00", "-"),
    ]

    @Test func aTextHoldingTheNotesMarksIsNotRead() {
        // The marks a kept note goes between could hide words from the reader: such a text is unread.
        #expect(OpeningHoursParser.parse(open: "11:00～22:00 \u{E000}土日は休み", close: "") == nil)
    }

    @Test(arguments: lastOrders.indices)
    func lastOrdersInEachForm(index: Int) throws {
        // Given a text with (or without) last orders
        let text = Self.lastOrders[index]
        // When it is read
        let hours = try #require(OpeningHoursParser.parse(open: text.open, close: ""), "\(text.open) is read")
        // Then the first day with hours holds each period's food last order
        let day = try #require(Weekday.mondayFirst.lazy.compactMap { hours[.weekday($0)] }.first { !$0.isEmpty })
        let orders = day.map { $0.lastOrder.map { HoursText.clock($0) } ?? "-" }.joined(separator: " ")
        #expect(orders == text.expected, "\(text.open)")
    }

    /// The captures' texts, read where they lie (no real shop's text is copied here); each
    /// shop's expected reading is named by its id.
    static let captured: [String: String?] = [
        "J000727183": "mon,tue,wed,thu 11:45-22:30; fri,sat 11:45-23:00; sun 11:45-22:00; irregular",
        "J000406366": "mon,tue,wed,thu,fri,eve 11:30-14:30 17:00-23:00; sat,sun,hol 10:50-23:00",
        "J003497878": "tue,wed,thu 19:00-28:00; fri,sat,sun 18:00-28:00; closed mon",
        "J000969071": "\(week),hol,eve 17:00-24:00; closed 12/31,1/1",
        "J000673293":
            "mon,tue,wed,thu 17:00-23:00; fri,eve 17:00-24:00; sat 11:30-24:00; sun,hol 11:30-23:00",
        "J003498017": "tue,wed,thu,fri,sat,sun,hol,eve 17:00-23:00; closed mon",
        "J001264046": "\(weekdays) 10:30-16:00; sat,sun,hol 10:30-18:00; irregular",
        "J000397535": "\(week),hol,eve 11:00-23:00",
        "J001246257": "\(week),hol,eve 11:00-24:00",
        // Its close text is an invitation to call, which names no closing day: the hours decide.
        "J000406291": "\(week),hol,eve 11:00-20:00; no closing days named",
        "J000961590": "\(week),hol,eve 08:00-23:00",
    ]

    @Test(.enabled(if: Samples.isPresent, "needs the captures in ../shared/hotpepper/samples"))
    func capturedTexts() throws {
        var seen = 0
        for file in Samples.files("gourmet") {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            let shops = (object?["results"] as? [String: Any])?["shop"] as? [[String: Any]] ?? []
            for shop in shops {
                guard let id = shop["id"] as? String, let open = shop["open"] as? String else { continue }
                let expected = try #require(Self.captured[id], "a reading named for \(id)")
                #expect(
                    describe(OpeningHoursParser.parse(open: open, close: shop["close"] as? String ?? "")) == expected, "\(id)")
                seen += 1
            }
        }
        #expect(seen == Self.captured.count, "every captured shop read")
    }
}

/// Real `open`/`close` texts captured from the live service by others (Tests/Fixtures/hotpepper/hours,
/// sources in its README), each with what a careful reader decides at four moments. The parser
/// may say "unknown" where a reader decides, but never the opposite of the reader.
@Suite struct OpenNowCorpusTests {
    struct Corpus: Decodable {
        struct Text: Decodable {
            var source: Int
            var set: String
            var open: String
            var close: String
            var expected: [String: String]
        }
        var moments: [String: String]
        var texts: [Text]
    }

    /// How the parser fared at one moment over some texts.
    struct Tally: CustomStringConvertible {
        var decided = 0, unknown = 0, wrong = 0
        var unknownShare: Double { decided == 0 ? 0 : Double(unknown) / Double(decided) }
        var description: String {
            "\(unknown)/\(decided) unknown (\(Int((unknownShare * 100).rounded()))%), \(wrong) wrong"
        }
    }

    static func load() throws -> Corpus {
        try JSONDecoder().decode(Corpus.self, from: Fixtures.data("hours/open_close_texts.json"))
    }

    /// "2026-11-20T12:30+09:00" as a moment in Japan.
    static func moment(_ iso: String) throws -> OpeningHours.Moment {
        let parts = iso.prefix(16).split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        try #require(parts.count == 5, "a moment written as yyyy-mm-ddThh:mm: \(iso)")
        return OpeningHours.Moment(
            CivilTime(date: CivilDate(year: parts[0], month: parts[1], day: parts[2]), minute: parts[3] * 60 + parts[4]))
    }

    /// open, closed or unknown, as the fixture names them (closing soon is open).
    static func answer(_ text: Corpus.Text, at moment: OpeningHours.Moment) -> String {
        switch OpeningHoursParser.parse(open: text.open, close: text.close)?.status(at: moment) ?? .unknown {
        case .open, .closingSoon: "open"
        case .closed: "closed"
        case .unknown: "unknown"
        }
    }

    static func tally(_ texts: [Corpus.Text], at key: String, _ moment: OpeningHours.Moment) -> (Tally, [String]) {
        var tally = Tally()
        var wrong: [String] = []
        for text in texts {
            let expected = text.expected[key] ?? "unknown"
            guard expected != "unknown" else { continue }
            tally.decided += 1
            switch answer(text, at: moment) {
            case "unknown": tally.unknown += 1
            case expected: break
            case let got:
                tally.wrong += 1
                wrong.append("\(key): \(got), a reader says \(expected): \(text.open) / \(text.close)")
            }
        }
        return (tally, wrong)
    }

    @Test func theCorpusIsWhole() throws {
        // Given the fixture
        let corpus = try Self.load()
        // Then it holds 130 distinct texts or more, a held-out part, and an answer at every moment
        let distinct = Set(corpus.texts.map { $0.open + "\u{0}" + $0.close })
        #expect(distinct.count == corpus.texts.count && distinct.count >= 130, "distinct texts: \(distinct.count)")
        #expect(corpus.texts.filter { $0.set == "held-out" }.count >= 30, "a held-out part")
        for text in corpus.texts {
            #expect(Set(text.expected.keys) == Set(corpus.moments.keys), "every moment decided: \(text.open)")
            #expect(text.expected.values.allSatisfy { ["open", "closed", "unknown"].contains($0) }, "\(text.expected)")
        }
    }

    @Test func neverWrongAndMostlyDecided() throws {
        // Given the real texts and the moments a reader decided them at
        let corpus = try Self.load()
        var total = Tally()
        for key in corpus.moments.keys.sorted() {
            let moment = try Self.moment(corpus.moments[key]!)
            // When the parser answers at that moment
            var line = "\(key):"
            for set in ["tuning", "held-out"] {
                let (tally, wrong) = Self.tally(corpus.texts.filter { $0.set == set }, at: key, moment)
                // Then it never says the opposite of the reader
                #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
                line += " \(set) \(tally);"
            }
            let (all, _) = Self.tally(corpus.texts, at: key, moment)
            print("open-now coverage \(line) all \(all)")
            // and leaves at most 15% of the texts that decide the moment unknown
            #expect(all.unknownShare <= 0.15, "\(key): \(all)")
            total.decided += all.decided; total.unknown += all.unknown; total.wrong += all.wrong
        }
        print("open-now coverage over all moments: \(total)")
    }
}
