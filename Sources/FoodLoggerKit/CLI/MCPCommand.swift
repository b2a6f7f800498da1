import Foundation
import FoodLoggerDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `foodlogger mcp`: a Model Context Protocol server on stdin/stdout, whose tools are the
/// commands (search, show, pick, log, genres) run with `--json`. Its service options are the
/// tools' defaults, as they would be on each command line.
struct MCPCommand: Sendable {
    /// The service options given, as the tools pass them on (`--timeout 5`), --provider apart.
    var defaults: ParsedArguments
    /// --provider: the tools' service unless a call names one (ids name their own).
    var provider: String?

    static let name = "mcp"
    static let summary = "serve the Model Context Protocol, so an AI assistant can search, pick and log"

    static let help = HelpText(
        command: name, summary: summary, usage: "foodlogger mcp [--provider NAME | --stub] [options]",
        examples: [
            "foodlogger mcp                      # a client's {\"command\": \"foodlogger\", \"args\": [\"mcp\"]}",
            "foodlogger mcp --provider osm       # OpenStreetMap unless a call names another service",
            "foodlogger mcp --stub               # the offline stub: try a client without a key",
            "echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}' | foodlogger mcp --stub | jq '.result.tools'",
        ],
        sections: [("Service (the tools' defaults)", CommonOptions.serviceSpecs + [CommonOptions.helpSpec])])

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument \(TerminalSafe.quoted(extra))") }
        // Checked here as each command would check them, so a wrong one stops the server at once.
        _ = try CommonOptions(parsed, context: context)
        provider = parsed.value("--provider")
        let service = Set(CommonOptions.serviceSpecs.map(\.name)).subtracting(["--provider"])
        defaults = ParsedArguments(
            flags: parsed.flags.intersection(service), values: parsed.values.filter { service.contains($0.key) })
    }

    /// Serves until stdin ends.
    @MainActor static func run(_ arguments: [String], context: ProcessContext) async -> ExitCode {
        let command: MCPCommand
        do {
            guard let parsed = try FoodLogger.parse(arguments, help: help, context: context) else { return .success }
            command = try MCPCommand(parsed, context: context)
        } catch {
            return FoodLogger.usageError(error, command: name, context: context)
        }
        // A client that hangs up ends the session with EPIPE on the next answer, not with a
        // signal that kills the server mid-write.
        signal(SIGPIPE, SIG_IGN)
        return await MCPScene.assemble(
            input: context.input, output: context.stdout, runner: InProcessCommands(context: context),
            defaults: command.defaults, provider: command.provider
        )
        .serve()
    }
}

/// Runs a tool's command in this process on the arguments the tool read: the command's checks,
/// services and scene as the CLI runs them, its data handed over as a document (`DocumentSink`)
/// rather than printed, its lines on stderr kept as the call's notes (and said on the server's
/// stderr), its numbers in the session's own last list.
@MainActor
final class InProcessCommands: MCPCommandRunning {
    let context: ProcessContext
    /// The session's own last list: the numbers its searches show, which its other tools take.
    let list = LastListStore.session()

    init(context: ProcessContext) { self.context = context }

    func run(_ command: String, _ arguments: ParsedArguments) async -> MCP.CommandOutcome {
        let notes = CallNotes(server: context.stderr), documents = DocumentSink()
        // Neither stream is a terminal, and the command reads no stdin: it is the client's.
        var call = ProcessContext(
            arguments: [], environment: context.environment, currentDirectory: context.currentDirectory,
            stdout: NoOutput(), stderr: notes)
        call.now = context.now
        call.sessionList = list
        call.documents = documents
        call.keys = context.keys
        let status = await FoodLogger.run(command, parsed: arguments, context: call) ?? .usage
        let document: JSONValue? =
            switch documents.data {
            case .document(let json): json
            case .line(let line): ["message": .string(line)]
            case nil: nil
            }
        return MCP.CommandOutcome(status: status, document: document, notes: notes.lines)
    }
}

/// What a tool call's command says on stderr: each line kept for the call's result, and said
/// on the server's stderr, where a person running it sees it.
final class CallNotes: TextOutput, @unchecked Sendable {
    let server: any TextOutput
    private let lock = NSLock()
    private var text = ""

    init(server: any TextOutput) { self.server = server }

    func write(_ text: String) {
        lock.withLock { self.text += text }
        server.write(text)
    }

    var lines: [String] { lock.withLock { text }.split(separator: "\n").map(String.init) }
}

/// Where a tool call's command would print: it hands its data over instead (`DocumentSink`).
struct NoOutput: TextOutput {
    func write(_ text: String) {}
}
