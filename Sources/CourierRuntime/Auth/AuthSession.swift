import Foundation

/// A Supabase Auth session: sign in with a password or an identity token (Sign in with
/// Apple), refresh with the refresh token — shortly before expiry, and after a 401 — and sign
/// out. Concurrent refreshes share one request (single flight). Tokens persist in a
/// `TokenStore`.
///
/// Only an explicit rejection of the refresh token (a 400 or 401 from the auth server, such as
/// `invalid_grant`) ends the session. An outage, a rate limit, a timeout or an answer that is
/// not a token response (a captive portal's page) keeps it, and the error reaches the caller.
/// Sign-out wins over a refresh already running: its tokens are never committed.
public actor AuthSession: CustomReflectable {
    /// Who issued an identity token.
    public enum IdentityProvider: String, Sendable {
        /// Sign in with Apple.
        case apple
        /// Google Sign-In.
        case google
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
    /// Advances at every sign-out and sign-in, so that a refresh started before knows not to
    /// commit.
    private var generation = 0

    /// The token store's last failure: the stored tokens could not be read when the session
    /// was created (a corrupt file, a locked Keychain), or refreshed tokens could not be
    /// saved. Nil while the store works. A session whose store could not be read starts signed
    /// out; check this to tell the user why rather than signing them out without a word.
    public private(set) var storeError: (any Error)?

    /// What `dump` shows: the base URL and the key's header, never a token or the key.
    public nonisolated var customMirror: Mirror {
        Redaction.mirror(of: self, ["baseURL": Redaction.redactedURL(baseURL), "apiKeyHeader": apiKeyHeader, "hasAPIKey": apiKey != nil])
    }

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
        do {
            self.tokens = try store.load()
        } catch {
            self.storeError = error
        }
    }

    /// The current tokens; nil when signed out.
    public var currentTokens: AuthTokens? { tokens }

    /// Whether a user is signed in.
    public var isSignedIn: Bool { tokens != nil }

    /// Signs in with email and password (`grant_type=password`). Throws `APIError`, or the
    /// store's error when the tokens cannot be saved (the session then stays signed out).
    @discardableResult
    public func signIn(email: String, password: String) async throws -> AuthTokens {
        try await signIn(grant("password", body: ["email": email, "password": password]))
    }

    /// Signs in with an identity token from Sign in with Apple or Google (`grant_type=id_token`).
    /// Throws as `signIn(email:password:)`.
    @discardableResult
    public func signIn(idToken: String, provider: IdentityProvider = .apple, nonce: String? = nil) async throws -> AuthTokens {
        var body = ["provider": provider.rawValue, "id_token": idToken]
        if let nonce { body["nonce"] = nonce }
        return try await signIn(grant("id_token", body: body))
    }

    /// Gets a new access token now with the refresh token (`grant_type=refresh_token`).
    @discardableResult
    public func refresh() async throws -> AuthTokens {
        try await sharedRefresh()
    }

    /// Signs out: forgets the tokens at once (a refresh still running will not bring them
    /// back), then asks the server to revoke the session, whatever it answers.
    public func signOut() async {
        let signedOut = tokens
        forget()
        if let signedOut {
            var headers = baseHeaders()
            headers["Authorization"] = "Bearer \(signedOut.accessToken)"
            // A courtesy to the server: whatever it answers, the user is signed out here.
            _ = try? await send(HTTPRequest(method: .post, url: url("/auth/v1/logout"), headers: headers, timeout: 15))
        }
    }

    // MARK: - Used by APIClient

    /// The access token, refreshed first when it expires within the leeway.
    func validAccessToken() async throws -> String? {
        guard let tokens else { return nil }
        if tokens.expiresAt.timeIntervalSince(clock.now()) > refreshLeeway { return tokens.accessToken }
        switch await refresh(after: tokens.accessToken) {
        case .refreshed(let token): return token
        case .rejected: throw CredentialsRejected(token: tokens.accessToken)
        case .failed(let error): throw APIError.wrapping(error)
        }
    }

    /// After a 401 for `failedToken`: refreshes once for all requests that failed with it.
    func refresh(after failedToken: String?) async -> RefreshOutcome {
        guard let tokens else { return .rejected }
        // A late 401 for a request sent before the last refresh: just replay.
        if tokens.accessToken != failedToken { return .refreshed(tokens.accessToken) }
        do {
            return .refreshed(try await sharedRefresh().accessToken)
        } catch let error as APIError where Self.isRejection(error) {
            return .rejected
        } catch {
            return .failed(error)
        }
    }

    /// Whether the auth server refused the refresh token itself, which ends the session: a 400
    /// (OAuth's `invalid_grant` and the like) or a 401, or no refresh token at all.
    static func isRejection(_ error: APIError) -> Bool {
        if case .notAuthenticated = error { return true }
        return error.statusCode == 400
    }

    // MARK: - Internals

    private func sharedRefresh() async throws -> AuthTokens {
        if let refreshTask { return try await refreshTask.value }
        guard let refreshToken = tokens?.refreshToken else { throw APIError.notAuthenticated() }
        let task = Task { try await performRefresh(refreshToken) }
        refreshTask = task
        return try await task.value
    }

    /// Runs on the actor, so the new tokens are stored before any waiter resumes. Tokens that
    /// arrive after a sign-out are dropped.
    private func performRefresh(_ refreshToken: String) async throws -> AuthTokens {
        let started = generation
        defer { if generation == started { refreshTask = nil } }
        let fresh: AuthTokens
        do {
            fresh = try await grant("refresh_token", body: ["refresh_token": refreshToken])
        } catch let error as APIError {
            if Self.isRejection(error), generation == started { forget() }
            throw error
        }
        guard generation == started else {
            // Signed out meanwhile: nothing to replay with. Signed in again: the new session's.
            guard let tokens else { throw APIError.notAuthenticated() }
            return tokens
        }
        tokens = fresh
        // The old refresh token is spent: the new tokens are kept even when the store fails.
        do {
            try store.save(fresh)
            storeError = nil
        } catch {
            storeError = error
        }
        return fresh
    }

    /// Keeps the tokens of a new sign-in once they are saved; a refresh of the session before
    /// it will not overwrite them.
    private func signIn(_ fresh: AuthTokens) throws -> AuthTokens {
        try store.save(fresh)
        storeError = nil
        generation += 1
        refreshTask = nil
        tokens = fresh
        return fresh
    }

    /// Asks the auth server for tokens; stores nothing.
    private func grant(_ grantType: String, body: [String: String]) async throws -> AuthTokens {
        try RequestBuilder.checkScheme(of: baseURL, allowsInsecureHTTP: false)
        var headers = baseHeaders()
        headers["Content-Type"] = "application/json"
        let request = HTTPRequest(
            method: .post, url: url("/auth/v1/token", query: "grant_type=\(grantType)"), headers: headers,
            body: try JSONCoding.encoder(for: .iso8601).encode(body), timeout: 30)
        let response: HTTPResponse
        do {
            response = try await send(request)
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
                HTTPErrorResponse(request: request.description, status: response.status, headers: response.headers, body: response.body))
        }
        let decoded = try ResponseDecoding.decode(TokenResponse.self, from: response.body, dateStyle: .iso8601)
        return decoded.tokens(now: clock.now())
    }

    /// Sends one of the session's own requests, whose headers follow the same rules as the
    /// client's (an API key with a line break is refused, not sent).
    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try HeaderFieldRules.check(request.headers, of: request.description)
        return try await transport.send(request)
    }

    private func forget() {
        generation += 1
        refreshTask = nil
        tokens = nil
        do {
            try store.clear()
        } catch {
            storeError = error
        }
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
