import Foundation
import FoodLoggerDomain

/// What the MCP scene's presenter is told.
@MainActor
protocol MCPPresentationLogic: AnyObject {
    func presentInitialized(_ response: MCP.Initialize.Response)
    func presentDiscovered(_ response: MCP.Discover.Response)
    func presentTools(_ response: MCP.ListTools.Response)
    func presentCall(_ response: MCP.CallTool.Response)
    func presentEmpty(_ id: MCP.RequestID)
    func presentFailure(_ failure: MCP.ReadFailure)
    /// A batch's answers, sent together.
    func presentBatch(_ answers: [MCP.Answer])
}

/// Words every answer as its revision has it: the tools with their schemas, a call's result
/// (the command's `--json` as structuredContent, cut to what an agent's context can take, and
/// as text a short summary and that JSON), and each failure with its JSON-RPC code. In
/// 2026-07-28 each result also says its `resultType` and the server, and the cacheable ones how
/// long they keep. Never prints.
@MainActor
final class MCPPresenter: MCPPresentationLogic {
    weak var viewController: (any MCPDisplayLogic)?

    /// The longest text one field of a result carries, in characters.
    static let fieldLimit = 500
    /// How long a client may keep the tools and the discovery (2026-07-28's `ttlMs`): an hour.
    /// They change only with the program, and hold nothing of the user's (`cacheScope` public).
    static let cacheMilliseconds = 3_600_000
    /// What `initialize` tells the client's model the server is for.
    static let instructions =
        "foodlogger finds restaurants (HOT PEPPER Gourmet in Japan, OpenStreetMap anywhere, Google Places) and keeps the user's food log. Search with search_restaurants (near a place name or lat/lng; open_now, open_for, diet, unvisited), look closer with show_restaurant, let pick_restaurant choose one, and log_visit what the user ate (remove_log_entry undoes one). Hours are read on each place's own clock."

    func presentInitialized(_ response: MCP.Initialize.Response) { send(Self.message(.initialized(response))) }
    func presentDiscovered(_ response: MCP.Discover.Response) { send(Self.message(.discovered(response))) }
    func presentTools(_ response: MCP.ListTools.Response) { send(Self.message(.tools(response))) }
    func presentCall(_ response: MCP.CallTool.Response) { send(Self.message(.call(response))) }
    func presentEmpty(_ id: MCP.RequestID) { send(Self.message(.empty(id))) }
    func presentFailure(_ failure: MCP.ReadFailure) { send(Self.message(.failure(failure))) }
    func presentBatch(_ answers: [MCP.Answer]) { send(.array(answers.map(Self.message))) }

    private func send(_ message: MCPJSON) {
        viewController?.display(.init(line: message.line))
    }

    /// One answer as its JSON-RPC message.
    static func message(_ answer: MCP.Answer) -> MCPJSON {
        switch answer {
        case .initialized(let response):
            return result(
                response.id,
                [
                    "protocolVersion": .string(response.revision.rawValue), "capabilities": capabilities,
                    "serverInfo": serverInfo, "instructions": .string(instructions),
                ], in: response.revision)
        case .discovered(let response):
            return result(
                response.id,
                [
                    "supportedVersions": .array(MCP.Revision.enveloped.map { .string($0.rawValue) }),
                    "capabilities": capabilities, "instructions": .string(instructions),
                    "ttlMs": .integer(cacheMilliseconds), "cacheScope": "public",
                ], in: response.revision)
        case .tools(let response):
            var members: [String: MCPJSON] = ["tools": .array(response.tools.map { describe($0, in: response.revision) })]
            if response.revision.isEnveloped { (members["ttlMs"], members["cacheScope"]) = (.integer(cacheMilliseconds), "public") }
            return result(response.id, members, in: response.revision)
        case .call(let response):
            return result(response.id, call(response), in: response.revision)
        case .empty(let id):
            return result(id, [:], in: .latest)
        case .failure(let failure):
            var error: [String: MCPJSON] = ["code": .integer(failure.failure.code), "message": .string(message(failure.failure))]
            if let data = failure.failure.data { error["data"] = data }
            return ["jsonrpc": "2.0", "id": failure.id?.json ?? .null, "error": .object(error)]
        }
    }

    static let capabilities: MCPJSON = ["tools": ["listChanged": false]]
    static let serverInfo: MCPJSON = ["name": "foodlogger", "version": .string(FoodLoggerVersion.current)]

    /// A result message; in 2026-07-28 with its `resultType` and, in `_meta`, the server.
    static func result(_ id: MCP.RequestID, _ members: [String: MCPJSON], in revision: MCP.Revision) -> MCPJSON {
        var members = members
        if revision.isEnveloped {
            members["resultType"] = "complete"
            members["_meta"] = .object([MCP.Envelope.serverInfo: serverInfo])
        }
        return ["jsonrpc": "2.0", "id": id.json, "result": .object(members)]
    }

