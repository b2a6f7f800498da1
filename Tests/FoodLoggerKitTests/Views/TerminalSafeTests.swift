import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct TerminalSafeTests {
    @Test(arguments: [
        ("plain 渋谷 ramen 🍜", "plain 渋谷 ramen 🍜"),
        ("two\nlines", "two\\nlines"), ("cr\r\ttab", "cr\\r\\ttab"),
        ("\u{1B}[2Jclear", "\\u{1B}[2Jclear"), ("bell\u{07}", "bell\\u{7}"),
        ("next\u{85}line", "next\\u{85}line"), ("sep\u{2028}", "sep\\u{2028}"),
        ("\u{202E}reversed", "\\u{202E}reversed"), ("👩\u{200D}🍳", "👩\u{200D}🍳"),
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
        ("soft\u{AD}hyphen", "soft\u{AD}hyphen"), ("non\u{200C}joiner", "non\u{200C}joiner"),
        ("zero\u{200B}width", "zero\\u{200B}width"),
    ])
    func lineEscapesWhatCouldMoveTheCursor(text: String, expected: String) {
        #expect(TerminalSafe.line(text) == expected, "escaped on one line")
    }

    @Test func quotedCutsLongValues() {
        let quoted = TerminalSafe.quoted(String(repeating: "x", count: 500))
        #expect(quoted.count == 62 && quoted.hasSuffix("…'"), "60 columns between the quotes, ending in …")
    }

    @Test func textKeepsEveryKindOfLineBreakAsABreakAndTabsAsSpaces() {
        #expect(TerminalSafe.text("a\r\nb\rc\u{2028}d\u{85}e\tf\u{1B}[2J") == "a\nb\nc\nd\ne f\\u{1B}[2J")
    }

    @Test func dataKeepsLineEndsAndTabsAndEscapesTheRest() {
        let text = "a\r\nb\nc\td\re\u{1B}]52;c;Zm9v\u{7}\u{9B}\u{202E}\u{7F}"
        #expect(TerminalSafe.data(text) == "a\r\nb\nc\td\\re\\u{1B}]52;c;Zm9v\\u{7}\\u{9B}\\u{202E}\\u{7F}")
        #expect(TerminalSafe.data("渋谷 🍜\n") == "渋谷 🍜\n", "plain text as it is")
    }
}
