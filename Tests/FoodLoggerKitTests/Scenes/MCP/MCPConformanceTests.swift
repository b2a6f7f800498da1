import Foundation
import Testing

@testable import FoodLoggerKit

/// The protocol's rules the interactor keeps (issue #49, items 15 and 16): batches where the
/// revision takes them, one `initialize`, its protocolVersion, the one-page tool list, the
/// 2026-07-28 envelope and its -32022, and the end of input.
@MainActor
@Suite struct MCPConformanceTests {
    let runner = MCPCommandRunnerSpy()
    let presenter = MCPPresentationLogicSpy()

    func makeSUT(closingGrace: Duration = .seconds(1)) -> MCPInteractor {
        let sut = MCPInteractor(
            runner: runner, defaults: ParsedArguments(flags: ["--stub"]), provider: nil, closingGrace: closingGrace)
        sut.presenter = presenter
        return sut
    }

    func line(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let envelope =
        #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#

    func initialize(_ sut: MCPInteractor, _ revision: String) {
        sut.receive(line(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"\#(revision)"}}"#))
    }

    @Test func aBatchUnder20250326IsAnsweredAsOneBatchOnceItsCallsAre() async {
        // Given a session in 2025-03-26
        let sut = makeSUT()
        initialize(sut, "2025-03-26")

        // When a batch brings a ping, a call, a notification and something that is no message
        sut.receive(
            line(
                #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_genres"}},{"jsonrpc":"2.0","method":"notifications/initialized"},7]"#
            ))
        #expect(presenter.batches.isEmpty, "the batch waits for its call")
        await sut.finish()

        // Then one batch answers the ping, the stray value and the call, and nothing else was sent alone
        let batch = try? #require(presenter.batches.first)
        #expect(presenter.batches.count == 1 && batch?.count == 3, "\(presenter.batches)")
        #expect(batch?.first == .empty(.integer(1)), "the ping first: \(String(describing: batch?.first))")
        #expect(batch?[1] == .failure(.init(id: nil, failure: .invalidRequest("a message is a JSON object"))), "the 7")
        if case .call(let response)? = batch?.last {
            #expect(response.id == .integer(2), "the call")
        } else {
            Issue.record("the call's answer last: \(String(describing: batch?.last))")
        }
        #expect(presenter.calls.isEmpty && presenter.empties.isEmpty, "nothing answered outside the batch")
    }

    @Test(arguments: ["2025-06-18", "2025-11-25"])
    func aBatchIsRefusedWhereTheRevisionHasNone(revision: String) {
        let sut = makeSUT()
        initialize(sut, revision)

        sut.receive(line(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#))

        #expect(
            presenter.failures == [
                .init(
                    id: nil,
                    failure: .invalidRequest("JSON-RPC batches are taken in revision 2025-03-26 and before, not in \(revision)"))
            ], "\(presenter.failures)")
    }

    @Test func aSecondInitializeAndOneWithoutItsVersionAreRefused() {
        let sut = makeSUT()

        sut.receive(line(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#))
        sut.receive(line(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":20250618}}"#))
        initialize(sut, "2025-06-18")
        initialize(sut, "2025-03-26")

        #expect(
            presenter.failures.map(\.failure.code) == [-32602, -32602, -32600],
            "no version, a number, then a second initialize: \(presenter.failures)")
        #expect(presenter.initialized.map(\.revision) == [.v2025_06_18], "the first good one settles")
        #expect(sut.revision == .v2025_06_18, "and stays")
    }

    @Test func aToolsListCursorIsInvalidParams() {
        let sut = makeSUT()

        sut.receive(line(#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"page-2"}}"#))
        sut.receive(line(#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":null}}"#))

        #expect(presenter.failures.map(\.failure.code) == [-32602], "\(presenter.failures)")
        #expect(presenter.toolLists.map(\.id) == [.integer(2)], "a null cursor is none")
    }

    @Test func theEnvelopedRevisionIsSpokenWithoutAHandshake() async {
        // Given a server that has had no initialize
        let sut = makeSUT()

        // When a client discovers, lists and calls in 2026-07-28's envelope, then pings and initializes
        sut.receive(line(#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{\#(Self.envelope)}}"#))
        sut.receive(line(#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{\#(Self.envelope)}}"#))
        sut.receive(
            line(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_genres",\#(Self.envelope)}}"#))
        sut.receive(line(#"{"jsonrpc":"2.0","id":4,"method":"ping","params":{\#(Self.envelope)}}"#))
        sut.receive(line(#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#))
        initialize(sut, "2025-06-18")
        await sut.finish()

        // Then each is answered in 2026-07-28; ping (removed), a bare request and initialize are refused
        #expect(presenter.discovered == [.init(id: .integer(1), revision: .v2026_07_28)], "\(presenter.discovered)")
        #expect(presenter.toolLists.map(\.revision) == [.v2026_07_28], "\(presenter.toolLists)")
        #expect(presenter.calls.map(\.revision) == [.v2026_07_28], "\(presenter.calls)")
        #expect(
            presenter.failures.map(\.failure.code) == [-32601, -32602, -32022],
            "ping removed, no envelope, no handshake: \(presenter.failures)")
        #expect(presenter.failures.last?.failure.data?["supported"] == ["2026-07-28"], "the -32022 names what is spoken")
    }

    @Test(arguments: ["2027-01-01", "2025-06-18", "draft"])
    func aRequestInARevisionNotSpokenIsRefusedWith32022(asked: String) {
        let sut = makeSUT()
        let meta =
            #""_meta":{"io.modelcontextprotocol/protocolVersion":"\#(asked)","io.modelcontextprotocol/clientCapabilities":{}}"#

        sut.receive(line(#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{\#(meta)}}"#))

        #expect(presenter.failures == [.init(id: .integer(1), failure: .unsupportedRevision(requested: asked))])
        #expect(
            presenter.failures.first?.failure.data == ["supported": ["2026-07-28"], "requested": .string(asked)],
            "the data 2026-07-28 asks for")
    }

    @Test func anEnvelopeWithoutCapabilitiesIsInvalidParamsAndOneAfterInitializeInvalidRequest() {
        let sut = makeSUT()
        sut.receive(
            line(
                #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#
            ))
        initialize(sut, "2025-11-25")
        sut.receive(line(#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{\#(Self.envelope)}}"#))

        #expect(presenter.failures.map(\.failure.code) == [-32602, -32600], "\(presenter.failures)")
    }

    @Test func atTheEndOfInputACallStillRunningIsStoppedAndSaidSo() async {
        // Given a call whose command runs until cancelled, and a short grace
        runner.waits = true
        let sut = makeSUT(closingGrace: .milliseconds(50))
        sut.receive(line(#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"list_genres"}}"#))
        await Task.yield()

        // When the input ends
        await sut.finish()
        for _ in 0..<1000 where runner.cancelled == 0 { await Task.yield() }

        // Then the call is cancelled and answered as stopped, and nothing runs
        #expect(runner.cancelled == 1, "the command saw the cancellation")
        #expect(presenter.failures == [.init(id: .integer(9), failure: .stopped)], "\(presenter.failures)")
        #expect(presenter.calls.isEmpty && sut.callsRunning == 0, "no result, nothing running")
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"arguments":{"k":"aaaa"#, MCP.RequestID?.some(.integer(77))),
        (#"{"params":{"id":5,"x":[1,{"id":6}]},"id":"x-1","method"#, .string("x-1")),
        (#"{"jsonrpc":"2.0","method":"tools/call","params":{"id":5,"#, nil),
        (#"{"jsonrpc":"2.0","note":"\"id\": 3","id":12"#, nil),
        (#"{"jsonrpc":"2.0","note":"\"id\": 3","id":12,"#, .integer(12)),
    ])
    func aLongLinesIdIsReadFromItsHeadWhenItIsThere(head: String, expected: MCP.RequestID?) {
        #expect(MCP.RequestID.peek(Array(head.utf8)) == expected, "\(head)")
    }
}
