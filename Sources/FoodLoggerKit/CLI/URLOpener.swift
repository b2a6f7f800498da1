import Foundation
import FoodLoggerDomain

/// Hands a web page to the user's browser; injected through `ProcessContext` so tests use a spy.
protocol URLOpening: Sendable {
    /// Waits for the opener without holding the caller's actor (the map keeps its keys).
    func open(_ url: String) async -> URLOpenOutcome
}

enum URLOpenOutcome: Sendable, Equatable {
    case opened
    /// No opener program on this system (e.g. a server without xdg-open).
    case unavailable
    /// The opener ran and failed; `reason` says how.
    case failed(reason: String)
}

/// What was done with a shop's page address: `open`, `search -i` and the map all do the same.
enum PageAttempt: Sendable, Equatable {
    /// Asked only for the address.
    case printOnly
    /// A place an offline stub made up, whatever its address looks like: not opened.
    case madeUp
    /// Handed to the browser, with what the opener said.
    case opened(URLOpenOutcome)

    /// Opens the shop's page unless only its address was asked for or the shop is made up; nil
    /// when there is no web address: only http(s) without spaces or control characters goes on,
    /// so a service's `file:` or `javascript:` link, one that reads as an option, or one that
    /// would write escape sequences, is never handed to the opener or printed.
    /// `address`: the shop's page unless another of its addresses is asked for (the way there).
    static func open(_ shop: Restaurant, address: String? = nil, printOnly: Bool = false, with opener: any URLOpening) async
        -> PageAttempt?
    {
        let address = address ?? shop.urls.shop
        guard !address.unicodeScalars.contains(where: { $0 == " " || TerminalSafe.isInvisible($0) }),
            let scheme = URL(string: address)?.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else { return nil }
        if printOnly { return .printOnly }
        if shop.invented == true || isMadeUp(address) { return .madeUp }
        return .opened(await opener.open(address))
    }

    /// The stubs' own sites live under `.invalid`, the top-level domain that never resolves (RFC
    /// 6761): a last list kept before places were marked made up is still never opened.
    static func isMadeUp(_ address: String) -> Bool {
        URL(string: address)?.host?.hasSuffix(".invalid") == true
    }
}

/// The user's browser: each command of `$BROWSER` in turn (a colon-separated list, `%s` standing
/// for the address where a command has it, as `git web--browse` and `gh` read it), then the
/// platform's opener (`open` on macOS, `xdg-open` elsewhere). Each is found on PATH and started
/// directly with its words and the URL as arguments: never through a shell, so no URL can run a
/// command.
struct SystemURLOpener: URLOpening {
    /// One command to try: the program and the arguments around the address.
    struct Command: Sendable, Equatable {
        var program: String
        var arguments: [String]

        /// `words` split on blanks; the address goes where `%s` is, else last.
        init?(_ words: String) {
            let parts = words.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let program = parts.first else { return nil }
            self.program = program
            arguments = Array(parts.dropFirst())
            if !arguments.contains(where: { $0.contains("%s") }) { arguments.append("%s") }
        }

        func arguments(for url: String) -> [String] {
            arguments.map { $0.replacingOccurrences(of: "%s", with: url) }
        }
    }

    let commands: [Command]
    let searchPath: String

    init(environment: [String: String]) {
        #if canImport(Darwin)
            let platform = "open"
        #else
            let platform = "xdg-open"
        #endif
        commands =
            (environment["BROWSER"] ?? "").split(separator: ":").map(String.init).compactMap(Command.init)
            + [platform].compactMap(Command.init)
        searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    }

    /// A program's full path: as given when it names a path, else the first on PATH; nil when
    /// there is none.
    func executable(_ program: String) -> URL? {
        if program.contains("/") {
            return FileManager.default.isExecutableFile(atPath: program) ? URL(fileURLWithPath: program) : nil
        }
        return searchPath.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(program) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The first command found that opens the page; the last failure when every one found
    /// failed; unavailable when none was found.
    func open(_ url: String) async -> URLOpenOutcome {
        var outcome = URLOpenOutcome.unavailable
        for command in commands {
            guard let executable = executable(command.program) else { continue }
            outcome = await Self.run(executable, command.arguments(for: url), named: command.program)
            if outcome == .opened { break }
        }
        return outcome
    }

    private static func run(_ executable: URL, _ arguments: [String], named program: String) async -> URLOpenOutcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // stdout carries data only, the prompt keeps the terminal's input, and an opener's
        // chatter (xdg-open tries browser after browser, each saying "not found") stays out:
        // its exit status says whether it worked.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return await withCheckedContinuation { continuation in
            process.terminationHandler = { ended in
                let status = ended.terminationStatus
                continuation.resume(returning: status == 0 ? .opened : .failed(reason: "\(program) exited with status \(status)"))
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: .failed(reason: "\(program) could not start: \(error.localizedDescription)"))
            }
        }
    }
}

/// No browser at all: every page is printed instead. The default for contexts built in tests.
struct NoURLOpener: URLOpening {
    func open(_ url: String) async -> URLOpenOutcome { .unavailable }
}
