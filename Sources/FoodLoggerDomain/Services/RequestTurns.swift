import Foundation

/// Keeps one service's requests at least `spacing` apart, as Nominatim's usage policy asks.
///
/// Across runs: the time of the last request is a stamp file under `SharedFile`'s lock, and a
/// run holds the lock from before it waits for its turn until its request has been answered,
/// then stamps the time of the answer. The next run's wait starts from that stamp, so requests
/// from runs started together reach the server at least `spacing` apart, however long each
/// took to start or to be answered. Within this run: a reservation in memory, which holds on
/// its own when there is no stamp file (no cache folder) or it cannot be used.
public struct RequestTurns: Sendable {
    let stamp: SharedFile?
    let spacing: TimeInterval
    let now: @Sendable () -> Date
    let sleep: @Sendable (TimeInterval) async -> Void
    /// Told once, at the first request, when there is no stamp file (`withoutStamp`, the
    /// caller's words) or it cannot be used.
    let log: (@Sendable (String) -> Void)?
    let withoutStamp: String?
    private let local = LocalTurns()

    public init(
        stamp: URL?, spacing: TimeInterval = 1, now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (TimeInterval) async -> Void = { try? await Task.sleep(nanoseconds: UInt64($0 * 1e9)) },
        log: (@Sendable (String) -> Void)? = nil, withoutStamp: String? = nil
    ) {
        // The stamp is a cache's file (under the cache folder): a link in its place is replaced.
        self.stamp = stamp.map { SharedFile($0, maxBytes: 64, followsLinks: false) }
        self.spacing = spacing; self.now = now; self.sleep = sleep; self.log = log; self.withoutStamp = withoutStamp
    }

    /// Sends `request` in this run's turn: a `spacing` after the last request any run made was
    /// answered. `already` is asked once the turn is ours, before waiting: an answer it has
    /// (another run has just fetched the same thing) makes the request unnecessary.
    public func take<T>(
        already: () -> T? = { nil }, _ request: () async throws(ServiceError) -> T
    ) async throws(ServiceError) -> T {
        let turn = await local.reserve(now: now(), spacing: spacing)
        let early = turn.timeIntervalSince(now())
        if early > 0 { await sleep(early) }
        guard let stamp else {
            if let withoutStamp, await local.firstFailure() { log?(withoutStamp) }
            return try await request()
        }
        let outcome: Result<T, ServiceError>
        do throws(SharedFile.Failure) {
            outcome = try await stamp.withLock { () async -> Result<T, ServiceError> in
                if let answer = already() { return .success(answer) }
                if let last = stamp.read().flatMap(Self.time) {
                    let wait = Self.wait(since: last, now: now(), spacing: spacing)
                    if wait > 0 { await sleep(wait) }
                }
                // Stamped before too, in case this run ends before its answer comes.
                try? stamp.replace(with: Self.data(now()))
                defer { try? stamp.replace(with: Self.data(now())) }
                do throws(ServiceError) { return .success(try await request()) } catch { return .failure(error) }
            }
        } catch {
            if await local.firstFailure() {
                log?("cannot use \(error.path) (\(error.reason)): requests are spaced within this run only")
            }
            return try await request()
        }
        return try outcome.get()
    }

    static func data(_ time: Date) -> Data { Data(String(time.timeIntervalSince1970).utf8) }

    /// The time a stamp holds: seconds since 1970, finite.
    static func time(_ data: Data) -> Date? {
        guard let seconds = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            seconds.isFinite
        else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// How long to wait after a request sent at `last`: never more than `spacing`, even when the
    /// stamp lies in the future (the clock was set back, or the file was edited).
    static func wait(since last: Date, now: Date, spacing: TimeInterval) -> TimeInterval {
        min(spacing, max(0, spacing - now.timeIntervalSince(last)))
    }
}

/// This run's own turns: each caller reserves the next free moment before it sleeps, so
/// concurrent callers never pick the same one.
private actor LocalTurns {
    var last: Date?
    var failed = false

    func reserve(now: Date, spacing: TimeInterval) -> Date {
        let turn = last.map { max(now, $0 + spacing) } ?? now
        last = turn
        return turn
    }

    /// Whether this is the first trouble to tell.
    func firstFailure() -> Bool {
        defer { failed = true }
        return !failed
    }
}
