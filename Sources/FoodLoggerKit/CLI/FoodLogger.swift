import Foundation
import FoodLoggerDomain
/// The command line: reads argv, runs the command's scene, returns the exit status.
@MainActor
public enum FoodLogger {
    static let toolHelp = """
        foodlogger: find restaurants near you, in the terminal (OpenStreetMap, HOT PEPPER Gourmet, Google)

        Examples:
          foodlogger search --stub --near 東京駅                      offline demo, no key needed
          foodlogger search --near "Times Square"                     anywhere, with OpenStreetMap: no key
          foodlogger search --provider google --near Shibuya          ratings and prices (a Google key)
          foodlogger search --near 渋谷駅                             restaurants around Shibuya Station
          foodlogger search --near shibuya --genre ramen --open-now   ramen, open now
          foodlogger search --near 梅田 --json | jq '.restaurants[].name'
          foodlogger search --near "Tokyo Station" -i                 pick a restaurant, see its card
          foodlogger show 3                                           shop 3 of the last list, all about it
          foodlogger open 3                                           its page in the browser
          foodlogger show J001234567                                  a shop by its id
          foodlogger map --stub --near 京都駅                         the shops around you, drawn
          foodlogger log add 3 --rating 4 --note "good"               keep a food log ('foodlogger log')
          foodlogger pick --near shibuya --genre ramen                one open place, knowing your log
          foodlogger genres                                           the genres --genre takes
          foodlogger mcp                                              tools for an AI assistant (MCP)

        Usage: foodlogger COMMAND [options]

        Commands:
        \(commands.map { "  " + DisplayWidth.pad($0.command, to: 13) + $0.summary }.joined(separator: "\n"))

        Options:
          -h, --help    show this help (also: foodlogger COMMAND --help)
          --version     print the version

        The service: --provider hotpepper|osm|google (or FOODLOGGER_PROVIDER); by default HOT
        PEPPER Gourmet when its key is found (--key-file, HOTPEPPER_API_KEY, ./key.plist or
        ~/.config/foodlogger/key.plist) and the place is in Japan, else OpenStreetMap, which
        needs no key. Google's key: GOOGLE_PLACES_API_KEY, or googleApiKey in key.plist.
        Exit codes: 0 found, 1 nothing found, 64 bad arguments, 65 unreadable answer, 66 no such
        place (or one outside the named service's countries), 69 network or service failure,
        74 output or food log not written, 77 key rejected, 78 no usable key.

        """

    /// Every command, as help lists them; the completions and the manual page are made from it.
    nonisolated static let commands =
        [
            SearchCommand.help, ShowCommand.help, OpenCommand.help, MapCommand.help, LogCommand.help, PickCommand.help,
        ] + CodeList.Subject.allCases.map(CodeListCommand.help) + [
            MCPCommand.help, CompletionsCommand.help, ManualCommand.help,
        ]
    nonisolated static let helps = Dictionary(uniqueKeysWithValues: commands.map { ($0.command, $0) })

    public static func main(context: ProcessContext) async -> ExitCode {
        let status = await run(context: context)
        // Output that could not be written is an error: a script must not trust a cut file. A
        // reader that went away (`| head -1`) is not: it has what it wanted.
        guard let error = context.stdout.writeError, error != EPIPE else { return status }
        context.report("cannot write the output: \(String(cString: strerror(error)))")
        return .ioError
    }

