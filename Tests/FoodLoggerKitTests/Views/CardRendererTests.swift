import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite("CardRenderer")
struct CardRendererTests {
    @Test("titled sections indent further; long values hang under their first line; empty sections vanish")
    func layout() {
        let card = TextCard(
            title: "Shop", subtitle: "しょっぷ",
            sections: [
                .init(fields: [.init("Hours", "Mon to Fri 11:30 to 14:00 and 17:00 to 22:00")]),
                .init(title: "Empty", fields: []),
                .init(title: "Amenities", fields: [.init("Wi-Fi", "yes"), .init("Private room", "yes — 個室あり")]),
            ])

        let lines = CardRenderer.render(card, width: 34)

        #expect(
            lines == [
                "Shop",
                "しょっぷ",
                "  Hours  Mon to Fri 11:30 to 14:00",
                "         and 17:00 to 22:00",
                "Amenities",
                "    Wi-Fi         yes",
                "    Private room  yes — 個室あり",
            ], "labels in a column, the Hours value wrapped under itself at 34 columns")
    }

    @Test("a label longer than the label column puts its value on the next line")
    func longLabel() {
        let label = String(repeating: "L", count: CardRenderer.maxLabelWidth + 1)
        let card = TextCard(title: "T", sections: [.init(fields: [.init("Short", "a"), .init(label, "b")])])

        let lines = CardRenderer.render(card, width: 80)

        #expect(lines == ["T", "  Short  a", "  " + label, "         b"], "the long label alone, its value indented")
    }

    @Test("no line is wider than the terminal, even where the labels leave too little room")
    func narrowTerminal() {
        let card = TextCard(
            title: "T",
            sections: [
                .init(
                    title: "Amenities",
                    fields: [
                        .init("All-you-can-drink", "yes"), .init("Private room", "yes — 4～10名様の個室3部屋と座敷"),
                    ])
            ])

        let lines = CardRenderer.render(card, width: 30)

        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 30 }, "within 30 columns: \(lines)")
        #expect(
            lines == [
                "T", "Amenities", "    All-you-can-drink  yes", "    Private room",
                "      yes — 4～10名様の個室3部",
                "      屋と座敷",
            ], "a short value beside its label, a long one under it: \(lines)")
    }

    @Test("a web address is never split: beside its label when it fits, else on a line of its own")
    func addresses() {
        let url = "https://stub.foodlogger.invalid/shops/J900000001/coupon/sp/"
        let card = TextCard(
            title: "T", sections: [.init(title: "Links", fields: [.init("Page", "https://x.invalid/"), .init("Coupon", url)])])

        #expect(
            CardRenderer.render(card, width: 40) == ["T", "Links", "    Page    https://x.invalid/", "    Coupon", url],
            "the long one whole, alone on its line")
        #expect(CardRenderer.render(card, width: 100).last == "    Coupon  " + url, "beside its label when it fits")
    }

    @Test("bold titles only when asked")
    func bold() {
        let lines = CardRenderer.render(TextCard(title: "T", sections: []), width: 80, bold: true)
        #expect(lines == ["\u{1B}[1mT\u{1B}[0m"], "the title in bold")
    }

    @Test("wrapping keeps words whole when a line fills up right at a space")
    func wrapAtSpace() {
        #expect(DisplayWidth.wrap("no key needed", to: 6) == ["no key", "needed"], "no words glued together")
    }

    @Test("the service's text keeps its line breaks and nothing else that could move the cursor")
    func controlCharactersAreShownNotObeyed() {
        let card = TextCard(
            title: "Shop\u{1B}]0;title\u{07}", subtitle: "\u{1B}[2J",
            sections: [.init(fields: [.init("Address", "東京都\r\n2行目\rover"), .init("Catch", "a\nb\u{1B}[31m")])])
        let lines = CardRenderer.render(card, width: 60)
        #expect(!lines.joined().contains("\u{1B}") && !lines.joined().contains("\r"), "\(lines)")
        #expect(
            lines.contains("  Address  東京都") && lines.contains("           2行目") && lines.contains("           over"), "\(lines)")
        #expect(lines.contains(#"           b\u{1B}[31m"#), "\(lines)")
    }
}
