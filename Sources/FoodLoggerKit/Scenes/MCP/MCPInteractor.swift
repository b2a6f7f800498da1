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

/// Runs a foodlogger command's whole path (its checks, scene, services and `--json`) and
/// says what it printed: each tool is a command, so there is one search path, not two.
@MainActor
protocol MCPCommandRunning: AnyObject {
    func run(_ arguments: [String]) async -> MCP.CommandOutcome
}

/// Reads each message, negotiates the revision, lists the tools and runs each call as its
/// command with the server's service options, one task per call, so a call runs while more
/// lines are read and `notifications/cancelled` can stop it (its network work with it).
@MainActor
final class MCPInteractor: MCPBusinessLogic {
    var presenter: (any MCPPresentationLogic)?
    let runner: any MCPCommandRunning
    /// `mcp`'s service options (--stub, --key-file, --timeout…), passed to every tool that asks
    /// a service, and its --provider, to those whose arguments name no service.
    let defaults: [String]
    let provider: String?
    /// What `initialize` settled; the newest until then.
    private(set) var revision = MCP.Revision.latest
    private var running: [MCP.RequestID: Task<Void, Never>] = [:]

    init(runner: any MCPCommandRunning, defaults: [String], provider: String?) {
        self.runner = runner; self.defaults = defaults; self.provider = provider
    }

    /// How many tool calls are running.
    var callsRunning: Int { running.count }

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
        switch tool.commandLine(arguments, defaults: defaults, provider: provider) {
        case .failure(let error):
            presenter?.presentCall(.init(id: id, tool: tool, result: .refused(error), revision: revision))
        case .success(let commandLine):
            // An id names one request until it is answered: a second would take the first's place.
            guard running[id] == nil else {
                return presenter?.presentFailure(
                    .init(id: id, failure: .invalidRequest("request id already in use by a running call")))
                    ?? ()
            }
            let page = tool.page(arguments)
            running[id] = Task {
                let outcome = await runner.run(commandLine)
                // A cancelled request gets no answer: the client has stopped waiting for it.
                guard !Task.isCancelled else { return }
                running[id] = nil
                presenter?.presentCall(.init(id: id, tool: tool, result: .ran(outcome), page: page, revision: revision))
            }
        }
    }

    private func cancel(_ id: MCP.RequestID) {
        running.removeValue(forKey: id)?.cancel()
    }
}
