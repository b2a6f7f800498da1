/// Cuts the bytes read from stdin into lines, holding at most `limit` bytes of any one: a
/// longer line is skipped to its end as it arrives and reported once with its first bytes (where
/// a request's id usually is), so a client (or anything else on the other end of the pipe)
/// cannot make the server hold an unbounded line.
struct MCPLineFramer: Sendable {
    enum Event: Sendable, Equatable {
        case line([UInt8])
        /// A line over the limit, skipped: its first `headLimit` bytes.
        case tooLong(head: [UInt8])
    }

    /// What a refusal keeps of a long line: enough for `"jsonrpc"`, `"id"` and `"method"`.
    static let headLimit = 4096

    let limit: Int
    private var pending: [UInt8] = []
    private var skipping = false

    /// A megabyte: a tool call's arguments are a few hundred bytes.
    static let defaultLimit = 1 << 20

    init(limit: Int = defaultLimit) { self.limit = limit }

    /// The lines `chunk` completes, in order. Blank lines are not messages and make no event.
    mutating func feed(_ chunk: some Collection<UInt8>) -> [Event] {
        var events: [Event] = []
        var rest = chunk[...]
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            take(rest[..<newline], into: &events)
            events += end()
            rest = rest[rest.index(after: newline)...]
        }
        take(rest, into: &events)
        return events
    }

    /// What is left when the input ends: a last line without its newline.
    mutating func finish() -> [Event] { end() }

    private mutating func take(_ bytes: some Collection<UInt8>, into events: inout [Event]) {
        guard !skipping else { return }
        if pending.count + bytes.count > limit {
            let head = Array((pending.prefix(Self.headLimit) + bytes.prefix(Self.headLimit)).prefix(Self.headLimit))
            pending = []
            skipping = true
            events.append(.tooLong(head: head))
        } else {
            pending += bytes
        }
    }

    private mutating func end() -> [Event] {
        defer { pending = []; skipping = false }
        let isBlank = pending.allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains($0) }
        return skipping || isBlank ? [] : [.line(pending)]
    }
}
