import Foundation
import FoodLoggerDomain
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the interactive prompt's lines at a terminal with the editing people expect: left and
/// right, Home and End, Backspace and Delete, Ctrl-A/E/U/W/K, and Up/Down through this session's
/// entries. The terminal is in raw mode only while a line is read, and restored before anything
/// else happens (the line returned, Ctrl-C, Ctrl-Z).
final class LineEditor: @unchecked Sendable {
    private var history: [String] = []

    /// The next line without its newline; nil at end of input (Ctrl-D on an empty line).
    func readLine() -> String? {
        guard let original = RawMode.enter() else { return Swift.readLine(strippingNewline: true) }
        var restore = original
        defer { tcsetattr(STDIN_FILENO, TCSADRAIN, &restore) }
        Self.write("\u{1B}7")  // the cursor, just after the prompt: every redraw starts here
        var line = LineState(history: history)
        var reader = KeyReader()
        while true {
            guard let key = reader.next() else { return nil }
            switch line.apply(key) {
            case .editing:
                Self.write(Self.redraw(line))
            case .entered(let text):
                Self.write("\r\n")
                if !text.isEmpty, history.last != text { history.append(text) }
                return text
            case .endOfInput:
                return nil
            case .signal(let number):
                // As if the terminal had sent it: its usual effect, with the terminal as it was
                // and, for Ctrl-C, the next output on a line of its own.
                if number == SIGINT { Self.write("\r\n") }
                tcsetattr(STDIN_FILENO, TCSADRAIN, &restore)
                RawMode.deliver(number)
                _ = RawMode.enter()
                Self.write("\u{1B}7" + Self.redraw(line))
            }
        }
    }

    /// From the saved cursor: the text, the rest of the line cleared, the cursor put back.
    static func redraw(_ line: LineState) -> String {
        let after = DisplayWidth.of(String(line.text[line.cursor...]))
        return "\u{1B}8" + String(line.text) + "\u{1B}[K" + (after > 0 ? "\u{1B}[\(after)D" : "")
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// A key as the line editor understands it.
enum EditKey: Equatable {
    case text(String)
    case backspace, delete, left, right, home, end, up, down, enter
    /// Ctrl-U, Ctrl-K, Ctrl-W.
    case deleteToStart, deleteToEnd, deleteWord
    /// Ctrl-D: end of input on an empty line, else Delete.
    case endOfInput
    case interrupt, suspend
    /// Anything else (function keys, unknown sequences): ignored.
    case other
}

/// The line being edited: pure, so every key's effect is tested without a terminal.
struct LineState {
    enum Outcome: Equatable {
        case editing
        case entered(String)
        case endOfInput
        case signal(Int32)
    }

    private(set) var text: [Character] = []
    private(set) var cursor = 0
    let history: [String]
    /// Which history entry is shown: `history.count` is the line being typed, kept in `draft`.
    private var shown: Int
    private var draft: [Character] = []

    init(history: [String]) {
        self.history = history
        shown = history.count
    }

    mutating func apply(_ key: EditKey) -> Outcome {
        switch key {
        case .text(let typed):
            text.insert(contentsOf: typed, at: cursor)
            cursor += typed.count
        case .backspace where cursor > 0:
            cursor -= 1
            text.remove(at: cursor)
        case .delete where cursor < text.count:
            text.remove(at: cursor)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = text.count
        case .deleteToStart:
            text.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            text.removeSubrange(cursor...)
        case .deleteWord:
            var start = cursor
            while start > 0, text[start - 1].isWhitespace { start -= 1 }
            while start > 0, !text[start - 1].isWhitespace { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        case .up where shown > 0:
            if shown == history.count { draft = text }
            shown -= 1
            show(Array(history[shown]))
        case .down where shown < history.count:
            shown += 1
            show(shown == history.count ? draft : Array(history[shown]))
        case .enter:
            return .entered(String(text))
        case .endOfInput:
            if text.isEmpty { return .endOfInput }
            return apply(.delete)
        case .interrupt:
            return .signal(SIGINT)
        case .suspend:
            return .signal(SIGTSTP)
        default:
            break
        }
        return .editing
    }

    private mutating func show(_ entry: [Character]) {
        text = entry
        cursor = entry.count
    }
}

/// The keys typed at the prompt, decoded as the interactive map decodes them
/// (`TerminalInput`), and read as the line editor's.
struct KeyReader {
    /// The bytes that have arrived (at least one); nil at end of input. Tests hand them in.
    var read: () -> [UInt8]? = readStandardInput
    /// Whether more bytes come at once: a terminal sends a sequence in one burst, so an Esc with
    /// nothing after it is the Esc key itself, not the start of an arrow.
    var follows: () -> Bool = {
        var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 100) == 1
    }
    private var pending: [UInt8] = []
    private var keys: [TerminalEvent] = []

    init() {}

    init(read: @escaping () -> [UInt8]?, follows: @escaping () -> Bool) {
        self.read = read; self.follows = follows
    }

    mutating func next() -> EditKey? {
        while keys.isEmpty {
            if !pending.isEmpty, !follows() {
                keys = TerminalInput.decode(pending, final: true).events
                pending = []
            } else if let bytes = read() {
                (keys, pending) = TerminalInput.decode(pending + bytes)
            } else {
                return nil
            }
        }
        guard case .key(let key) = keys.removeFirst() else { return .other }
        return Self.editKey(key)
    }

    static func editKey(_ key: TerminalEvent.Key) -> EditKey {
        switch key {
        case .character("\u{FFFD}"): .other  // bytes that were not UTF-8
        case .character(let character): .text(String(character))
        case .up, .shiftUp, .control("P"): .up
        case .down, .shiftDown, .control("N"): .down
        case .left, .shiftLeft, .control("B"): .left
        case .right, .shiftRight, .control("F"): .right
        case .home, .control("A"): .home
        case .end, .control("E"): .end
        case .delete: .delete
        case .backspace: .backspace
        case .enter: .enter
        case .control("U"): .deleteToStart
        case .control("K"): .deleteToEnd
        case .control("W"): .deleteWord
        case .control("D"): .endOfInput
        case .controlC: .interrupt
        case .controlZ: .suspend
        default: .other
        }
    }
}

/// What stdin has now, retried when a signal interrupts the wait; nil at end of input.
private func readStandardInput() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count > 0 { return Array(buffer[..<count]) }
        if count < 0, errno == EINTR { continue }
        return nil
    }
}
