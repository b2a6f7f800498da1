/// What the interactive map, and the prompt's line editor, hear from the terminal.
enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    /// A mouse button at a cell (0-based), or the wheel.
    case click(row: Int, column: Int)
    case wheel(up: Bool)
    /// The terminal changed size (SIGWINCH).
    case resize
    /// SIGTERM, SIGHUP, SIGINT or SIGQUIT: leave now, with the terminal restored.
    case terminate
    /// `FullScreenTerminal.wake()`: no input, but something to look at.
    case wake
    /// Stdin closed.
    case end

    enum Key: Sendable, Equatable {
        case character(Character)
        case up, down, left, right
        /// Shift with an arrow.
        case shiftUp, shiftDown, shiftLeft, shiftRight
        case tab, backTab, enter, escape, backspace, home, end, delete
        case controlC, controlL, controlZ
        /// Ctrl with another letter ("A" for Ctrl-A): the line editor's keys.
        case control(Character)
        /// A sequence the map has no use for.
        case other
    }
}

/// Turns the bytes a terminal sends into events: UTF-8 text, control keys, the arrows (with
/// Shift: `ESC [ 1 ; 2 A`), Home, End and Delete in their CSI, SS3 and VT forms, Shift-Tab
/// (`ESC [ Z`), SGR mouse reports (`ESC [ < b ; x ; y M`)
/// and the older ones of terminals without SGR (`ESC [ M` and three bytes). Alt with a key
/// (`ESC x`) is no key of the map's, so it cannot quit it.
enum TerminalInput {
    /// The events in `bytes`, and the bytes of an unfinished sequence to keep for later. When
    /// `final` (no more bytes came in time) an unfinished sequence ends: a lone ESC is Escape.
    static func decode(_ bytes: [UInt8], final: Bool = false) -> (events: [TerminalEvent], rest: [UInt8]) {
        var events: [TerminalEvent] = []
        var index = 0
        /// The bytes from `index` on are an unfinished sequence.
        func unfinished() -> (events: [TerminalEvent], rest: [UInt8]) {
            guard final else { return (events, Array(bytes[index...])) }
            return (events + [.key(bytes.count - index == 1 ? .escape : .other)], [])
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                guard index + 1 < bytes.count else { return unfinished() }
                let introducer = bytes[index + 1]
                if introducer == 0x1B {
                    events.append(.key(.escape))
                    index += 1
                    continue
                }
                guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
                    // Alt and a key: the key's bytes go with the ESC.
                    let length = bytes[index + 1] >= 0xC0 ? utf8Length(bytes[index + 1]) : 1
                    guard index + 1 + length <= bytes.count else { return unfinished() }
                    events.append(.key(.other))
                    index += 1 + length
                    continue
                }
                if introducer == UInt8(ascii: "["), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "M") {
                    guard index + 5 < bytes.count else { return unfinished() }
                    events.append(legacyMouse(button: bytes[index + 3], x: bytes[index + 4], y: bytes[index + 5]))
                    index += 6
                    continue
                }
                // A CSI sequence ends with a byte from @ to ~.
                guard let end = bytes[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else {
                    return unfinished()
                }
                events.append(sequence(Array(bytes[(index + 2)...end]), introducer: introducer))
                index = end + 1
            case 0x0D, 0x0A: events.append(.key(.enter)); index += 1
            case 0x09: events.append(.key(.tab)); index += 1
            case 0x7F, 0x08: events.append(.key(.backspace)); index += 1
            case 0x03: events.append(.key(.controlC)); index += 1
            case 0x0C: events.append(.key(.controlL)); index += 1
            case 0x1A: events.append(.key(.controlZ)); index += 1
            case 0x01...0x1A: events.append(.key(.control(Character(UnicodeScalar(byte + 0x40))))); index += 1
            case 0..<0x20: events.append(.key(.other)); index += 1
            default:
                let length = utf8Length(byte)
                let following = bytes[(index + 1)...].prefix(length - 1)
                // A byte that is not UTF-8 is no key, and takes nothing after it with it.
                guard following.allSatisfy({ (0x80...0xBF).contains($0) }) else {
                    events.append(.key(.other))
                    index += 1
                    continue
                }
                guard following.count == length - 1 else {
                    if final { return (events + [.key(.other)], []) }
                    return (events, Array(bytes[index...]))
                }
                let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
                events.append(text.first.map { .key(.character($0)) } ?? .key(.other))
                index += length
            }
        }
        return (events, [])
    }

    /// How many bytes the character `lead` starts takes; 1 for a byte that starts none.
    private static func utf8Length(_ lead: UInt8) -> Int {
        guard (0xC2...0xF4).contains(lead) else { return 1 }
        return lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    }

    /// A mouse report of the kind before SGR: the button, column and row each a byte plus 32.
    static func legacyMouse(button: UInt8, x: UInt8, y: UInt8) -> TerminalEvent {
        let (button, column, row) = (Int(button) - 32, Int(x) - 33, Int(y) - 33)
        guard column >= 0, row >= 0 else { return .key(.other) }
        if button & 64 != 0 { return .wheel(up: button & 1 == 0) }
        return button & 3 == 0 ? .click(row: row, column: column) : .key(.other)
    }

    /// The event of one escape sequence, given the bytes after `ESC [` (or `ESC O`).
    static func sequence(_ body: [UInt8], introducer: UInt8) -> TerminalEvent {
        let text = String(decoding: body, as: UTF8.self)
        if text.hasPrefix("<"), let last = text.last, last == "M" || last == "m" {
            let numbers = text.dropFirst().dropLast().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3 else { return .key(.other) }
            let (button, column, row) = (numbers[0], numbers[1] - 1, numbers[2] - 1)
            if button & 64 != 0 { return last == "M" ? .wheel(up: button & 1 == 0) : .key(.other) }
            return last == "M" && button & 3 == 0 ? .click(row: row, column: column) : .key(.other)
        }
        let shifted = text.hasPrefix("1;2")
        switch text.last {
        case "A": return .key(shifted ? .shiftUp : .up)
        case "B": return .key(shifted ? .shiftDown : .down)
        case "C": return .key(shifted ? .shiftRight : .right)
        case "D": return .key(shifted ? .shiftLeft : .left)
        case "Z": return .key(.backTab)
        case "H": return .key(.home)
        case "F": return .key(.end)
        case "~":
            switch text.dropLast() {
            case "1", "7": return .key(.home)
            case "4", "8": return .key(.end)
            case "3": return .key(.delete)
            default: return .key(.other)
            }
        default: return .key(.other)
        }
    }
}
