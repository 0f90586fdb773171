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
