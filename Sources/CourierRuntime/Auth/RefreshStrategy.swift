import Foundation

/// How an `AuthSession` gets new tokens with its refresh token, and what it tells the server
/// when the user signs out.
public struct RefreshStrategy: Sendable {
    /// Trades a refresh token for new tokens. A 400 or 401 `APIError` (OAuth's `invalid_grant`
    /// and the like) ends the session; any other error keeps it.
    public let refresh: @Sendable (_ refreshToken: String) async throws -> AuthTokens
    /// Tells the server the session ended; its outcome does not matter.
    public let revoke: (@Sendable (_ tokens: AuthTokens) async -> Void)?

    /// A strategy from closures.
    public init(
        refresh: @escaping @Sendable (_ refreshToken: String) async throws -> AuthTokens,
        revoke: (@Sendable (_ tokens: AuthTokens) async -> Void)? = nil
    ) {
        self.refresh = refresh
        self.revoke = revoke
    }

    /// Any refresh: a closure that calls, for example, the API's own refresh endpoint through a
    /// generated client and turns its answer into `AuthTokens`.
    public static func custom(_ refresh: @escaping @Sendable (_ refreshToken: String) async throws -> AuthTokens) -> RefreshStrategy {
        RefreshStrategy(refresh: refresh)
    }

    /// Supabase Auth: `POST /auth/v1/token?grant_type=refresh_token` with a JSON body, the API
    /// key in `apiKey`'s header, and `POST /auth/v1/logout` on sign-out.
    public static func supabase(
        baseURL: URL, apiKey: APIKey? = nil, transport: any HTTPTransport = URLSessionTransport(), clock: any APIClock = SystemClock()
    ) -> RefreshStrategy {
        let server = SupabaseAuthServer(baseURL: baseURL, apiKey: apiKey, transport: transport, clock: clock)
        return RefreshStrategy(
            refresh: { refreshToken in try await server.grant("refresh_token", body: ["refresh_token": refreshToken]) },
            revoke: { tokens in await server.logout(tokens) })
    }

    /// The OAuth 2.0 refresh grant (RFC 6749 §6): `POST tokenURL` with the form
    /// `grant_type=refresh_token&refresh_token=…`. A public client sends `client_id` in the form;
    /// a confidential one (with `clientSecret`) authenticates with HTTP basic authentication
    /// (§2.3.1). An answer without a new refresh token keeps the old one.
    public static func oauth2(
        tokenURL: URL, clientID: String? = nil, clientSecret: String? = nil, scope: String? = nil,
        transport: any HTTPTransport = URLSessionTransport(), clock: any APIClock = SystemClock()
    ) -> RefreshStrategy {
        RefreshStrategy(refresh: { refreshToken in
            try RequestBuilder.checkScheme(of: tokenURL, allowsInsecureHTTP: false)
            var form = [QueryItem("grant_type", "refresh_token"), QueryItem("refresh_token", refreshToken)]
            if let scope { form.append(QueryItem("scope", scope)) }
            var headers: HTTPHeaders = ["Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"]
            if let clientID, let clientSecret {
                // §2.3.1: each part form-encoded before it is joined and encoded in base64.
                let user = RequestBuilder.formComponent(clientID)
                let password = RequestBuilder.formComponent(clientSecret)
                headers["Authorization"] = BasicCredentials(username: user, password: password).authorization
            } else if let clientID {
                form.append(QueryItem("client_id", clientID))
            }
            let request = HTTPRequest(
                method: .post, url: tokenURL, headers: headers, body: Data(RequestBuilder.formEncode(form).utf8), timeout: 30)
            return try await TokenEndpoint.tokens(for: request, transport: transport, now: clock.now(), previousRefreshToken: refreshToken)
        })
    }
}

/// Supabase Auth's token and logout endpoints.
struct SupabaseAuthServer: Sendable {
    let baseURL: URL
    let apiKey: APIKey?
    let transport: any HTTPTransport
    let clock: any APIClock

    /// Asks for tokens with a grant (`password`, `id_token`, `refresh_token`); stores nothing.
    func grant(_ grantType: String, body: [String: String]) async throws -> AuthTokens {
        try RequestBuilder.checkScheme(of: baseURL, allowsInsecureHTTP: false)
        var headers = baseHeaders()
        headers["Content-Type"] = "application/json"
        let request = HTTPRequest(
            method: .post, url: requestURL("/auth/v1/token", query: "grant_type=\(grantType)"), headers: headers,
            body: try JSONCoding.encoder(for: .iso8601).encode(body), timeout: 30)
        return try await TokenEndpoint.tokens(for: request, transport: transport, now: clock.now())
    }

    /// Asks the server to revoke the session, whatever it answers.
    func logout(_ tokens: AuthTokens) async {
        var headers = baseHeaders()
        headers["Authorization"] = "Bearer \(tokens.accessToken)"
        let request = HTTPRequest(method: .post, url: requestURL("/auth/v1/logout"), headers: headers, timeout: 15)
        guard (try? HeaderFieldRules.check(request.headers, of: request.description)) != nil else { return }
        _ = try? await transport.send(request)
    }

    private func baseHeaders() -> HTTPHeaders {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let apiKey, apiKey.placement == .header { headers[apiKey.name] = apiKey.value }
        return headers
    }

    private func requestURL(_ path: String, query: String? = nil) -> URL {
        var items = query.map { [$0] } ?? []
        if let apiKey, apiKey.placement == .query {
            items.append("\(RequestBuilder.queryEncode(apiKey.name))=\(RequestBuilder.queryEncode(apiKey.value))")
        }
        return TokenEndpoint.url(baseURL, path: path, query: items.isEmpty ? nil : items.joined(separator: "&"))
    }
}
