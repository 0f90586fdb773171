import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// Sessions for any API: the OAuth 2.0 refresh grant, a closure, a start from tokens, and
/// Supabase with the key where the API sends it.
@Suite("Refresh strategies")
struct RefreshStrategyTests {
    let tokenURL = URL(string: "https://auth.example.com/oauth/token")!
    let expired = AuthTokens(accessToken: "old-access", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 0))

    func form(_ request: HTTPRequest) -> [String: String] {
        let text = String(decoding: request.body ?? Data(), as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }

    @Test func theOAuthRefreshGrantIsAFormAndKeepsTheOldRefreshTokenWhenNoneComes() async throws {
        let transport = ScriptedTransport([json(200, #"{"access_token": "a2", "token_type": "Bearer", "expires_in": 3600}"#)])
        let clock = RecordingClock()
        let session = AuthSession(
            refresh: .oauth2(tokenURL: tokenURL, clientID: "ios-app", scope: "read write", transport: transport, clock: clock),
            store: InMemoryTokenStore(expired), clock: clock)
        let fresh = try await session.refresh()
        #expect(fresh.accessToken == "a2")
        #expect(fresh.refreshToken == "r1")
        #expect(fresh.expiresAt == clock.now().addingTimeInterval(3600))
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post && sent.url == tokenURL)
        #expect(sent.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(form(sent) == ["grant_type": "refresh_token", "refresh_token": "r1", "scope": "read write", "client_id": "ios-app"])
        #expect(sent.headers["Authorization"] == nil)
    }

    @Test func aConfidentialClientAuthenticatesWithBasic() async throws {
        let transport = ScriptedTransport([json(200, #"{"access_token": "a2", "refresh_token": "r2", "expires_in": 60}"#)])
        let session = AuthSession(
            refresh: .oauth2(tokenURL: tokenURL, clientID: "app id", clientSecret: "s:cret", transport: transport, clock: RecordingClock()),
            store: InMemoryTokenStore(expired), clock: RecordingClock())
        #expect(try await session.refresh().refreshToken == "r2")
        let sent = try #require(transport.requests.first)
        #expect(sent.headers["Authorization"] == "Basic " + Data("app+id:s%3Acret".utf8).base64EncodedString())
        #expect(form(sent)["client_id"] == nil)
    }

    @Test func invalidGrantEndsTheSessionAndAnOutageKeepsIt() async throws {
        let outage = ScriptedTransport([json(503, "{}")])
        let kept = AuthSession(refresh: .oauth2(tokenURL: tokenURL, transport: outage), store: InMemoryTokenStore(expired), clock: RecordingClock())
        await #expect(throws: APIError.self) { try await kept.refresh() }
        #expect(await kept.isSignedIn)

        let rejecting = ScriptedTransport([json(400, #"{"error": "invalid_grant", "error_description": "Refresh token expired"}"#)])
        let ended = AuthSession(refresh: .oauth2(tokenURL: tokenURL, transport: rejecting), store: InMemoryTokenStore(expired), clock: RecordingClock())
        let error = await apiError { _ = try await ended.refresh() }
        #expect(error?.response?.message == "Refresh token expired")
        #expect(await ended.isSignedIn == false)
    }

    @Test func aClosureRefreshesAndASessionStartsFromTokens() async throws {
        let calls = Counter()
        let session = AuthSession(
            refresh: .custom { refreshToken in
                _ = calls.increment()
                return AuthTokens(accessToken: "from-\(refreshToken)", refreshToken: "next", expiresIn: 600)
            }, clock: RecordingClock())
        #expect(await session.isSignedIn == false)
        try await session.start(with: expired)
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!, credentials: .session(session),
            transport: ScriptedTransport([json(200, "{}")]), configuration: .init(clock: RecordingClock()))
        try await client.send(APIRequest(method: .get, path: "/me"))
        #expect(calls.value == 1)
        #expect(await session.currentTokens?.accessToken == "from-r1")
    }

    @Test func aSessionThatIsNotSupabasesSaysHowToSignIn() async throws {
        let session = AuthSession(refresh: .custom { _ in throw APIError.notAuthenticated() })
        let error = await apiError { _ = try await session.signIn(email: "a@example.com", password: "p") }
        guard case .invalidRequest(let message)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(message.contains("start(with:)"))
    }

    @Test func supabaseSendsTheKeyWhereTheAPISendsIt() async throws {
        let body = #"{"access_token": "a", "refresh_token": "r", "expires_in": 3600}"#
        let header = ScriptedTransport([json(200, body)])
        try await AuthSession(baseURL: URL(string: "https://p.supabase.co")!, apiKey: APIKey(header: "X-Key", value: "k1"), transport: header)
            .signIn(email: "a@example.com", password: "p")
        #expect(header.requests.first?.headers["X-Key"] == "k1")
        let query = ScriptedTransport([json(200, body)])
        try await AuthSession(baseURL: URL(string: "https://p.supabase.co")!, apiKey: APIKey(query: "key", value: "k 2"), transport: query)
            .signIn(email: "a@example.com", password: "p")
        #expect(query.requests.first?.url.query == "grant_type=password&key=k%202")
    }

    @Test func theSessionsLogSaysWhatHappenedWithoutSecrets() async throws {
        let lines = LogLines()
        let transport = ScriptedTransport([json(200, #"{"access_token": "secret-access", "refresh_token": "secret-refresh", "expires_in": 60}"#)])
        let session = AuthSession(
            refresh: .oauth2(tokenURL: tokenURL, transport: transport, clock: RecordingClock()), store: InMemoryTokenStore(expired),
            clock: RecordingClock(), logger: { lines.add($0) })
        try await session.refresh()
        await session.signOut()
        let log = lines.values.joined(separator: "\n")
        #expect(log.contains("refreshing") && log.contains("refreshed") && log.contains("signed out"), "\(log)")
        #expect(!log.contains("secret") && !log.contains("r1"), "\(log)")
    }
}
