import Foundation
import Testing

@testable import FoodLoggerKit

/// Holds each command until the test lets it end, in the order they started.
@MainActor
final class HeldCommandRunnerSpy: MCPCommandRunning {
    var started = 0
    private var held: [CheckedContinuation<Void, Never>] = []

    func run(_ command: String, _ arguments: ParsedArguments) async -> MCP.CommandOutcome {
        started += 1
        await withCheckedContinuation { held.append($0) }
        return MCP.CommandOutcome(status: .success, document: ["genres": []])
    }

    /// Lets the command that started first end.
    func endOne() { if !held.isEmpty { held.removeFirst().resume() } }
    var holding: Int { held.count }
}

/// The bound on tool calls: so many run, so many wait, the rest are answered at once as busy.
@MainActor
@Suite struct MCPCallBoundTests {
    let runner = HeldCommandRunnerSpy()
    let presenter = MCPPresentationLogicSpy()

    func makeSUT() -> MCPInteractor {
        let sut = MCPInteractor(
            runner: runner, defaults: ParsedArguments(flags: ["--stub"]), provider: nil, callsAtOnce: 2, callsWaiting: 3)
        sut.presenter = presenter
        return sut
    }

    func call(_ id: Int) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"list_genres"}}"#.utf8)
    }

    /// Lets the started tasks reach the runner.
    func settle() async { for _ in 0..<50 { await Task.yield() } }

    @Test func callsPastThoseRunningAndWaitingAreBusyAndWaitingOnesStartOnlyWhenOthersEnd() async {
        // Given a server running 2 calls at once with 3 waiting
        let sut = makeSUT()

        // When 8 calls come at once
        for id in 1...8 { sut.receive(call(id)) }
        await settle()

        // Then 2 run, 3 wait and the last 3 are told at once that the server is busy
        #expect(runner.started == 2 && sut.callsRunning == 2 && sut.callsWaitingToRun == 3, "started \(runner.started)")
        #expect(
            presenter.failures.compactMap(\.id) == [6, 7, 8].map { MCP.RequestID.integer($0) }
                && presenter.failures.allSatisfy { $0.failure == .busy(running: 2, waiting: 3) && $0.failure.code == -32000 },
            "\(presenter.failures)")

        // When the first call ends
        runner.endOne()
        await settle()

        // Then it is answered and the call waiting longest starts, no sooner
        #expect(presenter.calls.map(\.id) == [.integer(1)], "\(presenter.calls.map(\.id))")
        #expect(runner.started == 3 && sut.callsWaitingToRun == 2, "call 3 started: \(runner.started)")

        // When a waiting call is cancelled, then the rest end
        sut.receive(Array(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4}}"#.utf8))
        #expect(sut.callsWaitingToRun == 1, "call 4 no longer waits")
        while runner.holding > 0 || sut.callsRunning > 0 {
            runner.endOne()
            await settle()
        }
        await sut.finish()

        // Then every other call was answered once, and the cancelled one never ran
        #expect(presenter.calls.map(\.id) == [1, 2, 3, 5].map { MCP.RequestID.integer($0) }, "\(presenter.calls.map(\.id))")
        #expect(runner.started == 4, "call 4 never ran")
    }

    @Test func anIdWaitingToRunIsInUse() async {
        // Given calls 1 and 2 running and call 3 waiting
        let sut = makeSUT()
        for id in [1, 2, 3] { sut.receive(call(id)) }
        await settle()

        // When a call reuses a waiting call's id
        sut.receive(call(3))

        // Then it is refused as the id of a running call would be
        #expect(presenter.failures.map(\.failure) == [.invalidRequest("request id already in use by a running call")])
        while runner.holding > 0 || sut.callsRunning > 0 {
            runner.endOne()
            await settle()
        }
        await sut.finish()
        #expect(presenter.calls.count == 3, "each of the three answered once")
    }
}
