import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct LineEditorTests {
    /// The keys a terminal would send for `bytes`, read until they run out.
    func keys(_ bytes: [UInt8]) -> [EditKey] {
        var rest = bytes[...]
        var sut = KeyReader(read: { rest.popFirst().map { [$0] } }, follows: { !rest.isEmpty })
        var keys: [EditKey] = []
        while let key = sut.next() { keys.append(key) }
        return keys
    }

    /// The line after typing `keys` into an empty prompt with `history`.
    func line(after keys: [EditKey], history: [String] = []) -> (text: String, cursor: Int, outcome: LineState.Outcome) {
        var sut = LineState(history: history)
        var outcome = LineState.Outcome.editing
        for key in keys { outcome = sut.apply(key) }
        return (String(sut.text), sut.cursor, outcome)
    }

    @Test func arrowHomeEndAndDeleteSequencesAreKeysNotText() {
        let escape: UInt8 = 0x1B
        #expect(
            keys([escape, 0x5B, 0x44, escape, 0x5B, 0x43, escape, 0x5B, 0x41, escape, 0x5B, 0x42]) == [
                .left, .right, .up, .down,
            ],
            "CSI arrows")
        #expect(keys([escape, 0x4F, 0x48, escape, 0x4F, 0x46]) == [.home, .end], "SS3 Home and End")
        #expect(
            keys([escape, 0x5B, 0x33, 0x7E, escape, 0x5B, 0x31, 0x7E, escape, 0x5B, 0x34, 0x7E]) == [.delete, .home, .end],
            "VT Delete, Home, End")
        #expect(keys([escape, 0x5B, 0x31, 0x3B, 0x35, 0x43]) == [.right], "Ctrl-Right is still a move, not text")
        var rest: ArraySlice<UInt8> = [escape, 0x71]
        var lone = KeyReader(read: { rest.popFirst().map { [$0] } }, follows: { false })
        #expect(lone.next() == .other && lone.next() == .text("q"), "a lone Esc is ignored and the key after it is kept")
    }

    @Test func controlKeysAndUTF8Text() {
        #expect(
            keys([0x7F, 0x01, 0x05, 0x15, 0x17, 0x0B, 0x04, 0x03, 0x1A, 0x0D]) == [
                .backspace, .home, .end, .deleteToStart, .deleteWord, .deleteToEnd, .endOfInput, .interrupt, .suspend, .enter,
            ],
            "Backspace, Ctrl-A/E/U/W/K/D/C/Z, Enter")
        #expect(keys(Array("o 1寿".utf8)) == [.text("o"), .text(" "), .text("1"), .text("寿")], "a wide character is one key")
        #expect(
            keys([0x02, 0x06, 0x10, 0x0E, 0x09, 0x0C]) == [.left, .right, .up, .down, .other, .other],
            "Ctrl-B/F/P/N; Tab and Ctrl-L do nothing")
        #expect(keys([0x6F, 0xFF, 0x31]) == [.text("o"), .other, .text("1")], "a byte that is not UTF-8 is no text")
        var split: [[UInt8]] = [[0xE5], [0xAF, 0xBF]]
        var reader = KeyReader(read: { split.isEmpty ? nil : split.removeFirst() }, follows: { true })
        #expect(reader.next() == .text("寿"), "a character split over two reads is one key")
    }

    @Test func movingAndDeletingInsideTheLine() {
        let typed: [EditKey] = [.text("o"), .text(" "), .text("2")]
        #expect(line(after: typed + [.left, .backspace]).text == "o2", "Backspace deletes left of the cursor")
        #expect(line(after: typed + [.left, .text("1")]) == ("o 12", 3, .editing), "text goes in at the cursor")
        #expect(line(after: typed + [.home, .delete]).text == " 2", "Delete deletes under the cursor")
        #expect(line(after: typed + [.home, .right, .deleteToStart]) == (" 2", 0, .editing), "Ctrl-U: to the start")
        #expect(line(after: typed + [.home, .right, .deleteToEnd]) == ("o", 1, .editing), "Ctrl-K: to the end")
        #expect(line(after: typed + [.deleteWord]).text == "o ", "Ctrl-W: the word before the cursor")
        #expect(line(after: [.backspace, .left, .delete]) == ("", 0, .editing), "nothing to delete is no error")
        #expect(line(after: typed + [.enter]).outcome == .entered("o 2"), "Enter gives the whole line")
    }

    @Test func upAndDownWalkThisSessionsEntriesAndKeepTheDraft() {
        let history = ["1", "o 2"]
        #expect(line(after: [.up], history: history).text == "o 2", "Up: the last entry")
        #expect(line(after: [.up, .up, .up], history: history).text == "1", "stops at the first")
        #expect(line(after: [.text("n"), .up, .down], history: history).text == "n", "Down past the last: the draft again")
        #expect(line(after: [.up], history: []).text == "", "no history: nothing happens")
    }

    @Test func ctrlDEndsInputOnlyOnAnEmptyLine() {
        #expect(line(after: [.endOfInput]).outcome == .endOfInput, "an empty line: end of input")
        #expect(line(after: [.text("1"), .left, .endOfInput]) == ("", 0, .editing), "otherwise it deletes")
        #expect(line(after: [.interrupt]).outcome == .signal(SIGINT), "Ctrl-C interrupts as the terminal would")
    }

    @Test func redrawStartsAfterThePromptAndPutsTheCursorBack() {
        var sut = LineState(history: [])
        for key: EditKey in [.text("寿"), .text("1"), .left, .left] { _ = sut.apply(key) }
        #expect(LineEditor.redraw(sut) == "\u{1B}8寿1\u{1B}[K\u{1B}[3D", "back over three columns: 寿 is two")
    }
}
