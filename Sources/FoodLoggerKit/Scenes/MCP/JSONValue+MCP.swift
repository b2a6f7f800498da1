import FoodLoggerDomain

/// The MCP server's messages are the JSON values the CLI writes (`JSONValue`), one a line.
extension JSONValue {
    /// One line of JSON: sorted keys (the same message is the same bytes), `/` unescaped, and no
    /// newline inside (the writer escapes every control character), since a newline ends a
    /// message on stdio.
    var line: String { sortedKeys.serialized() }

    /// The same value with every string longer than `limit` characters cut to it, ending in `…`:
    /// a shop's memo or a note must not fill an agent's context.
    func capped(at limit: Int) -> JSONValue {
        switch self {
        case .string(let text) where text.count > limit: .string(String(text.prefix(limit - 1)) + "…")
        case .array(let items): .array(items.map { $0.capped(at: limit) })
        case .object(let members): .object(members.map { ($0.0, $0.1.capped(at: limit)) })
        default: self
        }
    }
}
