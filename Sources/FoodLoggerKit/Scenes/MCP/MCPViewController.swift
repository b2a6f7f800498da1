import Foundation

/// What the MCP scene shows: one JSON-RPC line.
@MainActor
protocol MCPDisplayLogic: AnyObject {
    func display(_ viewModel: MCP.ViewModel)
}

/// The terminal stand-in for a connection: reads the client's lines from stdin on a thread of
/// its own (so the main actor stays free to run tool calls), hands each to the interactor and
/// writes each answer to stdout as one line. stdout carries nothing else.
@MainActor
final class MCPViewController: MCPDisplayLogic {
    var interactor: (any MCPBusinessLogic)?
    let input: any ChunkedInput
    let output: any TextOutput
    let lineLimit: Int

    init(input: any ChunkedInput, output: any TextOutput, lineLimit: Int = MCPLineFramer.defaultLimit) {
        self.input = input; self.output = output; self.lineLimit = lineLimit
    }

    /// Serves until stdin ends (or stdout can no longer be written), then lets the calls still
    /// running answer: exit 0.
    func serve() async -> ExitCode {
        for await event in Self.events(from: input, limit: lineLimit) {
            switch event.framed {
            case .line(let line): interactor?.receive(line)
            case .tooLong(let head): interactor?.refuseLongLine(limit: lineLimit, head: head)
            }
            event.taken()
            // The client stopped reading: the session is over, whatever it still writes.
            if output.writeError != nil { break }
        }
        await interactor?.finish()
        return .success
    }

    func display(_ viewModel: MCP.ViewModel) {
        output.write(viewModel.line + "\n")
    }

    /// A framed line and the call that lets the reader go on.
    struct Event: Sendable {
        var framed: MCPLineFramer.Event
        var taken: @Sendable () -> Void
    }

    /// The input's lines, read on a thread that waits while 16 of them are still untaken, so a
    /// client that writes faster than tools answer fills the pipe, not the server's memory.
    nonisolated static func events(from input: any ChunkedInput, limit: Int) -> AsyncStream<Event> {
        AsyncStream { continuation in
            let room = Room(16)
            let thread = Thread {
                var framer = MCPLineFramer(limit: limit)
                func send(_ events: [MCPLineFramer.Event]) {
                    for framed in events {
                        room.take()
                        continuation.yield(Event(framed: framed, taken: { room.give() }))
                    }
                }
                while let chunk = input.read(maximum: 64 * 1024) { send(framer.feed(chunk)) }
                send(framer.finish())
                continuation.finish()
            }
            thread.start()
        }
    }
}

/// Places for lines read but not yet taken. Not a DispatchSemaphore: libdispatch traps when one
/// is released below its starting value, which is what a session that ends early leaves.
final class Room: @unchecked Sendable {
    private let condition = NSCondition()
    private var free: Int

    init(_ places: Int) { free = places }

    /// Waits for a free place and takes it.
    func take() {
        condition.lock(); defer { condition.unlock() }
        while free == 0 { condition.wait() }
        free -= 1
    }

    func give() {
        condition.lock(); defer { condition.unlock() }
        free += 1
        condition.signal()
    }
}
