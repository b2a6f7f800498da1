import Foundation

/// What the server answers to one request, including the ways it can misbehave on purpose.
///
/// The server always adds `Content-Length` and `Connection: close` itself; any such headers
/// given here are ignored.
public struct Reply: Sendable {
    /// Ways to break the exchange, for testing how a client copes.
    public enum Fault: Sendable, Equatable {
        /// Read the whole request, then close the connection without sending a byte.
        case closeWithoutAnswer
        /// Never answer. The connection ends when the client gives up or the server stops.
        case hang
        /// Announce `body.count + missingBytes` in `Content-Length`, send `body`, then close.
        case truncatedBody(missingBytes: Int)
        /// Send `body` again and again, `pause` seconds apart (0: as fast as the client reads),
        /// until the client goes away or the server stops: in chunks when `announcedLength` is
        /// nil, else under that `Content-Length`.
        case endlessBody(announcedLength: Int?, pause: Double)
    }

    /// The content type the HOT PEPPER Gourmet API really sends with its JSON.
    public static let hotpepperContentType = "text/javascript; charset=utf-8"

    public var status: Int
    /// Sent in this order, names as given.
    public var headers: [(String, String)]
    public var body: Data
    /// Seconds to wait after reading the request before answering (or before the fault).
    public var delay: Double
    public var fault: Fault?

    public init(
        status: Int = 200,
        headers: [(String, String)] = [],
        body: Data = Data(),
        delay: Double = 0,
        fault: Fault? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
    }

    /// A JSON answer; the default content type is the one the real service uses.
    public static func json(
        _ text: String, status: Int = 200, contentType: String = hotpepperContentType
    ) -> Reply {
        json(Data(text.utf8), status: status, contentType: contentType)
    }

    /// A JSON answer; the default content type is the one the real service uses.
    public static func json(
        _ data: Data, status: Int = 200, contentType: String = hotpepperContentType
    ) -> Reply {
        Reply(status: status, headers: [("Content-Type", contentType)], body: data)
    }

    /// The contents of a file, e.g. a captured response from `shared/hotpepper/samples/`.
    public static func file(
        _ path: String, status: Int = 200, contentType: String = hotpepperContentType
    ) throws -> Reply {
        json(try Data(contentsOf: URL(fileURLWithPath: path)), status: status, contentType: contentType)
    }

    /// A bare status, optionally with `Retry-After` and a plain-text body.
    public static func status(_ status: Int, retryAfter: String? = nil, body: String = "") -> Reply {
        var headers: [(String, String)] = []
        if let retryAfter { headers.append(("Retry-After", retryAfter)) }
        if !body.isEmpty { headers.append(("Content-Type", "text/plain; charset=utf-8")) }
        return Reply(status: status, headers: headers, body: Data(body.utf8))
    }

    /// See ``Fault/closeWithoutAnswer``.
    public static let closeWithoutAnswer = Reply(fault: .closeWithoutAnswer)

    /// See ``Fault/hang``.
    public static let hang = Reply(fault: .hang)

    /// `body` repeated without end (see ``Fault/endlessBody(announcedLength:pause:)``).
    public func endless(announcedLength: Int? = nil, pause: Double = 0) -> Reply {
        var copy = self
        copy.fault = .endlessBody(announcedLength: announcedLength, pause: pause)
        return copy
    }

    /// This reply, sent `seconds` later.
    public func delayed(by seconds: Double) -> Reply {
        var copy = self
        copy.delay = seconds
        return copy
    }

    /// This reply with a `Content-Length` that promises `missingBytes` more than are sent.
    public func truncated(missingBytes: Int = 1024) -> Reply {
        var copy = self
        copy.fault = .truncatedBody(missingBytes: max(1, missingBytes))
        return copy
    }
}
