import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct MapExplorerSceneTests {
    /// The Map scene over the stub, as `foodlogger map --stub` assembles it.
    func scene(_ environment: [String: String] = ["LANG": "C.UTF-8"]) -> MapViewController {
        var context = ProcessContext(arguments: [], environment: environment, stdout: CapturedOutput(), stderr: CapturedOutput())
        context.now = { CLIRun.friday }
        return MapScene.assemble(
            context: context, finder: FindPlaces(HotpepperWorker(api: HotpepperStub())),
            places: GeocodingWorker(geocoder: GeocodingStub(), cache: nil))
    }

    func explore(
        _ script: [TerminalEvent], size: Map.Explore.Size = .init(columns: 120, rows: 40), range: SearchRange = .m1000,
        near: String = "渋谷駅", sut: MapViewController? = nil
    ) async -> (sut: MapViewController, terminal: ScriptedTerminal, code: ExitCode) {
        let sut = sut ?? scene()
        let terminal = ScriptedTerminal(script, size: size)
        var query = RestaurantQuery(range: range)
        query.limit = RestaurantQuery.maxLimit
        let code = ExitCode(
            await sut.explore(query, around: .place(NearPlace(text: near)), open: Seeds.open, terminal: terminal))
        return (sut, terminal, code)
    }

    func shown(_ sut: MapViewController) -> String { text(sut.shown?.screen) }

    func text(_ screen: Screen?) -> String {
        guard let screen else { return "" }
        return (0..<screen.height).map { screen.text(row: $0) }.joined(separator: "\n")
    }

    @Test func theMapOpensOnYouWithAMarkerPerRestaurantAndTheListBeside() async throws {
        let run = await explore([.key(.character("q"))])
        let screen = shown(run.sut)
        #expect(run.code == .success && run.terminal.enters == 1 && run.terminal.leaves == 1, "q leaves the terminal as found")
        #expect(screen.contains("@"), "you are on the map")
        #expect(screen.contains("10 restaurants, nearest first") && screen.contains("豚骨ラーメン 渦 渋谷店"), "the list")
        #expect(screen.contains("┌─ 1 豚骨ラーメン 渦 渋谷店"), "the nearest is selected, its info window open")
        #expect(screen.contains("open · today 11:00–04:00"), "with today's hours and whether it is open")
        #expect(screen.contains("until 04:00 (next day) · 510 min"), "and how long it stays open")
        #expect(screen.contains("渋谷駅 · 1 km · 10 of 10"), "the status line")
        #expect(screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "the ring in braille")
        let targets = try #require(run.sut.shown?.hitTargets)
        #expect(Set(targets.map(\.index)).isSuperset(of: [0, 1, 2, 3, 5, 6, 7, 8, 9]), "a marker each, 5 under the window")
        // With room (the window has six lines: the access on its own, the time left under today's hours)
        let wide = try #require(await explore([], size: .init(columns: 200, rows: 90)).sut.shown?.hitTargets)
        #expect(Set(wide.map(\.index)) == Set(0..<10), "with room, the window covers no marker")
    }

    @Test func inImperialUnitsTheScaleBarAndTheStatusLineSayMiles() async throws {
        // When the map opens for a user of imperial units
        let run = await explore([.key(.character("q"))], sut: scene(["LANG": "C.UTF-8", "FOODLOGGER_UNITS": "imperial"]))
        let screen = shown(run.sut)

        // Then the status line gives the radius in miles and the scale bar a round length in feet or miles
        #expect(screen.contains("渋谷駅 · 0.6 mi · 10 of 10"), "the status line: \(screen)")
        let bar = screen.split(separator: "\n").first { $0.contains("├") && $0.contains("┤") } ?? ""
        #expect((bar.contains(" ft") || bar.contains(" mi")) && !bar.contains(" m "), "the scale bar: \(bar)")
    }

    @Test func arrowsTabAndClicksMoveTheSelection() async throws {
        let start = await explore([])
        let targets = try #require(start.sut.shown?.hitTargets)
        let right = await explore([.key(.right)])
        let rightScreen = shown(right.sut)
        #expect(rightScreen.contains("┌─ 2 Cafe & Books ことのは"), "Right picks the marker most nearly to the right")
        let tab = await explore([.key(.tab), .key(.tab), .key(.backTab)])
        #expect(shown(tab.sut).contains("┌─ 2 Cafe"), "Tab twice and Shift-Tab once: the second nearest")
        let seventh = try #require(targets.first { $0.index == 6 })
        let click = await explore([.click(row: seventh.row, column: seventh.columns.lowerBound)])
        #expect(shown(click.sut).contains("┌─ 7 円山町バル Escalera"), "a click picks the marker under it")
    }

    @Test func aSelectionMoveRewritesOnlyWhatChanged() async throws {
        let run = await explore([.key(.right), .key(.tab)], size: .init(columns: 200, rows: 60), range: .m3000)
        let bytes = run.terminal.bytesPerEvent
        #expect(bytes[0] > 5_000, "the first screen is painted whole: \(bytes[0]) bytes")
        #expect(bytes[1] < 2_048 && bytes[2] < 2_048, "a selection move costs under 2 KB: \(bytes)")
    }

    @Test func panningAndSearchingHereMoveTheRing() async throws {
        let run = await explore([.key(.shiftLeft), .key(.character("H")), .key(.character("s"))])
        let screen = shown(run.sut)
        #expect(!screen.contains("s: search here"), "after s the results are of the map's centre")
        #expect(screen.contains("1 km from 渋谷駅 · 1 km"), "the status line says how far the ring is from the place: \(screen)")
        let panned = await explore([.key(.shiftLeft)])
        #expect(shown(panned.sut).contains("s: search here"), "a pan offers to search there")
        let home = await explore([.key(.shiftUp), .key(.character("s")), .key(.character("c"))])
        #expect(shown(home.sut).contains("渋谷駅 · 1 km · 10 of 10"), "c goes back and searches where the map started")
    }

    @Test func theInfoWindowKeepsItsAccessWholeAndMeasuresFromTheListsCentre() async throws {
        // Given the map around 渋谷駅, its nearest place selected
        let start = shown(await explore([]).sut)

        // Then the window's access is whole on a line of its own, not cut after the walk
        #expect(start.contains("JR渋谷駅ﾊﾁ公口より徒歩1分"), "the access whole: \(start)")
        #expect(start.contains("10 restaurants, nearest first, from @"), "the list says its centre once")

        // When the map is panned away and searched there
        let moved = shown(await explore([.key(.shiftLeft), .key(.character("H")), .key(.character("s"))]).sut)

        // Then the list and the window measure from the ring's centre, said once in the list's heading
        #expect(moved.contains("7 restaurants, from the ring's centre") && !moved.contains("from @"), "\(moved)")
        let lines = moved.split(separator: "\n").map(String.init)
        let title = try #require(lines.first { $0.contains("┌─ 1 ") }, "a window open: \(moved)")
        let name = try #require(title.components(separatedBy: "┌─ 1 ").last?.components(separatedBy: " ─").first)
        let listed = try #require(lines.first { $0.contains("  1 \(name)") }, "its list row: \(moved)")
        let metres = try #require(listed.split(separator: " ").reversed().dropFirst().first, "\(listed)")
        #expect(lines.contains { $0.contains("│ \(metres) m · ") }, "the window's distance is the list's, \(metres) m: \(moved)")
    }

    @Test func aLongFactIsWrappedNotCut() {
        // Given a place whose access is longer than the window is wide
        var shop = MapSeeds.restaurant("J1", "一番目の店", at: MapExplorerGeometryTests.centre)
        shop.hotpepper?.access = "東京メトロ銀座線・半蔵門線・副都心線 渋谷駅 B1出口より徒歩3分、JR渋谷駅ハチ公口より徒歩5分"
        let state = Map.Explore.State(
            restaurants: [shop], home: MapExplorerGeometryTests.centre,
            searched: .init(centre: MapExplorerGeometryTests.centre, range: .m1000),
            viewCentre: MapExplorerGeometryTests.centre, selected: 0)

        // When its window's lines are made 30 columns wide
        let lines = MapPresenter().infoLines(shop, state: state, open: Seeds.open, width: 30)

        // Then every line fits, and the access is all there across them
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 30 }, "\(lines)")
        #expect(lines.joined().replacingOccurrences(of: " ", with: "").contains("JR渋谷駅ハチ公口より徒歩5分"), "\(lines)")
    }

    @Test func rangeKeywordAndTheAlertWhenNothingIsFound() async throws {
        let wider = await explore([.key(.character("-"))])
        #expect(shown(wider.sut).contains("渋谷駅 · 2 km · 12 of 12"), "- widens the range and searches")
        let typed: [TerminalEvent] = [.key(.character("/"))] + "ラーメン".map { .key(.character($0)) } + [.key(.enter)]
        let keyword = await explore(typed)
        #expect(shown(keyword.sut).contains("“ラーメン” · 1 of 1"), "/ searches with a keyword")
        let nothing = await explore([.key(.character("/")), .key(.character("x")), .key(.enter)])
        let alert = shown(nothing.sut)
        #expect(alert.contains("Nothing found") && alert.contains("No restaurants for “x” within 1 km of @."), "\(alert)")
        #expect(nothing.sut.shown?.mode == .alert, "any key closes it")
        let closed = await explore([.key(.character("/")), .key(.character("x")), .key(.enter), .key(.character("z"))])
        let after = shown(closed.sut)
        #expect(!after.contains("Nothing found") && closed.sut.shown?.mode == .map, "and the map is back")
        #expect(after.contains("渋谷駅 · 1 km · 10 of 10") && !after.contains("“x”"), "as it was, markers and all: \(after)")
    }

    @Test func qDuringASearchQuitsAtOnceAndCancelsIt() async throws {
        let worker = HangingWorker()
        let sut = MapScene.assemble(
            context: ProcessContext(
                arguments: [], environment: ["LANG": "C.UTF-8"], stdout: CapturedOutput(), stderr: CapturedOutput()),
            finder: FindPlaces(worker))
        let terminal = ImpatientTerminal(worker: worker)
        let code = ExitCode(
            await sut.explore(
                RestaurantQuery(range: .m1000), around: .coordinate(MapSeeds.tokyo), open: Seeds.open, terminal: terminal))
        #expect(code == .success && terminal.leaves == 1, "q quits while the search waits")
        #expect(terminal.written.contains("searching…"), "the status line said a search was under way")
        await sut.interactor?.searchInFlight?.value
        #expect(worker.cancelled, "and the search was cancelled")
    }

    @Test func aSearchAskedForDuringTheFirstIsTheFirstWhenItFails() async throws {
        let worker = HangingWorker(thenFailing: true)
        let sut = MapScene.assemble(
            context: ProcessContext(
                arguments: [], environment: ["LANG": "C.UTF-8"], stdout: CapturedOutput(), stderr: CapturedOutput()),
            finder: FindPlaces(worker))
        let terminal = ImpatientTerminal(worker: worker, pressing: .key(.character("-")))
        let code = ExitCode(
            await sut.explore(
                RestaurantQuery(range: .m1000), around: .coordinate(MapSeeds.tokyo), open: Seeds.open, terminal: terminal))
        #expect(code == .unavailable, "no search has answered: the map ends with the error (\(code))")
        #expect(worker.cancelled, "the first was cancelled by the second")
    }

    @Test(arguments: [(5 * 60, "Left out: 10 closed"), (11 * 60 + 15, "closed left out")])
    func openOnlySaysWhatItLeftOut(minute: Int, saying: String) async throws {
        let friday = OpenQuestion.Moment.now(
            CivilTime(date: CivilDate(year: 2026, month: 11, day: 20), minute: minute).instant(
                secondsFromGMT: HoursClock.japanOffset))
        let sut = scene()
        _ = await sut.explore(
            RestaurantQuery(range: .m1000), around: .place(NearPlace(text: "渋谷駅")),
            open: OpenQuestion(moment: friday, openOnly: true), terminal: ScriptedTerminal([]))
        let screen = shown(sut)
        #expect(screen.contains(saying), "\(screen)")
    }

    @Test func helpCardAndSuspend() async throws {
        let help = await explore([.key(.character("?"))])
        #expect(shown(help.sut).contains("back to where you started"), "? lists the keys")
        #expect(
            shown(help.sut).contains("v                  log a meal there today (log add)")
                && shown(help.sut).contains("w                  put it on the want list"), "the food log's keys too")
        let card = await explore([.key(.enter), .key(.escape), .key(.controlZ)])
        let written = card.terminal.writes.joined()
        #expect(written.contains("とんこつらーめん うず しぶやてん"), "Enter shows the card, from the Detail scene")
        #expect(card.terminal.suspends == 1, "Ctrl-Z suspends")
        let afterSuspend = try #require(card.terminal.writes.last)
        #expect(afterSuspend.hasPrefix("\u{1B}[0m\u{1B}[2J"), "after fg the whole map is painted again")
        #expect(
            card.terminal.leaves == 2 && !card.terminal.entered, "Ctrl-Z left the terminal, fg came back, the end left it again")
    }

    @Test func aSignalOrCtrlCOverTheCardEndsTheMap() async {
        for (ending, code) in [(TerminalEvent.terminate, ExitCode.success), (.key(.controlC), .interrupted), (.end, .success)] {
            let run = await explore([.key(.enter), ending, .key(.escape), .key(.character("?"))])
            #expect(run.code == code && run.terminal.leaves == 1, "\(ending) ends the map from the card with \(code)")
            #expect(run.sut.shown?.mode == .map, "the key after it was never read")
        }
    }

    @Test func aTerminalTooSmallSaysSo() async {
        let run = await explore([], size: .init(columns: 50, rows: 15))
        #expect(shown(run.sut).contains("The map needs a terminal of at least 60×20;"))
        #expect(run.code == .success)
    }

    @Test func withoutUTF8TheRingIsDots() async {
        let run = await explore([], sut: scene(["LANG": "C"]))
        let screen = shown(run.sut)
        #expect(!screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } && screen.contains("."))
        #expect(screen.hasPrefix("+- N ^ ") && !screen.contains("┌") && !screen.contains("←"), "frames and keys in ASCII too")
    }
}

