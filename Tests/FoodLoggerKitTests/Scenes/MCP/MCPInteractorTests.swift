import Foundation
import Testing

@testable import FoodLoggerKit

@MainActor
final class MCPPresentationLogicSpy: MCPPresentationLogic {
    var initialized: [MCP.Initialize.Response] = []
    var toolLists: [MCP.ListTools.Response] = []
    var calls: [MCP.CallTool.Response] = []
    var empties: [MCP.RequestID] = []
    var failures: [MCP.ReadFailure] = []

    func presentInitialized(_ response: MCP.Initialize.Response) { initialized.append(response) }
    func presentTools(_ response: MCP.ListTools.Response) { toolLists.append(response) }
    func presentCall(_ response: MCP.CallTool.Response) { calls.append(response) }
    func presentEmpty(_ id: MCP.RequestID) { empties.append(id) }
    func presentFailure(_ failure: MCP.ReadFailure) { failures.append(failure) }
    var discovered: [MCP.Discover.Response] = []
    var batches: [[MCP.Answer]] = []
    func presentDiscovered(_ response: MCP.Discover.Response) { discovered.append(response) }
    func presentBatch(_ answers: [MCP.Answer]) { batches.append(answers) }
}

/// Records each command and its arguments; answers at once, or, when `waits`, only once its
/// task is cancelled.
@MainActor
final class MCPCommandRunnerSpy: MCPCommandRunning {
    var commands: [(name: String, arguments: ParsedArguments)] = []
    var cancelled = 0
    var waits = false
    var outcome = MCP.CommandOutcome(
        status: .success, document: ["restaurants": [], "total": 0, "start": 1, "returned": 0])

    func run(_ command: String, _ arguments: ParsedArguments) async -> MCP.CommandOutcome {
        commands.append((command, arguments))
        if waits {
            while !Task.isCancelled { await Task.yield() }
            cancelled += 1
        }
        return outcome
    }
}

@MainActor
@Suite struct MCPInteractorTests {
    let runner = MCPCommandRunnerSpy()
    let presenter = MCPPresentationLogicSpy()

    func makeSUT(defaults: ParsedArguments = ParsedArguments(flags: ["--stub"]), provider: String? = "osm") -> MCPInteractor {
        let sut = MCPInteractor(runner: runner, defaults: defaults, provider: provider)
        sut.presenter = presenter
        return sut
    }

