import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal as the interactive map uses it: the whole screen, keys one at a time, the
/// mouse, and the way back to exactly the state it was found in. A protocol so the map can be
/// driven by a script of events in tests.
@MainActor
protocol FullScreenTerminal: AnyObject {
    var size: Map.Explore.Size { get }
    /// The alternate screen, raw mode, the cursor hidden, mouse reports on, stderr held.
    func enter()
    /// Everything `enter` changed, undone; safe to call more than once.
    func leave()
    /// The next key, click, resize or signal. Waits without holding the main actor, so the
    /// work in flight (a search) can end and be drawn meanwhile; a scripted terminal waits for
    /// that work first, as a person reads the screen before the next key.
    func next(during work: Task<Void, Never>?) async -> TerminalEvent
    /// Ends a wait in `next()` with `.wake`: news that is not the user's (a search failed).
    func wake()
    func write(_ text: String)
    /// Ctrl-Z: the terminal as it was found, the process stopped; after `fg`, the map again.
    func suspend()
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

/// Signal numbers travel from the handlers to the read loop through a pipe: a handler may do
/// little more than write a byte. A 0 byte is `wake()`.
private nonisolated(unsafe) var signalPipe: (read: Int32, write: Int32) = (-1, -1)

private func sendThroughPipe(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = systemWrite(signalPipe.write, &byte, 1)
}

/// The real terminal on stdin and stdout.
@MainActor
final class LiveFullScreenTerminal: FullScreenTerminal {
    private var saved: termios?
    private var entered = false
    private let reader = TerminalReader()
    /// The handlers the signals had before `enter`, put back by `leave`.
    private var previousHandlers: [Int32: SignalHandler] = [:]
    /// Signals that would otherwise end or stop the process with the terminal raw and on the
    /// alternate screen.
    static let handled = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP]

    var size: Map.Explore.Size {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return .init(columns: 80, rows: 24) }
        return .init(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    func enter() {
        guard !entered else { return }
        entered = true
        if signalPipe.read < 0 {
            var fds: [Int32] = [-1, -1]
            if pipe(&fds) == 0 {
                signalPipe = (fds[0], fds[1])
                for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            }
        }
        for number in Self.handled {
            let previous = signal(number) { sendThroughPipe($0) }
            previousHandlers[number] = previous
            // A signal ignored by whoever started us (nohup, `trap "" INT`) stays ignored.
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(number, SIG_IGN) }
        }
        saved = RawMode.enter()
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h")
        HoldableOutput.standardError.hold()
    }

    func leave() {
        guard entered else { return }
        entered = false
        write("\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
        if var saved { tcsetattr(STDIN_FILENO, TCSADRAIN, &saved) }
        for (number, handler) in previousHandlers { signal(number, handler) }
        previousHandlers = [:]
        HoldableOutput.standardError.release()
        // A signal that came while the map was closing still gets its way: the default action
        // (not a crash reporter's, which the runtime installs for SIGQUIT), so the exit
        // status is 128 + its number.
        if let ending = reader.endingSignal ?? reader.drainEndingSignal() {
            signal(ending, SIG_DFL)
            RawMode.deliver(ending)
        }
    }

    func next(during work: Task<Void, Never>?) async -> TerminalEvent {
        let reader = reader
        return await withCheckedContinuation { continuation in
            TerminalReader.queue.async { continuation.resume(returning: reader.next()) }
        }
    }

    func wake() { sendThroughPipe(0) }

    func write(_ text: String) { StandardStream.output.write(text) }

    func suspend() {
        leave()
        RawMode.deliver(SIGTSTP)
        // Here again after `fg`.
        enter()
    }
}

#if canImport(Glibc)
    typealias SignalHandler = __sighandler_t?
#elseif canImport(Darwin)
    typealias SignalHandler = sig_t?
#endif

/// The blocking half of the live terminal: waits on stdin and the signal pipe on a thread of
/// its own. Only one `next()` runs at a time (the map asks for one event, then acts on it).
private final class TerminalReader: @unchecked Sendable {
    static let queue = DispatchQueue(label: "foodlogger.terminal-input")
    /// How long a lone ESC waits for the rest of a sequence before it is the Escape key: long
    /// enough for an arrow's bytes split over a slow SSH link.
    static let escapeWait: Int32 = 100
    private var pending: [UInt8] = []
    private var queued: [TerminalEvent] = []
    /// A signal that asked the process to end: raised again once the terminal is restored.
    private(set) var endingSignal: Int32?

    func next() -> TerminalEvent {
        while queued.isEmpty {
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, pending.first == 0x1B ? Self.escapeWait : -1)
            if ready == 0 {
                queued += TerminalInput.decode(pending, final: true).events
                pending = []
                continue
            }
            if ready < 0 {
                if errno == EINTR { continue }
                return .end
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                if read(signalPipe.read, &byte, 1) == 1 { queued.append(event(forSignal: Int32(byte))) }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP) != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count <= 0 {
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    return .end
                }
                let decoded = TerminalInput.decode(pending + buffer[0..<count])
                queued += decoded.events
                pending = decoded.rest
            } else if fds[0].revents & Int16(POLLERR | POLLNVAL) != 0 {
                return .end
            }
        }
        return queued.removeFirst()
    }

    private func event(forSignal number: Int32) -> TerminalEvent {
        switch number {
        case 0: return .wake
        case SIGWINCH: return .resize
        case SIGTSTP: return .key(.controlZ)
        default:
            endingSignal = number
            return .terminate
        }
    }

    /// An ending signal still in the pipe, once no handler can add to it.
    func drainEndingSignal() -> Int32? {
        var byte: UInt8 = 0
        var ending: Int32?
        while read(signalPipe.read, &byte, 1) == 1 {
            if case .terminate = event(forSignal: Int32(byte)) { ending = Int32(byte) }
        }
        return ending
    }
}