/// A worker whose searches wait until they are cancelled, and say when one begins.
/// With `thenFailing`, every search after the first fails at once.
final class HangingWorker: HotpepperWorking, @unchecked Sendable {
    var provider: Provider = .hotpepper
    private(set) var cancelled = false
    private var searches = 0
    let thenFailing: Bool
    let began: AsyncStream<Void>
    private let beginning: AsyncStream<Void>.Continuation
    init(thenFailing: Bool = false) {
        self.thenFailing = thenFailing
        (began, beginning) = AsyncStream.makeStream()
    }

    func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError) -> RestaurantPage {
        searches += 1
        if thenFailing, searches > 1 { throw .httpStatus(503) }
        beginning.yield()
        do {
            try await Task.sleep(for: .seconds(3600))
        } catch {
            cancelled = true
        }
        throw .network(.timedOut, detail: "cancelled")
    }
}

/// A person who presses a key as soon as the first search begins, without waiting for it;
/// after that, one who waits for the screen to settle, and then closes stdin.
@MainActor
final class ImpatientTerminal: FullScreenTerminal {
    let worker: HangingWorker
    let key: TerminalEvent
    var size = Map.Explore.Size(columns: 120, rows: 40)
    private(set) var written = "", leaves = 0
    private var pressed = false, woken = false
    init(worker: HangingWorker, pressing key: TerminalEvent = .key(.character("q"))) {
        self.worker = worker; self.key = key
    }
    func enter() {}
    func leave() { leaves += 1 }
    func next(during work: Task<Void, Never>?) async -> TerminalEvent {
        if !pressed {
            pressed = true
            for await _ in worker.began { break }
            await Task.yield()
            return key
        }
        await work?.value
        return woken ? .wake : .end
    }
    func wake() { woken = true }
    func write(_ text: String) { written += text }
    func suspend() {}
}

