import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct RetryPolicyTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT, the date RFC 9110 uses in its examples.
    static let rfcNow = Date(timeIntervalSince1970: 784_111_777)

    func policy(retries: Int = 2, random: Double = 1) -> RetryPolicy {
        RetryPolicy(
            retries: retries, random: { random }, sleep: { _ in Issue.record("no test sleeps") },
            now: { Self.rfcNow })
    }

    @Test func backoffDoublesFromHalfASecondAndIsCapped() {
        let sut = policy(random: 1)
        let schedule = (1...8).map { sut.delay(afterAttempt: $0, retryAfter: nil) }
        #expect(schedule == [0.5, 1, 2, 4, 8, 16, 30, 30], "doubling from 0.5 s, never above 30 s")
    }

    @Test func jitterKeepsTheUpperHalf() {
        #expect(policy(random: 0).delay(afterAttempt: 3, retryAfter: nil) == 1, "random 0: half of 2 s")
        #expect(policy(random: 0.5).delay(afterAttempt: 3, retryAfter: nil) == 1.5, "random 0.5: three quarters of 2 s")
    }

    @Test func retryAfterWinsAndIsCapped() {
        let sut = policy(random: 0)
        #expect(sut.delay(afterAttempt: 1, retryAfter: 7) == 7, "the server's wait, not the backoff")
        #expect(sut.delay(afterAttempt: 1, retryAfter: 3600) == 30, "capped at 30 s")
        #expect(sut.delay(afterAttempt: 1, retryAfter: 0) == 0, "zero means now")
    }

    @Test(
        arguments: [
            ("1", 1.0), ("120", 120), (" 3 ", 3),
            ("Sun, 06 Nov 1994 08:49:47 GMT", 10), ("Sunday, 06-Nov-94 08:49:57 GMT", 20), ("Sun Nov  6 08:50:07 1994", 30),
            ("Sun, 06 Nov 1994 08:00:00 GMT", 0),
        ] as [(String, Double)])
    func retryAfterReadsSecondsAndHTTPDates(header: String, seconds: Double) {
        #expect(policy().retryAfter(header) == seconds, "Retry-After: \(header) is \(seconds) s from now")
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "١", "Sun, 32 Nov 1994 08:49:37 GMT"])
    func unreadableRetryAfterIsIgnored(header: String) {
        #expect(policy().retryAfter(header) == nil, "'\(header)' is no Retry-After")
    }

    @Test(arguments: [
        (ServiceError.network(.refused, detail: "h"), true), (.network(.timedOut, detail: "h"), true),
        (.network(.noAnswer, detail: "h"), true),
        (.httpStatus(500), true), (.httpStatus(503), true), (.httpStatus(429), true),
        (.httpStatus(404), false), (.httpStatus(400), false), (.httpStatus(301), false),
        (.serviceFailure(message: "m", transient: true), true), (.rejectedKey(message: "m", service: .hotpepper), false),
        (.invalidRequest(message: "m", service: .hotpepper), false), (.unreadableResponse(detail: "d"), false),
    ])
    func onlyTransientFailuresAreRetried(error: ServiceError, retried: Bool) {
        #expect(policy(retries: 2).shouldRetry(error, afterAttempt: 1) == retried, "\(error) retried: \(retried)")
    }

    @Test func retriesStopAtTheLimit() {
        let error = ServiceError.httpStatus(503)
        #expect(policy(retries: 2).shouldRetry(error, afterAttempt: 2), "attempt 3 is still allowed")
        #expect(!policy(retries: 2).shouldRetry(error, afterAttempt: 3), "no fourth attempt with --retries 2")
        #expect(!policy(retries: 0).shouldRetry(error, afterAttempt: 1), "--retries 0 never retries")
    }
}
