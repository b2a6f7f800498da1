#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// One accepted connection, served start to finish on its own thread: read one request,
/// answer it with `Connection: close`, close. Never shared between threads.
final class Connection {
    static let maxHeaderBytes = 64 * 1024
    static let maxBodyBytes = 64 * 1024 * 1024
    /// After answering, how long to wait for the client to close first (see `finish`).
    static let lingerSeconds = 2.0

    private let fd: Int32
    private let wake: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32, wake: Int32) {
        self.fd = fd
        self.wake = wake
    }

    /// `record` is called once the request is read, before `handler`.
    func serve(record: (RecordedRequest) -> Void, handler: (RecordedRequest) -> Reply) {
        defer { finish() }
        let request: RecordedRequest
        switch readRequest() {
        case .request(let parsed): request = parsed
        case .reject(let reply): _ = send(reply, headOnly: false); return
        case .gone: return
        }
        record(request)
        let reply = handler(request)
        if reply.delay > 0 {
            let deadline =
                DispatchTime.now().uptimeNanoseconds
                + UInt64(min(reply.delay, 86_400) * 1_000_000_000)
            guard idle(until: deadline) else { return }
        }
        switch reply.fault {
        case .closeWithoutAnswer:
            return
        case .hang:
            _ = idle(until: nil)
            return
        case .endlessBody(let announced, let pause):
            sendEndlessly(reply, announcedLength: announced, pause: pause)
        case .truncatedBody, nil:
            _ = send(reply, headOnly: request.method == "HEAD")
        }
    }

    // MARK: Reading

    private enum Outcome {
        case request(RecordedRequest)
        case reject(Reply)
        case gone
    }

    private static let crlfcrlf: [UInt8] = [13, 10, 13, 10]

    private func readRequest() -> Outcome {
        var scanned = 0
        var headerEnd = Self.find(Self.crlfcrlf, in: buffer, from: 0)
        while headerEnd == nil {
            guard buffer.count <= Self.maxHeaderBytes else {
                return .reject(.status(431, body: "request header too large"))
            }
            scanned = buffer.count
            guard receiveMore() else { return .gone }
            headerEnd = Self.find(Self.crlfcrlf, in: buffer, from: max(0, scanned - 3))
        }
        guard let headerEnd, headerEnd <= Self.maxHeaderBytes else {
            return .reject(.status(431, body: "request header too large"))
        }
        let head = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)

        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
        let requestLine = lines.popFirst().map { $0.split(separator: " ") } ?? []
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            return .reject(.status(400, body: "malformed request line"))
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else {
                return .reject(.status(400, body: "malformed header line"))
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }

        if headers["expect"]?.lowercased() == "100-continue" {
            guard sendAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return .gone }
        }
        let body: [UInt8]
        if let encoding = headers["transfer-encoding"]?.lowercased(), encoding != "identity" {
            guard encoding == "chunked" else {
                return .reject(.status(501, body: "transfer-encoding \(encoding) not supported"))
            }
            switch readChunkedBody() {
            case .success(let bytes): body = bytes
            case .failure(let rejection): return rejection.outcome
            }
        } else if let lengthText = headers["content-length"] {
            guard let length = Int(lengthText), length >= 0 else {
                return .reject(.status(400, body: "bad content-length"))
            }
            guard length <= Self.maxBodyBytes else {
                return .reject(.status(413, body: "body too large"))
            }
            guard fill(to: length) else { return .gone }
            body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        } else {
            body = []
        }
        return .request(
            RecordedRequest(
                method: String(requestLine[0]), target: String(requestLine[1]),
                headers: headers, body: Data(body)))
    }

    private struct Rejection: Error { let outcome: Outcome }

    private func readChunkedBody() -> Result<[UInt8], Rejection> {
        var body: [UInt8] = []
        while true {
            guard let line = readLine() else { return .failure(Rejection(outcome: .gone)) }
            let sizeText = line.split(separator: ";", maxSplits: 1).first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0
            else { return .failure(Rejection(outcome: .reject(.status(400, body: "bad chunk size")))) }
            if size == 0 {
                // Trailers, up to the empty line.
                while true {
                    guard let trailer = readLine() else { return .failure(Rejection(outcome: .gone)) }
                    if trailer.isEmpty { return .success(body) }
                }
            }
            guard body.count + size <= Self.maxBodyBytes else {
                return .failure(Rejection(outcome: .reject(.status(413, body: "body too large"))))
            }
            guard fill(to: size + 2) else { return .failure(Rejection(outcome: .gone)) }
            body.append(contentsOf: buffer[0..<size])
            buffer.removeFirst(size + 2)
        }
    }

    /// One CRLF-terminated line, without the CRLF.
    private func readLine() -> String? {
        var scanned = 0
        while true {
            if let end = Self.find([13, 10], in: buffer, from: max(0, scanned - 1)) {
                let line = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            scanned = buffer.count
            guard buffer.count <= Self.maxHeaderBytes, receiveMore() else { return nil }
        }
    }

    private func fill(to count: Int) -> Bool {
        while buffer.count < count {
            guard receiveMore() else { return false }
        }
        return true
    }

    /// Reads whatever arrives next; false once the client is gone or the server stops.
    private func receiveMore() -> Bool {
        while true {
            guard Socket.wait(for: Socket.pollIn, on: fd, wake: wake) == .ready else { return false }
            switch Socket.receive(fd, appendingTo: &buffer) {
            case .bytes: return true
            case .again: continue
            case .end, .failed: return false
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    // MARK: Waiting

    /// Waits for `deadline` (nil: forever) without answering. False if the client went away or
    /// the server stopped meanwhile. Anything the client sends meanwhile is read and dropped.
    private func idle(until deadline: UInt64?) -> Bool {
        while true {
            switch Socket.wait(for: Socket.pollIn, on: fd, wake: wake, deadline: deadline) {
            case .timedOut: return true
            case .stopped: return false
            case .ready:
                var scratch: [UInt8] = []
                switch Socket.receive(fd, appendingTo: &scratch) {
                case .bytes, .again: continue
                case .end, .failed: return false
                }
            }
        }
    }

    // MARK: Writing

    private func send(_ reply: Reply, headOnly: Bool) -> Bool {
        var announced = reply.body.count
        if case .truncatedBody(let missing) = reply.fault { announced += missing }
        let noBody = headOnly || reply.status == 204 || reply.status == 304 || reply.status < 200
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        for (name, value) in reply.headers {
            switch name.lowercased() {
            case "content-length", "connection", "transfer-encoding": continue
            default: head += "\(name): \(value)\r\n"
            }
        }
        if reply.status != 204 && reply.status >= 200 { head += "Content-Length: \(announced)\r\n" }
        head += "Connection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        if !noBody { bytes.append(contentsOf: reply.body) }
        return sendAll(bytes)
    }

    /// The head, then `reply.body` over and over (as chunks without a length) until a send fails
    /// or the server stops.
    private func sendEndlessly(_ reply: Reply, announcedLength: Int?, pause: Double) {
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        head += announcedLength.map { "Content-Length: \($0)\r\n" } ?? "Transfer-Encoding: chunked\r\n"
        head += "Connection: close\r\n\r\n"
        let piece =
            announcedLength == nil
            ? Array(String(reply.body.count, radix: 16).utf8) + [13, 10] + Array(reply.body) + [13, 10] : Array(reply.body)
        guard sendAll(Array(head.utf8)), !piece.isEmpty else { return }
        while sendAll(piece) {
            if pause > 0, !idle(until: DispatchTime.now().uptimeNanoseconds + UInt64(pause * 1e9)) { return }
        }
    }

    private func sendAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Socket.send(fd, UnsafeRawBufferPointer(rebasing: $0[offset...]))
            }
            guard let written else { return false }
            if written > 0 {
                offset += written
            } else if Socket.wait(for: Socket.pollOut, on: fd, wake: wake) != .ready {
                return false
            }
        }
        return true
    }

    /// Half-closes, then waits briefly for the client to close before closing for good. Closing
    /// with unread input makes the kernel send RST, which can destroy a response the client has
    /// not read yet; waiting for the client's FIN avoids that.
    private func finish() {
        Socket.shutdownWriting(fd)
        _ = idle(until: DispatchTime.now().uptimeNanoseconds + UInt64(Self.lingerSeconds * 1e9))
        close(fd)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
