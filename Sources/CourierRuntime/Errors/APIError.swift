import Foundation

/// Every way a call can fail. HTTP failures carry the response (status, headers, raw body and
/// the server's message); the others say what went wrong below HTTP.
public enum APIError: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// 401: the token expired or is missing and could not be refreshed. Sign in again.
    case notAuthenticated(HTTPErrorResponse? = nil)
    /// 404.
    case notFound(HTTPErrorResponse? = nil)
    /// 409.
    case conflict(HTTPErrorResponse? = nil)
    /// 400 or 422, with the server's message for showing next to the form field.
    case validationError(String, HTTPErrorResponse? = nil)
    /// 5xx, after retries.
    case serverError(Int, HTTPErrorResponse? = nil)
    /// The request could not be sent or the connection failed, after retries.
    case networkError(any Error)
    /// The response did not match the expected type; the message names the key path.
    case decodingError(any Error)
    /// 429 after retries: wait this many seconds before trying again.
    case rateLimited(retryAfter: TimeInterval, HTTPErrorResponse? = nil)
    /// 402: the account has no credit left.
    case quotaExceeded(HTTPErrorResponse? = nil)
    /// Any other non-2xx status (403, 405, 410, …).
    case unexpectedStatus(HTTPErrorResponse)
    /// The calling task was cancelled.
    case cancelled
    /// No progress within the timeout, after retries.
    case timedOut
    /// The response was not what the call can use: the wrong media type for a stream, or a
    /// stream past its limits. The message says what came back.
    case invalidResponse(String, HTTPErrorResponse? = nil)
    /// The request could not be built (a bad base URL, a header with a line break, …).
    case invalidRequest(String)
    /// The call's token had to be refreshed, and the refresh failed for a reason that does not
    /// end the session (the token endpoint's outage, a timeout, a dropped connection): the
    /// session is kept, and the call may be made again later. The error is the token
    /// endpoint's, not the API's.
    indirect case refreshFailed(APIError)

    /// The HTTP response behind the error, when there was one.
    public var response: HTTPErrorResponse? {
        switch self {
        case .notAuthenticated(let response), .notFound(let response), .conflict(let response),
            .validationError(_, let response), .serverError(_, let response), .rateLimited(_, let response),
            .quotaExceeded(let response), .invalidResponse(_, let response):
            return response
        case .unexpectedStatus(let response):
            return response
        case .refreshFailed(let error):
            return error.response
        case .networkError, .decodingError, .cancelled, .timedOut, .invalidRequest:
            return nil
        }
    }

    /// The id the server gave the failed request (`X-Request-Id` and the like), when it gave one.
    public var requestID: String? { response?.requestID }

    /// The HTTP status code, when there was a response.
    public var statusCode: Int? {
        if let status = response?.status { return status }
        switch self {
        case .notAuthenticated: return 401
        case .notFound: return 404
        case .conflict: return 409
        case .serverError(let status, _): return status
        case .rateLimited: return 429
        case .quotaExceeded: return 402
        default: return nil
        }
    }

    /// The error response's body decoded as `T` (the API's error model), or nil when there is
    /// no response or its body is not a `T`.
    public func body<T: Decodable>(as type: T.Type, dateStyle: DateCodingStyle = .iso8601) -> T? {
        guard let body = response?.body, !body.isEmpty else { return nil }
        return try? JSONCoding.decoder(for: dateStyle).decode(T.self, from: body)
    }

    /// Maps a non-2xx response to its error.
    public static func from(_ response: HTTPErrorResponse, retryAfter: TimeInterval? = nil) -> APIError {
        switch response.status {
        case 400, 422: return .validationError(response.message ?? "The request was not valid.", response)
        case 401: return .notAuthenticated(response)
        case 402: return .quotaExceeded(response)
        case 404: return .notFound(response)
        case 409: return .conflict(response)
        case 429: return .rateLimited(retryAfter: retryAfter ?? 0, response)
        case 500...599: return .serverError(response.status, response)
        default: return .unexpectedStatus(response)
        }
    }

    /// The same text as `description`, for `LocalizedError`.
    public var errorDescription: String? { description }

    /// What happened, to which request, and what to do.
    public var description: String {
        let request = response.map { " (\($0.request) → \($0.status)\($0.requestID.map { ", request id \($0)" } ?? ""))" } ?? ""
        // The server's message ends the sentence; it gets no second period.
        let serverMessage = response?.message.map { ": \($0)" } ?? ""
        let period = serverMessage.last.map { ".!?".contains($0) } == true ? "" : "."
        switch self {
        case .notAuthenticated:
            return "Not signed in, or the session expired and could not be refreshed\(request). Sign in again."
        case .notFound:
            return "Not found\(request)\(serverMessage)\(period)"
        case .conflict:
            return "Conflict with the current state of the resource\(request)\(serverMessage)\(period)"
        case .validationError(let message, _):
            return "The request was rejected: \(message)\(request)."
        case .serverError(let status, _):
            return "The server failed with status \(status)\(request)\(serverMessage)\(period) Try again later."
        case .networkError(let error):
            return "Network error: \(error). Check the connection and try again."
        case .decodingError(let error):
            return "The response could not be decoded: \(DecodingErrorDescription.describe(error))."
        case .rateLimited(let retryAfter, _):
            return "Too many requests\(request); try again in \(Self.waitDescription(retryAfter))."
        case .quotaExceeded:
            return "The account's quota is used up\(request)\(serverMessage)\(period)"
        case .unexpectedStatus(let response):
            let id = response.requestID.map { " (request id \($0))" } ?? ""
            return "Unexpected status \(response.status) for \(response.request)\(id)\(serverMessage)\(period)"
        case .refreshFailed(let error):
            return "The session's token could not be refreshed, and the session is kept: \(error.description)"
        case .cancelled:
            return "The request was cancelled."
        case .timedOut:
            return "The request timed out. Check the connection and try again."
        case .invalidRequest(let reason):
            return "The request could not be built: \(reason)."
        case .invalidResponse(let reason, _):
            return "The response could not be used: \(reason)."
        }
    }
}

extension APIError {
    /// The error as an `APIError`: itself when it is one, else a network error.
    static func wrapping(_ error: any Error) -> APIError {
        (error as? APIError) ?? .networkError(error)
    }

    /// A refresh that failed without ending the session, as `refreshFailed`; a cancelled one is
    /// `cancelled`.
    static func refreshFailure(_ error: any Error) -> APIError {
        let wrapped = wrapping(error)
        switch wrapped {
        case .cancelled, .refreshFailed: return wrapped
        default: return .refreshFailed(wrapped)
        }
    }

    /// A wait in words: `45 s`, `3 min`, `24 h`. Any number prints, however absurd: the
    /// value may come from the server.
    static func waitDescription(_ seconds: TimeInterval) -> String {
        let seconds = seconds.isNaN ? 0 : min(max(0, seconds), RetryPolicy.retryAfterLimit)
        if seconds >= 3600 { return "\(Int((seconds / 3600).rounded(.up))) h" }
        if seconds >= 120 { return "\(Int((seconds / 60).rounded(.up))) min" }
        return "\(Int(seconds.rounded(.up))) s"
    }
}

/// Describes a `DecodingError` with the key path where it happened.
enum DecodingErrorDescription {
    static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { key -> String in
                if let index = key.intValue { return "[\(index)]" }
                return "." + key.stringValue
            }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop { $0 == "." })
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing key '\(key.stringValue)' at \(parent == "the top level" ? key.stringValue : parent + "." + key.stringValue)"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "expected \(type) but found null at \(path(context))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return String(describing: decodingError)
        }
    }
}
