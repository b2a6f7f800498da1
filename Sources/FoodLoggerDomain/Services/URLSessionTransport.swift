import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request over URLSession. The client's only use of the network.
///
/// The body is taken as it streams in (a delegate, not a completion handler), so the byte cap
/// is enforced while it arrives: URLSession hands over the bytes after decoding any
/// Content-Encoding, so a gzip bomb is stopped at the cap like an endless body, and memory stays
/// near the cap whatever the server sends.
struct URLSessionTransport: HTTPTransport {
    /// One session for the process: concurrent pages share its connections.
    private static let session: URLSession = {
        // No cache, cookie or credential storage: nothing is kept between runs. On Linux every
        // configuration starts from `.default`, which makes the shared URL cache and cookie
        // storage, and those create ~/.cache/org.swift.foundation.URLCache/NAME and
        // $XDG_DATA_HOME/NAME at once (`.ephemeral` then makes a URL cache of its own, with a
        // folder too). A shared cache without a disk folder is set first; the cookie storage is
        // made while XDG_DATA_HOME names no folder that can be created.
        URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null")
        let dataHome = getenv("XDG_DATA_HOME").map { String(cString: $0) }
        setenv("XDG_DATA_HOME", "/dev/null", 1)
        _ = HTTPCookieStorage.shared
        if let dataHome { setenv("XDG_DATA_HOME", dataHome, 1) } else { unsetenv("XDG_DATA_HOME") }
        let configuration = URLSessionConfiguration.default
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        return URLSession(configuration: configuration, delegate: transfers, delegateQueue: callbacks)
    }()
    private static let transfers = TransferDelegate()

    /// The connections the session opens to one host at once; requests beyond them wait in
    /// `queues`, before their timer starts, rather than in URLSession's own queue.
    static let connectionsPerHost = 6
    private static let queues = RequestQueues(bound: connectionsPerHost)

    func queue(for url: URL) -> RequestQueue? { Self.queues.queue(for: url) }
    /// The delegate's callbacks run on a serial queue of their own, which Dispatch gives a thread
    /// whenever it has work. URLSession's default one runs on the pool that Swift concurrency's
    /// tasks use too, which on 2 cores is 2 threads: with both waiting on URLSession (resume and
    /// cancel wait for its queue in Swift 6.3), the callbacks never ran and a flooding body piled
    /// up in memory, gigabytes of it (seen under load).
    private static let callbacks: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.underlyingQueue = callbackQueue
        return queue
    }()
    /// Held here: `underlyingQueue` is declared `unowned(unsafe)`, which keeps no reference.
    private static let callbackQueue = DispatchQueue(label: "foodlogger.transfer-callbacks")

    /// Cancels on a thread of its own: in Swift 6.3 `cancel()` waits for URLSession's own
    /// queue, which must not hold up the delegate's callbacks or the concurrency pool.
    static func cancel(_ task: URLSessionTask) {
        Thread.detachNewThread { task.cancel() }
    }

    /// `timeout` is a backstop only: the client races its own timer, as on Linux URLSession has
    /// not always covered a server that accepts and then never answers.
    func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int) async throws -> HTTPReply {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout + 1)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let body = request.body {
            urlRequest.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = body.data
        }
        let session = Self.session, prepared = urlRequest
        return try await PendingTransfer.run { pending in
            // Made and started on a thread of their own, as cancels are: making a task waits for
            // URLSession's queue, which a server flooding another transfer of this run can hold
            // for as long as it sends, and a task of the concurrency pool must never wait on it.
            let started = StartedTask()
            Thread.detachNewThread {
                let task = session.dataTask(with: prepared)
                Self.transfers.begin(task, Transfer(pending: pending, limit: limit, origin: request.url))
                if started.set(task) { task.resume() } else { task.cancel() }
            }
            return { started.cancel().map(Self.cancel) }
        }
    }
}

/// The URLSession task of a transfer once it is made, or that it was cancelled before.
private final class StartedTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    /// Keeps the task; false when the transfer was cancelled first (the task is not started).
    func set(_ task: URLSessionTask) -> Bool {
        lock.withLock {
            self.task = task
            return !cancelled
        }
    }

    /// The task to cancel, nil when it is not made yet (it will not be started).
    func cancel() -> URLSessionTask? {
        lock.withLock {
            cancelled = true
            return task
        }
    }
}

