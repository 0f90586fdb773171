import Foundation

extension RefreshStrategy {
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
}
