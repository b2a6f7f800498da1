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
    /// The alternate screen, raw mode, the cursor hidden, mouse reports on.
    func enter()
    /// Everything `enter` changed, undone; safe to call more than once.
    func leave()
    /// The next key, click, resize or signal; waits for it.
    func next() -> TerminalEvent
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
/// little more than write a byte.
private nonisolated(unsafe) var signalPipe: (read: Int32, write: Int32) = (-1, -1)

/// The real terminal on stdin and stdout.
@MainActor
final class LiveFullScreenTerminal: FullScreenTerminal {
    private var saved: termios?
    private var entered = false
    private var pending: [UInt8] = []
    private var queued: [TerminalEvent] = []
    /// A signal that asked the process to end: raised again once the terminal is restored.
    private var endingSignal: Int32?
    static let handled = [SIGWINCH, SIGTERM, SIGHUP, SIGTSTP]

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
                _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
            }
        }
        for number in Self.handled {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = systemWrite(signalPipe.write, &byte, 1)
            }
        }
        saved = RawMode.enter()
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h")
    }

    func leave() {
        guard entered else { return }
        entered = false
        write("\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
        if var saved { tcsetattr(STDIN_FILENO, TCSADRAIN, &saved) }
        for number in Self.handled { signal(number, SIG_DFL) }
        if let endingSignal { RawMode.deliver(endingSignal) }
    }

    func next() -> TerminalEvent {
        while queued.isEmpty {
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
            ]
            // A lone ESC is the Escape key when nothing follows it within 30 ms.
            let ready = poll(&fds, 2, pending == [0x1B] ? 30 : -1)
            if ready == 0 {
                pending = []
                return .key(.escape)
            }
            if ready < 0 { continue }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                if read(signalPipe.read, &byte, 1) == 1 { queued.append(event(forSignal: Int32(byte))) }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP) != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count <= 0 {
                    if count < 0, errno == EINTR { continue }
                    return .end
                }
                let decoded = TerminalInput.decode(pending + buffer[0..<count])
                queued += decoded.events
                pending = decoded.rest
            }
        }
        return queued.removeFirst()
    }

    private func event(forSignal number: Int32) -> TerminalEvent {
        switch number {
        case SIGWINCH: return .resize
        case SIGTSTP: return .key(.controlZ)
        default:
            endingSignal = number
            return .terminate
        }
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    func suspend() {
        leave()
        RawMode.deliver(SIGTSTP)
        // Here again after `fg`.
        enter()
    }
}
