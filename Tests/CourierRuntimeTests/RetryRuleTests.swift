import Foundation
import Testing

@testable import CourierRuntime

/// The retry rule alone: what it decides after each kind of failure, without a client.
@Suite("The retry rule")
struct RetryRuleTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let policy = RetryPolicy(maxRetries: 3, baseDelay: 1, jitter: 0, maxRetryAfter: 60)

    static func rule(idempotent: Bool = true, maxRetries: Int = 3) -> RetryRule {
        RetryRule(policy: policy, maxRetries: maxRetries, isIdempotent: idempotent)
    }

    @Test func serverErrorsBackOffExponentiallyUntilTheLimit() {
        let rule = Self.rule()
        #expect(rule.afterResponse(status: 503, headers: [:], retries: 0, now: Self.now) == .retry(after: 1, reason: .retryAfterStatus(503)))
        #expect(rule.afterResponse(status: 500, headers: [:], retries: 2, now: Self.now) == .retry(after: 4, reason: .retryAfterStatus(500)))
        #expect(rule.afterResponse(status: 408, headers: [:], retries: 1, now: Self.now) == .retry(after: 2, reason: .retryAfterStatus(408)))
        #expect(rule.afterResponse(status: 503, headers: [:], retries: 3, now: Self.now) == .stop)
    }

    @Test func otherStatusesAndUnsafeRequestsAreNotRetried() {
        for status in [400, 403, 404, 409, 422] { #expect(Self.rule().afterResponse(status: status, headers: [:], retries: 0, now: Self.now) == .stop) }
        #expect(Self.rule(idempotent: false).afterResponse(status: 503, headers: [:], retries: 0, now: Self.now) == .stop)
    }

    @Test func aRateLimitWaitsWhatRetryAfterAsksUpToTheCap() {
        let rule = Self.rule(idempotent: false)
        #expect(rule.afterResponse(status: 429, headers: ["Retry-After": "7"], retries: 0, now: Self.now) == .retry(after: 7, reason: .retryAfterRateLimit(retryAfter: 7)))
        #expect(rule.afterResponse(status: 429, headers: [:], retries: 1, now: Self.now) == .retry(after: 2, reason: .retryAfterRateLimit(retryAfter: nil)))
        #expect(rule.afterResponse(status: 429, headers: ["Retry-After": "3600"], retries: 0, now: Self.now) == .rateLimited(retryAfter: 3600))
        #expect(rule.afterResponse(status: 429, headers: ["Retry-After": "5"], retries: 3, now: Self.now) == .rateLimited(retryAfter: 5))
    }

    @Test func failuresAreRetriedWhenTheRequestSurelyNeverLeftOrIsIdempotent() {
        let lost = TransportError.connectionLost("reset")
        let refused = TransportError.cannotConnect("refused")
        #expect(Self.rule().afterFailure(lost, retries: 0) == .retry(after: 1, reason: .retryAfterFailure(lost.description)))
        #expect(Self.rule(idempotent: false).afterFailure(lost, retries: 0) == .stop)
        #expect(Self.rule(idempotent: false).afterFailure(refused, retries: 0) == .retry(after: 1, reason: .retryAfterFailure(refused.description)))
        #expect(Self.rule().afterFailure(lost, retries: 3) == .stop)
        #expect(Self.rule().afterFailure(.cancelled, retries: 0) == .stop)
    }

    @Test func aRefreshThatFailedForAPassingReasonIsRetriedWhateverTheMethod() {
        let rule = Self.rule(idempotent: false)
        guard case .retry(let delay, _) = rule.afterRefreshFailure(.serverError(503), retries: 0) else { Issue.record("not retried"); return }
        #expect(delay == 1)
        guard case .retry(let wait, _) = rule.afterRefreshFailure(.rateLimited(retryAfter: 9), retries: 0) else { Issue.record("not retried"); return }
        #expect(wait == 9)
        #expect(rule.afterRefreshFailure(.rateLimited(retryAfter: 3600), retries: 0) == .stop)
        #expect(rule.afterRefreshFailure(.decodingError(TransportError.timedOut), retries: 0) == .stop)
        #expect(rule.afterRefreshFailure(.timedOut, retries: 3) == .stop)
    }
}
