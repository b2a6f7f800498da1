import Foundation
import FoodLoggerDomain

/// The MCP scene's use cases: a line from the client read as a JSON-RPC message, the session
/// opened (`initialize`), the tools listed, a tool called. Each tool runs a foodlogger command,
/// so what it answers is what that command prints with `--json`.
enum MCP {
    /// The revisions of the protocol spoken, newest first. Those up to 2025-11-25 open with the
    /// `initialize` handshake: a client asking for one of them is answered in it, any other gets
    /// the newest of them, which it may refuse (the lifecycle's rule). 2026-07-28 has no
    /// handshake: each request names its revision in its `_meta` envelope.
    enum Revision: String, CaseIterable, Sendable, Comparable {
        case v2026_07_28 = "2026-07-28"
        case v2025_11_25 = "2025-11-25"
        case v2025_06_18 = "2025-06-18"
        case v2025_03_26 = "2025-03-26"
        case v2024_11_05 = "2024-11-05"

        /// The newest revision `initialize` settles on.
        static let latest = Revision.v2025_11_25
        /// The revisions spoken without a handshake, each request in its envelope.
        static let enveloped: [Revision] = allCases.filter(\.isEnveloped)

        /// 2026-07-28 dropped `initialize` and `ping`: each request carries its revision, each
        /// result its `resultType`.
        var isEnveloped: Bool { self >= .v2026_07_28 }
        /// Tools' outputSchema and results' structuredContent came with 2025-06-18.
        var hasStructuredContent: Bool { self >= .v2025_06_18 }
        /// Tool annotations (readOnlyHint…) came with 2025-03-26.
        var hasAnnotations: Bool { self >= .v2025_03_26 }
        /// JSON-RPC batches: 2025-03-26 said a server MUST take them, 2025-06-18 removed them.
        var takesBatches: Bool { self <= .v2025_03_26 }

        /// The dates order the revisions.
        static func < (lhs: Revision, rhs: Revision) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The revision `initialize` settles on when the client asks for `asked`: never an
        /// enveloped one, which has no handshake.
        static func negotiated(_ asked: String?) -> Revision {
            asked.flatMap(Revision.init(rawValue:)).flatMap { $0.isEnveloped ? nil : $0 } ?? latest
        }
    }

    /// The `_meta` keys of 2026-07-28's request envelope.
    enum Envelope {
        static let protocolVersion = "io.modelcontextprotocol/protocolVersion"
        static let clientCapabilities = "io.modelcontextprotocol/clientCapabilities"
        /// The result `_meta` key naming the server.
        static let serverInfo = "io.modelcontextprotocol/serverInfo"

        /// Whether a request claims the enveloped revisions: its `_meta` names a protocol version
        /// (a bare `_meta` is no claim; older requests carry `progressToken` there).
        static func isClaimed(by params: [String: JSONValue]) -> Bool {
            params["_meta"]?[protocolVersion] != nil
        }

        /// The revision an enveloped request is in, or why it is refused: a `_meta` without both
        /// keys or with a version that is no string is -32602; a version not spoken is -32022.
        static func revision(of params: [String: JSONValue]) -> Result<Revision, Failure> {
            guard let meta = params["_meta"]?.object, meta[protocolVersion] != nil, meta[clientCapabilities] != nil else {
                return .failure(
                    .invalidParams("params._meta must carry \"\(protocolVersion)\" and \"\(clientCapabilities)\""))
            }
            guard let asked = meta[protocolVersion]?.string else {
                return .failure(.invalidParams("\"\(protocolVersion)\" must be a string"))
            }
            guard let revision = Revision(rawValue: asked), revision.isEnveloped else {
                return .failure(.unsupportedRevision(requested: asked))
            }
            return .success(revision)
        }
    }

    /// A request's id: JSON-RPC allows a string or a number; MCP never null.
    enum RequestID: Hashable, Sendable {
        case integer(Int)
        case string(String)

        init?(_ json: JSONValue?) {
            switch json {
            case .integer(let value)?: self = .integer(value)
            case .string(let value)?: self = .string(value)
            default: return nil
            }
        }

