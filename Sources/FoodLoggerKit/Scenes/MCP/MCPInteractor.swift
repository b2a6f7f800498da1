import Foundation
import FoodLoggerDomain

/// What the MCP scene can do with what the client sends.
@MainActor
protocol MCPBusinessLogic: AnyObject {
    /// One line from the client: a request, a notification or something that is neither.
    func receive(_ line: [UInt8])
    /// A line longer than the server reads, skipped: `head`, its first bytes, may name its id.
    func refuseLongLine(limit: Int, head: [UInt8])
    /// The input has ended: lets the calls still running answer for a moment, then stops them.
    func finish() async
}

/// Runs a foodlogger command's whole path (its checks, scene, use case and services) on the
/// arguments a tool read, and hands back its data as a document: each tool is a command, so
/// there is one search path, not two.
@MainActor
protocol MCPCommandRunning: AnyObject {
    func run(_ command: String, _ arguments: ParsedArguments) async -> MCP.CommandOutcome
}

/// Reads each message, settles the revision, lists the tools and runs each call as its
/// command with the server's service options, one task per call, so a call runs while more
/// lines are read and `notifications/cancelled` can stop it (its network work with it).
///
/// A session opens either with `initialize` (the revisions up to 2025-11-25, settled once) or
/// with a request in 2026-07-28's `_meta` envelope (each request names its revision): the first
/// decides, and a request of the other kind is refused, as the SDK's own server does.
///
/// At most `callsAtOnce` calls run; up to `callsWaiting` more wait their turn, in the order
/// they came, and a call past those is answered at once as `busy`. A call's command (and so
/// its `--timeout`) starts only when the call runs: a call that waited is never told that a
/// service did not answer a request it never sent, and 5,000 calls at once cost what the
/// running ones do (each a command's requests and answers), not 5,000 of them.
@MainActor
final class MCPInteractor: MCPBusinessLogic {
    var presenter: (any MCPPresentationLogic)?
    let runner: any MCPCommandRunning
    /// `mcp`'s service options (--stub, --key-file, --timeout…), passed to every tool that asks
    /// a service, and its --provider, to those whose arguments name no service.
    let defaults: ParsedArguments
    let provider: String?
    /// How the session opened: not yet, with `initialize`, or with an enveloped request.
    private(set) var era = Era.unopened
    private var running: [MCP.RequestID: Running] = [:]
    /// Calls read but not yet run, oldest first.
    private var waiting: [Call] = []
    /// Batches with calls still to answer, by number, and the next number.
    private var batches: [Int: Batch] = [:]
    private var nextBatch = 0
    /// Most calls running at once, and most waiting for them.
    let callsAtOnce: Int, callsWaiting: Int
    /// How long calls still running at the input's end may take to answer before they are stopped.
    let closingGrace: Duration

    /// Sixteen calls at once: more than a client's agent asks at a time, and few enough that each
    /// service's requests go out soon after their call starts.
    static let defaultCallsAtOnce = 16
    /// 256 waiting: a burst a client may send at once is held (a few hundred bytes each), a flood is refused.
    static let defaultCallsWaiting = 256
    /// A second: a stub's or a cached answer is written, and the server still ends within 2 s of
    /// its input, as a client closing stdin expects (it sends SIGTERM after "a reasonable time").
    static let defaultClosingGrace = Duration.seconds(1)

    enum Era: Equatable {
        case unopened
        /// `initialize` settled this revision.
        case handshake(MCP.Revision)
        /// Requests carry their revision in their envelope.
        case enveloped
    }

    init(
        runner: any MCPCommandRunning, defaults: ParsedArguments, provider: String?, callsAtOnce: Int = defaultCallsAtOnce,
        callsWaiting: Int = defaultCallsWaiting, closingGrace: Duration = defaultClosingGrace
    ) {
        self.runner = runner; self.defaults = defaults; self.provider = provider
        self.callsAtOnce = max(1, callsAtOnce); self.callsWaiting = max(0, callsWaiting)
        self.closingGrace = closingGrace
    }

    /// The revision a request without an envelope is answered in: the settled one, else the newest.
    var revision: MCP.Revision {
        if case .handshake(let revision) = era { revision } else { .latest }
    }

    /// How many tool calls are running.
    var callsRunning: Int { running.count }
    /// How many wait for a call to end.
    var callsWaitingToRun: Int { waiting.count }

    /// A tool call read and checked, not yet run.
    private struct Call {
        var id: MCP.RequestID
        var tool: MCPTool
        var arguments: ParsedArguments
        var page: MCPTool.Page?
        var revision: MCP.Revision
        /// The batch it came in, which is answered once all its requests are.
        var batch: Int?
    }

    private struct Running {
        var call: Call
        var task: Task<Void, Never>
    }

