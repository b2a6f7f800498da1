import Foundation

/// The MCP scene's use cases: a line from the client read as a JSON-RPC message, the session
/// opened (`initialize`), the tools listed, a tool called. Each tool runs a foodlogger command,
/// so what it answers is what that command prints with `--json`.
enum MCP {
    /// The revisions of the protocol spoken, newest first. A client asking for one of them is
    /// answered in it; any other gets the newest, which it may refuse (the lifecycle's rule).
    enum Revision: String, CaseIterable, Sendable, Comparable {
        case v2025_11_25 = "2025-11-25"
        case v2025_06_18 = "2025-06-18"
        case v2025_03_26 = "2025-03-26"
        case v2024_11_05 = "2024-11-05"

        static let latest = Revision.v2025_11_25

        /// Tools' outputSchema and results' structuredContent came with 2025-06-18.
        var hasStructuredContent: Bool { self >= .v2025_06_18 }
        /// Tool annotations (readOnlyHint…) came with 2025-03-26.
        var hasAnnotations: Bool { self >= .v2025_03_26 }

        /// The dates order the revisions.
        static func < (lhs: Revision, rhs: Revision) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The revision to speak when the client asks for `asked`.
        static func negotiated(_ asked: String?) -> Revision {
            asked.flatMap(Revision.init(rawValue:)) ?? latest
        }
    }

    /// A request's id: JSON-RPC allows a string or a number; MCP never null.
    enum RequestID: Hashable, Sendable {
        case integer(Int)
        case string(String)

        init?(_ json: MCPJSON?) {
            switch json {
            case .integer(let value)?: self = .integer(value)
            case .string(let value)?: self = .string(value)
            default: return nil
            }
        }

        var json: MCPJSON {
            switch self {
            case .integer(let value): .integer(value)
            case .string(let value): .string(value)
            }
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

        var code: Int {
            switch self {
            case .parse: -32700
            case .invalidRequest, .lineTooLong: -32600
            case .methodNotFound: -32601
            case .invalidParams, .unknownTool: -32602
            // JSON-RPC leaves -32000 to -32099 to the server's own errors; MCP names none for this.
            case .busy: -32000
            }
        }
    }

    /// One message from the client, read.
    enum Message: Equatable, Sendable {
        /// A request (it has an id, and gets one answer).
        case request(id: RequestID, method: String, params: [String: MCPJSON])
        /// A notification: no id, no answer.
        case notification(method: String, params: [String: MCPJSON])
        /// An answer to a request of ours, which this server never sends: ignored.
        case response

        /// A line read as one JSON-RPC 2.0 message. A failure carries the id when one could be
        /// read, so the error answers the request it is about.
        static func read(_ line: [UInt8]) -> Result<Message, ReadFailure> {
            guard let json = MCPJSON.decode(Data(line)) else { return .failure(.init(id: nil, failure: .parse)) }
            guard case .object(let members) = json else {
                return .failure(.init(id: nil, failure: .invalidRequest("a message is one JSON object (batches are not taken)")))
            }
            let id = RequestID(members["id"])
            func invalid(_ what: String) -> Result<Message, ReadFailure> {
                .failure(.init(id: id, failure: .invalidRequest(what)))
            }
            guard members["jsonrpc"] == "2.0" else { return invalid("\"jsonrpc\" must be \"2.0\"") }
            if members["method"] == nil, members["result"] != nil || members["error"] != nil { return .success(.response) }
            guard let method = members["method"]?.string else { return invalid("\"method\" must be a string") }
            let params: [String: MCPJSON]
            switch members["params"] {
            case nil: params = [:]
            case .object(let given)?: params = given
            default: return invalid("\"params\" must be an object")
            }
            guard let given = members["id"] else { return .success(.notification(method: method, params: params)) }
            guard let id = RequestID(given) else { return invalid("\"id\" must be a string or an integer") }
            return .success(.request(id: id, method: method, params: params))
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
        var document: MCPJSON?
        /// What it said on stderr, a line each.
        var notes: [String] = []
    }

    enum Initialize {
        struct Response: Sendable, Equatable {
            var id: RequestID
            var revision: Revision
        }
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
