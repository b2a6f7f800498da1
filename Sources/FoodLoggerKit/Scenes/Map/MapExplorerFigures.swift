import Foundation
import FoodLoggerDomain

/// What the interactive map costs a terminal, measured without one: the benchmark's section on
/// the map. The Map scene runs as `foodlogger map` assembles it, over a fixed page of shops,
/// driven by a scripted terminal.
public struct MapExplorerFigures: Sendable {
    /// Bytes of the first, whole screen.
    public var firstPaintBytes: Int
    /// Bytes written for each selection move (Tab) and each pan (Shift+Left, then Right, …).
    public var bytesPerMove: [Int]
    public var bytesPerPan: [Int]
    /// Seconds to handle a selection move: the interactor, the presenter's screen and the diff.
    public var secondsPerMove: [Double]

    @MainActor
    public static func measure(
        _ page: RestaurantPage, around centre: Coordinate, range: SearchRange, columns: Int, rows: Int, moves: Int
    ) async -> MapExplorerFigures {
        let context = ProcessContext(
            arguments: [], environment: ["LANG": "C.UTF-8"], stdout: CapturedOutput(), stderr: CapturedOutput())
        let scene = MapScene.assemble(context: context, finder: FindPlaces(FixedPage(page: page)))
        // Pans go back and forth, so every one moves what is on the screen.
        let script =
            Array(repeating: TerminalEvent.key(.tab), count: moves)
            + (0..<moves).map { TerminalEvent.key($0.isMultiple(of: 2) ? .shiftLeft : .shiftRight) }
        let terminal = ScriptedTerminal(script, size: .init(columns: columns, rows: rows))
        _ = await scene.explore(
            RestaurantQuery(range: range), around: .coordinate(centre), open: OpenQuestion(moment: .now(Date())),
            terminal: terminal)
        let bytes = terminal.bytesPerEvent
        return MapExplorerFigures(
            firstPaintBytes: bytes[0], bytesPerMove: Array(bytes[1..<(1 + moves)]),
            bytesPerPan: Array(bytes[(1 + moves)..<(1 + 2 * moves)]),
            secondsPerMove: Array(terminal.secondsPerEvent.prefix(moves)))
    }

    /// A worker that answers every search with the same page.
    private struct FixedPage: HotpepperWorking {
        let page: RestaurantPage
        var provider: Provider { page.provider }
        func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage { page }
    }
}
