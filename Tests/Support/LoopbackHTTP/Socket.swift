// The few POSIX calls the server needs, with the Linux/Darwin differences kept in one place.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// A system call failed while starting the server.
public struct LoopbackError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let code: Int32

    public var description: String {
        "LoopbackServer: \(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}

enum Socket {
    /// A non-blocking, close-on-exec TCP socket listening on 127.0.0.1:`port` (0: ephemeral).
    /// Close-on-exec matters: tests spawn the built binary, and an inherited socket would keep
    /// connections open after the server closed them.
    static func listenOnLoopback(port: UInt16 = 0) throws -> (fd: Int32, port: UInt16) {
        let bound = try bindLoopback(port: port, reuseAddress: true)
        guard listen(bound.fd, 128) == 0 else {
            let code = errno
            close(bound.fd)
            throw LoopbackError(operation: "listen", code: code)
        }
        return bound
    }

    /// A socket bound to 127.0.0.1:`port` (0: ephemeral) that is not listening yet. Without
    /// `reuseAddress` no other socket can bind the port while this one is open.
    static func bindLoopback(port: UInt16, reuseAddress: Bool) throws -> (fd: Int32, port: UInt16) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw LoopbackError(operation: "socket", code: errno) }
        do {
            try configure(fd)
            var yes: Int32 = 1
            guard !reuseAddress || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size)) == 0
            else { throw LoopbackError(operation: "setsockopt(SO_REUSEADDR)", code: errno) }

            var address = sockaddr_in()
            #if canImport(Darwin)
                address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1, never 0.0.0.0
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw LoopbackError(operation: "bind(127.0.0.1)", code: errno) }

            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { throw LoopbackError(operation: "getsockname", code: errno) }
            return (fd, UInt16(bigEndian: address.sin_port))
        } catch {
            close(fd)
            throw error
        }
    }

    /// Accepts one pending connection, already configured; `nil` when none is pending or it failed
    /// (`errno` says why). (Glibc's Swift module does not export `accept4`; a child spawned in
    /// the instant before `configure` could inherit the socket, and Foundation's `Process` closes
    /// inherited descriptors anyway.)
    static func accept(from listener: Int32) -> Int32? {
        #if canImport(Glibc)
            let fd = Glibc.accept(listener, nil, nil)
        #else
            let fd = Darwin.accept(listener, nil, nil)
        #endif
        guard fd >= 0 else { return nil }
        do { try configure(fd) } catch { close(fd); return nil }
        return fd
    }

    /// Non-blocking, close-on-exec and (Darwin) no SIGPIPE. On Linux `send` uses `MSG_NOSIGNAL`.
    static func configure(_ fd: Int32) throws {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw LoopbackError(operation: "fcntl(O_NONBLOCK)", code: errno)
        }
        guard fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else {
            throw LoopbackError(operation: "fcntl(FD_CLOEXEC)", code: errno)
        }
        #if canImport(Darwin)
            var yes: Int32 = 1
            guard setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size)) == 0
            else { throw LoopbackError(operation: "setsockopt(SO_NOSIGPIPE)", code: errno) }
        #endif
    }

    /// A pipe whose read end becomes readable, for good, once anything is written to it:
    /// every thread of the server polls it next to its socket, so one write wakes them all.
    static func wakePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw LoopbackError(operation: "pipe", code: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return (fds[0], fds[1])
    }

    static func signal(_ wakeWrite: Int32) {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    enum Readiness { case ready, stopped, timedOut }

    static let pollIn = Int16(POLLIN)
    static let pollOut = Int16(POLLOUT)

    /// Waits until `fd` has `events`, the server stops (`wake` readable) or `deadline` passes
    /// (`DispatchTime` nanoseconds; `nil`: no deadline). Stopping wins over readiness.
    static func wait(
        for events: Int16, on fd: Int32, wake: Int32, deadline: UInt64? = nil
    ) -> Readiness {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let now = DispatchTime.now().uptimeNanoseconds
                if now >= deadline { return .timedOut }
                timeout = Int32(min((deadline - now + 999_999) / 1_000_000, 60_000))
            }
            var fds = [
                pollfd(fd: wake, events: pollIn, revents: 0),
                pollfd(fd: fd, events: events, revents: 0),
            ]
            let count = poll(&fds, 2, timeout)
            if count < 0 {
                if errno == EINTR { continue }
                return .stopped  // poll itself is broken; give up on this connection
            }
            if fds[0].revents != 0 { return .stopped }
            // Errors and hang-ups count as ready: the following recv/send reports them.
            if fds[1].revents != 0 { return .ready }
        }
    }

    enum Received { case bytes(Int), end, again, failed }

    /// `recv` once, appending to `buffer`.
    static func receive(_ fd: Int32, appendingTo buffer: inout [UInt8], max: Int = 65_536) -> Received {
        withUnsafeTemporaryAllocation(byteCount: max, alignment: 1) { chunk in
            let count = recv(fd, chunk.baseAddress, max, 0)
            if count > 0 {
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
                return .bytes(count)
            }
            if count == 0 { return .end }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .again }
            return .failed
        }
    }

    /// `send` once: bytes written, 0 for "try again", `nil` for failure.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int? {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        #if canImport(Glibc)
            let count = Glibc.send(fd, bytes.baseAddress, bytes.count, flags)
        #else
            let count = Darwin.send(fd, bytes.baseAddress, bytes.count, flags)
        #endif
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return 0 }
        return nil
    }

    static func shutdownWriting(_ fd: Int32) {
        #if canImport(Glibc)
            _ = shutdown(fd, Int32(SHUT_WR))
        #else
            _ = shutdown(fd, SHUT_WR)
        #endif
    }
}
