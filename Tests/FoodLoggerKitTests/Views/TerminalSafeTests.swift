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
    ])
    func lineEscapesWhatCouldMoveTheCursor(text: String, expected: String) {
        #expect(TerminalSafe.line(text) == expected, "escaped on one line")
    }

    @Test func quotedCutsLongValues() {
        let quoted = TerminalSafe.quoted(String(repeating: "x", count: 500))
        #expect(quoted.count == 62 && quoted.hasSuffix("…'"), "60 columns between the quotes, ending in …")
    }
}
