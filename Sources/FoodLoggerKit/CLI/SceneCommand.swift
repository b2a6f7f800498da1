import FoodLoggerDomain

/// A command that runs a scene over the service its options chose: search, show, open, map and
/// the code lists. Parsing, --help and building the workers are the same for all of them.
protocol SceneCommand: Sendable {
    var common: CommonOptions { get }
    /// The service the arguments name by themselves (ids written as only one service writes
    /// them); nil when they name none.
    var impliedProvider: Provider? { get }
    /// Why `provider` cannot answer what the command asks (an option it has no data for), said
    /// before anything is sent; nil when it can.
    func refusal(by provider: Provider) -> UsageError?
    /// True when the command takes the whole screen, where a progress line would scribble.
    func fillsScreen(_ context: ProcessContext) -> Bool
    /// False for a command that looks for no places (the code lists, which OpenStreetMap
    /// answers without a request): which service would have searched is no news to it.
    var searchesPlaces: Bool { get }
    /// Where the command searches, when a centre decides which service answers it; nil for one
    /// that searches no place (show, the code lists) or around a list's own places.
    var searchCentre: ServiceAssembly.Centre? { get }
    /// `context` carries the command's --color and --tiles.
    @MainActor func run(_ workers: FoodLogger.Workers, context: ProcessContext) async throws(ServiceError) -> ExitCode
    /// Runs the command without a service when it asks none this time (`log list`), so none is
    /// chosen (or said to be); nil when it needs one.
    @MainActor func runWithoutService(context: ProcessContext) async -> ExitCode?
}

extension SceneCommand {
    var impliedProvider: Provider? { nil }
    func refusal(by provider: Provider) -> UsageError? { nil }
    func fillsScreen(_ context: ProcessContext) -> Bool { false }
    var searchesPlaces: Bool { true }
    var searchCentre: ServiceAssembly.Centre? { nil }
    func runWithoutService(context: ProcessContext) async -> ExitCode? { nil }
}

extension FoodLogger {
    /// The workers a command's scenes talk to, over the services the options chose.
    struct Workers {
        /// The service that answers (a merge's first), for the assembly's own choices (the place
        /// search's language).
        var provider: Provider
        /// The first service's worker: what a lookup by id asks.
        var restaurants: HotpepperWorker
        /// Every service a search asks, in the merge's order; one for a single service.
        var services: [FindPlaces.Service]
        var codes: CodeListWorker
        let assembly: ServiceAssembly
        /// The --near place looked for while the service was chosen.
        var located: LocatedOnce?

        /// The place search behind --near, made when a command asks for it (a bad
        /// FOODLOGGER_NOMINATIM_URL stops only a command that searches places).
        func places() throws(ServiceError) -> any PlaceLocating {
            try assembly.places(for: provider, located: located)
        }

        /// The search over every service, with the place search behind --near and `foodLog` for
        /// its marks and filters.
        func finder(foodLog: (any FoodLogStoring)? = nil) throws(ServiceError) -> FindPlaces {
            FindPlaces(services: services, places: try places(), foodLog: foodLog, narrate: assembly.narration())
        }
    }

    /// Parses the command, answers --help, builds the workers and runs the command.
    static func run<Command: SceneCommand>(
        _ arguments: [String], help: HelpText, context: ProcessContext,
        make: (ParsedArguments, ProcessContext) throws(UsageError) -> Command
    ) async -> ExitCode {
        let parsed: ParsedArguments
        do {
            guard let read = try parse(arguments, help: help, context: context) else { return .success }
            parsed = read
        } catch {
            return usageError(error, command: help.command, context: context)
        }
        return await run(parsed, help: help, context: context, make: make)
    }

    /// Makes the command from arguments already read (argv's, or an MCP call's), builds the
    /// workers and runs it.
    static func run<Command: SceneCommand>(
        _ parsed: ParsedArguments, help: HelpText, context: ProcessContext,
        make: (ParsedArguments, ProcessContext) throws(UsageError) -> Command
    ) async -> ExitCode {
        let command: Command
        do {
            command = try make(parsed, context)
        } catch {
            return usageError(error, command: help.command, context: context)
        }
        var context = context
        var options = command.common
        context.color = options.color
        context.mapTiles = options.mapTiles
        if command.fillsScreen(context) { context.terminal.stderrIsTerminal = false }
        if let status = await command.runWithoutService(context: context) { return status }
        // What a named provider lacks is refused before its key is looked for: a wrong option
        // is the first thing to fix, and a run that sends nothing needs no key to be refused.
        func refusal(by provider: Provider) -> UsageError? {
            options.refusal(by: provider) ?? command.refusal(by: provider)
        }
        // A code list is one service's: a list of services has nothing to merge. A list from
        // FOODLOGGER_PROVIDER (a profile's) stands for its first service here; one typed is refused.
        if let merge = options.merge, !command.searchesPlaces, !options.providerIsFlag {
            options.provider = merge.first
            options.merge = nil
        }
        if options.merge != nil, !command.searchesPlaces {
            return usageError(
                UsageError("--provider takes one service here (hotpepper, osm or google): each has its own list"),
                command: help.command, context: context)
        }
        if let named = options.named(implied: command.impliedProvider), let refusal = refusal(by: named) {
            return usageError(refusal, command: help.command, context: context)
        }
        do {
            let assembly = ServiceAssembly(options: options, context: context)
            let chosen: [ServiceAssembly.Services]
            if let merge = options.merge, command.impliedProvider == nil, command.searchesPlaces {
                // What some of the services cannot answer narrows the merge to those that can (a
                // filter must hold for every place listed); what none can is refused. Those with
                // no places around the centre are left out by the search itself (`FindPlaces`).
                let candidates = try assembly.mergeCandidates(merge)
                let asked = candidates.filter { refusal(by: $0) == nil }
                if let first = candidates.lazy.compactMap(refusal(by:)).first {
                    if asked.isEmpty { return usageError(first, command: help.command, context: context) }
                    // The refusal without its advice to use another service: the others are asked.
                    let reason = first.message.components(separatedBy: "; use --provider")[0]
                    context.report("\(reason); asking \(asked.map(\.title).joined(separator: " and ")) only")
                }
                chosen = try asked.map { provider throws(ServiceError) in
                    try assembly.services(provider, located: nil, searchesPlaces: true, merging: asked.count > 1)
                }
            } else {
                chosen = [
                    try await assembly.makeServices(
                        implied: command.impliedProvider, centre: command.searchCentre, searchesPlaces: command.searchesPlaces,
                        refusing: Set(Provider.allCases.filter { refusal(by: $0) != nil }))
                ]
            }
            guard let services = chosen.first else { preconditionFailure("no service chosen") }
            if let refusal = refusal(by: services.provider) {
                return usageError(refusal, command: help.command, context: context)
            }
            if let lacking = services.lackingKey, command.searchesPlaces { NoKeyNotice(context: context).tell(lacking) }
            // Paging progress is one service's: a merge's services page at once, on one line each would scribble.
            let progress = chosen.count == 1 ? PagingProgressLine.reporter(for: context) : nil
            let codes = chosen.map(assembly.makeCodeLists)
            let workers = zip(chosen, codes).map { HotpepperWorker(api: $0.restaurants, progress: progress, codes: $1) }
            return try await command.run(
                Workers(
                    provider: services.provider, restaurants: workers[0],
                    services: zip(chosen, workers).map { FindPlaces.Service($0.provider, $1) }, codes: codes[0],
                    assembly: assembly, located: services.located), context: context)
        } catch {
            return fail(error, context: context)
        }
    }
}
