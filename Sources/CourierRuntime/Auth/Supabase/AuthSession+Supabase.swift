import Foundation

/// What an `AuthSession` does with Supabase Auth in particular: its sign-in grants. Other
/// servers sign in through the API's own endpoint and call `start(with:)`.
extension AuthSession {
    /// Creates a Supabase Auth session at `baseURL`, restoring tokens from the store. The API
    /// key travels as `apiKey` says: a generated namespace's `apiKey(_:)` makes one with the
    /// schema's header.
    public init(
        baseURL: URL, apiKey: APIKey?, store: any TokenStore = InMemoryTokenStore(),
        transport: any HTTPTransport = URLSessionTransport(), clock: any APIClock = SystemClock(), refreshLeeway: TimeInterval = 60,
        logger: (@Sendable (String) -> Void)? = nil
    ) {
        let server = SupabaseAuthServer(baseURL: baseURL, apiKey: apiKey, transport: transport, clock: clock)
        self.init(
            strategy: .supabase(baseURL: baseURL, apiKey: apiKey, transport: transport, clock: clock), supabase: server, store: store,
            clock: clock, refreshLeeway: refreshLeeway, logger: logger)
    }

    /// Creates a Supabase Auth session at `baseURL` whose key travels in the header
    /// `apiKeyHeader` (Supabase's own `apikey` by default), restoring tokens from the store.
    public init(
        baseURL: URL, apiKey: String? = nil, apiKeyHeader: String = "apikey", store: any TokenStore = InMemoryTokenStore(),
        transport: any HTTPTransport = URLSessionTransport(), clock: any APIClock = SystemClock(), refreshLeeway: TimeInterval = 60,
        logger: (@Sendable (String) -> Void)? = nil
    ) {
        self.init(
            baseURL: baseURL, apiKey: apiKey.map { APIKey(header: apiKeyHeader, value: $0) }, store: store, transport: transport,
            clock: clock, refreshLeeway: refreshLeeway, logger: logger)
    }

    /// Signs in to Supabase Auth with email and password (`grant_type=password`). Throws
    /// `APIError`, or the store's error when the tokens cannot be saved (the session then stays
    /// signed out). A session that is not Supabase's throws `invalidRequest`: sign in through
    /// the API and call `start(with:)`.
    @discardableResult
    public func signIn(email: String, password: String) async throws -> AuthTokens {
        try signIn(try await supabaseServer().grant("password", body: ["email": email, "password": password]))
    }

    /// Signs in to Supabase Auth with an identity token from Sign in with Apple or Google
    /// (`grant_type=id_token`). Throws as `signIn(email:password:)`.
    @discardableResult
    public func signIn(idToken: String, provider: IdentityProvider = .apple, nonce: String? = nil) async throws -> AuthTokens {
        var body = ["provider": provider.rawValue, "id_token": idToken]
        if let nonce { body["nonce"] = nonce }
        return try signIn(try await supabaseServer().grant("id_token", body: body))
    }

    func supabaseServer() throws -> SupabaseAuthServer {
        guard let supabase else {
            throw APIError.invalidRequest(
                "this session does not sign in to Supabase Auth: sign in through the API's own endpoint, then call start(with:)")
        }
        return supabase
    }
}
