#if !canImport(Darwin)
import Foundation

/// Linux: URLSession lives in FoundationNetworking, which brings libcurl and some thirty more
/// shared libraries; linked in, loading them was most of every start-up, `--version` and
/// `--stub` included. So the transfer is in libFoodLoggerTransport.so, opened on the first
/// request; only C types cross (see Sources/FoodLoggerTransport/CInterface.swift).
struct LoadedTransport: HTTPTransport {
    func get(_ url: URL, headers: [String: String], timeout: TimeInterval) async throws -> HTTPReply {
        let library = try TransportLibrary.shared.get()
        let lines = headers.map { "\($0.key): \($0.value)\n" }.joined()
        return try await PendingTransfer.run { pending in
            let context = Unmanaged.passRetained(pending).toOpaque()
            let handle = TransferHandle(library: library,
                                        pointer: library.start(url.absoluteString, lines, timeout, context, completion))
            return { handle.cancel() }
        }
    }
}

/// Called once per transfer by the library, on its own thread; the pointers die on return.
private let completion: TransportLibrary.Completion = { context, status, headerLines, body, count, code, headersArrived, message in
    let pending = Unmanaged<PendingTransfer>.fromOpaque(context!).takeRetainedValue()
    guard code == 0 else {
        return pending.finish(.failure(HTTPTransferFailure(code: URLError.Code(rawValue: code) ?? .unknown,
                                                           message: message.map { String(cString: $0) } ?? "",
                                                           headersArrived: headersArrived != 0)))
    }
    let headers = String(cString: headerLines).split(separator: "\n").reduce(into: [String: String]()) { fields, line in
        guard let colon = line.firstIndex(of: ":") else { return }
        fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let data = body.map { Data(bytes: $0, count: count) } ?? Data()
    pending.finish(.success(HTTPReply(status: status, headers: headers, body: data)))
}

/// The library's handle for one transfer, released when the last cancel can no longer come.
private final class TransferHandle: Sendable {
    let library: TransportLibrary
    nonisolated(unsafe) let pointer: UnsafeMutableRawPointer

    init(library: TransportLibrary, pointer: UnsafeMutableRawPointer) { self.library = library; self.pointer = pointer }
    func cancel() { library.cancel(pointer) }
    deinit { library.release(pointer) }
}

/// The entry points of libFoodLoggerTransport.so, looked up once per process.
struct TransportLibrary: Sendable {
    typealias Completion = @convention(c) (
        UnsafeMutableRawPointer?, Int, UnsafePointer<CChar>, UnsafePointer<UInt8>?, Int, Int, Int32, UnsafePointer<CChar>?
    ) -> Void
    typealias Start = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, Double, UnsafeMutableRawPointer?, Completion)
        -> UnsafeMutableRawPointer
    typealias Release = @convention(c) (UnsafeMutableRawPointer) -> Void
    let start: Start
    let cancel: Release
    let release: Release

    static let name = "libFoodLoggerTransport.so"
    /// Opened on first use, never closed: Swift code cannot be safely unloaded.
    static let shared = Result { () throws(HotpepperError) in try load() }

    /// Beside the running executable first (the installed layout, and .build/debug, which holds
    /// the test runner too), then by name through the normal search path (LD_LIBRARY_PATH, ...).
    /// RTLD_LAZY: FoundationNetworking and several of libcurl's libraries import thousands of
    /// functions a search never calls; binding them all up front cost 5.7M instructions
    /// (BENCHMARKS.md). A missing library still fails here, as before.
    static func load() throws(HotpepperError) -> TransportLibrary {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let directory = (executable as NSString).deletingLastPathComponent
        let beside = dlopen(directory + "/" + name, RTLD_LAZY | RTLD_LOCAL)
        // The error that matters is the one beside the executable (say, libcurl missing).
        let reason = beside == nil ? dlerror().map { String(cString: $0) } ?? "not found" : ""
        guard let handle = beside ?? dlopen(name, RTLD_LAZY | RTLD_LOCAL) else {
            throw .missingNetworkModule(library: name, directory: directory, reason: reason)
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(HotpepperError) -> T {
            guard let address = dlsym(handle, name) else {
                throw .missingNetworkModule(library: Self.name, directory: directory, reason: "no \(name) in it: a different version")
            }
            return unsafeBitCast(address, to: type)
        }
        return TransportLibrary(start: try symbol("foodlogger_transport_start", as: Start.self),
                                cancel: try symbol("foodlogger_transport_cancel", as: Release.self),
                                release: try symbol("foodlogger_transport_release", as: Release.self))
    }
}
#endif
