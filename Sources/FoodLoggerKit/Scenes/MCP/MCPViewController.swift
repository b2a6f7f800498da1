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

    /// Serves until stdin ends, then lets the calls still running answer: exit 0.
    func serve() async -> ExitCode {
        for await event in Self.events(from: input, limit: lineLimit) {
            switch event.framed {
            case .line(let line): interactor?.receive(line)
            case .tooLong: interactor?.refuseLongLine(limit: lineLimit)
            }
            event.taken()
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
            let room = DispatchSemaphore(value: 16)
            let thread = Thread {
                var framer = MCPLineFramer(limit: limit)
                func send(_ events: [MCPLineFramer.Event]) {
                    for framed in events {
                        room.wait()
                        continuation.yield(Event(framed: framed, taken: { room.signal() }))
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