        var json: JSONValue {
            switch self {
            case .integer(let value): .integer(value)
            case .string(let value): .string(value)
            }
        }

        /// The id of a message whose line was too long to read, from the line's first bytes:
        /// the value of the top-level "id" member when it is there (one inside params is not it),
        /// so the refusal answers the request it is about.
        static func peek(_ head: [UInt8]) -> RequestID? {
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
            /// The index of the quote closing the string opened at `open`.
            func close(_ open: Int) -> Int? {
                var index = open + 1
                while index < head.count {
                    if head[index] == backslash { index += 2; continue }
                    if head[index] == quote { return index }
                    index += 1
                }
                return nil
            }
            func skipSpace(_ index: inout Int) {
                while index < head.count, [9, 10, 13, 32].contains(head[index]) { index += 1 }
            }
            var depth = 0, index = 0, atKey = false
            while index < head.count {
                switch head[index] {
                case quote:
                    guard let end = close(index) else { return nil }
                    if depth == 1, atKey, head[(index + 1)..<end].elementsEqual("id".utf8) {
                        var value = end + 1
                        skipSpace(&value)
                        guard value < head.count, head[value] == UInt8(ascii: ":") else { return nil }
                        value += 1
                        skipSpace(&value)
                        guard value < head.count else { return nil }
                        let token: ArraySlice<UInt8>
                        if head[value] == quote {
                            guard let last = close(value) else { return nil }
                            token = head[value...last]
                        } else {
                            token = head[value...].prefix {
                                UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || $0 == UInt8(ascii: "-")
                            }
                            // A number cut by the head's end may be longer than it reads.
                            guard value + token.count < head.count else { return nil }
                        }
                        return RequestID(JSONValue.decode(Data(token)))
                    }
                    atKey = false
                    index = end
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    atKey = depth == 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                case UInt8(ascii: ","):
                    atKey = depth == 1
                default:
                    break
                }
                index += 1
            }
            return nil
        }
    }

    /// Why a message gets a JSON-RPC error rather than an answer, with the codes JSON-RPC 2.0
    /// gives them. A user's mistake in a tool's arguments is never one of these: it is a tool
    /// result with isError.
    enum Failure: Error, Equatable, Sendable {
        /// Not JSON at all.
        case parse
        /// JSON, but not a JSON-RPC 2.0 request or notification (`what` says how).
        case invalidRequest(String)
        /// A line longer than the server reads; the rest of it was skipped.
        case lineTooLong(limit: Int)
        case methodNotFound(String)
        /// A known method with parameters it cannot take.
        case invalidParams(String)
        case unknownTool(String)
        /// A tool call past what the server runs and keeps waiting (`MCPInteractor.callsAtOnce`,
        /// `callsWaiting`): answered at once rather than held.
        case busy(running: Int, waiting: Int)
        /// A request in a revision the server does not speak (2026-07-28's rule): the error's
        /// data names those it does.
        case unsupportedRevision(requested: String)
        /// A call still running (or waiting) when the input ended, stopped so the server can end.
        case stopped

        var code: Int {
            switch self {
            case .parse: -32700
            case .invalidRequest, .lineTooLong: -32600
            case .methodNotFound: -32601
            case .invalidParams, .unknownTool: -32602
            // JSON-RPC leaves -32000 to -32099 to the server's own errors; MCP names none for this.
            case .busy: -32000
            case .stopped: -32001
            case .unsupportedRevision: -32022
            }
        }

        /// The error's data: for -32022, the revisions spoken and the one asked for.
        var data: JSONValue? {
            guard case .unsupportedRevision(let requested) = self else { return nil }
            return ["supported": .array(Revision.enveloped.map { .string($0.rawValue) }), "requested": .string(requested)]
        }
    }

    /// One message from the client, read.
    enum Message: Equatable, Sendable {
        /// A request (it has an id, and gets one answer).
        case request(id: RequestID, method: String, params: [String: JSONValue])
        /// A notification: no id, no answer.
        case notification(method: String, params: [String: JSONValue])
        /// An answer to a request of ours, which this server never sends: ignored.
        case response

