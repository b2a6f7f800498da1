import Foundation

/// What the MCP scene can do with what the client sends.
@MainActor
protocol MCPBusinessLogic: AnyObject {
    /// One line from the client: a request, a notification or something that is neither.
    func receive(_ line: [UInt8])
    /// A line longer than the server reads, skipped.
    func refuseLongLine(limit: Int)
    /// Waits for the tool calls still running: the input has ended.
    func finish() async
}

/// Runs a foodlogger command's whole path (its checks, scene, use case and services) on the
/// arguments a tool read, and hands back its data as a document: each tool is a command, so
/// there is one search path, not two.
@MainActor
protocol MCPCommandRunning: AnyObject {
    func run(_ command: String, _ arguments: ParsedArguments) async -> MCP.CommandOutcome
}

/// Reads each message, negotiates the revision, lists the tools and runs each call as its
/// command with the server's service options, one task per call, so a call runs while more
/// lines are read and `notifications/cancelled` can stop it (its network work with it).
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
    /// What `initialize` settled; the newest until then.
    private(set) var revision = MCP.Revision.latest
    private var running: [MCP.RequestID: Task<Void, Never>] = [:]
    /// Calls read but not yet run, oldest first.
    private var waiting: [Call] = []
    /// Most calls running at once, and most waiting for them.
    let callsAtOnce: Int, callsWaiting: Int

    /// Sixteen calls at once: more than a client's agent asks at a time, and few enough that each
    /// service's requests go out soon after their call starts.
    static let defaultCallsAtOnce = 16
    /// 256 waiting: a burst a client may send at once is held (a few hundred bytes each), a flood is refused.
    static let defaultCallsWaiting = 256

    init(
        runner: any MCPCommandRunning, defaults: ParsedArguments, provider: String?, callsAtOnce: Int = defaultCallsAtOnce,
        callsWaiting: Int = defaultCallsWaiting
    ) {
        self.runner = runner; self.defaults = defaults; self.provider = provider
        self.callsAtOnce = max(1, callsAtOnce); self.callsWaiting = max(0, callsWaiting)
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
    }

    func receive(_ line: [UInt8]) {
        switch MCP.Message.read(line) {
        case .failure(let failure): presenter?.presentFailure(failure)
        case .success(.response): break
        case .success(.notification(let method, let params)):
            // The others (notifications/initialized…) ask nothing of a server without state.
            if method == "notifications/cancelled", let id = MCP.RequestID(params["requestId"]) { cancel(id) }
        case .success(.request(let id, let method, let params)):
            handle(id: id, method: method, params: params)
        }
    }

    func refuseLongLine(limit: Int) {
        presenter?.presentFailure(.init(id: nil, failure: .lineTooLong(limit: limit)))
    }

    func finish() async {
        // A call that ends starts the next waiting one, so `running` empties only once both have.
        while let task = running.values.first { await task.value }
    }

    private func handle(id: MCP.RequestID, method: String, params: [String: MCPJSON]) {
        switch method {
        case "initialize":
            revision = .negotiated(params["protocolVersion"]?.string)
            presenter?.presentInitialized(.init(id: id, revision: revision))
        case "ping":
            presenter?.presentEmpty(id)
        case "tools/list":
            presenter?.presentTools(.init(id: id, tools: MCPCatalog.tools, revision: revision))
        case "tools/call":
            call(id: id, params: params)
        default:
            presenter?.presentFailure(.init(id: id, failure: .methodNotFound(method)))
        }
    }

    private func call(id: MCP.RequestID, params: [String: MCPJSON]) {
        guard let name = params["name"]?.string else {
            return presenter?.presentFailure(.init(id: id, failure: .invalidParams("\"name\" must be a tool's name"))) ?? ()
        }
        guard let tool = MCPCatalog.tool(named: name) else {
            return presenter?.presentFailure(.init(id: id, failure: .unknownTool(name))) ?? ()
        }
        let arguments = params["arguments"]
        let revision = revision
        switch tool.arguments(arguments, defaults: defaults, provider: provider) {
        case .failure(let error):
            presenter?.presentCall(.init(id: id, tool: tool, result: .refused(error), revision: revision))
        case .success(let parsed):
            // An id names one request until it is answered: a second would take the first's place.
            guard running[id] == nil, !waiting.contains(where: { $0.id == id }) else {
                return presenter?.presentFailure(
                    .init(id: id, failure: .invalidRequest("request id already in use by a running call")))
                    ?? ()
            }
            let call = Call(id: id, tool: tool, arguments: parsed, page: tool.page(arguments), revision: revision)
            if running.count < callsAtOnce {
                start(call)
            } else if waiting.count < callsWaiting {
                waiting.append(call)
            } else {
                presenter?.presentFailure(.init(id: id, failure: .busy(running: running.count, waiting: waiting.count)))
            }
        }
    }

    /// Runs `call`'s command; when it ends, answers it and starts the call waiting longest.
    private func start(_ call: Call) {
        running[call.id] = Task {
            let outcome = await runner.run(call.tool.command, call.arguments)
            // A cancelled request gets no answer: the client has stopped waiting for it.
            guard !Task.isCancelled else { return }
            running[call.id] = nil
            presenter?.presentCall(
                .init(id: call.id, tool: call.tool, result: .ran(outcome), page: call.page, revision: call.revision))
            startWaiting()
        }
    }

    /// Starts waiting calls while there is room.
    private func startWaiting() {
        while running.count < callsAtOnce, !waiting.isEmpty { start(waiting.removeFirst()) }
    }

    /// A cancelled call that waits is dropped; one that runs is stopped and makes room.
    private func cancel(_ id: MCP.RequestID) {
        if let task = running.removeValue(forKey: id) {
            task.cancel()
            startWaiting()
        } else {
            waiting.removeAll { $0.id == id }
        }
    }
}
