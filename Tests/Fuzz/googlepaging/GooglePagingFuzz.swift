import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// libFuzzer entry: a keyword search on Google Places against a server whose answers are the
/// input, cut at each `\n--\n` into one body per request (the last repeated for every request
/// after it, as a server that never stops offering pages would). Besides crashes and hangs, it
/// stops on a broken promise: more requests than Google's three pages (each one is billed), a
/// place outside the circle, or the key in an error's line.
@_cdecl("LLVMFuzzerTestOneInput")
public func googlePagingFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let transport = ScriptedTransport(bodies: text.components(separatedBy: "\n--\n").map { Data($0.utf8) })
    let key = "fuzzkey-google"
    let api = GooglePlacesAPI(
        configuration: .init(key: key, retry: RetryPolicy(retries: 0, sleep: { _ in })), transport: transport)
    let center = Coordinate(lat: 35.658, lng: 139.7016)
    let query = RestaurantQuery(center: center, keyword: "pub", start: 1, count: 60)
    let outcome = blocking { () async -> Result<RestaurantPage, ServiceError> in
        do throws(ServiceError) { return .success(try await api.searchRestaurants(query)) } catch { return .failure(error) }
    }
    if transport.requests > GooglePlacesRequest.maxTextPages { fatalError("\(transport.requests) billed requests") }
    switch outcome {
    case .success(let page):
        for place in page.restaurants where place.coordinate.distance(to: center) > Double(query.range.metres) {
            fatalError("\(place.id) outside the circle")
        }
    case .failure(let error):
        if error.localizedDescription.contains(key) { fatalError("the key leaked") }
    }
    return 0
}

/// Answers the n-th request with the n-th body (the last one from then on), status 200.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let bodies: [Data]
    private var sent = 0
    var requests: Int { lock.withLock { sent } }

    init(bodies: [Data]) { self.bodies = bodies }

    func send(_ request: HTTPRequest, timeout: TimeInterval, limit: Int) async throws -> HTTPReply {
        let body = lock.withLock {
            defer { sent += 1 }
            return bodies[min(sent, bodies.count - 1)]
        }
        return HTTPReply(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}

/// Runs `work` to its end from libFuzzer's synchronous callback. Everything of the run (the
/// API, its transport and bodies, the answer) is released before the callback returns: the task
/// holds the box and the semaphore unretained and lets go of `work` before it signals, so no
/// run's objects can still be alive, on a pool thread about to release them, when libFuzzer
/// counts the run's allocations (a leak report that came and went with the timing).
func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    box.work = work
    let done = DispatchSemaphore(value: 0)
    let unretained = (box: Unmanaged.passUnretained(box), done: Unmanaged.passUnretained(done))
    Task {
        await fill(unretained.box)
        unretained.done.takeUnretainedValue().signal()
    }
    done.wait()
    return box.value!
}

/// Runs the box's work into its value; what it held goes when this returns, before the signal.
private func fill<T>(_ box: Unmanaged<ResultBox<T>>) async {
    let box = box.takeUnretainedValue()
    box.value = await box.takeWork()()
}

final class ResultBox<T>: @unchecked Sendable {
    var value: T?
    var work: (@Sendable () async -> T)?

    /// The work, no longer held here.
    func takeWork() -> @Sendable () async -> T {
        defer { work = nil }
        return work!
    }
}
