import CourierRuntime
import Foundation

extension ArchonAPI {
    /// A Supabase Auth session for the Archon backend, sending the anon key in `apikey`.
    public static func authSession(
        baseURL: URL, apiKey: String, store: any TokenStore = InMemoryTokenStore(),
        transport: any HTTPTransport = URLSessionTransport()
    ) -> AuthSession {
        AuthSession(baseURL: baseURL, apiKey: Self.apiKey(apiKey), store: store, transport: transport)
    }
}
