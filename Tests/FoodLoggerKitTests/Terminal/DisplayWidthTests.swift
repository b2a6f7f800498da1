import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("東京駅", 6), ("ﾒﾄﾛ", 3), ("ＡＢ", 4), ("カフェ☕", 8), ("が", 2), ("e\u{301}", 1),
        ("👍🏽", 2), ("\u{1B}", 0), ("", 0), ("…", 1),
        // Printable ASCII is counted a byte a column; a control or DEL among it is not a column.
        ("Bench Diner No. 7", 17), ("a\tb", 2), ("a\u{7F}b", 2), ("\r\n", 0), ("abc e\u{301}", 5), ("ab東", 4),
        // Plain scalars a column or two each; a combining kana mark or a soft hyphen among them is counted by cluster.
        ("らーめん 一番 3号店", 19), ("Café ©", 6), ("か\u{3099}き", 4), ("a\u{AD}b", 2), ("〜「」", 6),
    ])
    func widths(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected, "\(text) should be \(expected) columns")
    }

    @Test func truncateCutsByColumnsAndAddsAnEllipsis() {
        #expect(DisplayWidth.truncate("東京駅八重洲口", to: 7) == "東京駅…", "3 wide characters and the ellipsis")
        #expect(DisplayWidth.truncate("東京駅", to: 6) == "東京駅", "fits exactly")
        #expect(DisplayWidth.truncate("abcdef", to: 4) == "abc…", "ascii")
        #expect(DisplayWidth.truncate("らーめん 一番", to: 8) == "らーめ…", "plain text cut by scalars")
        #expect(
            DisplayWidth.truncate("か\u{3099}か\u{3099}か\u{3099}", to: 5) == "か\u{3099}か\u{3099}…",
            "never between a kana and its mark")
        #expect(DisplayWidth.of(DisplayWidth.truncate("東京駅八重洲口", to: 6)) <= 6, "never wider than asked")
    }

    @Test func padAddsColumnsNotCharacters() {
        #expect(DisplayWidth.pad("東京", to: 6) == "東京  ", "two wide characters plus two spaces")
        #expect(DisplayWidth.pad("12", to: 4, alignRight: true) == "  12", "right aligned")
    }

    @Test func wrapBreaksAtSpacesOrAnywhereInJapanese() {
        #expect(DisplayWidth.wrap("open late every day", to: 10) == ["open late", "every day"], "at spaces")
        #expect(DisplayWidth.wrap("月曜日から金曜日まで", to: 8) == ["月曜日か", "ら金曜日", "まで"], "anywhere in Japanese")
        #expect(DisplayWidth.wrap("a\nb", to: 10) == ["a", "b"], "keeps line breaks")
        #expect(
            DisplayWidth.wrap("© OpenStreetMap contributors (https://www.openstreetmap.org/copyright)", to: 30)
                == ["© OpenStreetMap contributors", "(https://www.openstreetmap.org/copyright)"],
            "an address too long for a line goes whole on its own, never cut")
        for line in DisplayWidth.wrap("東京駅 八重洲北口から徒歩3分 the long road", to: 9) {
            #expect(DisplayWidth.of(line) <= 9, "'\(line)' fits 9 columns")
        }
    }
}

extension DisplayWidthTests {
    @Test func wrapKeepsTheSpaceAfterACarriedWord() {
        #expect(DisplayWidth.wrap("works without a centre", to: 13) == ["works without", "a centre"], "break at the space")
        #expect(DisplayWidth.wrap("aa bbbbbb c", to: 8) == ["aa", "bbbbbb c"], "the space between carried words stays")
        #expect(
            DisplayWidth.wrap("after a network error, HTTP 5xx", to: 22) == ["after a network error,", "HTTP 5xx"],
            "a line filled exactly breaks at the next space")
        #expect(DisplayWidth.wrap("abc def", to: 3) == ["abc", "def"], "the space at the break goes")
    }
}