    func line(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: MCP.Revision.allCases.map(\.rawValue) + ["2023-01-01", "x"])
    func initializeAnswersInTheClientsRevisionElseTheNewest(asked: String) {
        // Given a server
        let sut = makeSUT()

        // When a client asks for a revision
        sut.receive(line(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(asked)"}}"#))

        // Then it is answered in it when supported, else in the newest (2026-07-28 has no handshake)
        let expected = MCP.Revision(rawValue: asked).flatMap { $0.isEnveloped ? nil : $0 } ?? .latest
        #expect(presenter.initialized == [.init(id: .integer(1), revision: expected)], "\(presenter.initialized)")
        #expect(sut.revision == expected, "the session speaks it from now on")
    }

    @Test func aCallRunsItsCommandWithTheServersServiceOptions() async {
        // Given a server started with --stub and --provider osm
        let sut = makeSUT()

        // When search_restaurants is called, and show_restaurant with an id
        sut.receive(
            line(
                #"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"search_restaurants","arguments":{"near":"-渋谷","open_now":true,"unvisited":false,"genre":["ramen","cafe"],"filters":["wifi","private_room"],"count":5}}}"#
            ))
        sut.receive(
            line(
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"show_restaurant","arguments":{"shops":["--stub",3]}}}"#
            ))
        await sut.finish()

        // Then each runs its command with --json, the values as given, the defaults with them, ids as ids
        #expect(runner.commands.map(\.name) == ["search", "show"], "\(runner.commands.map(\.name))")
        #expect(
            runner.commands.first?.arguments
                == ParsedArguments(
                    flags: ["--json", "--wifi", "--private-room", "--open-now", "--stub"],
                    values: ["--near": ["-渋谷"], "--genre": ["ramen", "cafe"], "--count": ["5"], "--provider": ["osm"]]),
            "\(String(describing: runner.commands.first?.arguments))")
        #expect(
            runner.commands.last?.arguments
                == ParsedArguments(flags: ["--json", "--stub"], positionals: ["--stub", "3"]),
            "an id that looks like an option stays an id: \(String(describing: runner.commands.last?.arguments))")
        #expect(presenter.calls.map(\.id) == [.string("a"), .integer(2)], "each call answered")
    }

    @Test func aProviderNamedByTheCallWinsOverTheServers() async {
        let sut = makeSUT()

        sut.receive(
            line(
                #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_genres","arguments":{"provider":"google"}}}"#
            ))
        await sut.finish()

        #expect(
            runner.commands.map(\.arguments)
                == [ParsedArguments(flags: ["--json", "--stub"], values: ["--provider": ["google"]])],
            "\(runner.commands.map(\.arguments))")
    }

    @Test(arguments: [
        (#"{"count":"ten"}"#, MCPTool.ArgumentError.wrongType(name: "count", expected: .integer(within: 1...20))),
        (#"{"count":21}"#, .outOfRange(name: "count", range: 1...20)),
        (#"{"nearr":"x"}"#, .unknown(name: "nearr", suggestion: "near")),
        (
            #"{"diet":["vegan","keto"]}"#,
            .notAChoice(name: "diet", value: "keto", choices: ["vegetarian", "vegan", "halal", "kosher", "gluten_free"])
        ),
        (#"[1]"#, .notAnObject),
    ])
    func badArgumentsAreRefusedWithoutRunningAnything(arguments: String, expected: MCPTool.ArgumentError) {
        let sut = makeSUT()

        sut.receive(
            line(
                #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_restaurants","arguments":\#(arguments)}}"#
            ))

        #expect(presenter.calls.map(\.result) == [.refused(expected)], "\(presenter.calls.map(\.result))")
        #expect(runner.commands.isEmpty, "nothing ran")
    }

    @Test func anUnknownToolAndAnUnknownMethodAreJSONRPCErrors() {
        let sut = makeSUT()

        sut.receive(line(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"delete_everything"}}"#))
        sut.receive(line(#"{"jsonrpc":"2.0","id":2,"method":"resources/list"}"#))
        sut.receive(line(#"{"jsonrpc":"2.0","method":"notifications/whatever"}"#))

        #expect(
            presenter.failures == [
                .init(id: .integer(1), failure: .unknownTool("delete_everything")),
                .init(id: .integer(2), failure: .methodNotFound("resources/list")),
            ], "two errors, and nothing for the notification: \(presenter.failures)")
    }

    @Test(arguments: [
        ("{", MCP.ReadFailure(id: nil, failure: .parse)),
        (
            #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
            .init(
                id: nil,
                failure: .invalidRequest("JSON-RPC batches are taken in revision 2025-03-26 and before, not in 2025-11-25"))
        ),
        (
            #"{"jsonrpc":"1.0","id":7,"method":"ping"}"#,
            .init(id: .integer(7), failure: .invalidRequest("\"jsonrpc\" must be \"2.0\""))
        ),
        (
            #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
            .init(id: nil, failure: .invalidRequest("\"id\" must be a string or an integer"))
        ),
        (
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":[]}"#,
            .init(id: .integer(3), failure: .invalidRequest("\"params\" must be an object"))
        ),
    ])
    func malformedMessagesGetTheirJSONRPCError(text: String, expected: MCP.ReadFailure) {
        let sut = makeSUT()

        sut.receive(line(text))

        #expect(presenter.failures == [expected], "\(presenter.failures)")
    }

    @Test func anIdOfACallStillRunningIsRefusedAndTheFirstCallKept() async {
        // Given a call whose command waits
        runner.waits = true
        let sut = makeSUT()
        let call = #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_genres"}}"#
        sut.receive(line(call))
        await Task.yield()

        // When a second call comes with the same id
        sut.receive(line(call))

        // Then the second is refused as an invalid request and the first still runs, cancellable
        #expect(presenter.failures.map(\.failure) == [.invalidRequest("request id already in use by a running call")])
        #expect(sut.callsRunning == 1, "the first call runs on")
        sut.receive(line(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4}}"#))
        await sut.finish()
        #expect(sut.callsRunning == 0, "and the cancellation reached it")
    }

    @Test func aCancelledCallStopsAndIsNotAnswered() async {
        // Given a call whose command waits
        runner.waits = true
        let sut = makeSUT()
        sut.receive(
            line(#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"list_genres"}}"#))
        await Task.yield()
        #expect(sut.callsRunning == 1, "running")

        // When the client cancels it
        sut.receive(line(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9,"reason":"enough"}}"#))
        await sut.finish()
        for _ in 0..<100 where runner.cancelled == 0 { await Task.yield() }

        // Then its task was cancelled, and no answer is given
        #expect(runner.cancelled == 1, "the command saw the cancellation")
        #expect(presenter.calls.isEmpty && sut.callsRunning == 0, "no answer, nothing running")
    }
}