        /// A line read as one JSON-RPC 2.0 message. A failure carries the id when one could be
        /// read, so the error answers the request it is about.
        static func read(_ line: [UInt8]) -> Result<Message, ReadFailure> {
            guard let json = JSONValue.decode(Data(line)) else { return .failure(.init(id: nil, failure: .parse)) }
            if case .array = json {
                return .failure(.init(id: nil, failure: .invalidRequest("a message is one JSON object (batches are not taken)")))
            }
            return read(json)
        }

        /// One message of a line (or of a batch).
        static func read(_ json: JSONValue) -> Result<Message, ReadFailure> {
            guard let members = json.object else {
                return .failure(.init(id: nil, failure: .invalidRequest("a message is a JSON object")))
            }
            let id = RequestID(members["id"])
            func invalid(_ what: String) -> Result<Message, ReadFailure> {
                .failure(.init(id: id, failure: .invalidRequest(what)))
            }
            guard members["jsonrpc"] == "2.0" else { return invalid("\"jsonrpc\" must be \"2.0\"") }
            if members["method"] == nil, members["result"] != nil || members["error"] != nil { return .success(.response) }
            guard let method = members["method"]?.string else { return invalid("\"method\" must be a string") }
            let params: [String: JSONValue]
            switch members["params"] {
            case nil: params = [:]
            case let given?:
                guard let given = given.object else { return invalid("\"params\" must be an object") }
                params = given
            }
            guard let given = members["id"] else { return .success(.notification(method: method, params: params)) }
            guard let id = RequestID(given) else { return invalid("\"id\" must be a string or an integer") }
            return .success(.request(id: id, method: method, params: params))
        }
    }

    /// A line from the client: one message, or a JSON-RPC batch of them (an array).
    enum Line: Sendable {
        case single(Result<Message, ReadFailure>)
        case batch([Result<Message, ReadFailure>])

        static func read(_ line: [UInt8]) -> Line {
            guard let json = JSONValue.decode(Data(line)) else { return .single(.failure(.init(id: nil, failure: .parse))) }
            if case .array(let items) = json { return .batch(items.map(Message.read)) }
            return .single(Message.read(json))
        }
    }

    struct ReadFailure: Error, Equatable, Sendable {
        var id: RequestID?
        var failure: Failure
    }

    /// What a tool's command made of the call: its exit status, what it printed (a JSON
    /// document) and what it said on stderr.
    struct CommandOutcome: Sendable, Equatable {
        var status: ExitCode
        /// The command's data: its `--json` document, or `{"message": its line}`; nil when it gave none.
        var document: JSONValue?
        /// What it said on stderr, a line each.
        var notes: [String] = []
    }

    enum Initialize {
        struct Response: Sendable, Equatable {
            var id: RequestID
            var revision: Revision
        }
    }

    /// `server/discover` (2026-07-28): the revisions, capabilities and instructions.
    enum Discover {
        struct Response: Sendable, Equatable {
            var id: RequestID
            var revision: Revision
        }
    }

    /// What a request gets: one of the answers below, or a JSON-RPC error.
    enum Answer: Sendable, Equatable {
        case initialized(Initialize.Response)
        case discovered(Discover.Response)
        case tools(ListTools.Response)
        case call(CallTool.Response)
        case empty(RequestID)
        case failure(ReadFailure)
    }

    enum ListTools {
        struct Response: Sendable, Equatable {
            var id: RequestID
            var tools: [MCPTool]
            var revision: Revision
        }
    }

    enum CallTool {
        /// The tool's arguments refused before anything ran (the message, as the CLI's would be),
        /// or its command's outcome.
        enum Result: Sendable, Equatable {
            case refused(MCPTool.ArgumentError)
            case ran(CommandOutcome)
        }

        struct Response: Sendable, Equatable {
            var id: RequestID
            var tool: MCPTool
            var result: Result
            /// For a tool that pages its own results (the log): where the page starts and how long it is.
            var page: MCPTool.Page?
            var revision: Revision
        }
    }

    /// One line for stdout: a JSON-RPC answer.
    struct ViewModel: Sendable, Equatable {
        var line: String
    }
}
