import Foundation

/// Code that sees every attempt the client makes: the first, each retry, the replay after a
/// token refresh, and each redirect hop. It can change the request before it goes out (add
/// headers, sign the final body bytes) and observe how the attempt ended and how long it took.
///
/// Interceptors run in the order of `APIClient.Configuration.interceptors`; each one's `prepare`
/// gets the request as the one before left it. `MockAPIClient` runs them too, so an interceptor
/// can be tested without a network, and `InterceptingTransport` runs them around requests that
/// do not come from a client, such as an `AuthSession`'s own.
public protocol RequestInterceptor: Sendable {
    /// Returns the request to send for `attempt`. Throwing ends the call with that error.
    func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> HTTPRequest

    /// Called once each attempt has ended, with the request that was sent.
    func attemptEnded(_ attempt: Attempt, request: HTTPRequest, outcome: AttemptOutcome) async
}

extension RequestInterceptor {
    /// Sends the request unchanged.
    public func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> HTTPRequest { request }

    /// Observes nothing.
    public func attemptEnded(_ attempt: Attempt, request: HTTPRequest, outcome: AttemptOutcome) async {}
}

/// One attempt of a call, as interceptors see it.
public struct Attempt: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint's name (`createPost`), or `METHOD path` for a request made by hand.
    public var endpoint: String
    /// The attempt's number within its call, from 1; a redirect hop keeps its attempt's number.
    public var number: Int
    /// Why this attempt is made.
    public var reason: AttemptReason
    /// Seconds since the call began, by the client's clock.
    public var elapsed: TimeInterval

    /// Creates an attempt.
    public init(endpoint: String, number: Int, reason: AttemptReason, elapsed: TimeInterval) {
        self.endpoint = endpoint
        self.number = number
        self.reason = reason
        self.elapsed = elapsed
    }

    /// `createPost #2 (retry after status 503)`.
    public var description: String { "\(endpoint) #\(number) (\(reason))" }
}

/// Why an attempt is made.
public enum AttemptReason: Sendable, Hashable, CustomStringConvertible {
    /// The call's first attempt.
    case first
    /// A retry after a response with this status (408 or 5xx).
    case retryAfterStatus(Int)
    /// A retry after a 429, having waited what `Retry-After` asked (nil when it asked nothing).
    case retryAfterRateLimit(retryAfter: TimeInterval?)
    /// A retry after the request failed below HTTP: the connection, a timeout.
    case retryAfterFailure(String)
    /// The replay after a 401 with a token the credentials then replaced.
    case replayAfterRefresh
    /// A redirect hop: the request the server sent the call to with this status. Credentials
    /// that must not follow have already been removed.
    case redirect(status: Int)
    /// A request an `InterceptingTransport` sends for something other than a client's call.
    case direct

    /// The reason in words.
    public var description: String {
        switch self {
        case .first: return "first"
        case .retryAfterStatus(let status): return "retry after status \(status)"
        case .retryAfterRateLimit(let retryAfter): return "retry after 429" + (retryAfter.map { ", Retry-After \($0) s" } ?? "")
        case .retryAfterFailure(let failure): return "retry after \(failure)"
        case .replayAfterRefresh: return "replay after a token refresh"
        case .redirect(let status): return "redirect \(status)"
        case .direct: return "direct"
        }
    }
}

/// How an attempt ended.
public enum AttemptOutcome: Sendable {
    /// A response came, with this status and these headers, after `duration` seconds (to the
    /// response head for a stream).
    case response(status: Int, headers: HTTPHeaders, duration: TimeInterval)
    /// The attempt failed below HTTP, or was cancelled, after `duration` seconds.
    case failure(any Error, duration: TimeInterval)

    /// The seconds the attempt took.
    public var duration: TimeInterval {
        switch self {
        case .response(_, _, let duration), .failure(_, let duration): return duration
        }
    }
}