    /// A call's result: the summary as text (and what the command said), the document as
    /// structuredContent and, where there is one, also as a second text block (the spec's
    /// SHOULD from 2025-06-18; before it, text was the only way the data could go).
    static func call(_ response: MCP.CallTool.Response) -> [String: MCPJSON] {
        let texts: [String], structured: MCPJSON?
        switch response.result {
        case .refused(let error):
            (texts, structured) = ([message(error, tool: response.tool)], nil)
        case .ran(let outcome):
            let notes = outcome.notes.map { worded($0, for: response.tool) }
            if let document = document(outcome, of: response.tool, page: response.page) {
                (texts, structured) = ([summary(document, page: response.page)] + notes, document)
            } else {
                let said = notes.isEmpty ? ["\(response.tool.name) ended with status \(outcome.status.rawValue)"] : notes
                (texts, structured) = (said, nil)
            }
        }
        var content: [MCPJSON] = [["type": "text", "text": .string(texts.joined(separator: "\n"))]]
        var result: [String: MCPJSON] = ["isError": .bool(structured == nil)]
        if let structured {
            content.append(["type": "text", "text": .string(structured.line)])
            if response.revision.hasStructuredContent { result["structuredContent"] = structured }
        }
        result["content"] = .array(content)
        return result
    }

    /// A tool as `tools/list` gives it: annotations from 2025-03-26, title and the output
    /// schema from 2025-06-18.
    static func describe(_ tool: MCPTool, in revision: MCP.Revision) -> MCPJSON {
        var description: [String: MCPJSON] = [
            "name": .string(tool.name), "description": .string(tool.description), "inputSchema": MCPSchemas.input(tool),
        ]
        if revision.hasAnnotations {
            description["annotations"] = [
                "title": .string(tool.title), "readOnlyHint": .bool(tool.readOnly), "destructiveHint": false,
                "idempotentHint": .bool(tool.readOnly), "openWorldHint": .bool(tool.service != .none),
            ]
        }
        if revision.hasStructuredContent {
            description["title"] = .string(tool.title)
            description["outputSchema"] = tool.outputSchema
        }
        return .object(description)
    }

    /// The command's data as the tool's structured result: its document (a page of it for a
    /// paged list), or its one line; nil when it gave none.
    static func document(_ outcome: MCP.CommandOutcome, of tool: MCPTool, page: MCPTool.Page?) -> MCPJSON? {
        guard var document = outcome.document?.object else { return nil }
        if let member = tool.pagedMember, let page, let list = document[member]?.array {
            document[member] = .array(Array(list.dropFirst(page.start - 1).prefix(page.count)))
        }
        return MCPJSON.object(document).capped(at: fieldLimit)
    }

    /// A command's line in the tool's words: its options named as the tool's arguments
    /// (`--include-unknown` is `include_unknown`), the code lists as the tool that lists them,
    /// and no pointer to the command's --help.
    static func worded(_ line: String, for tool: MCPTool) -> String {
        var line = line
        if line.hasPrefix("foodlogger \(tool.command): ") { line.removeFirst("foodlogger \(tool.command): ".count) }
        if line.hasPrefix("foodlogger: ") { line.removeFirst("foodlogger: ".count) }
        if let help = line.range(of: " See 'foodlogger ", options: .backwards), line.hasSuffix("--help'.") {
            line.removeSubrange(help.lowerBound...)
        }
        for (word, argument) in argumentWords(of: tool) { line = line.replacingOccurrences(of: word, with: argument) }
        return line
    }

    /// Each option the tool's arguments stand for, longest first (so `--open-for` is not read
    /// as `--open`), with the argument's name; the code list commands with their tools'.
    static func argumentWords(of tool: MCPTool) -> [(String, String)] {
        let options = MCPCatalog.tools.flatMap(\.arguments).compactMap { argument -> (String, String)? in
            switch argument.form {
            case .flag(let option), .option(let option): (option, argument.name)
            case .flags, .positional, .page: nil
            }
        } + SearchFilter.allCases.map { ($0.flag, String($0.flag.dropFirst(2)).replacingOccurrences(of: "-", with: "_")) }
        let tools = [("'foodlogger genres'", "the list_genres tool"), ("foodlogger genres", "the list_genres tool")]
        let distinct = Dictionary(options) { first, _ in first }
        return tools + distinct.map { ($0.key, $0.value) }.sorted { $0.0.count > $1.0.count }
    }