    /// A batch's answers so far, and the calls it still waits for.
    private struct Batch {
        var answers: [MCP.Answer]
        var pending: Set<MCP.RequestID>
    }

    func receive(_ line: [UInt8]) {
        switch MCP.Line.read(line) {
        case .single(let message):
            if let answer = handle(message, batch: nil) { present(answer) }
        case .batch(let messages):
            receiveBatch(messages)
        }
    }

    func refuseLongLine(limit: Int, head: [UInt8]) {
        presenter?.presentFailure(.init(id: MCP.RequestID.peek(head), failure: .lineTooLong(limit: limit)))
    }

    /// Lets the calls running and waiting answer for `closingGrace`, then stops the rest, each
    /// answered as stopped: a client that closed stdin is shutting the server down.
    func finish() async {
        let deadline = ContinuousClock.now + closingGrace
        while !running.isEmpty || !waiting.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        let stopped = running.values.map(\.call) + waiting
        waiting = []
        for (_, entry) in running { entry.task.cancel() }
        running = [:]
        for call in stopped { answer(call, with: .failure(.init(id: call.id, failure: .stopped))) }
    }

    /// A batch (2025-03-26 and before): each message handled in order, the answers sent together
    /// once every request in it is answered; nothing for a batch of notifications only.
    private func receiveBatch(_ messages: [Result<MCP.Message, MCP.ReadFailure>]) {
        let revision = revision
        guard case .handshake = era, revision.takesBatches else {
            let why =
                "JSON-RPC batches are taken in revision 2025-03-26 and before, not in \(era == .enveloped ? MCP.Revision.v2026_07_28.rawValue : revision.rawValue)"
            return presenter?.presentFailure(.init(id: nil, failure: .invalidRequest(why))) ?? ()
        }
        guard !messages.isEmpty else {
            return presenter?.presentFailure(.init(id: nil, failure: .invalidRequest("an empty batch"))) ?? ()
        }
        let number = nextBatch
        nextBatch += 1
        batches[number] = Batch(answers: [], pending: [])
        for message in messages {
            if case .success(.request(let id, "initialize", _)) = message {
                // The lifecycle: initialize is never part of a batch.
                batches[number]?.answers.append(
                    .failure(.init(id: id, failure: .invalidRequest("initialize is never part of a batch"))))
                continue
            }
            if let answer = handle(message, batch: number) { batches[number]?.answers.append(answer) }
        }
        endBatchIfAnswered(number)
    }

    private func endBatchIfAnswered(_ number: Int) {
        guard let batch = batches[number], batch.pending.isEmpty else { return }
        batches[number] = nil
        if !batch.answers.isEmpty { presenter?.presentBatch(batch.answers) }
    }

    /// The answer to a message, nil for a notification, a response, or a call that answers once run.
    private func handle(_ message: Result<MCP.Message, MCP.ReadFailure>, batch: Int?) -> MCP.Answer? {
        switch message {
        case .failure(let failure): return .failure(failure)
        case .success(.response): return nil
        case .success(.notification(let method, let params)):
            // The others (notifications/initialized…) ask nothing of a server without state.
            if method == "notifications/cancelled", let id = MCP.RequestID(params["requestId"]) { cancel(id) }
            return nil
        case .success(.request(let id, let method, let params)):
            return handle(id: id, method: method, params: params, batch: batch)
        }
    }

    private func handle(id: MCP.RequestID, method: String, params: [String: JSONValue], batch: Int?) -> MCP.Answer? {
        func failure(_ failure: MCP.Failure) -> MCP.Answer { .failure(.init(id: id, failure: failure)) }
        if method == "initialize" { return initialize(id: id, params: params) }
        let revision: MCP.Revision
        if MCP.Envelope.isClaimed(by: params) || method == "server/discover" {
            if case .handshake = era {
                return failure(
                    .invalidRequest("the session opened with initialize; requests in the 2026-07-28 envelope are not taken in it")
                )
            }
            switch MCP.Envelope.revision(of: params) {
            case .failure(let refused): return failure(refused)
            case .success(let asked): revision = asked
            }
            era = .enveloped
        } else if era == .enveloped {
            return failure(MCP.Envelope.revision(of: params).failure ?? .invalidRequest("no envelope"))
        } else {
            revision = self.revision
        }
        switch method {
        case "server/discover":
            return .discovered(.init(id: id, revision: revision))
        case "ping" where !revision.isEnveloped:
            return .empty(id)
        case "tools/list":
            if let cursor = params["cursor"], cursor != .null {
                // The list is one page: no cursor was ever handed out.
                return failure(
                    .invalidParams(
                        "invalid cursor \(TerminalSafe.quoted(String((cursor.string ?? cursor.line).prefix(100)))): the tools are one page"
                    ))
            }
            return .tools(.init(id: id, tools: MCPCatalog.tools, revision: revision))
        case "tools/call":
            return call(id: id, params: params, revision: revision, batch: batch)
        default:
            return failure(.methodNotFound(method))
        }
    }

