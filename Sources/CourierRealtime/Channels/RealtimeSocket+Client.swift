import CourierRuntime
import Foundation

extension RealtimeSocket {
    /// The realtime socket of `client`'s server at `path` (Supabase: `/realtime/v1/websocket`):
    /// the base URL's scheme becomes `ws` or `wss`, the client's API key goes in the query, and
    /// the access token comes from the client's credentials: asked before each connection and at
    /// each heartbeat, and with a session, sent to every joined channel as soon as it refreshes.
    public init(client: APIClient, path: String, options: RealtimeOptions = RealtimeOptions()) {
        var components = URLComponents(url: client.baseURL.asWebSocketURL ?? client.baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + (path.hasPrefix("/") ? path : "/" + path)
        var updates: (@Sendable () async -> AsyncStream<String?>)?
        if case .session(let session) = client.credentials { updates = { await session.accessTokenUpdates() } }
        self.init(
            url: components.url ?? client.baseURL, apiKey: client.configuration.apiKey?.value, initialToken: nil,
            tokenProvider: { try await client.accessToken() }, tokenUpdates: updates, options: options)
    }
}
