#if os(Linux) && canImport(Glibc)
    import Foundation
    import Glibc
#endif

/// What libcurl wants to hear about each of its sockets (`CURL_POLL_*`, told through
/// `CURLMOPT_SOCKETFUNCTION`), and what URLSession on Linux must be told so that it watches
/// exactly that.
///
/// swift-corelibs-foundation (6.3.1, `_MultiHandle.register` and `_SocketSources.createSources`
/// in MultiHandle.swift) only ever adds Dispatch sources for a socket until libcurl removes it.
/// libcurl first asks for "writable" while it connects, then for "readable" once the request is
/// sent: the write source stays, and a connected socket is always writable, so it fires without
/// end while the server thinks (curl_multi_socket_action, a poll that finds nothing, again),
/// which spun most of a CPU core and made tens of thousands of context switches a second.
/// A wish that drops a direction is therefore handed over as "remove" first: Foundation then
/// tears both sources down and makes only those the new wish needs.
struct CurlSocketWatch {
    static let readable: Int32 = 1
    static let writable: Int32 = 2
    static let both: Int32 = 3
    static let remove: Int32 = 4

    /// What each socket is watched for now.
    private var watched: [Int32: Int32] = [:]

    /// The calls to pass on for libcurl's `what` on `socket`, in order.
    mutating func calls(for what: Int32, on socket: Int32) -> [Int32] {
        let before = watched[socket] ?? 0
        watched[socket] = what == Self.remove ? nil : what
        // Only a wish for some direction is re-made: "remove" and "none" (which Foundation
        // would not answer with new sources) pass as they are. A synthesized "remove" frees the
        // object Foundation assigned to the socket (curl_multi_assign), so it must always be
        // followed by a wish that makes and assigns a new one, never stand alone.
        guard (Self.readable...Self.both).contains(what), before & ~what != 0 else { return [what] }
        return [Self.remove, what]
    }
}

#if os(Linux) && canImport(Glibc)
    /// libcurl's `curl_socket_callback`.
    typealias CurlSocketCallback =
        @convention(c) (
            OpaquePointer?, Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
        ) -> Int32

    /// Stands between FoundationNetworking and libcurl's `curl_multi_setopt` (this definition is
    /// the one the program links; libcurl's own is found with `RTLD_NEXT`): every option passes
    /// through unchanged but Foundation's socket callback, which is wrapped in `CurlSocketWatch`.
    /// URLSession itself, its libcurl and its Dispatch sources are left as they are. Every
    /// option that libcurl takes as a long, a pointer or a function arrives in the third
    /// argument's register on x86-64 and arm64 Linux, whether the caller saw a variadic
    /// prototype or not, and is handed on as it came.
    @_cdecl("curl_multi_setopt")
    public func _foodloggerCurlMultiSetopt(
        _ multi: OpaquePointer?, _ option: Int32, _ value: UnsafeMutableRawPointer?
    ) -> Int32 {
        let hook = CurlSocketHook.shared
        guard option == CurlSocketHook.socketFunctionOption, let value,
            hook.adopt(unsafeBitCast(value, to: CurlSocketCallback.self))
        else { return hook.setopt(multi, option, value) }
        return hook.setopt(multi, option, unsafeBitCast(curlSocketWatched, to: UnsafeMutableRawPointer.self))
    }

    /// Foundation's socket callback, told what `CurlSocketWatch` makes of libcurl's wish.
    private let curlSocketWatched: CurlSocketCallback = { easy, socket, what, userData, sources in
        let hook = CurlSocketHook.shared
        let (calls, foundation) = hook.calls(for: what, on: socket)
        guard let foundation else { return -1 }
        guard calls.count > 1 else { return foundation(easy, socket, what, userData, sources) }
        // Removed, Foundation releases its sources object; the new wish then makes and assigns
        // (curl_multi_assign) a fresh one, so it is handed no old one.
        _ = foundation(easy, socket, CurlSocketWatch.remove, userData, sources)
        return foundation(easy, socket, what, userData, nil)
    }

    /// The process's one wrapper: libcurl's setopt, Foundation's callback, the sockets' state.
    final class CurlSocketHook: @unchecked Sendable {
        static let shared = CurlSocketHook()
        /// `CURLMOPT_SOCKETFUNCTION` (CURLOPTTYPE_FUNCTIONPOINT + 1).
        static let socketFunctionOption: Int32 = 20_001

        typealias Setopt = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
        let setopt: Setopt
        private let lock = NSLock()
        private var watch = CurlSocketWatch()
        private var foundation: CurlSocketCallback?
        private var rewatched = 0

        private init() {
            // RTLD_NEXT: the next definition after this program's own, libcurl's.
            guard let real = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "curl_multi_setopt") else {
                fatalError("libcurl's curl_multi_setopt not found")
            }
            setopt = unsafeBitCast(real, to: Setopt.self)
        }

        /// Takes Foundation's callback to wrap: the first one set, and that one again. Another
        /// (some other user of libcurl in the process) is not wrapped, as the wrapper calls one.
        func adopt(_ callback: CurlSocketCallback) -> Bool {
            lock.withLock {
                let pointer = unsafeBitCast(callback, to: UnsafeRawPointer.self)
                if let foundation, unsafeBitCast(foundation, to: UnsafeRawPointer.self) != pointer { return false }
                foundation = callback
                return true
            }
        }

        func calls(for what: Int32, on socket: Int32) -> ([Int32], CurlSocketCallback?) {
            lock.withLock {
                let calls = watch.calls(for: what, on: socket)
                if calls.count > 1 { rewatched += 1 }
                return (calls, foundation)
            }
        }

        /// How many times a socket's watch was narrowed by removing it first (for tests).
        var narrowings: Int { lock.withLock { rewatched } }
    }
#endif
