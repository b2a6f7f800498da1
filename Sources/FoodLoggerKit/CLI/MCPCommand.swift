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
    /// The service options given, as the tools pass them on (`--timeout=5`), --provider apart.
    var defaults: [String]
    /// --provider: the tools' service unless a call names one (ids name their own).
    var provider: String?

    static let name = "mcp"
    static let summary = "serve the Model Context Protocol on stdin/stdout, so an AI assistant can search, pick and log"

    static let help = HelpText(
        command: name, summary: summary, usage: "foodlogger mcp [--provider NAME | --stub] [options]",
        examples: [
            "foodlogger mcp                      # in an MCP client's configuration: {\"command\": \"foodlogger\", \"args\": [\"mcp\"]}",
            "foodlogger mcp --provider osm       # OpenStreetMap unless a call names another service",
            "foodlogger mcp --stub               # the offline stub: try a client without a key",
            "echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}' | foodlogger mcp --stub | jq '.result.tools[].name'",
        ],
        sections: [("Service (the tools' defaults)", CommonOptions.serviceSpecs + [CommonOptions.helpSpec])])

    init(_ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument \(TerminalSafe.quoted(extra))") }
        // Checked here as each command would check them, so a wrong one stops the server at once.
        _ = try CommonOptions(parsed, context: context)
        provider = parsed.value("--provider")
        defaults = CommonOptions.serviceSpecs.filter { $0.name != "--provider" }.flatMap { spec in
            spec.takesValue ? parsed.all(spec.name).map { "\(spec.name)=\($0)" } : parsed.has(spec.name) ? [spec.name] : []
        }
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

/// Runs a command in this process as the CLI would, its output captured: what it printed is
/// the tool's result, and what it said on stderr goes to the result and to the server's stderr.
@MainActor
final class InProcessCommands: MCPCommandRunning {
    let context: ProcessContext
    /// The session's own last list: the numbers its searches show, which its other tools take.
    let list = LastListStore.session()

    init(context: ProcessContext) { self.context = context }

    func run(_ arguments: [String]) async -> MCP.CommandOutcome {
        let stdout = CapturedOutput(), stderr = CapturedOutput()
        // Neither stream is a terminal, and the command reads no stdin: it is the client's.
        var command = ProcessContext(
            arguments: arguments, environment: context.environment, currentDirectory: context.currentDirectory,
            stdout: stdout, stderr: stderr)
        command.now = context.now
        command.sessionList = list
        let status = await FoodLogger.run(context: command)
        context.stderr.write(stderr.text)
        return MCP.CommandOutcome(status: status, stdout: stdout.text, stderr: stderr.text)
    }
}
