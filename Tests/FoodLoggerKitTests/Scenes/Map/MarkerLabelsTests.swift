import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct MarkerLabelsTests {
    static func number(_ indices: [Int]) -> String {
        String((indices.min() ?? 0) + 1) + (indices.count > 1 ? "+\(indices.count - 1)" : "")
    }

    @Test func labelsThatWouldTouchMergeAndCountEveryMarker() {
        let labels = MarkerLabels.layout(
            [(column: 10, indices: [30]), (column: 12, indices: [1]), (column: 20, indices: [4, 7])], you: nil,
            within: 1...78, text: Self.number)
        #expect(labels.map(\.text) == ["2+1", "5+1"], "\"31\" and \"2\" would read \"312\"")
        #expect(labels.map(\.start) == [10, 20])
    }

    @Test func aLabelMovesOffYouAndInsideTheFrame() {
        let beside = MarkerLabels.layout([(column: 10, indices: [4])], you: 11, within: 1...78, text: Self.number)
        #expect(beside.map(\.start) == [13], "a blank between \"@\" and the label")
        let edge = MarkerLabels.layout([(column: 78, indices: [99])], you: nil, within: 1...78, text: Self.number)
        #expect(edge.map(\.start) == [76] && edge.map(\.end) == [78])
    }

    /// A generator with a seed, so a failing row can be made again.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Many random rows: every marker is counted once, no label touches another or "@", all
    /// inside the frame.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func noMarkerIsLostAndNoLabelCoversAnother(seed: UInt64) {
        var generator = SplitMix64(state: seed)
        for _ in 0..<200 {
            let columns = Array(
                Set(
                    (0..<Int.random(in: 1...30, using: &generator)).map { _ in
                        Int.random(in: 1...58, using: &generator)
                    }))
            var next = 0
            let markers = columns.map { column in
                let count = Int.random(in: 1...3, using: &generator)
                defer { next += count }
                return (column: column, indices: Array(next..<(next + count)))
            }
            let you = Bool.random(using: &generator) ? Int.random(in: 1...58, using: &generator) : nil
            let labels = MarkerLabels.layout(markers, you: you, within: 1...58, text: Self.number)
            #expect(labels.flatMap(\.indices).sorted() == Array(0..<next), "every marker once: \(markers)")
            for (left, right) in zip(labels, labels.dropFirst()) {
                #expect(left.end + 1 < right.start, "a blank between labels: \(labels)")
            }
            #expect(labels.allSatisfy { $0.start >= 1 && $0.end <= 58 }, "inside the frame: \(labels)")
            if let you {
                #expect(labels.allSatisfy { !($0.start - 1...$0.end + 1).contains(you) }, "@ at \(you) clear: \(labels)")
            }
        }
    }
}

@MainActor
@Suite struct DenseMapTests {
    /// A hundred shops packed within 1 km, on a 60×20 screen and a 200×60 one.
    @Test(arguments: [(60, 20), (120, 40), (200, 60)])
    func everyLabelReadsApartAndTheWindowHidesNeitherTheSelectionNorYou(columns: Int, rows: Int) async throws {
        let shops = (0..<100).map { index in
            let angle = Double(index) * 2.4, metres = 90 * Double(index).squareRoot()
            let point = MapInteractor.moved(
                MapInteractor.moved(MapSeeds.tokyo, toward: .east, metres: cos(angle) * metres), toward: .north,
                metres: sin(angle) * metres)
            return MapSeeds.restaurant("J\(index)", "店\(index)", at: point)
        }
        let worker = MapWorkerSpy(page: RestaurantPage(total: 100, start: 1, restaurants: shops))
        let sut = MapScene.assemble(
            context: ProcessContext(
                arguments: [], environment: ["LANG": "C.UTF-8"], stdout: CapturedOutput(), stderr: CapturedOutput()),
            finder: FindPlaces(worker))
        let terminal = ScriptedTerminal(Array(repeating: .key(.tab), count: 30), size: .init(columns: columns, rows: rows))
        _ = await sut.explore(
            RestaurantQuery(range: .m1000), around: .coordinate(MapSeeds.tokyo), open: Seeds.open, terminal: terminal)
        let shown = try #require(sut.shown)
        let screen = shown.screen
        #expect((0..<screen.height).contains { screen.text(row: $0).contains("@") }, "@ shows")
        let spans = Dictionary(grouping: shown.hitTargets) { "\($0.row):\($0.columns)" }
        for targets in spans.values {
            let target = targets[0]
            let text = target.columns.map { screen[target.row, $0].text }.joined()
            let numbers = Set(targets.map { $0.index + 1 })
            let shownNumber = Int(text.split(separator: "+").first ?? "") ?? -1
            #expect(numbers.contains(shownNumber), "the label \"\(text)\" names one of \(numbers.sorted())")
            let more = text.split(separator: "+").dropFirst().first.flatMap { Int($0) } ?? 0
            #expect(more + 1 == targets.count, "\"\(text)\" counts the \(targets.count) it stands for")
        }
        #expect(shown.hitTargets.contains { $0.index == 30 }, "the selection (the 31st) keeps its label")
        #expect(screen.text(row: 0).contains("31 ") || (0..<screen.height).contains { screen.text(row: $0).contains("─ 31 店30") })
    }
}
