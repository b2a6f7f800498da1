/// What the interactive map hears from the terminal.
enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    /// A mouse button at a cell (0-based), or the wheel.
    case click(row: Int, column: Int)
    case wheel(up: Bool)
    /// The terminal changed size (SIGWINCH).
    case resize
    /// SIGTERM or SIGHUP: leave now, with the terminal restored.
    case terminate
    /// Stdin closed.
    case end

    enum Key: Sendable, Equatable {
        case character(Character)
        case up, down, left, right
        /// Shift with an arrow.
        case shiftUp, shiftDown, shiftLeft, shiftRight
        case tab, backTab, enter, escape, backspace
        case controlC, controlL, controlZ
        /// A sequence the map has no use for.
        case other
    }
}

/// Turns the bytes a terminal sends into events: UTF-8 text, control keys, the arrows (with
/// Shift: `ESC [ 1 ; 2 A`), Shift-Tab (`ESC [ Z`) and SGR mouse reports (`ESC [ < b ; x ; y M`).
/// A lone ESC is the Escape key only once no more bytes follow, which the caller decides.
enum TerminalInput {
    /// The events in `bytes`, and the bytes of an unfinished sequence to keep for later.
    static func decode(_ bytes: [UInt8]) -> (events: [TerminalEvent], rest: [UInt8]) {
        var events: [TerminalEvent] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                guard index + 1 < bytes.count else { return (events, Array(bytes[index...])) }
                guard bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O") else {
                    events.append(.key(.escape))
                    index += 1
                    continue
                }
                // A CSI sequence ends with a byte from @ to ~.
                guard let end = bytes[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else {
                    return (events, Array(bytes[index...]))
                }
                events.append(sequence(Array(bytes[(index + 2)...end]), introducer: bytes[index + 1]))
                index = end + 1
            case 0x0D, 0x0A: events.append(.key(.enter)); index += 1
            case 0x09: events.append(.key(.tab)); index += 1
            case 0x7F, 0x08: events.append(.key(.backspace)); index += 1
            case 0x03: events.append(.key(.controlC)); index += 1
            case 0x0C: events.append(.key(.controlL)); index += 1
            case 0x1A: events.append(.key(.controlZ)); index += 1
            case 0..<0x20: events.append(.key(.other)); index += 1
            default:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= bytes.count else { return (events, Array(bytes[index...])) }
                let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
                events.append(text.first.map { .key(.character($0)) } ?? .key(.other))
                index += length
            }
        }
        return (events, [])
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
        default: return .key(.other)
        }
    }
}
