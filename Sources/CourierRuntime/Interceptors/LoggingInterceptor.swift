import Foundation

/// Writes one line when each attempt goes out and one when it ends, secrets redacted:
/// `→ POST https://api.example.com/posts`, then `← 201 POST https://api.example.com/posts` or
/// `✕ POST https://api.example.com/posts: the connection was lost`. A retry or a redirect hop
/// gets lines of its own, with its reason (`→ POST https://… (retry after status 503)`).
public struct LoggingInterceptor: RequestInterceptor {
    private let log: @Sendable (String) -> Void

    /// Creates an interceptor that hands each line to `log`.
    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// Logs the attempt as it goes out.
    public func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> HTTPRequest {
        log("→ \(request)" + (attempt.reason == .first ? "" : " (\(attempt.reason))"))
        return request
    }

    /// Logs how the attempt ended.
    public func attemptEnded(_ attempt: Attempt, request: HTTPRequest, outcome: AttemptOutcome) async {
        switch outcome {
        case .response(let status, _, _): log("← \(status) \(request)")
        case .failure(let error, _): log("✕ \(request): \(TransportError(error))")
        }
    }
}
