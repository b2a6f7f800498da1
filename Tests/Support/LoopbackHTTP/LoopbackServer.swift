#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// Where a test points a client: a loopback server, or a port that refuses.
public protocol LoopbackEndpoint: Sendable {
    var port: UInt16 { get }
    var baseURL: URL { get }
}

/// A small HTTP/1.1 server on 127.0.0.1 for tests and benchmarks, with fault injection.
///
/// ```swift
/// let server = try LoopbackServer(replies: [.status(503, retryAfter: "1"), .json(#"{"ok":1}"#)])
/// defer { server.stop() }
/// let api = HotpepperAPI(baseURL: server.baseURL, ...)
/// ```
///
/// - Every connection is served on its own thread and carries exactly one exchange: the server
///   answers with `Connection: close` and closes. Clients therefore never reuse a connection,
///   which keeps fault injection deterministic (URLSession and libcurl silently retry a request
///   whose *reused* connection dies, which would swallow a `.closeWithoutAnswer`).
/// - `handler` runs on the connection's thread, concurrently for concurrent requests.
/// - `stop()` (also run by `deinit`) wakes every thread, including delayed and hanging replies,
///   and waits up to 5 seconds for them to end. Do not call it from inside `handler`.
public final class LoopbackServer: LoopbackEndpoint {
    public let port: UInt16
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    private let core: ServerCore

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting on a background thread.
    public init(handler: @escaping @Sendable (RecordedRequest) -> Reply) throws {
        let (fd, port) = try Socket.listenOnLoopback()
        let wake: (read: Int32, write: Int32)
        do { wake = try Socket.wakePipe() } catch { close(fd); throw error }
        self.port = port
        core = ServerCore(listener: fd, wake: wake, handler: handler)
        core.start()
    }

    /// Answers with `replies` in order, then keeps answering with the last one.
    public convenience init(replies: [Reply]) throws {
        precondition(!replies.isEmpty, "LoopbackServer(replies:) needs at least one reply")
        let served = Locked(0)
        try self.init { _ in
            let index = served.withLock { count in
                defer { count += 1 }
                return min(count, replies.count - 1)
            }
            return replies[index]
        }
    }

    deinit { core.stop() }

    /// Every request received so far, in the order they were read.
    public var requests: [RecordedRequest] { core.recorded }

    /// Connections still being served (0 once `stop()` returned).
    public var activeConnections: Int { core.activeConnections }

    /// Stops accepting, closes the listening socket, ends every connection (answered or not) and
    /// waits for their threads to finish. Safe to call more than once.
    public func stop() { core.stop() }
}

/// Everything the threads share. Separate from `LoopbackServer` so the threads do not keep the
/// server alive: when the last reference to the server goes, its `deinit` stops them.
final class ServerCore: @unchecked Sendable {
    // Immutable after init.
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let handler: @Sendable (RecordedRequest) -> Reply

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var stopping = false
    private var liveThreads = 0
    private var liveConnections = 0
    private var requests: [RecordedRequest] = []
    private var pipeClosed = false

    init(listener: Int32, wake: (read: Int32, write: Int32), handler: @escaping @Sendable (RecordedRequest) -> Reply) {
        self.listener = listener
        self.wake = wake
        self.handler = handler
    }

    var recorded: [RecordedRequest] { locked { requests } }
    var activeConnections: Int { locked { liveConnections } }

    func start() {
        locked { liveThreads += 1 }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackHTTP accept :\(listener)"
        thread.start()
    }

    func stop() {
        condition.lock()
        defer { condition.unlock() }
        if !stopping {
            stopping = true
            Socket.signal(wake.write)
        }
        let deadline = Date(timeIntervalSinceNow: 5)
        while liveThreads > 0 {
            if !condition.wait(until: deadline) { break }
        }
        // A thread stuck in `handler` still polls the pipe; leak it rather than close it under it.
        if liveThreads == 0 && !pipeClosed {
            pipeClosed = true
            close(wake.read)
            close(wake.write)
        }
    }

    private func acceptLoop() {
        defer {
            close(listener)
            threadEnded(connection: false)
        }
        while Socket.wait(for: Socket.pollIn, on: listener, wake: wake.read) == .ready {
            guard let fd = Socket.accept(from: listener) else {
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    usleep(10_000)  // out of descriptors: let connections finish instead of spinning
                }
                continue
            }
            let admitted = locked {
                guard !stopping else { return false }
                liveThreads += 1
                liveConnections += 1
                return true
            }
            guard admitted else {
                close(fd)
                return
            }
            let thread = Thread { [self] in
                Connection(fd: fd, wake: wake.read).serve(
                    record: { request in locked { requests.append(request) } },
                    handler: handler)
                threadEnded(connection: true)
            }
            thread.name = "LoopbackHTTP connection :\(fd)"
            thread.start()
        }
    }

    private func threadEnded(connection: Bool) {
        locked {
            liveThreads -= 1
            if connection { liveConnections -= 1 }
            condition.broadcast()
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}

/// A value behind a lock, for state a `@Sendable` closure must mutate.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
