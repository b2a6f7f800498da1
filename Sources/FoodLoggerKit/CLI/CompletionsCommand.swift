import FoodLoggerDomain
/// `foodlogger completions bash|zsh|fish`: a completion script made from the same option table
/// the parser and the help use, so a new option completes the day it is added.
struct CompletionsCommand: TextCommand {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    var shell: Shell

    static let name = "completions"
    static let help = HelpText(
        command: name, summary: "print a shell completion script (bash, zsh or fish)",
        usage: "foodlogger completions bash|zsh|fish",
        examples: [
            "foodlogger completions bash > ~/.local/share/bash-completion/completions/foodlogger",
            "foodlogger completions zsh > ~/.zfunc/_foodlogger     # with fpath+=(~/.zfunc) before compinit",
            "foodlogger completions fish > ~/.config/fish/completions/foodlogger.fish",
        ],
        sections: [("Options", [CommonOptions.helpSpec])],
        argumentValues: Shell.allCases.map(\.rawValue))

    init(_ parsed: ParsedArguments) throws(UsageError) {
        let shells = Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard parsed.positionals.count == 1, let shell = Shell(rawValue: parsed.positionals[0]) else {
            let given = parsed.positionals.first.map { ", not \(TerminalSafe.quoted($0))" } ?? ""
            throw UsageError("name one shell: \(shells)\(given)")
        }
        self.shell = shell
    }

    var text: String {
        switch shell {
        case .bash: Self.bash(FoodLogger.commands)
        case .zsh: Self.zsh(FoodLogger.commands)
        case .fish: Self.fish(FoodLogger.commands)
        }
    }

    /// Options, the values each may take, and files for --key-file; the command is the first
    /// word that names one, so options given before it (`foodlogger --stub search`) are skipped.
    static func bash(_ commands: [HelpText]) -> String {
        func words(_ list: [String]) -> String { list.joined(separator: " ") }
        var lines = [
            "# bash completion for foodlogger (foodlogger completions bash)",
            "_foodlogger() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command='' i",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case ${COMP_WORDS[i]} in \(commands.map(\.command).joined(separator: "|"))) command=${COMP_WORDS[i]}; break ;; esac",
            "    done",
            "    case $command in",
            "    '') COMPREPLY=($(compgen -W '\(words(commands.map(\.command) + ["help", "--help", "--version"]))' -- \"$cur\")) ;;",
        ]
        for command in commands {
            lines.append("    \(command.command))")
            lines.append("        case $prev in")
            for option in command.options where option.takesValue {
                let reply = option.isPath ? "compgen -f -- \"$cur\"" : "compgen -W '\(words(option.values))' -- \"$cur\""
                lines.append("        \(option.names.joined(separator: "|"))) COMPREPLY=($(\(reply))); return ;;")
            }
            lines.append("        esac")
            lines.append(
                "        COMPREPLY=($(compgen -W '\(words(command.options.flatMap(\.names) + command.argumentValues))' -- \"$cur\")) ;;"
            )
        }
        lines += ["    esac", "}", "complete -F _foodlogger foodlogger", ""]
        return lines.joined(separator: "\n")
    }

    static func zsh(_ commands: [HelpText]) -> String {
        var lines = [
            "#compdef foodlogger",
            "# zsh completion for foodlogger (foodlogger completions zsh)",
            "_foodlogger() {",
            "    local -a commands",
            "    commands=(",
        ]
        lines += commands.map { "        \(zshQuoted("\($0.command):\($0.summary)"))" }
        lines += [
            "    )",
            "    # The command may follow options (foodlogger --stub search); _arguments reads from it.",
            "    local i",
            "    for (( i = 2; i < CURRENT; i++ )); do",
            "        [[ ${words[i]} == (\(commands.map(\.command).joined(separator: "|"))) ]] && break",
            "    done",
            "    if (( i == CURRENT )); then",
            "        _describe -t commands 'foodlogger command' commands",
            "        return",
            "    fi",
            "    words=(\"${(@)words[i,-1]}\")",
            "    (( CURRENT -= i - 1 ))",
            "    case ${words[1]} in",
        ]
        for command in commands {
            lines.append("    \(command.command))")
            var specs = command.options.flatMap(zshSpecs).map(zshQuoted)
            if !command.argumentValues.isEmpty {
                specs.append(zshQuoted("1:argument:(\(command.argumentValues.joined(separator: " ")))"))
            }
            // Options still complete after the free arguments (open ID --print-url).
            if let name = command.argumentName { specs.append(zshQuoted("*:\(name): ")) }
            lines.append("        _arguments -s \\\n" + specs.map { "            " + $0 }.joined(separator: " \\\n") + " ;;")
        }
        lines += ["    esac", "}", "_foodlogger \"$@\"", ""]
        return lines.joined(separator: "\n")
    }

    /// One `_arguments` spec per name (`(-i --interactive)-i[help]`), each excluding the others.
    static func zshSpecs(_ option: OptionSpec) -> [String] {
        let help = option.help.replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
            .replacingOccurrences(of: ":", with: " -")
        let exclusion = option.names.count > 1 ? "(\(option.names.joined(separator: " ")))" : ""
        let repeatable = if case .repeated = option.kind { "*" } else { "" }
        var value = ""
        if option.takesValue {
            let action = option.isPath ? "_files" : option.values.isEmpty ? " " : "(\(option.values.joined(separator: " ")))"
            value = ":\(option.metavar):\(action)"
        }
        return option.names.map { "\(exclusion)\(repeatable)\($0)[\(help)]\(value)" }
    }

    static func fish(_ commands: [HelpText]) -> String {
        var lines = [
            "# fish completion for foodlogger (foodlogger completions fish)",
            "complete -c foodlogger -f",
        ]
        let names = commands.map(\.command).joined(separator: " ")
        for command in commands {
            lines.append(
                "complete -c foodlogger -n \(fishQuoted("not __fish_seen_subcommand_from \(names)")) -a \(command.command) -d \(fishQuoted(command.summary))"
            )
        }
        for command in commands {
            let condition = fishQuoted("__fish_seen_subcommand_from \(command.command)")
            for option in command.options {
                var line = "complete -c foodlogger -n \(condition)"
                for name in option.names {
                    line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                if option.takesValue {
                    line += option.isPath ? " -r -F" : " -x"
                    if !option.values.isEmpty { line += " -a \(fishQuoted(option.values.joined(separator: " ")))" }
                }
                lines.append(line + " -d \(fishQuoted(option.help))")
            }
            if !command.argumentValues.isEmpty {
                lines.append(
                    "complete -c foodlogger -n \(condition) -a \(fishQuoted(command.argumentValues.joined(separator: " ")))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Single-quoted for zsh and bash: a quote inside becomes '\''.
    static func zshQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Single-quoted for fish, where only \\ and \' are escapes.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}

extension OptionSpec {
    var takesValue: Bool { kind != .flag }

    var metavar: String {
        switch kind {
        case .flag: ""
        case .value(let metavar), .repeated(let metavar): metavar
        }
    }

    /// A value that names a file, which shells complete from the file system.
    var isPath: Bool { metavar == "PATH" }
}
