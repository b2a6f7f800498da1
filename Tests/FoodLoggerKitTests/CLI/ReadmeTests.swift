import Foundation
import Testing
import TestSupport

/// The README is the front door (#35): short enough to read, and its first screen enough to start.
@Suite struct ReadmeTests {
    /// The README's lines, as `wc -l` counts them.
    static let lines: [Substring] = {
        let url = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
    }()

    @Test func itIsUnder700Lines() {
        #expect(Self.lines.count > 100 && Self.lines.count < 700, "README.md has \(Self.lines.count) lines")
    }

    @Test func itsFirstScreenHoldsTheDemoTheNoKeySearchTheKeysAndBothSetUpCommands() {
        let screen = Self.lines.prefix(30).joined(separator: "\n")
        for needed in [
            "foodlogger search --stub --near 東京駅", "foodlogger search --near \"Times Square\"", "HOTPEPPER_API_KEY",
            "key.plist", "swift run foodlogger search --stub --near 東京駅", "swift test",
        ] {
            #expect(screen.contains(needed), "the first screen lacks \(needed)")
        }
    }
}
