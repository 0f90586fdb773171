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
    /// The longest `Retry-After` the client waits for; a longer one fails at once with
    /// `rateLimited(retryAfter:)` so the app can tell the user.
    public var maxRetryAfter: TimeInterval

    /// Creates a policy; the defaults follow the API reference: 3 retries, 1 s / 2 s / 4 s.
    public init(
        maxRetries: Int = 3, baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 30, jitter: Double = 0.2,
        maxRetryAfter: TimeInterval = 60
    ) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.maxRetryAfter = maxRetryAfter
    }

    /// The wait before retry number `retry` (0 for the first retry).
    public func backoff(forRetry retry: Int) -> TimeInterval {
        let delay = min(maxDelay, baseDelay * pow(2, Double(min(retry, 30))))
        return delay + delay * Double.random(in: 0...max(0, jitter))
    }

    /// Whether a response status is worth retrying: 408 and 5xx.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || (500...599).contains(status)
    }

    /// Reads `Retry-After` as seconds or as an HTTP date.
    public static func retryAfter(_ value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = TimeInterval(value), seconds >= 0, seconds.isFinite { return seconds }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: value) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }
}
