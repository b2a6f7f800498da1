import FoodLoggerDomain

/// A command that runs a scene over the service its options chose: search, show, open, map and
/// the code lists. Parsing, --help and building the workers are the same for all of them.
protocol SceneCommand: Sendable {
    var common: CommonOptions { get }
    /// True when the command takes the whole screen, where a progress line would scribble.
    func fillsScreen(_ context: ProcessContext) -> Bool
    /// `context` carries the command's --color and --tiles.
    @MainActor func run(_ workers: FoodLogger.Workers, context: ProcessContext) async throws(HotpepperError) -> ExitCode
}

extension SceneCommand {
    func fillsScreen(_ context: ProcessContext) -> Bool { false }
}

extension FoodLogger {
    /// The workers a command's scenes talk to, over the service the options chose.
    struct Workers {
        var restaurants: HotpepperWorker
        var codes: CodeListWorker
    }

    /// Parses the command, answers --help, builds the workers and runs the command.
    static func run<Command: SceneCommand>(
        _ arguments: [String], help: HelpText, context: ProcessContext,
        make: (ParsedArguments, ProcessContext) throws(UsageError) -> Command
    ) async -> ExitCode {
        let command: Command
        do {
            guard let parsed = try parse(arguments, help: help, context: context) else { return .success }
            command = try make(parsed, context)
        } catch {
            return usageError(error, command: help.command, context: context)
        }
        var context = context
        let options = command.common
        context.color = options.color
        context.mapTiles = options.mapTiles
        if command.fillsScreen(context) { context.terminal.stderrIsTerminal = false }
        do {
            let service = try options.makeService(context: context)
            let codes = options.makeCodeLists(service, context: context)
            let restaurants = HotpepperWorker(api: service, progress: PagingProgressLine.reporter(for: context), codes: codes)
            return try await command.run(Workers(restaurants: restaurants, codes: codes), context: context)
        } catch {
            return fail(error, context: context)
        }
    }
}
