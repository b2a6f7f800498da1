import FoodLoggerDomain

/// A tool the server offers: the foodlogger command it runs and how its JSON arguments become
/// that command's options, read as the command's parser would have read them (never as argv
/// to parse). The arguments stand for the command's own options under snake_case names
/// (`open_now` is `--open-now`), in an agent's units (`open_for: 60` is `--open-for 60m`,
/// `max_budget_yen: 1500` is `--budget -1500`), so the command checks them as it checks its
/// options; the server words a mistake with the argument's name.
struct MCPTool: Sendable, Equatable {
    var name: String
    var title: String
    var description: String
    /// The command it runs (`search`, `log`), and what the tool always gives it: `--json`, or
    /// the action (`add`).
    var command: String
    var fixed: ParsedArguments
    var arguments: [Argument]
    /// Only the log's `log_visit` and `remove_log_entry` change anything; every other tool only reads.
    var readOnly: Bool
    /// Whether it takes something away (`remove_log_entry`), rather than adding.
    var destructive = false
    /// Whether the command answers from a service, so it takes the server's service options
    /// (`mcp --stub`, `--key-file`, `--timeout`…), and whether the server's `--provider` too:
    /// an id names its own service, which a default provider would contradict.
    var service: ServiceOptions
    /// The schema of what the command prints with `--json` (structuredContent).
    var outputSchema: JSONValue
    /// Set for a command that prints its whole list at once (the log): the member holding the
    /// list, which the server pages itself.
    var pagedMember: String?

    enum ServiceOptions: Sendable, Equatable {
        /// `stubLog`: only `--stub`, which picks the stub's own food log (`FoodLogFile`).
        case none, stubLog, withoutProvider, all
    }

    /// One argument: its JSON type and how it is written on the command line.
    struct Argument: Sendable, Equatable {
        var name: String
        var type: ValueType
        var form: Form
        var description: String
        var required = false

        enum ValueType: Sendable, Equatable {
            case boolean, string
            /// A number, within these bounds when there are any (a latitude).
            case number(within: ClosedRange<Double>?)
            /// A whole number, within the server's own bounds when it has them (count, a page
            /// of the log); other bounds are the command's, checked and worded by it.
            case integer(within: ClosedRange<Int>?)
            /// A string from a fixed set.
            case choice([String])
            /// One or more strings, each from `choices` when there are any, at most `limit`.
            case strings(choices: [String], limit: Int?)
            /// A shop as `show` and `log add` take it: an id, or a number of the last list.
            case shop
            case shops(limit: Int)
            /// One of these services, "all", or a list of them (merged): one comma-separated word.
            case services([String])
            /// A whole number within the bounds, or the lowest and highest of a span of them
            /// (`price: [1, 2]`): the command's `N` or `N-M`.
            case span(within: ClosedRange<Int>)
        }

        enum Form: Sendable, Equatable {
            /// `--name` for true, nothing for false.
            case flag(String)
            /// `--name=value`, once per value of a list.
            case option(String)
            /// Each value is a flag of its own (`filters: ["wifi"]` is `--wifi`).
            case flags
            /// After `--`, so no value is read as an option.
            case positional
            /// Read by the server, never passed on (the log's paging).
            case page
            /// A whole number of minutes: `--open-for 60m`.
            case minutes(String)
            /// One end of `--budget`'s yen range: `min_budget_yen` and `max_budget_yen` make `2000-3000`.
            case budget(End)
        }

        enum End: Sendable, Equatable { case lower, upper }
    }

    /// Where a page of a list starts and how long it is, for a tool that pages its own list.
    struct Page: Sendable, Equatable {
        var start: Int
        var count: Int
    }

    /// Why arguments were refused before the command ran, as facts.
    enum ArgumentError: Error, Sendable, Equatable {
        case notAnObject
        case unknown(name: String, suggestion: String?)
        case wrongType(name: String, expected: Argument.ValueType)
        case notAChoice(name: String, value: String, choices: [String])
        case tooMany(name: String, limit: Int)
        case outOfRange(name: String, range: ClosedRange<Int>)
        case numberOutOfRange(name: String, range: ClosedRange<Double>)
        /// A range's lower end above its upper (`min_budget_yen` over `max_budget_yen`).
        case outOfOrder(lower: String, upper: String)
        case missing(name: String)
    }