    /// `initialize` opens a session once, with a protocolVersion string.
    private func initialize(id: MCP.RequestID, params: [String: JSONValue]) -> MCP.Answer {
        func failure(_ failure: MCP.Failure) -> MCP.Answer { .failure(.init(id: id, failure: failure)) }
        switch era {
        case .enveloped:
            // 2026-07-28 has no handshake: the revisions it speaks are named.
            return failure(.unsupportedRevision(requested: params["protocolVersion"]?.string ?? ""))
        case .handshake:
            return failure(.invalidRequest("the session is already initialized"))
        case .unopened:
            break
        }
        guard let asked = params["protocolVersion"]?.string else {
            return failure(.invalidParams("\"protocolVersion\" must be a string, the revision the client asks for"))
        }
        let revision = MCP.Revision.negotiated(asked)
        era = .handshake(revision)
        return .initialized(.init(id: id, revision: revision))
    }

    private func call(id: MCP.RequestID, params: [String: JSONValue], revision: MCP.Revision, batch: Int?) -> MCP.Answer? {
        guard let name = params["name"]?.string else {
            return .failure(.init(id: id, failure: .invalidParams("\"name\" must be a tool's name")))
        }
        guard let tool = MCPCatalog.tool(named: name) else {
            return .failure(.init(id: id, failure: .unknownTool(name)))
        }
        let arguments = params["arguments"]
        switch tool.arguments(arguments, defaults: defaults, provider: provider) {
        case .failure(let error):
            return .call(.init(id: id, tool: tool, result: .refused(error), revision: revision))
        case .success(let parsed):
            // An id names one request until it is answered: a second would take the first's place.
            let batched = batch.map { batches[$0]?.pending.contains(id) == true } ?? false
            guard running[id] == nil, !waiting.contains(where: { $0.id == id }), !batched else {
                return .failure(.init(id: id, failure: .invalidRequest("request id already in use by a running call")))
            }
            let call = Call(id: id, tool: tool, arguments: parsed, page: tool.page(arguments), revision: revision, batch: batch)
            if running.count < callsAtOnce {
                start(call)
            } else if waiting.count < callsWaiting {
                waiting.append(call)
            } else {
                return .failure(.init(id: id, failure: .busy(running: running.count, waiting: waiting.count)))
            }
            if let batch { batches[batch]?.pending.insert(id) }
            return nil
        }
    }

    /// Runs `call`'s command; when it ends, answers it and starts the call waiting longest.
    private func start(_ call: Call) {
        let task = Task {
            let outcome = await runner.run(call.tool.command, call.arguments)
            // A cancelled request gets no answer: the client has stopped waiting for it.
            guard !Task.isCancelled else { return }
            running[call.id] = nil
            answer(
                call,
                with: .call(.init(id: call.id, tool: call.tool, result: .ran(outcome), page: call.page, revision: call.revision)))
            startWaiting()
        }
        running[call.id] = Running(call: call, task: task)
    }

    /// Sends a call's answer, alone or with its batch once that is whole.
    private func answer(_ call: Call, with answer: MCP.Answer?) {
        guard let number = call.batch else {
            if let answer { present(answer) }
            return
        }
        if let answer { batches[number]?.answers.append(answer) }
        batches[number]?.pending.remove(call.id)
        endBatchIfAnswered(number)
    }

    private func present(_ answer: MCP.Answer) {
        guard let presenter else { return }
        switch answer {
        case .initialized(let response): presenter.presentInitialized(response)
        case .discovered(let response): presenter.presentDiscovered(response)
        case .tools(let response): presenter.presentTools(response)
        case .call(let response): presenter.presentCall(response)
        case .empty(let id): presenter.presentEmpty(id)
        case .failure(let failure): presenter.presentFailure(failure)
        }
    }

    /// Starts waiting calls while there is room.
    private func startWaiting() {
        while running.count < callsAtOnce, !waiting.isEmpty { start(waiting.removeFirst()) }
    }

    /// A cancelled call that waits is dropped; one that runs is stopped and makes room. Neither
    /// is answered; a batch it was in no longer waits for it.
    private func cancel(_ id: MCP.RequestID) {
        if let entry = running.removeValue(forKey: id) {
            entry.task.cancel()
            answer(entry.call, with: nil)
            startWaiting()
        } else if let index = waiting.firstIndex(where: { $0.id == id }) {
            answer(waiting.remove(at: index), with: nil)
        }
    }
}

extension Result {
    /// The failure, if this is one.
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