@MainActor
@Suite struct MapExplorerCommandTests {
    let terminal = Terminal(stdinIsTerminal: true, stdoutIsTerminal: true, stderrIsTerminal: true, columns: 120, rows: 40)

    @Test func mapAtATerminalOpensTheInteractiveMap() async {
        let screen = ScriptedTerminal([.key(.controlC)])
        let run = await CLIRun.run(["map", "--stub", "--near", "渋谷駅"], terminal: terminal, fullScreen: screen)
        #expect(run.code == .interrupted && run.stdout.isEmpty && screen.enters == 1 && screen.leaves == 1)
        let static_ = ScriptedTerminal([])
        let drawn = await CLIRun.run(["map", "--stub", "--near", "渋谷駅", "--static"], terminal: terminal, fullScreen: static_)
        #expect(static_.enters == 0 && drawn.stdout.contains("@ you are here"), "--static keeps the drawing")
    }

    @Test func aDumbTerminalGetsTheDrawingAndANote() async {
        let screen = ScriptedTerminal([])
        let run = await CLIRun.run(
            ["map", "--stub", "--near", "渋谷駅"], environment: ["TERM": "dumb"], terminal: terminal, fullScreen: screen)
        #expect(screen.enters == 0 && run.stdout.contains("@ you are here"))
        #expect(run.stderr.contains("TERM=dumb cannot show the interactive map"))
    }

