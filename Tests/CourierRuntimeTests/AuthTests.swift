import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

@Suite("Auth: refresh once, single flight, onUnauthorized once")
struct AuthTests {
    /// A server whose valid token is `valid`; refreshing returns `fresh` (or fails). The refresh
    /// is answered only once `holdRefreshUntil` requests have been rejected, so that every
    /// concurrent request fails while it runs.
    static func server(refreshes: Counter, refreshSucceeds: Bool = true, valid: String = "fresh", holdRefreshUntil rejections: Int = 0) -> ScriptedTransport {
        let rejected = Threshold(rejections)
        return ScriptedTransport { request, _ in
            if request.url.path == "/auth/v1/token" {
                refreshes.increment()
                await rejected.wait()
                guard refreshSucceeds else {
                    return try json(400, #"{"error":"invalid_grant","error_description":"Refresh Token Not Found"}"#).get()
                }
                #expect(request.url.query == "grant_type=refresh_token")
                #expect(request.headers["apikey"] == "anon-key")
                return try json(200, #"{"access_token":"fresh","refresh_token":"r2","expires_in":3600,"token_type":"bearer","user":{"id":"u1"}}"#).get()
            }
            guard request.headers["Authorization"] == "Bearer \(valid)" else {
                await rejected.arrive()
                return try json(401, #"{"message":"JWT expired"}"#).get()
            }
            return try json(200, #"{"id":7}"#).get()
        }
    }

    static func session(_ transport: ScriptedTransport, clock: any APIClock = RecordingClock()) -> AuthSession {
        let tokens = AuthTokens(accessToken: "stale", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 4_000_000_000))
        return AuthSession(baseURL: testBaseURL, apiKey: "anon-key", store: InMemoryTokenStore(tokens), transport: transport, clock: clock)
    }

    @Test func hundredConcurrent401sRefreshOnceAndAllReplayOnce() async throws {
        let refreshes = Counter()
        let transport = Self.server(refreshes: refreshes, holdRefreshUntil: 100)
        let client = makeClient(transport, credentials: .session(Self.session(transport)))
        let items = try await withThrowingTaskGroup(of: Item.self) { group in
            for _ in 0..<100 { group.addTask { try await client.send(APIRequest(method: .get, path: "/items/7")) } }
            return try await group.reduce(into: [Item]()) { $0.append($1) }
        }
        #expect(items.count == 100)
        #expect(refreshes.value == 1)
        let itemRequests = transport.requests.filter { $0.url.path == "/items/7" }
        #expect(itemRequests.count == 200)
        #expect(itemRequests.filter { $0.headers["Authorization"] == "Bearer fresh" }.count == 100)
    }

    @Test func failedRefreshCallsOnUnauthorizedOnceAndEveryCallFailsNotAuthenticated() async throws {
        let refreshes = Counter()
        let hookCalls = Counter()
        let transport = Self.server(refreshes: refreshes, refreshSucceeds: false, holdRefreshUntil: 50)
        let session = Self.session(transport)
        let client = makeClient(transport, credentials: .session(session), onUnauthorized: { hookCalls.increment() })
        let results = await withTaskGroup(of: Result<Item, any Error>.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do { return .success(try await client.send(APIRequest(method: .get, path: "/items/7"))) } catch { return .failure(error) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(refreshes.value == 1)
        #expect(hookCalls.value == 1)
        for result in results {
            guard case .failure(let error as APIError) = result, case .notAuthenticated = error else {
                Issue.record("expected notAuthenticated, got \(result)")
                continue
            }
        }
        #expect(await session.isSignedIn == false)
    }

    @Test func aLate401ForAnOlderTokenDoesNotRefreshAgain() async throws {
        let refreshes = Counter()
        let transport = Self.server(refreshes: refreshes)
        let session = Self.session(transport)
        try await session.refresh()
        #expect(refreshes.value == 1)
        let outcome = await session.refresh(after: "stale")
        guard case .refreshed = outcome else { Issue.record("expected a replay, got \(outcome)"); return }
        #expect(refreshes.value == 1)
    }

    /// A server that refuses every token, fresh ones too, while the refresh token keeps working:
    /// the call ends as `notAuthenticated` after two replays, and the session, whose refresh was
    /// never refused, is kept.
    @Test func aServerThatRefusesFreshTokensEndsTheCallNotTheSession() async throws {
        let refreshes = Counter()
        let transport = Self.server(refreshes: refreshes, valid: "never")
        let hookCalls = Counter()
        let session = Self.session(transport)
        let client = makeClient(transport, credentials: .session(session), onUnauthorized: { hookCalls.increment() })
        await #expect(throws: APIError.self) { try await client.send(APIRequest(method: .get, path: "/items/7")) }
        #expect(transport.requests.filter { $0.url.path == "/items/7" }.count == 1 + APIClient.maxAuthReplays)
        #expect(refreshes.value == 2)
        #expect(hookCalls.value == 0)
        #expect(await session.isSignedIn)
    }

    /// A retry after a refresh (here after a 503) sends the session's current token, not the one
    /// the refresh gave the call: another call may have refreshed since. The soak that found this
    /// signed out 11–19 valid sessions in 10,000 calls.
    @Test func aRetryAfterARefreshSendsTheSessionsCurrentToken() async throws {
        let issued = Counter()
        let hookCalls = Counter()
        let box = SessionBox()
        let transport = ScriptedTransport { request, _ in
            if request.url.path == "/auth/v1/token" {
                issued.increment()
                return try json(200, #"{"access_token":"tok\#(issued.value)","refresh_token":"r\#(issued.value)","expires_in":3600,"token_type":"bearer","user":{"id":"u1"}}"#).get()
            }
            let current = "Bearer tok\(issued.value)"
            guard request.headers["Authorization"] == current else { return try json(401, #"{"message":"JWT expired"}"#).get() }
            if request.headers["Authorization"] == "Bearer tok1" {
                // While this call waits to retry, another call refreshes: tok1 is replaced.
                _ = try await box.session?.refresh()
                return try json(503, #"{"message":"busy"}"#).get()
            }
            return try json(200, #"{"id":7}"#).get()
        }
        let session = Self.session(transport)
        box.session = session
        let client = makeClient(transport, credentials: .session(session), onUnauthorized: { hookCalls.increment() })
        let item: Item = try await client.send(APIRequest(method: .get, path: "/items/7"))
        #expect(item.id == 7)
        #expect(transport.requests.filter { $0.url.path == "/items/7" }.map { $0.headers["Authorization"] } == ["Bearer stale", "Bearer tok1", "Bearer tok2"])
        #expect(hookCalls.value == 0)
        #expect(await session.isSignedIn)
    }

    @Test func tokensAreRefreshedShortlyBeforeTheyExpire() async throws {
        let refreshes = Counter()
        let transport = Self.server(refreshes: refreshes)
        let clock = RecordingClock()
        let expiring = AuthTokens(accessToken: "stale", refreshToken: "r1", expiresAt: clock.start.addingTimeInterval(30))
        let session = AuthSession(baseURL: testBaseURL, apiKey: "anon-key", store: InMemoryTokenStore(expiring), transport: transport, clock: clock)
        let item: Item = try await makeClient(transport, credentials: .session(session)).send(APIRequest(method: .get, path: "/items/7"))
        #expect(item.id == 7)
        #expect(refreshes.value == 1)
        #expect(transport.requests.filter { $0.url.path == "/items/7" }.count == 1)
    }

    @Test func aRejectedRefreshAheadOfExpiryCallsTheHookOnceWithoutSending() async throws {
        let refreshes = Counter()
        let hookCalls = Counter()
        let transport = Self.server(refreshes: refreshes, refreshSucceeds: false)
        let clock = RecordingClock()
        let expiring = AuthTokens(accessToken: "stale", refreshToken: "r1", expiresAt: clock.start.addingTimeInterval(30))
        let session = AuthSession(baseURL: testBaseURL, apiKey: "anon-key", store: InMemoryTokenStore(expiring), transport: transport, clock: clock)
        let client = makeClient(transport, credentials: .session(session), onUnauthorized: { hookCalls.increment() })
        for _ in 0..<3 {
            let error = await apiError { try await client.send(APIRequest(method: .get, path: "/items/7")) }
            guard case .notAuthenticated? = error else { Issue.record("got \(String(describing: error))"); return }
        }
        #expect(refreshes.value == 1)
        #expect(hookCalls.value == 1)
        #expect(transport.requests.filter { $0.url.path == "/items/7" }.isEmpty)
    }

    @Test func staticToken401CallsTheHookOnceAndFails() async throws {
        let hookCalls = Counter()
        let transport = ScriptedTransport([json(401, #"{"message":"JWT expired"}"#)])
        let client = makeClient(transport, credentials: .token("t0"), onUnauthorized: { hookCalls.increment() })
        for _ in 0..<3 {
            await #expect(throws: APIError.self) { try await client.send(APIRequest(method: .get, path: "/x")) }
        }
        #expect(hookCalls.value == 1)
        #expect(transport.requests.count == 3)
    }

    @Test func tokenProviderIsAskedAgainAfterA401() async throws {
        let calls = Counter()
        let transport = ScriptedTransport { request, _ in
            request.headers["Authorization"] == "Bearer token-2" ? try json(200, #"{"id":1}"#).get() : try json(401, "{}").get()
        }
        let client = makeClient(transport, credentials: .provider { "token-\(calls.increment())" })
        let item: Item = try await client.send(APIRequest(method: .get, path: "/x"))
        #expect(item.id == 1)
        #expect(calls.value == 2)
    }

    @Test func signInWithPasswordAndIdTokenAndSignOut() async throws {
        let transport = ScriptedTransport { request, _ in
            switch (request.url.path, request.url.query) {
            case ("/auth/v1/token", "grant_type=password"):
                let body = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String]
                #expect(body == ["email": "a@b.c", "password": "pw"])
                return try json(200, #"{"access_token":"a1","refresh_token":"r1","expires_at":1800007200,"user":{"id":"u1"}}"#).get()
            case ("/auth/v1/token", "grant_type=id_token"):
                let body = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String]
                #expect(body == ["provider": "apple", "id_token": "apple-jwt", "nonce": "n"])
                return try json(200, #"{"access_token":"a2","refresh_token":"r2","expires_in":3600}"#).get()
            case ("/auth/v1/logout", _):
                #expect(request.headers["Authorization"] == "Bearer a2")
                return HTTPResponse(status: 204)
            default:
                return try json(404, "{}").get()
            }
        }
        let store = InMemoryTokenStore()
        let session = AuthSession(baseURL: testBaseURL, apiKey: "anon-key", store: store, transport: transport, clock: RecordingClock())
        let first = try await session.signIn(email: "a@b.c", password: "pw")
        #expect(first.accessToken == "a1")
        #expect(first.expiresAt == Date(timeIntervalSince1970: 1_800_007_200))
        #expect(try store.load()?.refreshToken == "r1")
        try await session.signIn(idToken: "apple-jwt", provider: .apple, nonce: "n")
        await session.signOut()
        #expect(await session.isSignedIn == false)
        #expect(try store.load() == nil)
        #expect(!String(describing: first).contains("a1"))
    }

    @Test func wrongPasswordIsAValidationErrorWithTheServersMessage() async throws {
        let transport = ScriptedTransport([json(400, #"{"error":"invalid_grant","error_description":"Invalid login credentials"}"#)])
        let session = AuthSession(baseURL: testBaseURL, transport: transport)
        let error = await apiError { try await session.signIn(email: "a@b.c", password: "wrong") }
        guard case .validationError(let message, _)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message == "Invalid login credentials")
    }

    @Test func fileTokenStoreWritesOwnerOnlyFiles() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tokens-\(UUID().uuidString).json").path
        let store = FileTokenStore(path: path)
        defer { try? store.clear() }
        let tokens = AuthTokens(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1_800_000_000.5), userID: "u")
        try store.save(tokens)
        try store.save(tokens)
        #expect(try store.load() == tokens)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
        try store.clear()
        #expect(try store.load() == nil)
    }
}

/// Lets waiters through once `target` arrivals have been counted.
actor Threshold {
    private let target: Int
    private var arrivals = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ target: Int) { self.target = target }

    func arrive() {
        arrivals += 1
        guard arrivals >= target else { return }
        waiters.forEach { $0.resume() }
        waiters = []
    }

    func wait() async {
        if arrivals >= target { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// Lets a scripted server reach the session it serves, which is made after it.
final class SessionBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: AuthSession?

    var session: AuthSession? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
