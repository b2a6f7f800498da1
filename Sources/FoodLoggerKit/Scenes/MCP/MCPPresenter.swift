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
    /// The clock "today" is read on, on each place's own clock, for a summary's hours today.
    let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = Date.init) { self.now = now }

    /// The longest text one field of a result carries, in characters.
    static let fieldLimit = 500
    /// How long a client may keep the tools and the discovery (2026-07-28's `ttlMs`): an hour.
    /// They change only with the program, and hold nothing of the user's (`cacheScope` public).
    static let cacheMilliseconds = 3_600_000
    /// What `initialize` tells the client's model the server is for.
    static let instructions =
        "foodlogger finds restaurants (HOT PEPPER Gourmet in Japan, OpenStreetMap anywhere, Google Places) and keeps the user's food log. Search with search_restaurants (near a place name or lat/lng; open_now, open_for, diet, unvisited), look closer with show_restaurant, let pick_restaurant choose one, and log_visit what the user ate (remove_log_entry undoes one). Hours are read on each place's own clock."

    func presentInitialized(_ response: MCP.Initialize.Response) { send(Self.message(now: now(), .initialized(response))) }
    func presentDiscovered(_ response: MCP.Discover.Response) { send(Self.message(now: now(), .discovered(response))) }
    func presentTools(_ response: MCP.ListTools.Response) { send(Self.message(now: now(), .tools(response))) }
    func presentCall(_ response: MCP.CallTool.Response) { send(Self.message(now: now(), .call(response))) }
    func presentEmpty(_ id: MCP.RequestID) { send(Self.message(now: now(), .empty(id))) }
    func presentFailure(_ failure: MCP.ReadFailure) { send(Self.message(now: now(), .failure(failure))) }
    func presentBatch(_ answers: [MCP.Answer]) { send(.array(answers.map { Self.message(now: now(), $0) })) }

    private func send(_ message: JSONValue) {
        viewController?.display(.init(line: message.line))
    }

    /// One answer as its JSON-RPC message.
    static func message(now: Date = Date(), _ answer: MCP.Answer) -> JSONValue {
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
            var members: [String: JSONValue] = ["tools": .array(response.tools.map { describe($0, in: response.revision) })]
            if response.revision.isEnveloped {
                (members["ttlMs"], members["cacheScope"]) = (.integer(cacheMilliseconds), "public")
            }
            return result(response.id, members, in: response.revision)
        case .call(let response):
            return result(response.id, call(response, now: now), in: response.revision)
        case .empty(let id):
            return result(id, [:], in: .latest)
        case .failure(let failure):
            var error: [String: JSONValue] = [
                "code": .integer(failure.failure.code), "message": .string(message(failure.failure)),
            ]
            if let data = failure.failure.data { error["data"] = data }
            return ["jsonrpc": "2.0", "id": failure.id?.json ?? .null, "error": JSONValue(error)]
        }
    }

    static let capabilities: JSONValue = ["tools": ["listChanged": false]]
    static let serverInfo: JSONValue = ["name": "foodlogger", "version": .string(FoodLoggerVersion.current)]

    /// A result message; in 2026-07-28 with its `resultType` and, in `_meta`, the server.
    static func result(_ id: MCP.RequestID, _ members: [String: JSONValue], in revision: MCP.Revision) -> JSONValue {
        var members = members
        if revision.isEnveloped {
            members["resultType"] = "complete"
            members["_meta"] = [MCP.Envelope.serverInfo: serverInfo]
        }
        return ["jsonrpc": "2.0", "id": id.json, "result": JSONValue(members)]
    }

    /// A call's result: the summary as text (and what the command said), the document as
    /// structuredContent and, where there is one, also as a second text block (the spec's
    /// SHOULD from 2025-06-18; before it, text was the only way the data could go).
    static func call(_ response: MCP.CallTool.Response, now: Date = Date()) -> [String: JSONValue] {
        let texts: [String], structured: JSONValue?
        switch response.result {
        case .refused(let error):
            (texts, structured) = ([message(error, tool: response.tool)], nil)
        case .ran(let outcome):
            let notes = outcome.notes.map { worded($0, for: response.tool) }
            if let document = document(outcome, of: response.tool, page: response.page) {
                (texts, structured) = (
                    [summary(document, page: response.page, cards: response.tool == MCPCatalog.show, now: now)] + notes, document
                )
            } else {
                let said = notes.isEmpty ? ["\(response.tool.name) ended with status \(outcome.status.rawValue)"] : notes
                (texts, structured) = (said, nil)
            }
        }
        var content: [JSONValue] = [["type": "text", "text": .string(texts.joined(separator: "\n"))]]
        var result: [String: JSONValue] = ["isError": .bool(structured == nil)]
        if let structured {
            content.append(["type": "text", "text": .string(structured.line)])
            if response.revision.hasStructuredContent { result["structuredContent"] = structured }
        }
        result["content"] = .array(content)
        return result
    }

    /// A tool as `tools/list` gives it: annotations from 2025-03-26, title and the output
    /// schema from 2025-06-18.
    static func describe(_ tool: MCPTool, in revision: MCP.Revision) -> JSONValue {
        var description: [String: JSONValue] = [
            "name": .string(tool.name), "description": .string(tool.description), "inputSchema": MCPSchemas.input(tool),
        ]
        if revision.hasAnnotations {
            // Each hint said where it differs from the spec's default (not read-only, destructive,
            // not idempotent, open world), so the list stays small; destructiveHint always for a tool that writes.
            var annotations: [String: JSONValue] =
                tool.readOnly
                ? ["readOnlyHint": true, "idempotentHint": true] : ["destructiveHint": .bool(tool.destructive)]
            if tool.service == .none { annotations["openWorldHint"] = false }
            // From 2025-06-18 the tool's own title says it.
            if !revision.hasStructuredContent { annotations["title"] = .string(tool.title) }
            description["annotations"] = JSONValue(annotations)
        }
        if revision.hasStructuredContent {
            description["title"] = .string(tool.title)
            description["outputSchema"] = tool.outputSchema
        }
        return JSONValue(description)
    }

    /// The command's data as the tool's structured result: its document (a page of it for a
    /// paged list), or its one line; nil when it gave none.
    static func document(_ outcome: MCP.CommandOutcome, of tool: MCPTool, page: MCPTool.Page?) -> JSONValue? {
        guard var document = outcome.document?.object else { return nil }
        if let member = tool.pagedMember, let page, let list = document[member]?.array {
            document[member] = .array(Array(list.dropFirst(page.start - 1).prefix(page.count)))
        }
        return JSONValue(document).capped(at: fieldLimit)
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
        let options =
            MCPCatalog.tools.flatMap(\.arguments).compactMap { argument -> (String, String)? in
                switch argument.form {
                case .flag(let option), .option(let option), .minutes(let option): (option, argument.name)
                case .budget: ("--budget", "min_budget_yen/max_budget_yen")
                case .flags, .positional, .page: nil
                }
            } + SearchFilter.allCases.map { ($0.flag, String($0.flag.dropFirst(2)).replacingOccurrences(of: "-", with: "_")) }
        let tools = [
            ("'foodlogger genres'", "the list_genres tool"), ("foodlogger genres", "the list_genres tool"),
            ("'foodlogger log'", "list_log"),
        ]
        let distinct = Dictionary(options) { first, _ in first }
        return tools + distinct.map { ($0.key, $0.value) }.sorted { $0.0.count > $1.0.count }
    }

    /// A few lines for a client that reads text only: what came back, and how to page on.
    static func summary(_ document: JSONValue, page: MCPTool.Page?, cards: Bool = false, now: Date = Date()) -> String {
        if let shops = document["restaurants"]?.array {
            if cards { return shops.map { card($0, now: now) }.joined(separator: "\n\n") }
            let start = document["start"]?.integer ?? 1
            let lines = shops.enumerated().map { "\(start + $0.offset). \(place($0.element, now: now))" }
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
        return "Picked: " + place(document, now: now)
    }

    /// A place in two short lines: its name and id, genre, how far, budget or price, rating,
    /// whether it is open and its hours today; then its address and page.
    static func place(_ shop: JSONValue, now: Date = Date()) -> String {
        var parts = ["\(shop["name"]?.string ?? "") [\(shop["id"]?.string ?? "")]"]
        if let genre = shop["genre"]?.string, !genre.isEmpty { parts.append(genre) }
        let distance = [shop["distance_m"]?.integer.map { "\($0) m" }, shop["walk_minutes"]?.integer.map { "\($0) min walk" }]
        if case let said = distance.compactMap({ $0 }), !said.isEmpty { parts.append(said.joined(separator: ", ")) }
        if let budget = shop["budget"]?.string, !budget.isEmpty {
            parts.append("budget \(budget)")
        } else if let level = shop["price_level"]?.integer {
            parts.append("price level \(level) of 4")
        }
        if let rating = number(shop["rating"]) { parts.append("rated \(rating.plainText)") }
        let today = PlaceDay(shop, now: now)
        switch (shop["open_now"], shop["closes_at"]?.string) {
        case (.bool(true)?, let closes?): parts.append("open until \(today.clock(closes))")
        case (.bool(true)?, nil): parts.append("open")
        case (.bool(false)?, _): parts.append(shop["opens_at"]?.string.map { "closed, opens \(today.clock($0))" } ?? "closed")
        default: parts.append("hours unknown")
        }
        if let hours = today.hours { parts.append("today \(hours)") }
        let whereAt = [shop["address"]?.string.map { String($0.prefix(80)) }, shop["url"]?.string ?? shop["website"]?.string]
            .compactMap { $0 }.filter { !$0.isEmpty }
        return parts.joined(separator: " · ") + (whereAt.isEmpty ? "" : "\n   " + whereAt.joined(separator: " · "))
    }

    /// A place's whole card: every member its record has, a line each, its hours by day.
    static func card(_ shop: JSONValue, now: Date = Date()) -> String {
        guard let members = shop.object else { return "" }
        var lines = ["\(shop["name"]?.string ?? "") [\(shop["id"]?.string ?? "")]"]
        for key in members.keys.sorted() where !["name", "id", "hours"].contains(key) {
            guard let value = members[key], value != .null else { continue }
            let text: String
            switch value {
            case .string(let string): text = string
            case .bool(let flag): text = flag ? "yes" : "no"
            case .integer(let integer): text = String(integer)
            case .number(let number): text = number.plainText
            case .array(let items) where items.allSatisfy({ $0.string != nil }):
                text = items.compactMap(\.string).joined(separator: ", ")
            default: text = value.line
            }
            if !text.isEmpty { lines.append("\(key): \(text)") }
        }
        let days = PlaceDay.weekdays.compactMap { day in PlaceDay.intervals(shop["hours"]?[day]).map { "\(day) \($0)" } }
        if !days.isEmpty { lines.append("hours: " + days.joined(separator: "; ")) }
        return lines.joined(separator: "\n")
    }

    static func number(_ json: JSONValue?) -> Double? {
        switch json {
        case .integer(let value)?: Double(value)
        case .number(let value)?: value
        default: nil
        }
    }

    /// A place's today, on its own clock: known from the offset its times carry.
    struct PlaceDay {
        static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        /// Today's date on the place's clock ("2026-11-30"), and its hours then.
        var date: String?
        var hours: String?

        init(_ shop: JSONValue, now: Date) {
            let times = ["closes_at", "opens_at", "last_order_at"].compactMap { shop[$0]?.string }
            guard let offset = times.lazy.compactMap(Self.offset).first, let zone = TimeZone(secondsFromGMT: offset) else {
                return
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: now)
            guard let year = parts.year, let month = parts.month, let day = parts.day, let weekday = parts.weekday else { return }
            date = String(format: "%04d-%02d-%02d", year, month, day)
            // Calendar's weekdays start on Sunday, 1.
            hours = Self.intervals(shop["hours"]?[Self.weekdays[(weekday + 5) % 7]])
        }

        /// "11:00–15:00, 17:00–21:00", "closed" for a day without hours; nil when unknown.
        static func intervals(_ day: JSONValue?) -> String? {
            guard let periods = day?.array else { return nil }
            if periods.isEmpty { return "closed" }
            return periods.map { "\($0["open"]?.string ?? "?")–\($0["close"]?.string ?? "?")" }.joined(separator: ", ")
        }

        /// "2026-11-30T11:00:00+09:00" → 32400.
        static func offset(_ iso: String) -> Int? {
            guard iso.count >= 6 else { return nil }
            let tail = iso.suffix(6)
            guard let sign = tail.first, sign == "+" || sign == "-", let hours = Int(tail.dropFirst().prefix(2)),
                let minutes = Int(tail.suffix(2))
            else { return nil }
            return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        }

        /// An ISO time as a short clock: "11:00" today, "tomorrow 11:00" or "2026-12-02 11:00".
        func clock(_ iso: String) -> String {
            let parts = iso.split(separator: "T", maxSplits: 1)
            guard parts.count == 2 else { return iso }
            let day = String(parts[0]), time = String(parts[1].prefix(5))
            guard let date, day != date else { return time }
            return "\(day) \(time)"
        }
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
                + " in the request envelope, and "
                + MCP.Revision.allCases.filter { !$0.isEnveloped }.map(\.rawValue).joined(separator: ", ")
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
        case .numberOutOfRange(let name, let range):
            what = "\(name) must be from \(range.lowerBound.plainText) to \(range.upperBound.plainText)"
        case .outOfOrder(let lower, let upper): what = "\(lower) must not be above \(upper)"
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
        case .span: "a whole number or a list of the lowest and highest"
        case .services(let choices): "one of \(choices.joined(separator: ", ")) or all, or a list of them"
        }
    }
}