    @Test func aFailedFirstSearchEndsWithItsErrorOnTheRestoredTerminal() async {
        let screen = ScriptedTerminal([])
        let run = await CLIRun.run(["map", "--stub", "--near", "札幌"], terminal: terminal, fullScreen: screen)
        #expect(run.code == .noSuchPlace && screen.leaves == 1 && !screen.entered)
        #expect(run.stderr.hasPrefix("foodlogger: no place called '札幌' was found."))
    }
}

@Suite struct TerminalInputTests {
    @Test func keysArrowsAndTheMouse() {
        let bytes = Array("a\u{1B}[A\u{1B}[1;2D\u{1B}[Z\t\r\u{7F}\u{03}\u{1B}[<0;12;5M\u{1B}[<0;12;5m\u{1B}[<65;1;1M".utf8)
        #expect(
            TerminalInput.decode(bytes).events == [
                .key(.character("a")), .key(.up), .key(.shiftLeft), .key(.backTab), .key(.tab), .key(.enter), .key(.backspace),
                .key(.controlC), .click(row: 4, column: 11), .key(.other), .wheel(up: false),
            ])
    }

    @Test func unfinishedSequencesWaitForTheirRest() {
        let split = Array("渋".utf8)
        let first = TerminalInput.decode(Array(split.prefix(2)))
        #expect(first.events.isEmpty && first.rest == Array(split.prefix(2)), "half a character waits")
        #expect(TerminalInput.decode(first.rest + split.suffix(1)).events == [.key(.character("渋"))])
        #expect(TerminalInput.decode([0x1B]).rest == [0x1B], "a lone ESC waits: the terminal decides whether more follows")
        #expect(TerminalInput.decode([0x1B], final: true).events == [.key(.escape)], "with nothing after it, it is Escape")
        #expect(TerminalInput.decode([0x1B, 0x5B, 0x31], final: true).events == [.key(.other)], "half an arrow is no key")
    }

    @Test func altKeysAndTheOlderMouseReportsAreNoKeys() {
        #expect(TerminalInput.decode([0x1B, 0x71]).events == [.key(.other)], "Alt+q does not quit")
        #expect(TerminalInput.decode([0x1B, 0x1B]).rest == [0x1B], "Esc Esc: the first is Escape, the second may begin more")
        // A click at column 81, row 3 (1-based), then a release: column 81 is the byte 'q' (81 + 32).
        let click: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 113, 35, 0x1B, 0x5B, 0x4D, 35, 113, 35]
        #expect(TerminalInput.decode(click).events == [.click(row: 2, column: 80), .key(.other)])
        #expect(TerminalInput.decode([0x1B, 0x5B, 0x4D, 96, 40, 40]).events == [.wheel(up: true)])
        #expect(TerminalInput.decode([0x1B, 0x5B, 0x4D, 32]).rest.count == 4, "a report in two reads waits for its rest")
    }
}