/// One transfer's state while its body arrives.
private final class Transfer: @unchecked Sendable {
    let pending: PendingTransfer
    let limit: Int
    /// Where the request was sent: a redirect may only stay on its host.
    let origin: URL
    var response: HTTPURLResponse?
    var body = Data()
    /// What the body has cost so far: its bytes, each piece counted as at least
    /// `Transfer.pieceCost`.
    var charged = 0
    var redirects: [URL] = []
    /// A redirect to another host, answered with the redirect itself instead.
    var refusedRedirect: URL?
    /// When the transfer was made, on a thread of its own: the time it takes is timed off the
    /// concurrency pool, which a busy process can keep from running for a while.
    let started = ContinuousClock.now

    /// The seconds since `started`.
    var elapsed: TimeInterval { started.duration(to: .now) / .seconds(1) }

    /// What one piece of a body costs the process whatever its size (the callback and the
    /// allocator's overhead): a body of a million 60-byte chunks takes 400 MB to receive, not 60.
    static let pieceCost = 1024

    init(pending: PendingTransfer, limit: Int, origin: URL) {
        self.pending = pending; self.limit = limit; self.origin = origin
    }
}

/// Scheme, host and port, the port given or the scheme's default.
private struct Origin {
    var scheme: String?
    var host: String?
    var port: Int?

    init(_ url: URL) {
        scheme = url.scheme?.lowercased()
        host = url.host?.lowercased()
        port = url.port ?? ["http": 80, "https": 443][scheme ?? ""]
    }
}

/// The session's delegate: routes each task's events to its `Transfer`.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    func begin(_ task: URLSessionTask, _ transfer: Transfer) {
        lock.withLock { transfers[task.taskIdentifier] = transfer }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    private func end(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
    }

    /// Ends a transfer that went wrong before URLSession says it is over.
    private func stop(_ task: URLSessionTask, _ failure: HTTPTransferFailure) {
        guard let transfer = end(task) else { return }
        transfer.pending.finish(.failure(failure))
        URLSessionTransport.cancel(task)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = transfer(dataTask) else { return completionHandler(.cancel) }
        let http = response as? HTTPURLResponse
        transfer.response = http
        // A length already over the cap, on a body that is not encoded (an encoded one is
        // counted as it is decoded): no need to read any of it.
        if let length = http?.expectedContentLength, length > transfer.limit,
            (http?.value(forHTTPHeaderField: "Content-Encoding") ?? "identity") == "identity"
        {
            completionHandler(.cancel)
            return stop(dataTask, .tooLarge(limit: transfer.limit))
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask) else { return }
        transfer.charged += max(data.count, Transfer.pieceCost)
        guard transfer.charged <= transfer.limit else {
            transfer.body = Data()
            return stop(dataTask, .tooLarge(limit: transfer.limit))
        }
        transfer.body.append(data)
    }

    /// Redirects are followed on the same host and port only (http to https on the default
    /// ports too), never from https to http: another server is not the service the user chose,
    /// and the request may carry a key.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let transfer = transfer(task), let target = request.url else { return completionHandler(nil) }
        let from = Origin(transfer.origin), to = Origin(target)
        let upgrade = from.scheme == "http" && from.port == 80 && to.scheme == "https" && to.port == 443
        if from.host == to.host, from.scheme == to.scheme && from.port == to.port || upgrade {
            transfer.redirects.append(target)
            completionHandler(request)
        } else {
            transfer.refusedRedirect = target
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = end(task) else { return }
        if let error {
            // URLSession on Linux reports no response for a truncated body, only the length it expected.
            transfer.pending.finish(
                .failure(
                    HTTPTransferFailure(
                        code: (error as? URLError)?.code ?? .unknown, message: error.localizedDescription,
                        headersArrived: transfer.response != nil || task.countOfBytesExpectedToReceive > 0,
                        elapsed: transfer.elapsed)))
            return
        }
        // Status 0: not an HTTP response, which the client reports as unreadable.
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in transfer.response?.allHeaderFields ?? [:] {
            headers[name] = value
        }
        transfer.pending.finish(
            .success(
                HTTPReply(
                    status: transfer.response?.statusCode ?? 0, headers: headers, body: transfer.body,
                    redirects: transfer.redirects, refusedRedirect: transfer.refusedRedirect, elapsed: transfer.elapsed)))
    }
}
