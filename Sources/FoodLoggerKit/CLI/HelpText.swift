import FoodLoggerDomain
/// A command's --help: examples first, then usage, then the options by section.
struct HelpText: Sendable {
    var command: String
    var summary: String
    var usage: String
    var examples: [String]
    var sections: [(title: String, options: [OptionSpec])]
    /// The words a shell may offer for the command's argument (completions); empty: none.
    var argumentValues: [String] = []
    /// What the command's free arguments are ("ID"), for completions that must step over them.
    var argumentName: String?

    /// Every option the command accepts: the help lists exactly what the parser takes.
    var options: [OptionSpec] { sections.flatMap(\.options) }

    func rendered(width: Int) -> String {
        var lines = ["foodlogger \(command): \(summary)", "", "Examples:"]
        lines += examples.map { "  " + $0 }
        lines += ["", "Usage: \(usage)"]
        for section in sections {
            lines += ["", section.title + ":"]
            let labels = section.options.map(Self.label)
            let labelWidth = min(labels.map(\.count).max() ?? 0, 24)
            for (option, label) in zip(section.options, labels) {
                let indent = 2 + labelWidth + 2
                let wrapped = DisplayWidth.wrap(option.help, to: max(20, width - indent))
                let first = label.count > labelWidth ? ["  " + label] : []
                let head =
                    label.count > labelWidth
                    ? String(repeating: " ", count: indent) : "  " + DisplayWidth.pad(label, to: labelWidth) + "  "
                lines += first + [head + wrapped[0]] + wrapped.dropFirst().map { String(repeating: " ", count: indent) + $0 }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func label(_ option: OptionSpec) -> String {
        let names = option.names.joined(separator: ", ")
        return option.takesValue ? "\(names) \(option.metavar)" : names
    }
}
