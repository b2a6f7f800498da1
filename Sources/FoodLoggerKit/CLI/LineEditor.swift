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

/// Turns the bytes a terminal sends into keys: UTF-8 text, control characters, and the ANSI
/// sequences of the arrow, Home, End and Delete keys (both their CSI and SS3 forms).
struct KeyReader {
    /// Bytes of the next key; tests hand them in, a terminal's come from stdin.
    var read: () -> UInt8? = {
        var byte: UInt8 = 0
        return readStandardInput(&byte) ? byte : nil
    }
    /// Whether more of a key follows at once: a terminal sends a sequence in one burst, so an Esc
    /// with nothing after it is the Esc key itself, not the start of an arrow.
    var follows: () -> Bool = {
        var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 50) == 1
    }

    mutating func next() -> EditKey? {
        guard let byte = read() else { return nil }
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x05: return .end
        case 0x02: return .left
        case 0x06: return .right
        case 0x15: return .deleteToStart
        case 0x0B: return .deleteToEnd
        case 0x17: return .deleteWord
        case 0x04: return .endOfInput
        case 0x03: return .interrupt
        case 0x1A: return .suspend
        case 0x10: return .up
        case 0x0E: return .down
        case 0x1B: return escape()
        case 0x00..<0x20: return .other
        default: return text(startingWith: byte)
        }
    }

    private mutating func escape() -> EditKey {
        guard follows(), let introducer = read(), introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return .other
        }
        var parameters = ""
        while let byte = read() {
            guard (0x30...0x3F).contains(byte) else {
                switch (Character(UnicodeScalar(byte)), parameters) {
                case ("A", _): return .up
                case ("B", _): return .down
                case ("C", _): return .right
                case ("D", _): return .left
                case ("H", _), ("~", "1"), ("~", "7"): return .home
                case ("F", _), ("~", "4"), ("~", "8"): return .end
                case ("~", "3"): return .delete
                default: return .other
                }
            }
            parameters.append(Character(UnicodeScalar(byte)))
        }
        return .other
    }

    /// A UTF-8 character: its lead byte says how many continuation bytes follow.
    private mutating func text(startingWith lead: UInt8) -> EditKey {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        var bytes = [lead]
        while bytes.count < length, let byte = read() { bytes.append(byte) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .other }
        return .text(text)
    }
}

/// One byte from stdin, retried when a signal interrupts the wait; false at end of input.
private func readStandardInput(_ byte: inout UInt8) -> Bool {
    while true {
        let count = read(STDIN_FILENO, &byte, 1)
        if count == 1 { return true }
        if count < 0, errno == EINTR { continue }
        return false
    }
}
