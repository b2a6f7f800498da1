import FoodLoggerDomain
/// A command whose whole output is text made from the command table: completions, the manual.
protocol TextCommand {
    static var help: HelpText { get }
    init(_ parsed: ParsedArguments) throws(UsageError)
    var text: String { get }
}
