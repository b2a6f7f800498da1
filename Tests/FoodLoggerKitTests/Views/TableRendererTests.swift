import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct TableRendererTests {
    let table = TextTable(
        columns: [
            .init("#", alignRight: true, minWidth: 2), .init("Name", minWidth: 6, weight: 2),
            .init("Access", minWidth: 6, dropPriority: 1),
        ],
        rows: [["1", "丸の内 しずく亭", "東京駅八重洲北口から徒歩3分"], ["10", "Bistro", "徒歩1分"]])

    @Test func naturalWidthWhenItFits() {
        let lines = TableRenderer.render(table, width: 80)
        #expect(
            lines == [
                " #  Name             Access",
                " 1  丸の内 しずく亭  東京駅八重洲北口から徒歩3分",
                "10  Bistro           徒歩1分",
            ], "aligned by display width")
    }

    @Test(arguments: [60, 40, 30, 24, 20, 12])
    func everyLineFitsTheWidth(width: Int) {
        for line in TableRenderer.render(table, width: width) {
            #expect(DisplayWidth.of(line) <= width, "'\(line)' fits \(width) columns")
        }
    }

    @Test func columnsAreDroppedWhenMinimumsDoNotFit() {
        let lines = TableRenderer.render(table, width: 12)
        #expect(lines[0] == " #  Name", "the droppable column goes first")
    }

    @Test func aDroppedColumnsRoomGoesBackToTheOthers() {
        // Given a wide column that may not be cut, dropped first
        let wide = TextTable(
            columns: table.columns + [.init("Left", minWidth: 6, dropPriority: 2, mayCut: false)],
            rows: table.rows.map { $0 + ["105 min · L.O. 22:30"] })
        // When the table is drawn too narrow for it beside the others' minimums
        let lines = TableRenderer.render(wide, width: 30)
        // Then it is dropped, and the name takes its full width again
        #expect(lines[1].contains("丸の内 しずく亭") && !lines[0].contains("Left"), "\(lines)")
    }

    @Test func boldHeaderOnlyWhenAsked() {
        #expect(TableRenderer.render(table, width: 80, bold: true)[0].hasPrefix("\u{1B}[1m"), "bold header")
        #expect(!TableRenderer.render(table, width: 80)[0].contains("\u{1B}"), "plain by default")
    }

    @Test func theServicesControlCharactersAreShownNotObeyed() {
        let hostile = TextTable(
            columns: [.init("Name", minWidth: 6)], rows: [["A\u{1B}[31mRED\u{1B}]0;title\u{07}B"]])
        let lines = TableRenderer.render(hostile, width: 80)
        #expect(!lines.joined().contains("\u{1B}") && !lines.joined().contains("\u{07}"), "\(lines)")
        #expect(lines[1] == #"A\u{1B}[31mRED\u{1B}]0;title\u{7}B"#, "visible escapes, width counted on them")
    }
}