@Suite struct ScreenTests {
    @Test func textIsMeasuredInColumnsAndCut() {
        var screen = Screen(width: 10, height: 1)
        #expect(screen.write("渋谷駅まで", row: 0, column: 1) == 9, "wide characters take two columns, cut with …")
        #expect(screen.text(row: 0) == " 渋谷駅ま…")
        screen.write("x", row: 0, column: 2)
        #expect(screen.text(row: 0) == "  x谷駅ま…", "writing over half a wide character blanks its other half")
    }

    @Test func onlyChangedCellsAreWritten() {
        var before = Screen(width: 20, height: 3)
        before.write("hello", row: 1, column: 2)
        #expect(ScreenDiff.bytes(from: before, to: before, styled: true).isEmpty, "nothing changed, nothing written")
        var after = before
        after.write("J", row: 1, column: 2)
        #expect(ScreenDiff.bytes(from: before, to: after, styled: false) == "\u{1B}[2;3HJ", "one cell: a cursor move and it")
        #expect(ScreenDiff.bytes(from: nil, to: after, styled: false).hasPrefix("\u{1B}[0m\u{1B}[2J"), "a first paint clears")
    }

    @Test func brailleDotsMakeOneCharacter() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        canvas.set(x: 0, y: 0)
        canvas.set(x: 1, y: 3)
        canvas.set(x: 9, y: 9)
        #expect(canvas.character(column: 0, row: 0, unicode: true) == "\u{2881}", "dots 1 and 8")
        #expect(
            canvas.character(column: 1, row: 0, unicode: true) == nil
                && canvas.character(column: 0, row: 0, unicode: false) == ".")
    }
}

@MainActor
@Suite struct MapExplorerGeometryTests {
    /// Five shops around Tokyo Station: one at the centre and one 200 m off in each direction,
    /// the eastern one a little north so "most nearly east" is tested, not "exactly east".
    static let centre = MapSeeds.tokyo
    static func at(east: Double, north: Double, _ id: String) -> Restaurant {
        let moved = [
            (Map.Explore.Direction.east, east), (.north, north),
        ].reduce(centre) { point, step in
            step.1 >= 0
                ? MapInteractor.moved(point, toward: step.0, metres: step.1)
                : MapInteractor.moved(point, toward: step.0 == .east ? .west : .south, metres: -step.1)
        }
        return MapSeeds.restaurant(id, id, at: moved)
    }
    static let shops = [
        at(east: 0, north: 0, "C"), at(east: 200, north: 60, "E"), at(east: -200, north: 0, "W"),
        at(east: 20, north: 200, "N"), at(east: 0, north: -200, "S"),
    ]

    func state(selected: Int) -> Map.Explore.State {
        Map.Explore.State(
            restaurants: Self.shops, home: Self.centre, searched: .init(centre: Self.centre, range: .m1000),
            viewCentre: Self.centre, selected: selected)
    }

    @Test(arguments: [(Map.Explore.Direction.east, "E"), (.west, "W"), (.north, "N"), (.south, "S")])
    func theNearestMarkerThatWayIsPicked(direction: Map.Explore.Direction, id: String) throws {
        let next = try #require(MapInteractor.next(from: state(selected: 0), toward: direction))
        #expect(Self.shops[next].id == id)
    }

    @Test func withNothingThatWayTheSelectionStays() {
        #expect(MapInteractor.next(from: state(selected: 1), toward: .east) == 1, "nothing east of the easternmost")
    }

    @Test func aPanMovesTheCentreByTheMetresAsked() {
        let moved = MapInteractor.moved(Self.centre, toward: .north, metres: 500)
        #expect(abs(moved.distance(to: Self.centre) - 500) < 0.5)
    }

    @Test func theLayoutFitsTheRingAndPutsTheListBesideOnAWideScreen() {
        let wide = MapScreenLayout(size: .init(columns: 120, rows: 40))
        #expect(wide.listColumn == 80 && wide.mapColumns == 80 && wide.statusRow == 39)
        let narrow = MapScreenLayout(size: .init(columns: 80, rows: 24))
        #expect(narrow.mapColumns == 80 && narrow.fits)
        let scale = narrow.metresPerDot(radius: 1000)
        let edge = narrow.dot(
            of: MapInteractor.moved(Self.centre, toward: .south, metres: 1000), centre: Self.centre, metresPerDot: scale)
        #expect(narrow.contains(x: edge.x, y: edge.y), "the ring's southern point is inside the frame")
        #expect(!MapScreenLayout(size: .init(columns: 59, rows: 30)).fits)
    }
}

@MainActor
@Suite struct MapOpenOnlyDrawingTests {
    @Test func theDrawingSaysWhatOpenAtLeftOutAndCountsAsSearchDoes() async {
        let terminal = Terminal(stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false, columns: 80)
        let closed = await CLIRun.run(["map", "--stub", "--near", "渋谷駅", "--open-at", "fri 05:00"], terminal: terminal)
        #expect(closed.code == .noResults && !closed.stderr.contains("past the last"), "\(closed.stderr)")
        #expect(
            closed.stderr.contains("No restaurants open at fri 05:00 (Japan time) among 10 places within 1000 m"),
            "\(closed.stderr)")
        let some = await CLIRun.run(["map", "--stub", "--near", "渋谷駅", "--open-at", "fri 11:15"], terminal: terminal)
        #expect(some.stdout.contains("1–2 of 2 open at fri 11:15 (Japan time) among 10 places"), "\(some.stdout)")
        #expect(!some.stdout.contains("More:") && some.stderr.contains("left out 8 closed"), "\(some.stderr)")
    }
}

