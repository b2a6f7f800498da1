import Foundation

/// A terminal driven by a list of events, for the tests and the benchmark: it records what the
/// map wrote for each event and how long each took, and whether the terminal was left as found.
/// After the list it says stdin ended. Like a person, it waits for the screen to settle (the
/// search in flight to end) before each event.
@MainActor
final class ScriptedTerminal: FullScreenTerminal {
    var size: Map.Explore.Size
    private var script: [TerminalEvent]
    private(set) var writes: [String] = []
    private(set) var entered = false
    private(set) var enters = 0, leaves = 0, suspends = 0
    /// Bytes written for each event, in order; the first entry is the opening screen's.
    private(set) var bytesPerEvent: [Int] = []
    /// Seconds from handing out each event to the next request for one: its whole handling.
    private(set) var secondsPerEvent: [Double] = []
    private var bytesSinceEvent = 0
    private var lastEvent: ContinuousClock.Instant?
    /// `wake()` was called: the next event is `.wake`, as from the live terminal's pipe.
    private var woken = false

    init(_ script: [TerminalEvent], size: Map.Explore.Size = .init(columns: 120, rows: 40)) {
        self.script = script; self.size = size
    }

    func enter() {
        entered = true
        enters += 1
    }

    func leave() {
        if entered { leaves += 1 }
        entered = false
    }

    func next(during work: Task<Void, Never>?) async -> TerminalEvent {
        await work?.value
        if woken {
            woken = false
            return .wake
        }
        let now = ContinuousClock.now
        if let lastEvent {
            secondsPerEvent.append(lastEvent.duration(to: now) / .seconds(1))
        }
        bytesPerEvent.append(bytesSinceEvent)
        bytesSinceEvent = 0
        lastEvent = now
        return script.isEmpty ? .end : script.removeFirst()
    }

    func wake() { woken = true }

    func write(_ text: String) {
        writes.append(text)
        bytesSinceEvent += text.utf8.count
    }

    func suspend() {
        suspends += 1
        leave()
        enter()
    }
}
