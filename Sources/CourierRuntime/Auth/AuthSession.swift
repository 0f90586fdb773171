import Foundation

/// A Supabase Auth session: sign in with a password or an identity token (Sign in with
/// Apple), refresh with the refresh token — shortly before expiry, and after a 401 — and sign
/// out. Concurrent refreshes share one request (single flight). Tokens persist in a
/// `TokenStore`.
public actor AuthSession {
    /// Who issued an identity token.
    public enum IdentityProvider: String, Sendable {
        case apple, google
    }

    private let baseURL: URL
    private let apiKey: String?
    private let apiKeyHeader: String
    private let store: any TokenStore
    private let transport: any HTTPTransport
    private let clock: any APIClock
    private let refreshLeeway: TimeInterval
    private var tokens: AuthTokens?
    private var refreshTask: Task<AuthTokens, any Error>?

    /// Creates a session, restoring tokens from the store.
    public init(
        baseURL: URL, apiKey: String? = nil, apiKeyHeader: String = "apikey", store: any TokenStore = InMemoryTokenStore(),
        transport: any HTTPTransport = URLSessionTransport(), clock: any APIClock = SystemClock(), refreshLeeway: TimeInterval = 60
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.apiKeyHeader = apiKeyHeader
        self.store = store
        self.transport = transport
        self.clock = clock
        self.refreshLeeway = refreshLeeway
        self.tokens = try? store.load()
    }

    /// The current tokens; nil when signed out.
    public var currentTokens: AuthTokens? { tokens }

    /// Whether a user is signed in.
    public var isSignedIn: Bool { tokens != nil }

    /// Signs in with email and password (`grant_type=password`).
    @discardableResult
    public func signIn(email: String, password: String) async throws -> AuthTokens {
        try await grant("password", body: ["email": email, "password": password])
    }

    /// Signs in with an identity token from Sign in with Apple or Google (`grant_type=id_token`).
    @discardableResult
    public func signIn(idToken: String, provider: IdentityProvider = .apple, nonce: String? = nil) async throws -> AuthTokens {
        var body = ["provider": provider.rawValue, "id_token": idToken]
        if let nonce { body["nonce"] = nonce }
        return try await grant("id_token", body: body)
    }

    /// Gets a new access token now with the refresh token (`grant_type=refresh_token`).
    @discardableResult
    public func refresh() async throws -> AuthTokens {
        try await sharedRefresh()
    }

    /// Signs out: asks the server to revoke the session, then forgets the tokens whatever the
    /// server answered.
    public func signOut() async {
        if let tokens {
            var headers = baseHeaders()
            headers["Authorization"] = "Bearer \(tokens.accessToken)"
            let request = HTTPRequest(method: .post, url: url("/auth/v1/logout"), headers: headers, timeout: 15)
            _ = try? await transport.send(request)
        }
        forget()
    }

    // MARK: - Used by APIClient

    /// The access token, refreshed first when it expires within the leeway.
    func validAccessToken() async throws -> String? {
        guard let tokens else { return nil }
        if tokens.expiresAt.timeIntervalSince(clock.now()) > refreshLeeway { return tokens.accessToken }
        switch await refresh(after: tokens.accessToken) {
        case .refreshed(let token): return token
        case .rejected: throw CredentialsRejected(token: tokens.accessToken)
        case .failed(let error): throw APIError.networkError(error)
        }
    }

    /// After a 401 for `failedToken`: refreshes once for all requests that failed with it.
    func refresh(after failedToken: String?) async -> RefreshOutcome {
        guard let tokens else { return .rejected }
        // A late 401 for a request sent before the last refresh: just replay.
        if tokens.accessToken != failedToken { return .refreshed(tokens.accessToken) }
        do {
            return .refreshed(try await sharedRefresh().accessToken)
        } catch let error as APIError {
            if case .networkError(let underlying) = error { return .failed(underlying) }
            if case .timedOut = error { return .failed(error) }
            return .rejected
        } catch {
            return .failed(error)
        }
    }

    // MARK: - Internals

    private func sharedRefresh() async throws -> AuthTokens {
        if let refreshTask { return try await refreshTask.value }
        guard let refreshToken = tokens?.refreshToken else { throw APIError.notAuthenticated() }
        let task = Task { try await performRefresh(refreshToken) }
        refreshTask = task
        return try await task.value
    }

    /// Runs on the actor, so the new tokens are stored before any waiter resumes.
    private func performRefresh(_ refreshToken: String) async throws -> AuthTokens {
        defer { refreshTask = nil }
        do {
            return try await grant("refresh_token", body: ["refresh_token": refreshToken])
        } catch let error as APIError {
            switch error {
            case .networkError, .timedOut, .serverError, .rateLimited, .cancelled: break
            default: forget()  // The server rejected the refresh token: the session is over.
            }
            throw error
        }
    }

    private func grant(_ grantType: String, body: [String: String]) async throws -> AuthTokens {
        try RequestBuilder.checkScheme(of: baseURL, allowsInsecureHTTP: false)
        var headers = baseHeaders()
        headers["Content-Type"] = "application/json"
        let request = HTTPRequest(
            method: .post, url: url("/auth/v1/token", query: "grant_type=\(grantType)"), headers: headers,
            body: try JSONCoding.encoder(for: .iso8601).encode(body), timeout: 30)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            let transportError = TransportError(error)
            if transportError == .cancelled || Task.isCancelled { throw APIError.cancelled }
            if transportError == .timedOut { throw APIError.timedOut }
            throw APIError.networkError(transportError)
        }
        guard response.isSuccess else {
            throw APIError.from(
                HTTPErrorResponse(request: request.description, status: response.status, headers: response.headers, body: response.body))
        }
        let decoded = try ResponseDecoding.decode(TokenResponse.self, from: response.body, dateStyle: .iso8601)
        let newTokens = decoded.tokens(now: clock.now())
        tokens = newTokens
        try? store.save(newTokens)
        return newTokens
    }

    private func forget() {
        tokens = nil
        try? store.clear()
    }

    private func baseHeaders() -> HTTPHeaders {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let apiKey { headers[apiKeyHeader] = apiKey }
        return headers
    }

    private func url(_ path: String, query: String? = nil) -> URL {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path
        if let query { text += "?" + query }
        return URL(string: text) ?? baseURL
    }
}
