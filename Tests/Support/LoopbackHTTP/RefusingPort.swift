#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// A loopback port that refuses every connection, for tests of a dead service.
///
/// A stopped `LoopbackServer`'s port is free again, and a server started by a test running
/// beside it may take it and answer. This port stays bound without listening, so connecting
/// gets "connection refused" and no other socket can bind it until `close()` or `deinit`.
public final class RefusingPort: LoopbackEndpoint {
    public let port: UInt16
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }
    private let socket: Locked<Int32>

    public init() throws {
        let bound = try Socket.bindLoopback(port: 0, reuseAddress: false)
        port = bound.port
        socket = Locked(bound.fd)
    }

    deinit { close() }

    /// Frees the port. Safe to call more than once.
    public func close() {
        socket.withLock { fd in
            guard fd >= 0 else { return }
            #if canImport(Glibc)
                _ = Glibc.close(fd)
            #else
                _ = Darwin.close(fd)
            #endif
            fd = -1
        }
    }
}