extension MapExplorerGeometryTests {
    @Test func theInfoWindowAnswersForTheMomentAskedAbout() {
        let shop = MapSeeds.restaurant("J1", "一番目の店", at: Self.centre)
        let state = Map.Explore.State(
            restaurants: [shop], home: Self.centre, searched: .init(centre: Self.centre, range: .m1000),
            viewCentre: Self.centre, selected: 0)
        let friday = OpenQuestion.Moment.now(
            CivilTime(date: CivilDate(year: 2026, month: 11, day: 27), minute: 720).instant(
                secondsFromGMT: HoursClock.japanOffset))
        let asked = MapPresenter().infoLines(shop, state: state, open: OpenQuestion(moment: friday, openOnly: true), width: 36)
        let now = MapPresenter().infoLines(shop, state: state, open: OpenQuestion(moment: friday), width: 36)
        #expect(asked.contains { $0.contains("· fri ") } && !asked.joined().contains("today"), "\(asked)")
        #expect(now.contains { $0.contains("· today ") }, "\(now)")
    }

    @Test func aMarkerWithin45DegreesWinsOverANearerOneFarToTheSide() {
        // From the centre, Right: one 300 m east, one 100 m east and 150 m north (outside 45°).
        let shops = [
            Self.at(east: 0, north: 0, "C"), Self.at(east: 300, north: 0, "FAR"), Self.at(east: 100, north: 150, "ASIDE"),
        ]
        let state = Map.Explore.State(
            restaurants: shops, home: Self.centre, searched: .init(centre: Self.centre, range: .m1000),
            viewCentre: Self.centre, selected: 0)
        #expect(MapInteractor.next(from: state, toward: .east) == 1)
        let onlyAside = Map.Explore.State(
            restaurants: [shops[0], shops[2]], home: Self.centre, searched: .init(centre: Self.centre, range: .m1000),
            viewCentre: Self.centre, selected: 0)
        #expect(MapInteractor.next(from: onlyAside, toward: .east) == 1, "with none within 45°, anything ahead")
    }
}

extension MapExplorerSceneTests {
    @Test func theHelpFitsTheSmallestMapAndTheKeywordLineStartsFromTheLastKeyword() async throws {
        let help = await explore([.key(.character("?"))], size: .init(columns: 60, rows: 20))
        let screen = shown(help.sut)
        #expect(screen.contains("quit") && screen.contains("keyword search (empty: none)") && !screen.contains("…"), "\(screen)")
        let typed: [TerminalEvent] = [.key(.character("/"))] + "ラーメン".map { .key(.character($0)) } + [.key(.enter)]
        let again = await explore(typed + [.key(.character("/"))])
        #expect(again.sut.shown?.mode == .prompt("ラーメン"), "/ again starts from the keyword searched")
    }
}

@MainActor
@Suite struct MapExplorerRolesTests {
    /// A data store whose selection the test moves, as a search ending behind the card does.
    final class DataStoreSpy: MapDataStore {
        var restaurants: [Restaurant] = []
        var query: RestaurantQuery?
        var selectedRestaurant: Restaurant?
        var cardRestaurant: Restaurant?
        var open = Seeds.open
        var region: RestaurantPage.Region?
    }

    /// Records what the router asks the Detail scene for, and hands back a card naming the shop.
    final class DetailCardSourceSpy: DetailCardSource {
        var asked: [Detail.ShowPassed.Response] = []
        func cards(for passed: Detail.ShowPassed.Response) -> Detail.Lookup.ViewModel.Cards? {
            asked.append(passed)
            let names = ((try? passed.result.get()) ?? []).map(\.name)
            return .init(
                cards: names.map { TextCard(title: $0, sections: []) },
                listing: RestaurantListing(details: [], at: passed.moment, region: nil), footer: [], missing: nil)
        }
    }

    /// The router navigates: the card is the Detail scene's view model, asked of it through its
    /// seam with the shop in hand and the map's centre and moment; the router builds no presenter.
    @Test func theCardIsAskedOfTheDetailScene() throws {
        // Given a map router whose Detail seat is a spy, a shop selected on a map around Tokyo
        let sut = MapRouter(), store = DataStoreSpy(), detail = DetailCardSourceSpy()
        let viewController = MapViewController(
            context: ProcessContext(arguments: [], environment: [:], stdout: CapturedOutput(), stderr: CapturedOutput()))
        sut.viewController = viewController
        sut.dataStore = store
        sut.detail = detail
        store.query = RestaurantQuery(center: MapSeeds.tokyo)
        store.selectedRestaurant = MapSeeds.restaurant("J1", "一番目の店", at: MapSeeds.tokyo)

        // When the card is asked for
        let card = try #require(sut.card())

        // Then the Detail scene was asked once, for that shop from the map's centre, and its card is the one shown
        #expect(detail.asked.count == 1, "one question to the Detail scene")
        #expect(detail.asked.first.flatMap { try? $0.result.get().map(\.id) } == ["J1"], "the selected shop")
        #expect(detail.asked.first?.center == MapSeeds.tokyo, "the walk from the map's centre")
        #expect(card.cards.map(\.title) == ["一番目の店"], "the Detail scene's card, as it made it")
    }

