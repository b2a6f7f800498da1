import FoodLoggerDomain
/// `foodlogger manual`: the manual page in roff, made from the same command table as `--help`,
/// with the environment, files and exit statuses; `man -l` renders it.
struct ManualCommand: TextCommand {
    static let name = "manual"
    static let help = HelpText(
        command: name, summary: "print the manual page (roff); man -l renders it",
        usage: "foodlogger manual",
        examples: [
            "foodlogger manual | man -l -",
            "foodlogger manual > ~/.local/share/man/man1/foodlogger.1   # then: man foodlogger",
        ],
        sections: [("Options", [CommonOptions.helpSpec])])

    init(_ parsed: ParsedArguments) throws(UsageError) {
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument \(TerminalSafe.quoted(extra))") }
    }

    var text: String {
        Self.page(commands: FoodLogger.commands, variables: ProcessContext.variables, version: FoodLoggerVersion.current)
    }

    static func page(commands: [HelpText], variables: [(name: String, meaning: String)], version: String) -> String {
        var lines = [
            #".TH FOODLOGGER 1 "" "foodlogger \#(version)" "User Commands""#,
            // No hyphenation: option names, commands and addresses are typed or copied as shown.
            ".nh",
            ".SH NAME",
            #"foodlogger \- find restaurants near you from the terminal (OpenStreetMap, HOT PEPPER Gourmet, Google Places)"#,
            ".SH SYNOPSIS",
            #".B foodlogger"#, #".I COMMAND"#, #".RI [ options ]"#,
            ".SH DESCRIPTION",
            text(
                "foodlogger asks OpenStreetMap (through Overpass, anywhere, no key), the HOT PEPPER Gourmet web service "
                    + "(Recruit, Japan, a free key) or Google Places (anywhere, a key with billing) for the restaurants "
                    + "around a point and shows them nearest first: a table on a terminal, JSON in a pipe. "
                    + "A command's options may also stand before it (foodlogger --stub search ...). "
                    + "Data from each service is shown with its credit: "
                    + Provider.allCases.map(\.creditLine).joined(separator: "; ") + "."),
            ".PP",
            text(
                "The service, first match wins: --provider; the ids given (node/123 is OpenStreetMap's); "
                    + "FOODLOGGER_PROVIDER; with --stub, HOT PEPPER's offline stub; HOT PEPPER when its key is found, "
                    + "else OpenStreetMap. A place or centre outside Japan, where HOT PEPPER has restaurants, is searched "
                    + "on OpenStreetMap (the stubs too), with a line on stderr that says so; with HOT PEPPER named it is "
                    + "refused naming --provider osm, exit 66. A key never comes from a command-line value and is never printed. A key.plist "
                    + "whose HOT PEPPER entry still holds the placeholder YOUR_HOTPEPPER_API_KEY counts as no HOT PEPPER "
                    + "key (OpenStreetMap answers); a placeholder named on purpose (--key-file, the variable, or with "
                    + "--provider hotpepper) is refused. What a service cannot answer is refused before anything is "
                    + "sent, naming the service that can."),
            ".PP",
            text(
                "A merged search: --provider osm,google (any list) or --provider all (every service whose key is "
                    + "found, OpenStreetMap always) asks the services at once and merges their answers into one list, "
                    + "nearest first. Two answers are one place when their names agree once normalised (case, accents, "
                    + "full- and half-width forms, punctuation, a branch word such as 店 or branch) within 60 m (150 m "
                    + "for a food court), when their phone numbers agree within 150 m, or their websites' hosts within "
                    + "60 m; a name in two scripts with nothing else in common stays two places. Each field comes from "
                    + "the service that knows it best: name, position and id from the first service listed (all: "
                    + "OpenStreetMap, Google, HOT PEPPER); hours from Google's dated hours, else OpenStreetMap's, else "
                    + "Google's week, else HOT PEPPER's text; rating, price and business status from Google; budget, "
                    + "station and access from HOT PEPPER; diets and kind from OpenStreetMap, then Google. The JSON "
                    + "adds sources (each service's provider, id, the fields it gave and its open_now) and "
                    + "open_now_disagreement; the table a Sources column (OSM·G·HP); show N --sources puts each "
                    + "service's view side by side. An option some of the services cannot answer (--budget) narrows "
                    + "the merge to those that can, with a line on stderr; one that none can is refused. Google bills "
                    + "a merged search as it bills the same search alone; --verbose counts its requests."),
            ".SH OPTIONS",
            ".TP", #"\fB\-h\fR, \fB\-\-help\fR"#, text("show the help (also: foodlogger COMMAND --help)"),
            ".TP", #"\fB\-\-version\fR"#, text("print the version"),
            ".SH COMMANDS",
        ]
        for command in commands {
            lines += [
                #".SS "foodlogger \#(command.command)""#, text(command.summary), ".PP", text("Usage: \(command.usage)"),
                ".PP", "Examples:", ".RS", ".nf",
            ]
            lines += command.examples.map(text)
            lines += [".fi", ".RE"]
            for section in command.sections {
                lines += [".PP", text(section.title + ":")]
                for option in section.options {
                    let names = option.names.map { #"\fB"# + escape($0) + #"\fR"# }.joined(separator: ", ")
                    let value = option.takesValue ? #" \fI"# + escape(option.metavar) + #"\fR"# : ""
                    lines += [".TP", names + value, text(option.help)]
                }
            }
        }
        lines.append(".SH ENVIRONMENT")
        for variable in variables {
            lines += [".TP", #"\fB"# + escape(variable.name) + #"\fR"#, text(variable.meaning)]
        }
        lines += [
            ".SH FILES",
            ".TP",
            #"\fB./key.plist\fR, \fB$XDG_CONFIG_HOME/foodlogger/key.plist\fR (default \fB~/.config/foodlogger/key.plist\fR)"#,
            text(
                "A property list with the API keys: \(APIKeyLocator.Service.hotpepper.plistKey) for HOT PEPPER, "
                    + "\(APIKeyLocator.Service.google.plistKey) for Google Places, each read when --key-file names no other file "
                    + "and its variable (HOTPEPPER_API_KEY, GOOGLE_PLACES_API_KEY) is not set. Keep it private (chmod 600)."),
            ".TP",
            #"\fB$XDG_CACHE_HOME/foodlogger/\fR (default \fB~/.cache/foodlogger/\fR)"#,
            text(
                "Answers worth keeping: places.json (--near's places, a month), codes-*.json (the genre, budget and area "
                    + "lists, a day) and nominatim-last-request (when the place search was last asked, to keep requests a "
                    + "second apart), and answers/ (the services' answers of the last 10 minutes, nothing of Google's). Another "
                    + "server's answers get files of their own. Deleting the folder is always safe. A link in a cache "
                    + "file's place is replaced, never read or written through; answers/ may itself be a link to a folder "
                    + "elsewhere, from which foodlogger removes only its own entries."),
            ".TP",
            #"\fB$XDG_STATE_HOME/foodlogger/last-list.json\fR (default \fB~/.local/state/foodlogger/last-list.json\fR)"#,
            text("The last list a search showed, for show 3, open 3, log add 3 and map --last (Google's places as ids only)."),
            ".TP",
            #"\fB$XDG_STATE_HOME/foodlogger/told-no-key\fR"#,
            text(
                "Empty: that you were told once that OpenStreetMap answers for lack of a HOT PEPPER key (and of a Google "
                    + "key found instead). A key.plist still holding key.plist.example's placeholder is said every run."),
            ".TP",
            #"\fB$XDG_DATA_HOME/foodlogger/log.jsonl\fR (default \fB~/.local/share/foodlogger/log.jsonl\fR)"#,
            text(
                "The food log (foodlogger log): JSON Lines, one entry a line (number, date or want, note, rating, "
                    + "written_at, and the shop: provider, id, name, genre, lat, lng, address, url, and for a place several "
                    + "services described, sources: each service's provider and id, which log check asks; kept_until: until when "
                    + "a Google place's name and position may be kept, which log check renews). Yours to read, edit and "
                    + "back up: lines foodlogger cannot read are kept as they are. Changed under log.jsonl.lock. "
                    + "Numbers are never given twice: log.jsonl.last-number beside it keeps the highest number removed."),
            ".SH EXIT STATUS",
        ]
        for code in ExitCode.allCases {
            lines += [".TP", #"\fB\#(code.rawValue)\fR"#, text(code.meaning)]
        }
        lines += [
            ".TP", #"\fB128 + N\fR"#,
            text("ended by signal N, the interactive map having restored the terminal first (143 for SIGTERM)"),
        ]
        lines += [
            ".SH BUGS",
            text(
                "foodlogger mcp speaks the Model Context Protocol revisions 2024-11-05 to 2025-11-25, and cuts each "
                    + "text in a tool's result at 500 characters."),
        ]
        lines += [".SH SEE ALSO", text("foodlogger --help, foodlogger COMMAND --help, https://webservice.recruit.co.jp/")]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A line of running text: escaped, and never read as a request (a leading . or ').
    static func text(_ line: String) -> String {
        let escaped = escape(line)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? #"\&"# + escaped : escaped
    }

    /// Backslashes print as themselves, and hyphens as the minus signs options are typed with.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: #"\"#, with: #"\e"#).replacingOccurrences(of: "-", with: #"\-"#)
    }
}
