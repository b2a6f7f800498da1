import Foundation

/// How a service's client asks through the answer cache. Its clients for HOT PEPPER and
/// OpenStreetMap do for their searches; Google Places' never does (its terms let foodlogger keep
/// nothing it answers, `Provider.mayKeepContent`), nor do the code lists and the place search,
/// which have caches of their own.
extension AnswerCache {
    /// The answer to the request `key` names: from the cache (unless refreshing), else from
    /// `send`, which asks the service and reads its answer with the decoder it is handed. The body
    /// is kept only once `decode` has read it, so no failure is kept, not even one inside an
    /// HTTP 200 (HOT PEPPER's errors, Overpass's remarks). A kept body `decode` refuses is absent.
    /// Offline, a request with nothing kept fails as `unsent`, and nothing is sent. `key` nil: a
    /// request whose answer is never looked up or kept.
    func answer<Value>(
        _ key: Key?, unsent: ServiceError.Unsent, log: (@Sendable (String) -> Void)?,
        decode: @escaping (Data) throws(ServiceError) -> Value,
        send: ((Data) throws(ServiceError) -> Value) async throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        let key = key.flatMap { keys?.appear(in: String(decoding: $0.bytes, as: UTF8.self)) == true ? nil : $0 }
        if mode != .refresh, let key, let hit = lookup(key), let value = try? decode(hit.body) {
            log?("answer from the cache, kept \(Self.age(hit.age)) ago (\(hit.body.count) bytes)")
            return value
        }
        if mode == .offline { throw .notCached(unsent) }
        var arrived: Data?
        let value = try await send { body throws(ServiceError) in
            let value = try decode(body)
            arrived = body
            return value
        }
        if let key, let arrived { await store(arrived, for: key) }
        return value
    }

    /// "42 s", "3 min 5 s".
    static func age(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded(.down))
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }
}