    @Test func theCardStaysOnItsRestaurantWhateverTheMapDoesBehindIt() throws {
        let sut = MapRouter(), store = DataStoreSpy()
        let context = ProcessContext(arguments: [], environment: [:], stdout: CapturedOutput(), stderr: CapturedOutput())
        let viewController = MapViewController(context: context)
        sut.viewController = viewController
        sut.dataStore = store
        sut.detail = DetailScene.cardSource(context: context)
        store.selectedRestaurant = MapSeeds.restaurant("J1", "一番目の店", at: MapSeeds.tokyo)
        sut.showCard()
        store.selectedRestaurant = MapSeeds.restaurant("J2", "二番目の店", at: MapSeeds.tokyo)
        let card = try #require(sut.card().map { MapViewController.cardLines($0, width: 80) }).joined(separator: "\n")
        #expect(card.contains("一番目の店") && !card.contains("二番目の店"), "\(card)")
        sut.closeCard()
        #expect(
            try #require(sut.card().map { MapViewController.cardLines($0, width: 80) }).joined().contains("二番目の店"),
            "closed, the selection again")
        #expect(
            try #require(sut.card().map { MapViewController.cardLines($0, width: 80) }).contains { $0.contains("Open now") },
            "without --open-at: now")
        store.open = OpenQuestion(
            moment: .now(
                CivilTime(date: CivilDate(year: 2026, month: 11, day: 27), minute: 720).instant(
                    secondsFromGMT: HoursClock.japanOffset)), openOnly: true)
        #expect(
            try #require(sut.card().map { MapViewController.cardLines($0, width: 80) }).contains {
                $0.contains("Open fri 12:00")
            }, "after --open-at: its moment")
    }

    @Test func anAlertWaitsWhileAKeywordIsTyped() throws {
        let sut = MapPresenter(), spy = MapDisplayLogicSpy()
        sut.viewController = spy
        let search = Map.Explore.Search(centre: MapSeeds.tokyo, range: .m1000)
        var state = Map.Explore.State(home: MapSeeds.tokyo, searched: search, viewCentre: MapSeeds.tokyo)
        state.alert = .nothingFound(search, tally: nil, clock: .japan)
        state.prompt = "ab"
        sut.presentExplorer(.init(state: state, size: .init(columns: 80, rows: 24), open: Seeds.open))
        let shown = try #require(spy.screens.last)
        #expect(shown.mode == .prompt("ab"), "the next key goes on the keyword")
        let text = (0..<shown.screen.height).map { shown.screen.text(row: $0) }.joined(separator: "\n")
        #expect(!text.contains("Nothing found") && text.contains("Keyword: ab"))
        state.prompt = nil
        sut.presentExplorer(.init(state: state, size: .init(columns: 80, rows: 24), open: Seeds.open))
        #expect(try #require(spy.screens.last).mode == .alert, "then the alert")
    }

    @Test func aNarrowStatusLineKeepsQuitInView() throws {
        let sut = MapPresenter(), spy = MapDisplayLogicSpy()
        sut.viewController = spy
        let search = Map.Explore.Search(centre: MapSeeds.tokyo, range: .m1000, keyword: "とても長いキーワードです")
        var state = Map.Explore.State(
            home: MapSeeds.tokyo, searched: search, viewCentre: MapInteractor.moved(MapSeeds.tokyo, toward: .east, metres: 500),
            placeName: "渋谷駅")
        state.tally = OpenTally(closed: 8, unknown: 0, examined: 10)
        sut.presentExplorer(.init(state: state, size: .init(columns: 60, rows: 20), open: Seeds.open))
        let status = try #require(spy.screens.last).screen.text(row: 19)
        #expect(status.hasSuffix("? keys  q quit ") && status.contains("…"), "\(status)")
    }
}

extension MapExplorerCommandTests {
    @Test func heldOutputPassesItOnInOrderWhenReleased() {
        let destination = CapturedOutput()
        let sut = HoldableOutput(destination)
        sut.write("zero\n")
        sut.hold()
        sut.write("one\n")
        sut.write("two\n")
        #expect(destination.text == "zero\n", "held from hold() on")
        sut.release()
        sut.write("three\n")
        #expect(destination.text == "zero\none\ntwo\nthree\n")
    }
}

