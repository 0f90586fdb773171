import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// Sign-in state under outages, races and broken storage: only the auth server's explicit
/// rejection signs the user out, sign-out wins, and storage failures are never silent.
@Suite("Auth under faults")
struct AuthFaultTests {
    /// A session whose access token is stale and whose refresh answers `refreshAnswer`.
    static func setUp(
        refreshAnswer: Result<HTTPResponse, TransportError>, store: InMemoryTokenStore = InMemoryTokenStore(), hook: Counter = Counter()
    ) -> (APIClient, AuthSession, InMemoryTokenStore) {
        let transport = ScriptedTransport { request, _ in
            if request.url.path == "/auth/v1/token" { return try refreshAnswer.get() }
            return try json(401, #"{"message":"JWT expired"}"#).get()
        }
        try? store.save(AuthTokens(accessToken: "stale", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 1_900_000_000)))
        let session = AuthSession(baseURL: testBaseURL, apiKey: "anon-key", store: store, transport: transport, clock: RecordingClock())
        let client = makeClient(transport, credentials: .session(session), onUnauthorized: { hook.increment() })
        return (client, session, store)
    }

    @Test func aTransientRefreshFailureKeepsTheSessionAndSurfacesTheTokenEndpointsError() async throws {
        let answers: [(Result<HTTPResponse, TransportError>, String)] = [
            (json(503, #"{"message":"maintenance"}"#), "refreshFailed(serverError)"),
            (json(429, "{}", headers: ["Retry-After": "3600"]), "refreshFailed(rateLimited)"),
            (json(200, "<html>Sign in to the Wi-Fi</html>", headers: ["Content-Type": "text/html"]), "refreshFailed(decodingError)"),
            (json(502, "<html>Bad gateway</html>", headers: ["Content-Type": "text/html"]), "refreshFailed(serverError)"),
            (.failure(.timedOut), "refreshFailed(timedOut)"),
            (.failure(.connectionLost("reset")), "refreshFailed(networkError)"),
        ]
        for (answer, expected) in answers {
            let hook = Counter()
            let (client, session, store) = Self.setUp(refreshAnswer: answer, hook: hook)
            let error = await apiError { let _: Item = try await client.send(APIRequest(method: .get, path: "/items/1", maxRetries: 0)) }
            let kind = error.map(Self.caseName) ?? "none"
            #expect(kind == expected, "\(answer): got \(String(describing: error))")
            #expect(await session.isSignedIn, "\(answer) signed the user out")
            #expect(try store.load()?.refreshToken == "r1", "\(answer) wiped the stored tokens")
            #expect(hook.value == 0, "\(answer) called onUnauthorized")
            if case .refreshFailed(.rateLimited(let retryAfter, _))? = error { #expect(retryAfter == 3600) }
        }
    }

    /// A token endpoint that answers 503 to the first refresh and the token "fresh" after, in
    /// front of an API that takes only that token.
    static func tokenEndpointDownOnce(counting refreshes: Counter) -> ScriptedTransport {
        ScriptedTransport { request, _ in
            if request.url.path == "/auth/v1/token" {
                refreshes.increment()
                if refreshes.value == 1 { return try json(503, #"{"message":"maintenance"}"#).get() }
                return try json(200, #"{"access_token":"fresh","refresh_token":"r2","expires_in":3600,"token_type":"bearer","user":{"id":"u1"}}"#).get()
            }
            return try (request.headers["Authorization"] == "Bearer fresh" ? json(200, #"{"id":1}"#) : json(401, #"{"message":"JWT expired"}"#)).get()
        }
    }

    /// A refresh that fails for a passing reason is tried again with the call, after a backoff:
    /// the server refused the request before acting on it, so a POST is retried too.
    @Test(arguments: [HTTPMethod.get, .post])
    func aCallWhoseRefreshFailedForAPassingReasonIsRetried(method: HTTPMethod) async throws {
        let refreshes = Counter()
        let transport = Self.tokenEndpointDownOnce(counting: refreshes)
        let clock = RecordingClock()
        let tokens = AuthTokens(accessToken: "stale", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 4_000_000_000))
        let session = AuthSession(baseURL: testBaseURL, store: InMemoryTokenStore(tokens), transport: transport, clock: clock)
        let client = makeClient(transport, clock: clock, credentials: .session(session))
        let item: Item = try await client.send(APIRequest(method: method, path: "/items/1"))
        #expect(item.id == 1)
        #expect(refreshes.value == 2)
        #expect(clock.sleeps.count == 1)
        // The refused token is not sent again: the attempt after the backoff refreshes first.
        #expect(transport.requests.filter { $0.url.path == "/items/1" }.map { $0.headers["Authorization"] } == ["Bearer stale", "Bearer fresh"])
        #expect(await session.isSignedIn)
    }

    /// A call whose refresh failed takes the token that another call's refresh brought while it
    /// waited: it neither sends the refused token again nor refreshes a second time.
    @Test func aCallWhoseRefreshFailedTakesTheTokenAnotherCallBrought() async throws {
        let refreshes = Counter()
        let transport = Self.tokenEndpointDownOnce(counting: refreshes)
        let tokens = AuthTokens(accessToken: "stale", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 4_000_000_000))
        let session = AuthSession(baseURL: testBaseURL, store: InMemoryTokenStore(tokens), transport: transport, clock: RecordingClock())
        // While the call waits out its backoff, another part of the app refreshes the session.
        let clock = RecordingClock(onSleep: { _ = try? await session.refresh() })
        let client = makeClient(transport, clock: clock, credentials: .session(session))
        let item: Item = try await client.send(APIRequest(method: .post, path: "/items/1"))
        #expect(item.id == 1)
        #expect(refreshes.value == 2)
        #expect(transport.requests.filter { $0.url.path == "/items/1" }.map { $0.headers["Authorization"] } == ["Bearer stale", "Bearer fresh"])
    }

    static func caseName(_ error: APIError) -> String {
        switch error {
        case .serverError: return "serverError"
        case .rateLimited: return "rateLimited"
        case .decodingError: return "decodingError"
        case .timedOut: return "timedOut"
        case .networkError: return "networkError"
        case .refreshFailed(let inner): return "refreshFailed(\(caseName(inner)))"
        default: return "\(error)"
        }
    }

    @Test func anExplicitRejectionOfTheRefreshTokenEndsTheSession() async throws {
        for status in [400, 401] {
            let hook = Counter()
            let (client, session, store) = Self.setUp(
                refreshAnswer: json(status, #"{"error":"invalid_grant","error_description":"Refresh Token Not Found"}"#), hook: hook)
            let error = await apiError { let _: Item = try await client.send(APIRequest(method: .get, path: "/items/1")) }
            guard case .notAuthenticated? = error else { Issue.record("\(status): got \(String(describing: error))"); continue }
            #expect(await session.isSignedIn == false)
            #expect(try store.load() == nil)
            #expect(hook.value == 1)
        }
    }

    @Test func aProactiveRefreshThatTimesOutIsARefreshFailureThatTimedOut() async throws {
        let transport = ScriptedTransport([.failure(.timedOut)])
        let expiring = AuthTokens(accessToken: "a", refreshToken: "r", expiresAt: RecordingClock().start.addingTimeInterval(10))
        let session = AuthSession(baseURL: testBaseURL, store: InMemoryTokenStore(expiring), transport: transport, clock: RecordingClock())
        let error = await apiError { let _: Item = try await makeClient(transport, credentials: .session(session), maxRetries: 0).send(APIRequest(method: .get, path: "/x")) }
        guard case .refreshFailed(.timedOut)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(await session.isSignedIn)
    }

    @Test func signOutWinsOverARefreshAlreadyRunning() async throws {
        let gate = Gate()
        let transport = ScriptedTransport { request, _ in
            if request.url.path == "/auth/v1/logout" { return HTTPResponse(status: 204) }
            await gate.arriveAndWait()
            return try json(200, #"{"access_token":"new","refresh_token":"r2","expires_in":3600}"#).get()
        }
        let store = InMemoryTokenStore(AuthTokens(accessToken: "a", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 1_900_000_000)))
        let session = AuthSession(baseURL: testBaseURL, store: store, transport: transport, clock: RecordingClock())
        let refresh = Task { try await session.refresh() }
        await gate.waitForArrival()
        await session.signOut()
        #expect(await session.isSignedIn == false)
        await gate.open()
        let result = await refresh.result
        guard case .failure(let error as APIError) = result, case .notAuthenticated = error else {
            Issue.record("the refresh after sign-out gave \(result)")
            return
        }
        #expect(await session.isSignedIn == false)
        #expect(await session.currentTokens == nil)
        #expect(try store.load() == nil)
    }

    @Test func aCorruptTokenFileIsReportedNotSilentlySignedOut() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-corrupt-\(UUID().uuidString).json").path
        defer { unlink(path) }
        try Data("{\"access_token\": tru".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: TokenStoreError.self) { try FileTokenStore(path: path).load() }
        let session = AuthSession(baseURL: testBaseURL, store: FileTokenStore(path: path), transport: ScriptedTransport([json(500, "{}")]))
        let storeError = await session.storeError
        #expect(storeError is TokenStoreError)
        #expect(String(describing: storeError.map { $0 }).contains(path))
        #expect(await session.isSignedIn == false)
    }

    @Test func signInThrowsWhenItsTokensCannotBeSaved() async throws {
        let transport = ScriptedTransport([json(200, #"{"access_token":"a","refresh_token":"r","expires_in":3600}"#)])
        let session = AuthSession(baseURL: testBaseURL, store: FailingTokenStore(), transport: transport)
        await #expect(throws: TokenStoreError.self) { try await session.signIn(email: "a@b.c", password: "p") }
        #expect(await session.isSignedIn == false)
    }

    @Test func refreshedTokensAreKeptWhenTheStoreFailsAndTheFailureIsReported() async throws {
        let transport = ScriptedTransport([json(200, #"{"access_token":"new","refresh_token":"r2","expires_in":3600}"#)])
        let store = FailingTokenStore(AuthTokens(accessToken: "a", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 1_900_000_000)))
        let session = AuthSession(baseURL: testBaseURL, store: store, transport: transport)
        try await session.refresh()
        #expect(await session.currentTokens?.refreshToken == "r2")
        #expect(await session.storeError is TokenStoreError)
    }

    @Test func aMissingFolderIsReportedAsMissing() throws {
        let path = "/tmp/courier-no-such-folder-\(UUID().uuidString)/tokens.json"
        let tokens = AuthTokens(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1_900_000_000))
        do {
            try FileTokenStore(path: path).save(tokens)
            Issue.record("saving into a missing folder succeeded")
        } catch let error as TokenStoreError {
            #expect(error.description.contains("does not exist"), "\(error)")
        }
    }
}

/// A store that holds tokens but can never save.
final class FailingTokenStore: TokenStore, @unchecked Sendable {
    private let tokens: AuthTokens?
    init(_ tokens: AuthTokens? = nil) { self.tokens = tokens }
    func load() throws -> AuthTokens? { tokens }
    func save(_ tokens: AuthTokens) throws { throw TokenStoreError(path: "/read-only/tokens.json", reason: "the disk is full") }
    func clear() throws {}
}

/// Lets a test hold a scripted response until it says so, and know when it is being held.
actor Gate {
    private var arrived = false
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    private var openWaiters: [CheckedContinuation<Void, Never>] = []

    /// Called by the server side: marks the arrival, then waits until the gate opens.
    func arriveAndWait() async {
        arrived = true
        arrivalWaiters.forEach { $0.resume() }
        arrivalWaiters = []
        if isOpen { return }
        await withCheckedContinuation { openWaiters.append($0) }
    }

    /// Returns once something has arrived at the gate.
    func waitForArrival() async {
        if arrived { return }
        await withCheckedContinuation { arrivalWaiters.append($0) }
    }

    /// Lets everything through.
    func open() {
        isOpen = true
        openWaiters.forEach { $0.resume() }
        openWaiters = []
    }
}

@Suite("Auth: a new sign-in during a refresh")
struct SignInDuringRefreshTests {
    @Test func aRefreshOfTheOldSessionDoesNotOverwriteANewSignIn() async throws {
        let gate = Gate()
        let transport = ScriptedTransport { request, _ in
            if request.url.query == "grant_type=refresh_token" {
                await gate.arriveAndWait()
                return try json(200, #"{"access_token":"old-refreshed","refresh_token":"r-old","expires_in":3600}"#).get()
            }
            return try json(200, #"{"access_token":"new","refresh_token":"r-new","expires_in":3600}"#).get()
        }
        let store = InMemoryTokenStore(AuthTokens(accessToken: "a", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 1_900_000_000)))
        let session = AuthSession(baseURL: testBaseURL, store: store, transport: transport, clock: RecordingClock())
        let refresh = Task { try await session.refresh() }
        await gate.waitForArrival()
        try await session.signIn(email: "b@c.d", password: "p")
        await gate.open()
        // The waiters of the old refresh replay with the new session's token.
        #expect(try await refresh.value.accessToken == "new")
        #expect(await session.currentTokens?.accessToken == "new")
        #expect(try store.load()?.refreshToken == "r-new")
    }
}
