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
    /// The stub's made-up address (under `.invalid`, which never resolves): not opened.
    case madeUp
    /// Handed to the browser, with what the opener said.
    case opened(URLOpenOutcome)

    /// Opens `address` unless only its address was asked for or it is the stub's; nil when
    /// there is no web address: only http(s) without spaces or control characters goes on, so
    /// a service's `file:` or `javascript:` link, one that reads as an option, or one that would
    /// write escape sequences, is never handed to the opener or printed.
    static func open(_ address: String, printOnly: Bool = false, with opener: any URLOpening) async -> PageAttempt? {
        guard !address.unicodeScalars.contains(where: { $0 == " " || TerminalSafe.isInvisible($0) }),
            let scheme = URL(string: address)?.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else { return nil }
        if printOnly { return .printOnly }
        if isMadeUp(address) { return .madeUp }
        return .opened(await opener.open(address))
    }

    /// The stub's shops live under `.invalid`, the top-level domain that never resolves (RFC 6761).
    static func isMadeUp(_ address: String) -> Bool {
        URL(string: address)?.host?.hasSuffix(".invalid") == true
    }
}

/// The platform's opener (`open` on macOS, `xdg-open` elsewhere), found on PATH and started
/// directly with the URL as its argument: never through a shell, so no URL can run a command.
struct SystemURLOpener: URLOpening {
    let program: String
    let searchPath: String

    init(environment: [String: String]) {
        #if canImport(Darwin)
            program = "open"
        #else
            program = "xdg-open"
        #endif
        searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    }

    /// The opener's full path, or nil when no directory on PATH has it.
    var executable: URL? {
        searchPath.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(program) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func open(_ url: String) async -> URLOpenOutcome {
        guard let executable else { return .unavailable }
        let process = Process()
        process.executableURL = executable
        process.arguments = [url]
        // stdout carries data only, the prompt keeps the terminal's input, and an opener's
        // chatter (xdg-open tries browser after browser, each saying "not found") stays out:
        // its exit status says whether it worked.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let program = program
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
