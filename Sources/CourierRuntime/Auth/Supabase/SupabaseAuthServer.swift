import Foundation

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
