import Foundation

/// Whether and when an attempt that failed is tried again: what `RetryPolicy` says, applied to
/// one call. It decides; the client waits and counts.
struct RetryRule {
    /// What to do after an attempt that did not succeed.
    enum Decision: Equatable {
        /// Try again after this many seconds.
        case retry(after: TimeInterval, reason: AttemptReason)
        /// A 429 that is not retried: the wait it asked for, or the backoff.
        case rateLimited(retryAfter: TimeInterval)
        /// Give up with the failure as it is.
        case stop
    }

    let policy: RetryPolicy
    /// The retries this call may make.
    let maxRetries: Int
    /// Whether the request may be repeated after it may have reached the server.
    let isIdempotent: Bool

    /// After a failure below HTTP: retried when it can help, and for a request that is not
    /// idempotent only when it surely never reached the server.
    func afterFailure(_ error: TransportError, retries: Int) -> Decision {
        guard error.isRetryable, !error.requestMayHaveReachedServer || isIdempotent, retries < maxRetries else { return .stop }
        return .retry(after: policy.backoff(forRetry: retries), reason: .retryAfterFailure(error.description))
    }

    /// After a 401 whose token refresh failed without ending the session: the request was not
    /// acted on, so any request may be tried again, when the refresh's failure may pass (an
    /// outage, a timeout, the connection) and retries remain.
    func afterRefreshFailure(_ failure: APIError, retries: Int) -> Decision {
        var delay: TimeInterval?
        switch failure {
        case .serverError, .timedOut, .networkError: delay = policy.backoff(forRetry: retries)
        case .rateLimited(let retryAfter, _) where retryAfter <= policy.maxRetryAfter: delay = retryAfter
        default: delay = nil
        }
        guard let delay, retries < maxRetries else { return .stop }
        return .retry(after: delay, reason: .retryAfterFailure("the token refresh failed: \(failure)"))
    }

    /// After a response that is not a success (401s are the token replay's): a 429 waits what
    /// `Retry-After` asks, up to `maxRetryAfter`; 408 and 5xx back off, when idempotent.
    func afterResponse(status: Int, headers: HTTPHeaders, retries: Int, now: Date) -> Decision {
        if status == 429 {
            let retryAfter = RetryPolicy.retryAfter(headers["Retry-After"], now: now)
            let delay = retryAfter ?? policy.backoff(forRetry: retries)
            guard retries < maxRetries, delay <= policy.maxRetryAfter else { return .rateLimited(retryAfter: delay) }
            return .retry(after: delay, reason: .retryAfterRateLimit(retryAfter: retryAfter))
        }
        guard RetryPolicy.isRetryable(status: status), isIdempotent, retries < maxRetries else { return .stop }
        return .retry(after: policy.backoff(forRetry: retries), reason: .retryAfterStatus(status))
    }
}
