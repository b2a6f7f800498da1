import Foundation
import FoodLoggerDomain

/// A bad command line: one line naming the flag, and exit 64.
struct UsageError: Error, Equatable, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// One option a command accepts.
struct OptionSpec: Sendable {
    enum Kind: Sendable, Equatable {
        /// Present or not.
        case flag
        /// Takes one value, at most once.
        case value(String)
        /// Takes one value, any number of times.
        case repeated(String)
    }

    var names: [String]
    var kind: Kind
    var help: String
    /// The values a shell may offer after the option (completions); empty when any value goes.
    var values: [String]

    init(_ names: String..., kind: Kind = .flag, values: [String] = [], help: String) {
        self.names = names; self.kind = kind; self.values = values; self.help = help
    }

    /// The long name, which results are keyed by.
    var name: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}

/// What a command line said, keyed by each option's long name.
struct ParsedArguments: Sendable, Equatable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positionals: [String] = []
    /// The option whose value came just before the first positional: the words after
    /// `--near Tokyo` most likely belong to its value.
    var valueBeforePositionals: String?

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option]?.last }
    func all(_ option: String) -> [String] { values[option] ?? [] }
}

/// Reads `--name value`, `--name=value`, flags, `--` and positionals against a command's specs.
/// A value always follows its option, so `--lng -0.12` works.
enum ArgumentParser {
    static func parse(_ arguments: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var lastValue: String?
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil else {
                if parsed.positionals.isEmpty { parsed.valueBeforePositionals = lastValue }
                parsed.positionals.append(argument)
                lastValue = nil
                continue
            }
            lastValue = nil
            let (name, inlineValue) = split(argument)
            guard let spec = specs.first(where: { $0.names.contains(name) }) else {
                throw UsageError("unknown option \(TerminalSafe.short(name))\(suggestion(for: name, specs: specs))")
            }
            switch spec.kind {
            case .flag:
                if inlineValue != nil { throw UsageError("\(spec.name) takes no value") }
                if !parsed.flags.insert(spec.name).inserted { throw UsageError("\(spec.name) given twice") }
            case .value(let metavar), .repeated(let metavar):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]; index += 1
                    // `--near --stub` forgot the place: the next option is not the value.
                    if value.hasPrefix("-"), Double(value) == nil, specs.contains(where: { $0.names.contains(split(value).0) }) {
                        throw UsageError(
                            "\(spec.name) needs a value (\(spec.name) \(metavar)), not the option \(TerminalSafe.short(value))")
                    }
                } else {
                    throw UsageError("\(spec.name) needs a value (\(spec.name) \(metavar))")
                }
                if case .value = spec.kind, parsed.values[spec.name] != nil {
                    throw UsageError("\(spec.name) given twice; it takes one value")
                }
                parsed.values[spec.name, default: []].append(value)
                lastValue = spec.name
            }
        }
        return parsed
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// " (did you mean --lat?)" for a near miss of a known option.
    static func suggestion(for name: String, specs: [OptionSpec]) -> String {
        let candidates = specs.flatMap(\.names).filter { $0.count > 2 }
        let best = candidates.map { ($0, $0.editDistance(to: name)) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= (name.count > 4 ? 2 : 1) else { return "" }
        return " (did you mean \(best.0)?)"
    }
}

/// Typed, range-checked reads of option values; every failure names the flag and what it accepts.
extension ParsedArguments {
    func integer(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let bound =
                range.upperBound == Int.max
                ? "an integer ≥ \(range.lowerBound)"
                : "an integer from \(range.lowerBound) to \(range.upperBound)"
            throw UsageError("\(option) must be \(bound), not \(TerminalSafe.quoted(text))")
        }
        return number
    }

    /// A finite decimal, in plain or exponent notation: no nan, inf or hex.
    func decimal(_ option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = value(option) else { return nil }
        guard Self.isDecimal(text), let number = Double(text), range.contains(number) else {
            throw UsageError(
                "\(option) must be a decimal from \(range.lowerBound.plainText) to \(range.upperBound.plainText), not \(TerminalSafe.quoted(text))"
            )
        }
        return number
    }

    /// A number as people and programs write one (`35.68`, `-.5`, `+1.`, and with `exponent`
    /// `1.5e-7`, as a JSON encoder writes a small coordinate): no hex, `inf` or `nan`, which
    /// `Double` alone would take.
    static func isDecimal(_ text: String, exponent: Bool = true) -> Bool {
        text.allSatisfy { "+-.0123456789".contains($0) || (exponent && "eE".contains($0)) } && Double(text) != nil
    }

    /// The most bytes of text a free-text value (a keyword, a place) may hold: far more than any
    /// search needs, and little enough that every service's request stays under the length a
    /// server takes (a 100 KB keyword earned an HTTP 414).
    static let maxTextBytes = 1024

    /// Refuses `text` longer than `maxTextBytes` bytes in UTF-8, before anything is sent.
    static func checkBytes(_ text: String, _ option: String) throws(UsageError) {
        let bytes = text.utf8.count
        if bytes > maxTextBytes {
            throw UsageError("\(option) takes at most \(maxTextBytes) bytes of text, not \(bytes)")
        }
    }

    /// Every value of a repeatable option, with comma-separated lists split ("G001,G013",
    /// "ramen,izakaya", "1000,2000"); `items` tells a thousands separator from a list's comma.
    func list(_ option: String, limit: Int? = nil) throws(UsageError) -> [String] {
        let given = all(option)
        let values = given.flatMap { Self.items($0).map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        if given.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) || !given.isEmpty && values.isEmpty {
            throw UsageError("\(option) is empty")
        }
        if let limit, values.count > limit {
            throw UsageError("\(option) accepts at most \(limit) values, got \(values.count)")
        }
        return values
    }

    /// The items of a comma-separated list. A comma between a digit and exactly three more
    /// separates thousands ("2,000-3,000") and stays in its item; "1000,2000" is two items.
    static func items(_ text: String) -> [String] {
        let characters = Array(text)
        func isDigit(_ index: Int) -> Bool { characters.indices.contains(index) && characters[index].isNumber }
        var items: [String] = [], item = ""
        for (index, character) in characters.enumerated() {
            let thousands = isDigit(index - 1) && (1...3).allSatisfy { isDigit(index + $0) } && !isDigit(index + 4)
            if character == ",", !thousands {
                items.append(item)
                item = ""
            } else {
                item.append(character)
            }
        }
        return items + [item]
    }

    /// One of a fixed set of words.
    func choice<T>(_ option: String, _ choices: [(String, T)]) throws(UsageError) -> T? {
        guard let text = value(option) else { return nil }
        guard let match = choices.first(where: { $0.0 == text.lowercased() }) else {
            throw UsageError(
                "\(option) must be one of \(choices.map(\.0).joined(separator: ", ")), not \(TerminalSafe.quoted(text))")
        }
        return match.1
    }
}
