/// A JSON document (RFC 8259) checked in one pass and kept as a flat list of tokens over its
/// bytes. Strings and numbers stay bytes until asked for: a shop has some sixty members and the
/// decoder reads only what it keeps, so no dictionary, `Any` or `Decoder` is built along the way.
/// This is what made a 100-shop page decode several times faster than through JSONDecoder
/// (BENCHMARKS.md).
struct ParsedJSON: Sendable {
    enum Kind: UInt8, Sendable {
        case object, array, string, escapedString, number, `true`, `false`, null
    }

    /// One value; an object's members are its key (a string token) and value, in turn.
    struct Token: Sendable {
        var kind: Kind
        /// The value's bytes; a string's without its quotes.
        var start: Int
        var end: Int
        /// The token after this value and everything inside it.
        var next: Int
    }

    /// The document is not JSON: a syntax error, or nesting deeper than `maxDepth`.
    struct SyntaxError: Error, Equatable {}

    /// Far deeper than any real response (JSONDecoder has the same limit). The scanner keeps its
    /// own stack, so even a deeper body could not overflow the thread's.
    static let maxDepth = 512

    let bytes: [UInt8]
    let tokens: [Token]
    /// The top-level value.
    let root = 0

    init(_ bytes: [UInt8]) throws(SyntaxError) {
        self.bytes = bytes
        var tokens = [Token]()
        tokens.reserveCapacity(bytes.count / 16)
        try bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) in
            var scanner = Scanner(bytes: buffer)
            try scanner.document(into: &tokens)
        }
        self.tokens = tokens
    }

    func kind(_ index: Int) -> Kind { tokens[index].kind }

    /// The members of the object at `index`, as (key, value) token indices, in document order.
    func members(of index: Int) -> Members {
        Members(tokens: tokens, position: index + 1, end: tokens[index].next)
    }

    /// The elements of the array at `index`, as token indices.
    func elements(of index: Int) -> Elements {
        Elements(tokens: tokens, position: index + 1, end: tokens[index].next)
    }

    /// Walks a container's children without building an array of them.
    struct Members: Sequence, IteratorProtocol {
        let tokens: [Token]
        var position: Int
        let end: Int

        mutating func next() -> (key: Int, value: Int)? {
            guard position < end else { return nil }
            defer { position = tokens[position + 1].next }
            return (position, position + 1)
        }
    }

    struct Elements: Sequence, IteratorProtocol {
        let tokens: [Token]
        var position: Int
        let end: Int

        mutating func next() -> Int? {
            guard position < end else { return nil }
            defer { position = tokens[position].next }
            return position
        }
    }

    /// The text of a string token, escapes resolved. Bytes that are not UTF-8, and lone
    /// surrogates, become U+FFFD: one badly encoded name should not lose the whole page.
    func string(_ index: Int) -> String {
        let token = tokens[index]
        return bytes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeBufferPointer(rebasing: buffer[token.start..<token.end])
            guard token.kind == .escapedString else { return String(decoding: raw, as: UTF8.self) }
            return Self.unescape(raw).withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The source text of a number token, as written (ASCII: the scanner let nothing else in).
    func numberText(_ index: Int) -> String {
        let token = tokens[index]
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[token.start..<token.end]), as: UTF8.self)
        }
    }

    /// Resolves `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` and `\uXXXX` (surrogate pairs
    /// joined). The scanner has already checked the escapes' shape.
    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        func hex4(_ at: Int) -> UInt32 {
            raw[at..<at + 4].reduce(0) { $0 << 4 | UInt32(Scanner.hexValue($1)!) }
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else { out.append(byte); index += 1; continue }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(index)
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"),
                   raw[index + 1] == UInt8(ascii: "u"), case let low = hex4(index + 2), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    index += 6
                }
                out.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!)
            default: out.append(escape) // the scanner let through only '"', '\\' and '/' here
            }
        }
        return out
    }
}

/// The single pass that checks the grammar and records the tokens, with an explicit stack.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not JSON, but some servers send one; it carries nothing.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    mutating func document(into tokens: inout [ParsedJSON.Token]) throws(ParsedJSON.SyntaxError) {
        var open: [Int] = [] // the containers not yet closed, innermost last
        value: while true {
            skipWhitespace()
            let index = tokens.count
            switch peek() {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = peek() == UInt8(ascii: "{")
                guard open.count < ParsedJSON.maxDepth else { throw .init() }
                tokens.append(.init(kind: isObject ? .object : .array, start: position, end: position, next: index + 1))
                position += 1
                open.append(index)
                skipWhitespace()
                if peek() != (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if isObject { try key(into: &tokens) }
                    continue value
                }
            case UInt8(ascii: "\""): tokens.append(try string())
            case UInt8(ascii: "t"): tokens.append(try literal("true", .true))
            case UInt8(ascii: "f"): tokens.append(try literal("false", .false))
            case UInt8(ascii: "n"): tokens.append(try literal("null", .null))
            default: tokens.append(try number())
            }
            tokens[index].next = index + 1 // a scalar, or a container that closes at once
            // After a value (or an empty container): a comma, or the end of containers.
            while let container = open.last {
                skipWhitespace()
                let isObject = tokens[container].kind == .object
                if peek() == UInt8(ascii: ",") {
                    position += 1
                    if isObject { skipWhitespace(); try key(into: &tokens) }
                    continue value
                }
                guard peek() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { throw .init() }
                position += 1
                tokens[container].end = position
                tokens[container].next = tokens.count
                open.removeLast()
            }
            skipWhitespace()
            guard position == bytes.count else { throw .init() }
            return
        }
    }

    /// `"name"` and the colon after it.
    private mutating func key(into tokens: inout [ParsedJSON.Token]) throws(ParsedJSON.SyntaxError) {
        guard peek() == UInt8(ascii: "\"") else { throw .init() }
        tokens.append(try string())
        tokens[tokens.count - 1].next = tokens.count
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw .init() }
        position += 1
    }

    private mutating func string() throws(ParsedJSON.SyntaxError) -> ParsedJSON.Token {
        position += 1
        let start = position
        var escaped = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                defer { position += 1 }
                return .init(kind: escaped ? .escapedString : .string, start: start, end: position, next: 0)
            }
            guard byte >= 0x20 else { throw .init() } // control characters must be escaped
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard position + 1 < bytes.count else { throw .init() }
                switch bytes[position + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 2
                case UInt8(ascii: "u"):
                    guard position + 6 <= bytes.count,
                          bytes[(position + 2)..<(position + 6)].allSatisfy({ Self.hexValue($0) != nil }) else { throw .init() }
                    position += 6
                default: throw .init()
                }
            } else {
                position += 1
            }
        }
        throw .init()
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func number() throws(ParsedJSON.SyntaxError) -> ParsedJSON.Token {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        if peek() == UInt8(ascii: "0") { position += 1 } else { try digits() }
        if peek() == UInt8(ascii: ".") { position += 1; try digits() }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            try digits()
        }
        return .init(kind: .number, start: start, end: position, next: 0)
    }

    private mutating func digits() throws(ParsedJSON.SyntaxError) {
        let start = position
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        guard position > start else { throw .init() }
    }

    private mutating func literal(_ word: StaticString, _ kind: ParsedJSON.Kind) throws(ParsedJSON.SyntaxError) -> ParsedJSON.Token {
        let start = position
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count,
              bytes[position..<(position + expected.count)].elementsEqual(expected) else { throw .init() }
        position += expected.count
        return .init(kind: kind, start: start, end: position, next: 0)
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
