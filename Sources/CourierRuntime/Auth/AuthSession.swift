import Foundation

/// A signed-in user's session: it keeps the tokens, refreshes the access token with the refresh
/// token — shortly before expiry, and after a 401 — and ends on sign-out. Concurrent refreshes
/// share one request (single flight). Tokens persist in a `TokenStore`.
///
/// How tokens are refreshed is a `RefreshStrategy`: Supabase Auth, the OAuth 2.0 refresh grant,
/// or a closure that calls the API's own endpoint. A session starts from a sign-in: with
/// Supabase, `signIn(email:password:)` or `signIn(idToken:provider:nonce:)`; with any API,
/// `start(with:)` and the tokens its sign-in endpoint returned.
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

    private let strategy: RefreshStrategy
    /// Set for a Supabase session, whose sign-in endpoints the session calls itself.
    let supabase: SupabaseAuthServer?
    private let store: any TokenStore
    private let clock: any APIClock
    private let refreshLeeway: TimeInterval
    private let logger: (@Sendable (String) -> Void)?
    private var tokens: AuthTokens?
    private var refreshTask: Task<AuthTokens, any Error>?
    /// Advances at every sign-out and sign-in, so that a refresh started before knows not to
    /// commit.
    private var generation = 0
    /// The app's listeners to `accessTokenUpdates()`.
    private var tokenListeners: [UUID: AsyncStream<String?>.Continuation] = [:]

    /// The token store's last failure: the stored tokens could not be read when the session
    /// was created (a corrupt file, a locked Keychain), or refreshed tokens could not be
    /// saved. Nil while the store works. A session whose store could not be read starts signed
    /// out; check this to tell the user why rather than signing them out without a word.
    public private(set) var storeError: (any Error)?

    /// What `dump` shows: the kind of session and its server, never a token or the key.
    public nonisolated var customMirror: Mirror {
        Redaction.mirror(of: self, [
            "kind": supabase == nil ? "custom refresh" : "Supabase Auth",
            "baseURL": supabase.map { Redaction.redactedURL($0.baseURL) } as Any,
            "apiKey": supabase?.apiKey as Any,
        ])
    }

    /// Creates a session whose tokens refresh with `refresh`, restoring tokens from the store.
    /// `logger` receives one line per sign-in, refresh and sign-out, without secrets.
    public init(
        refresh: RefreshStrategy, store: any TokenStore = InMemoryTokenStore(), clock: any APIClock = SystemClock(),
        refreshLeeway: TimeInterval = 60, logger: (@Sendable (String) -> Void)? = nil
    ) {
        self.init(strategy: refresh, supabase: nil, store: store, clock: clock, refreshLeeway: refreshLeeway, logger: logger)
    }

    init(
        strategy: RefreshStrategy, supabase: SupabaseAuthServer?, store: any TokenStore, clock: any APIClock, refreshLeeway: TimeInterval,
        logger: (@Sendable (String) -> Void)?
    ) {
        self.strategy = strategy
        self.supabase = supabase
        self.store = store
        self.clock = clock
        self.refreshLeeway = refreshLeeway
        self.logger = logger
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

    /// The access token each time it changes: a sign-in, a refresh, a sign-out (`nil`). For a
    /// connection that carries the token itself, such as a realtime socket that sends the new
    /// token to its channels at once. Ends when the listening task is cancelled.
    public func accessTokenUpdates() -> AsyncStream<String?> {
        let (stream, continuation) = AsyncStream<String?>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        tokenListeners[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.stopListening(id) }
        }
        return stream
    }

    private func stopListening(_ id: UUID) {
        tokenListeners[id] = nil
    }

    private func announce() {
        for listener in tokenListeners.values { listener.yield(tokens?.accessToken) }
    }

    /// Starts a session from tokens the API gave, such as the answer of its own sign-in
    /// endpoint; they replace any earlier session's. Throws the store's error when they cannot
    /// be saved (the session then stays as it was).
    public func start(with tokens: AuthTokens) throws {
        _ = try signIn(tokens)
    }

    /// Gets a new access token now with the refresh token.
    @discardableResult
    public func refresh() async throws -> AuthTokens {
        try await sharedRefresh()
    }

    /// Signs out: forgets the tokens at once (a refresh still running will not bring them
    /// back), then tells the server, whatever it answers.
    public func signOut() async {
        let signedOut = tokens
        forget()
        logger?("session: signed out")
        if let signedOut, let revoke = strategy.revoke {
            // A courtesy to the server: whatever it answers, the user is signed out here.
            await revoke(signedOut)
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
        case .failed(let error): throw APIError.refreshFailure(error)
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
        logger?("session: refreshing the access token")
        let fresh: AuthTokens
        do {
            fresh = try await strategy.refresh(refreshToken)
        } catch {
            let mapped = APIError.wrapping(error)
            if Self.isRejection(mapped), generation == started {
                logger?("session: the refresh token was rejected; signed out")
                forget()
            } else {
                logger?("session: the refresh failed and the session is kept: \(mapped)")
            }
            throw mapped
        }
        guard generation == started else {
            // Signed out meanwhile: nothing to replay with. Signed in again: the new session's.
            guard let tokens else { throw APIError.notAuthenticated() }
            return tokens
        }
        tokens = fresh
        announce()
        logger?("session: refreshed; the access token expires at \(ISO8601.string(from: fresh.expiresAt))")
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
    func signIn(_ fresh: AuthTokens) throws -> AuthTokens {
        try store.save(fresh)
        storeError = nil
        generation += 1
        refreshTask = nil
        tokens = fresh
        announce()
        logger?("session: signed in; the access token expires at \(ISO8601.string(from: fresh.expiresAt))")
        return fresh
    }

    private func forget() {
        generation += 1
        refreshTask = nil
        tokens = nil
        announce()
        do {
            try store.clear()
        } catch {
            storeError = error
        }
    }
}
