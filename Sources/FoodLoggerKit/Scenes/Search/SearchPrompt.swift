import FoodLoggerDomain
/// What the interactive prompt understands, and the words it answers with.
enum SearchPrompt {
    enum Command: Equatable {
        /// A # number from the table: that shop's card.
        case pick(Int)
        /// `o N`: that shop's page in the browser.
        case open(Int)
        /// `l N`: a meal there today in the food log; `w N`: the place on the want list.
        case log(Int), want(Int)
        case next, previous, help, quit
        /// Nothing typed: ask again.
        case empty
        /// Anything else, as typed.
        case invalid(String)

        init(_ line: String) {
            let words = line.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
            switch (words.first, words.count) {
            case (nil, _): self = .empty
            case ("q", 1), ("quit", 1), ("exit", 1): self = .quit
            case ("n", 1), ("next", 1): self = .next
            case ("p", 1), ("prev", 1), ("previous", 1): self = .previous
            case ("?", 1), ("h", 1), ("help", 1): self = .help
            case ("o", 2), ("open", 2):
                self = Int(words[1]).map(Command.open) ?? .invalid(line.trimmingCharacters(in: .whitespaces))
            case ("l", 2), ("log", 2):
                self = Int(words[1]).map(Command.log) ?? .invalid(line.trimmingCharacters(in: .whitespaces))
            case ("w", 2), ("want", 2):
                self = Int(words[1]).map(Command.want) ?? .invalid(line.trimmingCharacters(in: .whitespaces))
            default:
                self =
                    words.count == 1
                    ? Int(words[0]).map(Command.pick) ?? .invalid(words[0])
                    : .invalid(line.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    /// The prompt line, naming the numbers on screen.
    static func prompt(numbers: ClosedRange<Int>?) -> String {
        let pick = numbers.map { ($0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)") + ", o N, " } ?? ""
        return "foodlogger [\(pick)n, p, ?, q]> "
    }

    static let help = """
        N        show the card of restaurant number N
        o N      open restaurant N's page in the browser
        l N      log a meal at restaurant N today (as log add N does)
        w N      put restaurant N on the want list (log add N --want)
        n / p    next / previous page
        ?        this help
        q        quit (Ctrl-D too)
        """

    static func outOfRange(_ number: Int, numbers: ClosedRange<Int>?) -> String {
        guard let numbers else { return "No restaurants on screen. Type n or p for another page, q to quit." }
        return "There is no number \(number) here: pick from \(numbers.lowerBound) to \(numbers.upperBound)."
    }

    static func unknown(_ typed: String) -> String {
        "'\(typed)' is not a choice. Type a number, o N, l N, w N, n, p, q, or ? for help."
    }
}
