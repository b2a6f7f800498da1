import FoodLoggerDomain

/// `foodlogger genres`, `foodlogger budgets`, `foodlogger areas [--keyword TEXT]`: the codes
/// the search's --genre, --budget and --area take, and the names they answer to.
struct CodeListCommand: Sendable {
    var subject: CodeList.Subject
    var common: CommonOptions
    var keyword: String?

    static let keywordSpec = OptionSpec(
        "--keyword", kind: .value("TEXT"),
        help: "only the areas whose name or wider areas mention TEXT, or whose code starts with it")

    static func help(_ subject: CodeList.Subject) -> HelpText {
        let (summary, examples): (String, [String]) =
            switch subject {
            case .genres:
                (
                    "list the genres --genre takes, with their codes and English names",
                    [
                        "foodlogger genres", "foodlogger genres --provider osm",
                        "foodlogger genres --json | jq -r '.genres[] | \"\\(.code) \\(.english)\"'",
                    ]
                )
            case .budgets:
                (
                    "list the dinner budget bands --budget takes, with their codes",
                    ["foodlogger budgets", "foodlogger budgets --stub"]
                )
            case .areas:
                (
                    "list the large, middle and small areas --area takes, with their codes",
                    [
                        "foodlogger areas --keyword 渋谷", "foodlogger areas --json | jq '.areas | length'",
                        "foodlogger areas --stub",
                    ]
                )
            }
        let output = [
            OptionSpec(
                "--format", kind: .value("FORMAT"), values: ["table", "json"],
                help: "table|json; default: table on a terminal, json otherwise"),
            OptionSpec("--json", help: "same as --format json"),
            CommonOptions.colorSpec,
        ]
        let filter = subject == .areas ? [("Which", [keywordSpec])] : []
        return HelpText(
            command: subject.rawValue, summary: summary,
            usage: "foodlogger \(subject.rawValue)\(subject == .areas ? " [--keyword TEXT]" : "") [options]",
            examples: examples,
            sections: filter + [("Output", output), ("Service", CommonOptions.serviceSpecs + [CommonOptions.helpSpec])])
    }

    init(_ subject: CodeList.Subject, _ parsed: ParsedArguments, context: ProcessContext) throws(UsageError) {
        self.subject = subject
        if let extra = parsed.positionals.first {
            let hint = subject == .areas ? " (did you mean --keyword \(TerminalSafe.quoted(extra))?)" : ""
            throw UsageError("unexpected argument \(TerminalSafe.quoted(extra))\(hint)")
        }
        common = try CommonOptions(parsed, context: context)
        if ![.table, .json].contains(common.format) {
            throw UsageError("--format \(common.format.rawValue) is for restaurants; a code list is printed as table or json")
        }
        keyword = parsed.value("--keyword")?.trimmingCharacters(in: .whitespaces)
        if keyword?.isEmpty == true { throw UsageError("--keyword is empty") }
        if let keyword { try ParsedArguments.checkBytes(keyword, "--keyword") }
    }
}

extension CodeListCommand: SceneCommand {
    /// The lists name codes; OpenStreetMap's cost no request.
    var searchesPlaces: Bool { false }

    func run(_ workers: FoodLogger.Workers, context: ProcessContext) async -> ExitCode {
        let scene = CodeListScene.assemble(
            context: context, format: common.format, worker: workers.codes, provider: workers.provider)
        return ExitCode(await scene.show(subject, keyword: keyword))
    }
}