extension ScreenTests {
    @Test func theCardSaysWhichLinesShowAndSurvivesATinyTerminal() {
        let lines = (1...10).map { "line \($0)" }
        let card = CardScreen.screen(lines, top: 2, size: .init(columns: 40, rows: 5), unicode: false)
        #expect(card.text(row: 0).hasPrefix("line 3") && card.text(row: 4).hasPrefix(" lines 3-6 of 10   arrows"))
        for size in [Map.Explore.Size(columns: 0, rows: 0), .init(columns: 1, rows: 1), .init(columns: 3, rows: 2)] {
            let tiny = CardScreen.screen(lines, top: 0, size: size, unicode: true)
            #expect(tiny.height >= 1 && tiny.width >= 1, "no trap at \(size)")
        }
        var cleared = Screen(width: 4, height: 2)
        cleared.clear(row: 5, column: 9, width: 3, height: 3)
        cleared.clear(row: -4, column: -4, width: 2, height: 2)
        #expect(cleared == Screen(width: 4, height: 2), "a rectangle off the screen clears nothing")
    }
}

extension MapExplorerGeometryTests {
    @Test func aClickHitsTheLabelsColumnsOnItsRowOnly() {
        let viewModel = Map.Explore.ViewModel(
            screen: Screen(width: 10, height: 3),
            hitTargets: [
                .init(row: 1, columns: 2...4, index: 0), .init(row: 1, columns: 2...4, index: 5),
                .init(row: 2, columns: 2...2, index: 1),
            ])
        #expect(viewModel.restaurants(atRow: 1, column: 4) == [0, 5], "a merged label: both")
        #expect(viewModel.restaurants(atRow: 1, column: 5).isEmpty && viewModel.restaurants(atRow: 0, column: 3).isEmpty)
        #expect(viewModel.restaurants(atRow: 2, column: 2) == [1])
    }
}

extension MapExplorerRolesTests {
    @Test func aLongKeywordShowsItsEndWithTheKeysStillInView() throws {
        let sut = MapPresenter(), spy = MapDisplayLogicSpy()
        sut.viewController = spy
        var state = Map.Explore.State(
            home: MapSeeds.tokyo, searched: .init(centre: MapSeeds.tokyo, range: .m1000), viewCentre: MapSeeds.tokyo)
        state.prompt = String(repeating: "ラーメン", count: 10) + "末尾"
        sut.presentExplorer(.init(state: state, size: .init(columns: 60, rows: 20), open: Seeds.open))
        let status = try #require(spy.screens.last).screen.text(row: 19)
        #expect(status.contains("…") && status.contains("末尾") && status.contains("Esc: cancel"), "\(status)")
    }
}

extension MapExplorerSceneTests {
    @Test func vLogsTheSelectedPlaceTodayAsLogAddDoesAndWPutsItOnTheWantList() async throws {
        // Given the map over the stub, with a food log of its own (the stub's, which keeps its places)
        let data = try TemporaryFolder("foodlogger-map-log")
        let store = FoodLogStore(environment: ["XDG_DATA_HOME": data.path])
        let stdout = CapturedOutput(), stderr = CapturedOutput()
        var context = ProcessContext(arguments: [], environment: ["LANG": "C.UTF-8"], stdout: stdout, stderr: stderr)
        context.now = { CLIRun.friday }
        let sut = MapScene.assemble(
            context: context, finder: FindPlaces(HotpepperWorker(api: HotpepperStub())),
            places: GeocodingWorker(geocoder: GeocodingStub(), cache: nil), foodLog: (store, true))

        // When v is pressed on the nearest, v again, then w on the next
        var said: [String] = []
        var runs: [(sut: MapViewController, terminal: ScriptedTerminal, code: ExitCode)] = []
        for keys: [TerminalEvent] in [[.key(.character("v"))], [.key(.character("v"))], [.key(.tab), .key(.character("w"))]] {
            runs.append(await explore(keys, sut: sut))
            said.append(text(sut.onTerminal).split(separator: "\n").last.map(String.init) ?? "")
        }

        // Then the log holds the entry `log add` writes for the nearest, once, and the next wanted
        let entries = try store.read().newestFirst
        let nearest = try #require(entries.last)
        let other = try TemporaryFolder("foodlogger-map-log-add")
        let logAdd = FoodLogStore(environment: ["XDG_DATA_HOME": other.path])
        let added = await FoodLogScene.assemble(
            context: scene().context, presentation: .table, store: logAdd, worker: HotpepperWorker(api: HotpepperStub())
        )
        .add(id: nearest.shop.id, when: .today, note: nil, rating: nil, stubLog: true)
        #expect(added == .shown)
        #expect(nearest == (try logAdd.read().newestFirst.first), "the entry log add writes: \(entries)")
        #expect(nearest.date == CivilDate(CLIRun.friday, in: .current), "today")
        #expect(entries.count == 2 && entries.first?.want == true, "\(entries)")
        // And each outcome is on the status line, nothing printed while the map held the screen
        #expect(said[0].contains("Logged entry 1: 豚骨ラーメン 渦 渋谷店, "), "\(said[0])")
        #expect(said[1].contains("is logged on") && said[1].contains("already, as entry 1"), "\(said[1])")
        #expect(!said[1].contains("foodlogger:"), "the refusal without the stderr prefix: \(said[1])")
        #expect(said[2].contains("Logged entry 2: Cafe & Books ことのは, to go to."), "\(said[2])")
        #expect(stdout.text.isEmpty && stderr.text.isEmpty, "nothing printed: \(stdout.text)\(stderr.text)")
        #expect(runs.allSatisfy { $0.terminal.enters == 1 && $0.terminal.leaves == 1 })
    }
}