    /// The command named first in the arguments, run.
    static func run(context: ProcessContext) async -> ExitCode {
        let arguments = context.arguments
        guard let first = arguments.first else {
            context.stderr.write(toolHelp)
            return .usage
        }
        switch first {
        case "-h", "--help", "help":
            // `help search` and `--help search` alike: the command's own help, as git and gh give it.
            if arguments.count > 1, first == "help" || helps[arguments[1]] != nil {
                return await run(context: with(context, [arguments[1], "--help"]))
            }
            context.stdout.write(toolHelp)
            return .success
        case "--version", "version":
            context.stdout.write("foodlogger \(FoodLoggerVersion.current)\n")
            return .success
        case SearchCommand.name:
            return await run(Array(arguments.dropFirst()), help: SearchCommand.help, context: context, make: SearchCommand.init)
        case ShowCommand.name:
            return await run(Array(arguments.dropFirst()), help: ShowCommand.help, context: context, make: ShowCommand.init)
        case OpenCommand.name:
            return await run(Array(arguments.dropFirst()), help: OpenCommand.help, context: context, make: OpenCommand.init)
        case MapCommand.name:
            return await run(Array(arguments.dropFirst()), help: MapCommand.help, context: context, make: MapCommand.init)
        case LogCommand.name:
            return await run(Array(arguments.dropFirst()), help: LogCommand.help, context: context, make: LogCommand.init)
        case PickCommand.name:
            return await run(Array(arguments.dropFirst()), help: PickCommand.help, context: context, make: PickCommand.init)
        case let name where CodeList.Subject(rawValue: name) != nil:
            let subject = CodeList.Subject(rawValue: name)!
            return await run(Array(arguments.dropFirst()), help: CodeListCommand.help(subject), context: context) {
                parsed, context throws(UsageError) in try CodeListCommand(subject, parsed, context: context)
            }
        case MCPCommand.name:
            return await MCPCommand.run(Array(arguments.dropFirst()), context: context)
        case CompletionsCommand.name:
            return run(CompletionsCommand.self, Array(arguments.dropFirst()), context: context)
        case ManualCommand.name:
            return run(ManualCommand.self, Array(arguments.dropFirst()), context: context)
        default:
            if let reordered = commandFirst(arguments) { return await run(context: with(context, reordered)) }
            let command = arguments.first { helps[$0] != nil }.flatMap { helps[$0] }
            // Options before a command that they do not fit: its own parser says why.
            if let command, let index = arguments.firstIndex(of: command.command) {
                do { _ = try ArgumentParser.parse(Array(arguments[..<index]), specs: command.options) } catch {
                    return usageError(error, command: command.command, context: context)
                }
            }
            let hint = ArgumentParser.suggestion(for: first, specs: commands.map { OptionSpec($0.command, help: "") })
            let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
            // With no command anywhere, a known option only lacks one.
            let owner = command == nil ? commands.first { $0.options.contains { $0.names.contains(name) } } : nil
            let what =
                !first.hasPrefix("-")
                ? "unknown command \(TerminalSafe.quoted(first))\(hint)"
                : owner.map {
                    "\(TerminalSafe.short(name)) goes with a command, such as 'foodlogger \($0.command) \(TerminalSafe.short(name)) …'"
                } ?? "unknown option \(TerminalSafe.short(first))"
            return usageError(UsageError(what), command: nil, context: context)
        }
    }

    /// A scene command run from arguments already read (an MCP tool call's), as `run(context:)`
    /// runs one from argv; nil for a name that is no such command.
    static func run(_ name: String, parsed: ParsedArguments, context: ProcessContext) async -> ExitCode? {
        switch name {
        case SearchCommand.name: await run(parsed, help: SearchCommand.help, context: context, make: SearchCommand.init)
        case ShowCommand.name: await run(parsed, help: ShowCommand.help, context: context, make: ShowCommand.init)
        case LogCommand.name: await run(parsed, help: LogCommand.help, context: context, make: LogCommand.init)
        case PickCommand.name: await run(parsed, help: PickCommand.help, context: context, make: PickCommand.init)
        case let name where CodeList.Subject(rawValue: name) != nil:
            await run(parsed, help: CodeListCommand.help(CodeList.Subject(rawValue: name)!), context: context) {
                parsed, context throws(UsageError) in
                try CodeListCommand(CodeList.Subject(rawValue: name)!, parsed, context: context)
            }
        default: nil
        }
    }

    /// `foodlogger --stub search …` read as `foodlogger search --stub …`, as git and gh allow, when
    /// every word before the command is an option of that command and none takes its name as a value.
    static func commandFirst(_ arguments: [String]) -> [String]? {
        guard let index = arguments.firstIndex(where: { helps[$0] != nil }), index > 0,
            let help = helps[arguments[index]]
        else { return nil }
        let leading = Array(arguments[..<index])
        guard let parsed = try? ArgumentParser.parse(leading, specs: help.options), parsed.positionals.isEmpty else { return nil }
        return [arguments[index]] + leading + arguments[(index + 1)...]
    }

    /// A command that only writes text made from the command table (no service, no scene).
    static func run<Command: TextCommand>(_: Command.Type, _ arguments: [String], context: ProcessContext) -> ExitCode {
        do {
            guard let parsed = try parse(arguments, help: Command.help, context: context) else { return .success }
            context.stdout.write(try Command(parsed).text)
            return .success
        } catch {
            return usageError(error, command: Command.help.command, context: context)
        }
    }

    /// A command's arguments, or nil when they asked for --help and it was printed.
    static func parse(_ arguments: [String], help: HelpText, context: ProcessContext) throws(UsageError) -> ParsedArguments? {
        let parsed = try ArgumentParser.parse(arguments, specs: help.options)
        // `search help` is a request for help, never a keyword or a shop called "help".
        guard !parsed.has("--help"), parsed.positionals != ["help"] else {
            context.stdout.write(help.rendered(width: context.terminal.width))
            return nil
        }
        return parsed
    }

    /// One line naming the problem and where help is, then exit 64.
    static func usageError(_ error: UsageError, command: String?, context: ProcessContext) -> ExitCode {
        let help = command.map { "foodlogger \($0) --help" } ?? "foodlogger --help"
        context.stderr.write("foodlogger\(command.map { " " + $0 } ?? ""): \(error.message). See '\(help)'.\n")
        return .usage
    }

    static func fail(_ error: ServiceError, context: ProcessContext) -> ExitCode {
        context.report(error.localizedDescription)
        return error.exitCode
    }

    private static func with(_ context: ProcessContext, _ arguments: [String]) -> ProcessContext {
        var context = context
        context.arguments = arguments
        return context
    }
}
