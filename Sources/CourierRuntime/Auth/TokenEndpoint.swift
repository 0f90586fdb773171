import Foundation

/// Sends one request to an auth server's token endpoint and reads the tokens it answers with:
/// the common part of Supabase's and OAuth 2.0's grants.
enum TokenEndpoint {
    /// Sends `request` and returns its tokens. A refresh answer without a refresh token keeps
    /// `previousRefreshToken` (OAuth 2.0 lets a server keep the old one). Throws `APIError`: a
    /// non-2xx answer mapped by status, a transport failure, or a body that is not a token
    /// response.
    static func tokens(
        for request: HTTPRequest, transport: any HTTPTransport, now: Date, previousRefreshToken: String? = nil
    ) async throws -> AuthTokens {
        try HeaderFieldRules.check(request.headers, of: request.description)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as APIError {
            throw error
        } catch {
            let transportError = TransportError(error)
            if transportError == .cancelled || Task.isCancelled { throw APIError.cancelled }
            if transportError == .timedOut { throw APIError.timedOut }
            throw APIError.networkError(transportError)
        }
        guard response.isSuccess else {
            throw APIError.from(
                HTTPErrorResponse(request: request.description, status: response.status, headers: response.headers, body: response.body),
                retryAfter: RetryPolicy.retryAfter(response.headers["Retry-After"], now: now))
        }
        let decoded = try ResponseDecoding.decode(TokenResponse.self, from: response.body, dateStyle: .iso8601)
        guard let tokens = decoded.tokens(now: now, previousRefreshToken: previousRefreshToken) else {
            throw APIError.invalidResponse(
                "the token response of \(request.description) has no refresh_token, so the session could not be refreshed later",
                HTTPErrorResponse(request: request.description, status: response.status, headers: response.headers, body: response.body))
        }
        return tokens
    }

    /// `url` with `path` appended to its path, and a query.
    static func url(_ base: URL, path: String, query: String? = nil) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path
        if let query { text += "?" + query }
        return URL(string: text) ?? base
    }
}
