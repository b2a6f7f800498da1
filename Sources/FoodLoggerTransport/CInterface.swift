import Foundation

// The C interface foodlogger loads with dlopen/dlsym on Linux. Only C types cross it, so the
// library and the executable never share Swift types (each image would have its own metadata).
//
//   void *foodlogger_transport_start(const char *url, const char *headers, double timeout,
//                                    void *context, foodlogger_transport_completion completion);
//   void foodlogger_transport_cancel(void *transfer);
//   void foodlogger_transport_release(void *transfer);
//
// `headers` is "Name: value" lines, each ending in "\n". `completion` runs exactly once, on any
// thread, even after a cancel, and possibly before `start` returns; its pointers are valid only
// during the call. The caller releases the transfer once, after its last cancel.

/// (context, HTTP status or 0, response header lines, body, body length,
///  URLError code or 0, headers arrived (1) or not (0), the error's words or NULL)
public typealias FoodLoggerTransportCompletion = @convention(c) (
    UnsafeMutableRawPointer?, Int, UnsafePointer<CChar>, UnsafePointer<UInt8>?, Int, Int, Int32, UnsafePointer<CChar>?
) -> Void

@_cdecl("foodlogger_transport_start")
public func foodloggerTransportStart(_ url: UnsafePointer<CChar>, _ headers: UnsafePointer<CChar>, _ timeout: Double,
                                     _ context: UnsafeMutableRawPointer?,
                                     _ completion: FoodLoggerTransportCompletion) -> UnsafeMutableRawPointer {
    let context = UncheckedContext(pointer: context)
    let fields = String(cString: headers).split(separator: "\n").reduce(into: [String: String]()) { fields, line in
        guard let colon = line.firstIndex(of: ":") else { return }
        fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    // A URL the caller built itself; an unparsable one still completes, as a bad URL.
    guard let url = URL(string: String(cString: url)) else {
        let message = "not a URL"
        completion(context.pointer, 0, "", nil, 0, URLError.Code.badURL.rawValue, 0, message)
        return Unmanaged.passRetained(Finished()).toOpaque()
    }
    let transfer = URLSessionTransfer(url: url, headers: fields, timeout: timeout) { outcome in
        let lines = outcome.headers.map { "\($0.key): \($0.value)\n" }.joined()
        outcome.body.withUnsafeBytes { body in
            completion(context.pointer, outcome.status, lines, body.bindMemory(to: UInt8.self).baseAddress, body.count,
                       outcome.errorCode ?? 0, outcome.headersArrived ? 1 : 0, outcome.errorCode == nil ? nil : outcome.message)
        }
    }
    return Unmanaged.passRetained(transfer).toOpaque()
}

@_cdecl("foodlogger_transport_cancel")
public func foodloggerTransportCancel(_ transfer: UnsafeMutableRawPointer) {
    (Unmanaged<AnyObject>.fromOpaque(transfer).takeUnretainedValue() as? URLSessionTransfer)?.cancel()
}

@_cdecl("foodlogger_transport_release")
public func foodloggerTransportRelease(_ transfer: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(transfer).release()
}

/// The caller's context, handed back untouched from whichever thread completes the transfer.
private struct UncheckedContext: @unchecked Sendable {
    var pointer: UnsafeMutableRawPointer?
}

/// The handle of a transfer that completed before it started: nothing to cancel.
private final class Finished {}