    /// The command's arguments for these, with the server's service options (`defaults`, its
    /// `--provider` apart) where the tool takes them.
    func arguments(_ given: JSONValue?, defaults: ParsedArguments, provider: String?) -> Result<ParsedArguments, ArgumentError> {
        let values: [String: JSONValue]
        switch given {
        case nil, .null?: values = [:]
        case let given?:
            guard let object = given.object else { return .failure(.notAnObject) }
            values = object
        }
        if let stray = values.keys.sorted().first(where: { name in !arguments.contains { $0.name == name } }) {
            let names = arguments.map(\.name)
            let guess = names.map { ($0, $0.editDistance(to: stray)) }.min { $0.1 < $1.1 }
            return .failure(.unknown(name: stray, suggestion: guess.flatMap { $0.1 <= 2 ? $0.0 : nil }))
        }
        var parsed = fixed
        var budget: [Argument.End: (name: String, yen: Int)] = [:]
        for argument in arguments {
            guard let value = values[argument.name], value != .null else {
                if argument.required { return .failure(.missing(name: argument.name)) }
                continue
            }
            switch argument.words(value) {
            case .failure(let error): return .failure(error)
            case .success(let words):
                switch argument.form {
                case .flag(let flag): if !words.isEmpty { parsed.flags.insert(flag) }
                case .option(let option): parsed.values[option, default: []] += words
                case .flags: parsed.flags.formUnion(words.map(Self.option))
                case .positional: parsed.positionals += words
                case .page: break
                case .minutes(let option): parsed.values[option, default: []] += words.map { $0 + "m" }
                case .budget(let end): budget[end] = words.first.flatMap(Int.init).map { (argument.name, $0) }
                }
            }
        }
        if !budget.isEmpty {
            if let lower = budget[.lower], let upper = budget[.upper], lower.yen > upper.yen {
                return .failure(.outOfOrder(lower: lower.name, upper: upper.name))
            }
            // The command chooses the bands, as it does for `--budget 2000-3000`.
            parsed.values["--budget"] = [
                "\(budget[.lower].map { String($0.yen) } ?? "")-\(budget[.upper].map { String($0.yen) } ?? "")"
            ]
        }
        let service: ParsedArguments? =
            switch self.service {
            case .none: nil
            case .stubLog: ParsedArguments(flags: defaults.flags.intersection(["--stub"]))
            case .withoutProvider: defaults
            case .all:
                values["provider"] != nil || provider == nil
                    ? defaults
                    : ParsedArguments(flags: defaults.flags, values: defaults.values.merging(["--provider": [provider!]]) { $1 })
            }
        if let service {
            parsed.flags.formUnion(service.flags)
            parsed.values.merge(service.values) { given, _ in given }
        }
        return .success(parsed)
    }

    /// Whether the command gives a JSON document (`--json`), else one line (`log add`'s).
    var printsJSON: Bool { fixed.has("--json") }

    /// The option an argument's name (or a `filters` value) stands for: `open_now` is `--open-now`.
    static func option(_ name: String) -> String { "--" + name.replacingOccurrences(of: "_", with: "-") }

    /// The page a paged tool's arguments ask for (the defaults where they say nothing).
    func page(_ given: JSONValue?) -> Page? {
        guard pagedMember != nil else { return nil }
        return Page(start: given?["start"]?.integer ?? 1, count: given?["count"]?.integer ?? Self.logPage)
    }

    /// The most shops one call lists, and the log entries one page holds by default and at most:
    /// enough to choose from, little enough for an agent's context.
    static let maxCount = 20
    static let logPage = 20
    static let maxLogPage = 50
    static let maxShops = 5
}

extension MCPTool.Argument {
    /// The command-line words for a value of this argument's type: none for false.
    func words(_ value: JSONValue) -> Result<[String], MCPTool.ArgumentError> {
        let wrong = Result<[String], MCPTool.ArgumentError>.failure(.wrongType(name: name, expected: type))
        switch (type, value) {
        case (.boolean, .bool(let on)): return .success(on ? ["true"] : [])
        case (.string, .string(let text)): return .success([text])
        case (.number(let range), .integer(let number)):
            if let range, !range.contains(Double(number)) { return .failure(.numberOutOfRange(name: name, range: range)) }
            return .success([String(number)])
        case (.number(let range), .number(let number)):
            if let range, !range.contains(number) { return .failure(.numberOutOfRange(name: name, range: range)) }
            return .success([number.plainText])
        case (.integer(let range), .integer(let number)):
            if let range, !range.contains(number) { return .failure(.outOfRange(name: name, range: range)) }
            return .success([String(number)])
        case (.choice(let choices), .string(let text)):
            return choices.contains(text)
                ? .success([text]) : .failure(.notAChoice(name: name, value: text, choices: choices))
        case (.shop, .string(let text)): return .success([text])
        case (.shop, .integer(let number)): return .success([String(number)])
        case (.strings(let choices, let limit), _): return list(value, choices: choices, limit: limit, numbers: false)
        case (.shops(let limit), _): return list(value, choices: [], limit: limit, numbers: true)
        case (.services, .string("all")): return .success(["all"])
        case (.span(let range), .integer(let number)):
            return range.contains(number) ? .success([String(number)]) : .failure(.outOfRange(name: name, range: range))
        case (.span(let range), .array(let ends)) where (1...2).contains(ends.count):
            let numbers = ends.compactMap(\.integer)
            guard numbers.count == ends.count else { return wrong }
            guard numbers.allSatisfy(range.contains) else { return .failure(.outOfRange(name: name, range: range)) }
            return .success([numbers.map(String.init).joined(separator: "-")])
        case (.services(let choices), _):
            if value == .array([]) { return wrong }
            return list(value, choices: choices, limit: nil, numbers: false).map { [$0.uniqued().joined(separator: ",")] }
        default: return wrong
        }
    }

    /// A list's words (a single value stands for a list of one), each of `choices` when there
    /// are any; `numbers`: whole numbers are taken too, as a shop's number in the last list.
    private func list(
        _ value: JSONValue, choices: [String], limit: Int?, numbers: Bool
    ) -> Result<[String], MCPTool.ArgumentError> {
        let items: [JSONValue]
        if case .array(let given) = value { items = given } else { items = [value] }
        if let limit, items.count > limit { return .failure(.tooMany(name: name, limit: limit)) }
        var words: [String] = []
        for item in items {
            let word: String
            switch item {
            case .string(let text): word = text
            case .integer(let number) where numbers: word = String(number)
            default: return .failure(.wrongType(name: name, expected: type))
            }
            if !choices.isEmpty, !choices.contains(word) {
                return .failure(.notAChoice(name: name, value: word, choices: choices))
            }
            words.append(word)
        }
        return .success(words)
    }
}