    /// A few lines for a client that reads text only: what came back, and how to page on.
    static func summary(_ document: MCPJSON, page: MCPTool.Page?) -> String {
        if let shops = document["restaurants"]?.array {
            let start = document["start"]?.integer ?? 1
            let lines = shops.enumerated().map { "\(start + $0.offset). \(place($0.element))" }
            guard let total = document["total"]?.integer else {
                return (["\(shops.count) found:"] + lines).joined(separator: "\n")
            }
            let head = shops.isEmpty ? "None of \(total) found here." : "\(start)–\(start + shops.count - 1) of \(total):"
            let more =
                start + shops.count <= total && !shops.isEmpty ? ["More: call again with start \(start + shops.count)."] : []
            return ([head] + lines + more).joined(separator: "\n")
        }
        if let entries = document["entries"]?.array, let total = document["count"]?.integer {
            let start = page?.start ?? 1
            let lines = entries.enumerated().map { index, entry in
                "\(start + index). entry \(entry["number"]?.integer ?? 0): \(entry["date"]?.string ?? "want") \(entry["shop"]?["name"]?.string ?? entry["shop"]?["id"]?.string ?? "")"
            }
            let head =
                entries.isEmpty
                ? "No entries here (\(total) in all)." : "Entries \(start)–\(start + entries.count - 1) of \(total):"
            let more =
                start + entries.count <= total && !entries.isEmpty
                ? ["More: call again with start \(start + entries.count)."] : []
            return ([head] + lines + more).joined(separator: "\n")
        }
        if let genres = document["genres"]?.array {
            let names = genres.map { genre in
                [genre["code"]?.string, genre["english"]?.string ?? genre["name"]?.string].compactMap { $0 }.joined(
                    separator: " ")
            }
            return "\(genres.count) genres: " + names.joined(separator: ", ")
        }
        if let message = document["message"]?.string { return message }
        return "Picked: " + place(document)
    }

    /// A place in one line: its name and id, how far, and whether it is open.
    static func place(_ shop: MCPJSON) -> String {
        var parts = ["\(shop["name"]?.string ?? "") [\(shop["id"]?.string ?? "")]"]
        if let genre = shop["genre"]?.string, !genre.isEmpty { parts.append(genre) }
        if let metres = shop["distance_m"]?.integer { parts.append("\(metres) m") }
        if let minutes = shop["walk_minutes"]?.integer { parts.append("\(minutes) min walk") }
        switch (shop["open_now"], shop["closes_at"]?.string) {
        case (.bool(true)?, let closes?): parts.append("open until \(closes)")
        case (.bool(true)?, nil): parts.append("open")
        case (.bool(false)?, _): parts.append(shop["opens_at"]?.string.map { "closed, opens \($0)" } ?? "closed")
        default: break
        }
        return parts.joined(separator: ", ")
    }

    /// A JSON-RPC error's message.
    static func message(_ failure: MCP.Failure) -> String {
        switch failure {
        case .parse: "Parse error: the line is not JSON"
        case .invalidRequest(let what): "Invalid Request: \(what)"
        case .lineTooLong(let limit): "Invalid Request: a line longer than \(limit) bytes is not read; it was skipped"
        case .methodNotFound(let method): "Method not found: \(TerminalSafe.quoted(String(method.prefix(100))))"
        case .invalidParams(let what): "Invalid params: \(what)"
        case .unknownTool(let name):
            "Unknown tool: \(TerminalSafe.quoted(String(name.prefix(100)))); the tools are \(MCPCatalog.tools.map(\.name).joined(separator: ", "))"
        case .busy(let running, let waiting):
            "Server busy: \(running) tool calls are running and \(waiting) more are waiting; "
                + "this one was not run: send it again once some are answered"
        case .unsupportedRevision(let requested):
            "Unsupported protocol version \(TerminalSafe.quoted(String(requested.prefix(100)))): this server speaks "
                + MCP.Revision.enveloped.map(\.rawValue).joined(separator: ", ")
                + " in the request envelope, and " + MCP.Revision.allCases.filter { !$0.isEnveloped }.map(\.rawValue).joined(separator: ", ")
                + " through initialize"
        case .stopped:
            "Stopped: the input ended before this call was answered, and the server is ending"
        }
    }

    /// An argument refused before the command ran, in one line as the CLI words its own.
    static func message(_ error: MCPTool.ArgumentError, tool: MCPTool) -> String {
        let what: String
        switch error {
        case .notAnObject: what = "the arguments must be an object"
        case .unknown(let name, let suggestion):
            what =
                "unknown argument \(TerminalSafe.quoted(String(name.prefix(100))))\(suggestion.map { " (did you mean \($0)?)" } ?? "")"
        case .wrongType(let name, let expected): what = "\(name) must be \(words(expected))"
        case .notAChoice(let name, let value, let choices):
            what = "\(name) takes \(choices.joined(separator: ", ")), not \(TerminalSafe.quoted(String(value.prefix(100))))"
        case .tooMany(let name, let limit): what = "\(name) takes at most \(limit) values"
        case .outOfRange(let name, let range):
            what =
                range.upperBound == Int.max
                ? "\(name) must be at least \(range.lowerBound)"
                : "\(name) must be from \(range.lowerBound) to \(range.upperBound)"
        case .missing(let name): what = "\(name) is required"
        }
        return "foodlogger \(tool.name): \(what)."
    }

    static func words(_ type: MCPTool.Argument.ValueType) -> String {
        switch type {
        case .boolean: "true or false"
        case .string, .choice: "a string"
        case .number: "a number"
        case .integer: "a whole number"
        case .strings: "a string or a list of strings"
        case .shop: "an id or a number of the last list"
        case .shops: "a list of ids or numbers of the last list"
        }
    }
}
