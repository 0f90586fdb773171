import Foundation

/// When and how long to wait before trying a request again.
public struct RetryPolicy: Sendable {
    /// Retries after the first attempt.
    public var maxRetries: Int
    /// The first backoff; each next one doubles (1 s, 2 s, 4 s, …).
    public var baseDelay: TimeInterval
    /// The longest backoff.
    public var maxDelay: TimeInterval
    /// Up to this fraction of a backoff is added at random, so clients do not retry in step.
    public var jitter: Double
    /// Where the randomness of the jitter comes from: a number from 0 to 1 for each backoff.
    /// A test sets one that answers what it wants, and the waits are exact.
    public var randomFraction: @Sendable () -> Double
    /// The longest `Retry-After` the client waits for; a longer one fails at once with
    /// `rateLimited(retryAfter:)` so the app can tell the user.
    public var maxRetryAfter: TimeInterval

    /// Creates a policy; the defaults follow the API reference: 3 retries, 1 s / 2 s / 4 s.
    public init(
        maxRetries: Int = 3, baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 30, jitter: Double = 0.2,
        maxRetryAfter: TimeInterval = 60, randomFraction: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.randomFraction = randomFraction
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.maxRetryAfter = maxRetryAfter
    }

    /// The wait before retry number `retry` (0 for the first retry).
    public func backoff(forRetry retry: Int) -> TimeInterval {
        let delay = min(maxDelay, baseDelay * pow(2, Double(min(retry, 30))))
        let fraction = min(1, max(0, randomFraction()))
        return delay + delay * max(0, jitter) * fraction
    }

    /// Whether a response status is worth retrying: 408 and 5xx.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || (500...599).contains(status)
    }

    /// The longest wait a `Retry-After` can ask for: 24 hours. Larger values, and values too
    /// large to represent, are read as this.
    public static let retryAfterLimit: TimeInterval = 86_400

    /// Reads `Retry-After` as RFC 9110 defines it: whole seconds (`1*DIGIT`) or an HTTP date.
    /// Anything else (`1e3`, `0x10`, `1.5`, a negative number) is not a `Retry-After`, and nil is
    /// returned. The result is at most `retryAfterLimit`, however large the server's number.
    public static func retryAfter(_ value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Digits only: accumulate, and stop at the limit rather than overflow.
            var seconds: TimeInterval = 0
            for digit in value.utf8 {
                seconds = seconds * 10 + TimeInterval(digit - UInt8(ascii: "0"))
                if seconds >= retryAfterLimit { return retryAfterLimit }
            }
            return seconds
        }
        guard let date = HTTPDate.parse(value, now: now) else { return nil }
        return min(retryAfterLimit, max(0, date.timeIntervalSince(now)))
    }
}
