import Foundation

/// When a failed request is sent again, and how long to wait first.
///
/// Only transient failures are retried (`ServiceError.isTransient`: network errors, HTTP 5xx
/// and 429, service error 1000); a rejected key or bad parameters fail the same way every time.
/// Waits double from `baseDelay` with "equal jitter" (half fixed, half random), so many clients
/// failing together do not come back together; a server's Retry-After wins, and one longer than
/// `maxDelay` is not waited at all (the client gives up at once). No retry outlasts the
/// request's time-out, which bounds all its attempts together (`ServiceClient.Budget`).
/// The random source, the sleeper and the clock are injected so tests neither wait nor guess.
public struct RetryPolicy: Sendable {
    /// Attempts after the first one.
    var retries: Int
    /// The wait after the first failure; each later wait doubles.
    var baseDelay: TimeInterval
    /// No wait is longer than this, whatever the backoff or the server says.
    var maxDelay: TimeInterval
    /// A number in 0..<1 that spreads the waits.
    var random: @Sendable () -> Double
    /// Waits; throws when the task is cancelled.
    var sleep: @Sendable (TimeInterval) async throws -> Void
    /// Now, for reading a Retry-After given as an HTTP date, and for timing an attempt whose
    /// transport does not time it.
    var now: @Sendable () -> Date
    /// Told one line before a retry after a time-out or before a wait of `announceAfter` or
    /// more (a long Retry-After), and while an answer is slow (`announceWait`), so a run
    /// never looks hung; nil to stay silent.
    var announce: (@Sendable (String) -> Void)?
    static let announceAfter: TimeInterval = 3
    /// After `after` seconds without an answer, `announce` is told once what the run is waiting
    /// for, ending with `hint` (the front end's words for how to stop it), so a slow service never
    /// looks like a hung program; nil to stay silent (in a pipe, where nobody watches). Timed
    /// with `sleep`.
    var announceWait: (after: TimeInterval, hint: String)?

    public static let defaultRetries = 2
    /// The longest wait a run makes before asking again.
    public static let defaultMaxDelay: TimeInterval = 30
    public static let retryRange = 0...10

    public init(
        retries: Int = defaultRetries, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = defaultMaxDelay,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RetryPolicy.taskSleep,
        now: @escaping @Sendable () -> Date = { Date() }, announce: (@Sendable (String) -> Void)? = nil,
        announceWait: (after: TimeInterval, hint: String)? = nil
    ) {
        self.retries = retries; self.baseDelay = baseDelay; self.maxDelay = maxDelay
        self.random = random; self.sleep = sleep; self.now = now; self.announce = announce
        self.announceWait = announceWait
    }

    /// Whether a request whose attempt number `attempt` (from 1) failed with `error` goes again.
    func shouldRetry(_ error: ServiceError, afterAttempt attempt: Int) -> Bool {
        error.isTransient && attempt <= retries
    }

    /// The wait before the attempt after `attempt`: the server's Retry-After if it sent one,
    /// else `baseDelay`·2^(attempt-1) scaled into its upper half by `random`. Never above `maxDelay`.
    func delay(afterAttempt attempt: Int, retryAfter: TimeInterval?) -> TimeInterval {
        if let retryAfter { return min(max(retryAfter, 0), maxDelay) }
        let exponential = min(baseDelay * pow(2, Double(max(attempt, 1) - 1)), maxDelay)
        return exponential * (0.5 + 0.5 * min(max(random(), 0), 1))
    }

    /// Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in seconds from now;
    /// nil when absent or unreadable. A date in the past means "now".
    func retryAfter(_ value: String?) -> TimeInterval? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return Double(text)
        }
        guard let date = Self.httpDate(text) else { return nil }
        return max(0, date.timeIntervalSince(now()))
    }

    /// IMF-fixdate, and the two obsolete forms recipients must still accept.
    static func httpDate(_ text: String) -> Date? {
        let text = text.split(separator: " ").joined(separator: " ")  // asctime pads the day with a space
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// The real sleeper: Task.sleep, which ends early (throwing) when the task is cancelled.
    public static let taskSleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
