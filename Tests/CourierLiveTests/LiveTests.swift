import Archon
import CourierRuntime
import CourierTestSupport
import Foundation
import Testing

/// The generated Archon client against the reference backend over loopback.
@Suite("Live: the Archon client against the reference server", .serialized, .timeLimit(.minutes(3)))
struct LiveTests {
    @Test func signInListGetAndCancelTasks() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        let project = try #require(try await client.createProject(body: NewProject(name: "Demo")).first)
        #expect(try await client.listProjects().map(\.id) == [project.id])
        let created = try await server.task(projectID: project.id, start: false)
        let listed = try await client.listTasks(projectId: project.id)
        #expect(listed.map(\.id) == [created.id])
        let fetched = try await client.getTask(id: created.id)
        #expect(fetched.status == .created)
        #expect(fetched.steps.count == 2)
        let cancelled = try await client.cancelTask(id: created.id)
        #expect(cancelled.status == .cancelled)
        let again = await apiError { _ = try await client.cancelTask(id: created.id) }
        guard case .conflict? = again else { Issue.record("got \(String(describing: again))"); return }
    }

    @Test func signInWithAnAppleIdentityTokenAndSignOut() async throws {
        let server = try await ArchonServer.start()
        let session = ArchonAPI.authSession(baseURL: server.baseURL, apiKey: ArchonServer.anonKey)
        let tokens = try await session.signIn(idToken: "apple-identity-jwt", provider: .apple, nonce: "n")
        let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: ArchonServer.anonKey, credentials: .token(tokens.accessToken))
        #expect(try await client.getUser().id == UUID(uuidString: "00000000-0000-0000-0000-000000000002"))
        await session.signOut()
        #expect(await session.isSignedIn == false)
        let error = await apiError { _ = try await client.getUser() }
        guard case .notAuthenticated? = error else { Issue.record("got \(String(describing: error))"); return }
        let wrong = await apiError { try await session.signIn(email: "ann@example.com", password: "wrong") }
        guard case .validationError("Invalid login credentials", _)? = wrong else { Issue.record("got \(String(describing: wrong))"); return }
    }

    @Test func aCountComesInAHeaderAndALogAsText() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        #expect(try await client.countProjects().headers["Content-Range"] == "*/0")
        let project = try #require(try await client.createProject(body: NewProject(name: "Counted")).first)
        _ = try await client.createProject(body: NewProject(name: "Counted too"))
        let counted = try await client.countProjects()
        #expect(counted.status == 200)
        #expect(counted.headers["content-range"] == "0-1/2")

        let task = try await server.task(projectID: project.id, steps: 1, stepSeconds: 0.05)
        for try await _ in client.getTaskUpdates(id: task.id) {}
        let log = try await client.getTaskLog(id: task.id)
        let lines = log.split(separator: "\n")
        #expect(lines.count == 3, "\(log)")
        #expect(lines.first?.hasSuffix("step_started: Step 1") == true, "\(log)")
    }

    @Test func errorsCarryTheAPIsOwnErrorModelAndItsMessage() async throws {
        let server = try await ArchonServer.start()
        let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: ArchonServer.anonKey, credentials: .none)
        let wrong = await apiError {
            _ = try await client.signInWithPassword(body: PasswordCredentials(email: "ann@example.com", password: "wrong"))
        }
        // OAuth style: `error` names it, `error_description` (marked before `error`) says it.
        #expect(wrong?.archonError?.error == "invalid_grant")
        #expect(wrong?.response?.message == "Invalid login credentials")
        // Supabase Auth style: `msg` is the message, `error_code` the machine-readable code.
        let forged = ArchonAPI.client(baseURL: server.baseURL, apiKey: ArchonServer.anonKey, credentials: .token("not-a-jwt"))
        let rejected = await apiError { _ = try await forged.getUser() }
        #expect(rejected?.archonError?.errorCode == "bad_jwt")
        #expect(rejected?.response?.message == "invalid JWT")
    }

    @Test func aSessionStartsFromTheAPIsOwnSignInAndRefreshesThroughItsOwnEndpoint() async throws {
        let server = try await ArchonServer.start()
        let authClient = ArchonAPI.client(baseURL: server.baseURL, apiKey: ArchonServer.anonKey, credentials: .none)
        let session = AuthSession(refresh: .custom { refreshToken in
            let answer = try await authClient.refreshSession(body: RefreshTokenRequest(refreshToken: refreshToken))
            return AuthTokens(accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresIn: TimeInterval(answer.expiresIn))
        })
        let signedIn = try await authClient.signInWithPassword(body: PasswordCredentials(email: "ann@example.com", password: "secret"))
        try await session.start(with: AuthTokens(accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken, expiresIn: 3600))
        let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: ArchonServer.anonKey, credentials: .session(session))
        let refreshed = try await session.refresh()
        #expect(refreshed.accessToken != signedIn.accessToken)
        #expect(try await client.getUser().email == "ann@example.com")
        #expect(try await server.counters().requests["refreshes"] == 1)
    }

    @Test func anOAuthRefreshGrantKeepsASessionAlive() async throws {
        let server = try await ArchonServer.start()
        let authClient = ArchonAPI.client(baseURL: server.baseURL, apiKey: ArchonServer.anonKey, credentials: .none)
        let signedIn = try await authClient.signInWithPassword(body: PasswordCredentials(email: "ann@example.com", password: "secret"))
        let session = AuthSession(refresh: .oauth2(tokenURL: server.baseURL.appendingPathComponent("oauth/token"), clientID: "ios"))
        // Expired already: the first call refreshes before it is sent.
        try await session.start(with: AuthTokens(accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken, expiresIn: 0))
        let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: ArchonServer.anonKey, credentials: .session(session))
        #expect(try await client.getUser().email == "ann@example.com")
        #expect(try await server.counters().requests["oauth refreshes"] == 1)
        // The server sent no new refresh token: the old one is kept.
        #expect(await session.currentTokens?.refreshToken == signedIn.refreshToken)

        let stale = AuthSession(refresh: .oauth2(tokenURL: server.baseURL.appendingPathComponent("oauth/token")))
        try await stale.start(with: AuthTokens(accessToken: "x", refreshToken: "unknown", expiresIn: 0))
        let error = await apiError { _ = try await stale.refresh() }
        #expect(error?.response?.message == "Unknown refresh token")
        #expect(await stale.isSignedIn == false)
    }

    @Test func pollsATaskUntilItEnds() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        let task = try await server.task(projectID: UUID(), steps: 2, stepSeconds: 0.2)
        var states: [TaskStatus] = []
        for try await state in client.getTaskUpdates(id: task.id) { states.append(state.status) }
        #expect(states.last == .completed)
        #expect(states.count >= 2)
    }

    @Test func chatEventsArriveAsTheyHappen() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        var events: [ChatEvent] = []
        var openWhenTheFirstArrived: Int?
        for try await event in client.sendMessage(body: ChatRequest(projectId: UUID(), message: "Build a to-do app")) {
            // The server is still writing the stream when its first event is here.
            if events.isEmpty { openWhenTheFirstArrived = try await server.counters().openStreams }
            events.append(event)
        }
        #expect(events.count > 5)
        #expect(openWhenTheFirstArrived == 1, "the first event arrived after the server had finished the stream")
        guard case .done? = events.last else { Issue.record("the stream did not end with done"); return }
        let stepEvents = events.compactMap { if case .taskEvent(let update) = $0 { update.event.type } else { nil } }
        #expect(stepEvents.contains(.stepStarted) && stepEvents.contains(.fileCreated))
    }

    @Test func cancellingAChatStreamDisconnects() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        var received = 0
        for try await _ in client.sendMessage(body: ChatRequest(projectId: UUID(), message: "Long job")) {
            received += 1
            if received == 2 { break }
        }
        #expect(try await server.countersAfterDisconnects(1).disconnects == 1)
    }

    @Test func uploadsReportProgress() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        let progress = Counter()
        let image = Data(repeating: 0xAB, count: 2_000_000)
        let uploaded = try await client.uploadFile(
            file: MultipartFile(data: image, filename: "photo.jpg", mimeType: "image/jpeg"), projectId: UUID(), caption: "A photo",
            options: RequestOptions(uploadProgress: { _ in progress.increment() }))
        #expect(uploaded.data.size == 2_000_000)
        #expect(uploaded.data.mimeType == "image/jpeg")
        #expect(progress.value > 0)
    }

    @Test func pagesThroughTheFeedAndLikesAPost() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        var pages: [[Post]] = []
        for try await page in client.fetchFeedPages(limit: 10) { pages.append(page) }
        #expect(pages.map(\.count) == [10, 10, 5])
        try await client.likePost(id: 3)
        #expect(try await client.getPost(id: 3).data.likeCount == 1)
        try await client.unlikePost(id: 3)
        #expect(try await client.getPost(id: 3).data.likedByMe == false)
        let invalid = await apiError { _ = try await client.createPost(body: NewPost(title: "", body: "x")) }
        guard case .validationError("title can't be blank", _)? = invalid else { Issue.record("got \(String(describing: invalid))"); return }
    }

    @Test func fiftyConcurrent401sRefreshOnce() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        let task = try await server.task(projectID: UUID(), start: false)
        // Every access token issued so far is now refused: the 50 calls all meet a real 401.
        try await server.admin("config", ["revoke_access_tokens": true])
        let results = try await withThrowingTaskGroup(of: ArchonTask.self) { group in
            for _ in 0..<50 { group.addTask { try await client.getTask(id: task.id) } }
            return try await group.reduce(into: [ArchonTask]()) { $0.append($1) }
        }
        #expect(results.count == 50)
        let counters = try await server.counters()
        #expect(counters.requests["refreshes"] == 1)
        #expect(counters.requests["GET /rest/v1/tasks/{id}"] == 100, "each call sent once and replayed once")
    }

    @Test func anExpiredTokenIsRefreshedOnceBeforeTheCalls() async throws {
        let server = try await ArchonServer.start()
        // Signed in with a token that expires at once; the refreshed one lasts an hour.
        try await server.admin("config", ["access_lifetime": 0])
        let (client, _) = try await server.signedInClient(refreshLeeway: 0)
        try await server.admin("config", ["access_lifetime": 3600])
        let task = try await server.task(projectID: UUID(), start: false)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { _ = try await client.getTask(id: task.id) } }
            try await group.waitForAll()
        }
        let counters = try await server.counters()
        #expect(counters.requests["refreshes"] == 1)
        // Refreshed before sending: no call was rejected and sent again.
        #expect(counters.requests["GET /rest/v1/tasks/{id}"] == 20)
    }

    @Test func aFailedRefreshSignsOutOnce() async throws {
        let server = try await ArchonServer.start()
        let hook = Counter()
        let (client, session) = try await server.signedInClient(onUnauthorized: { hook.increment() })
        try await server.admin("config", ["drop_refresh_tokens": true])
        let expired: JSONValue = ["kind": "status", "status": 401, "message": "JWT expired"]
        try await server.inject("GET /feed", Array(repeating: expired, count: 10))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    let error = await apiError { _ = try await client.fetchFeed() }
                    guard case .notAuthenticated? = error else { Issue.record("got \(String(describing: error))"); return }
                }
            }
        }
        #expect(hook.value == 1)
        #expect(await session.isSignedIn == false)
    }

    @Test func serverErrorsAreRetried() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        try await server.inject("GET /feed", [["kind": "status", "status": 503], ["kind": "status", "status": 503]])
        _ = try await client.fetchFeed()
        #expect(try await server.counters().requests["GET /feed"] == 3)
    }

    @Test func rateLimitsWaitForRetryAfter() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        try await server.inject("GET /feed", [["kind": "status", "status": 429, "retry_after": 1]])
        let start = Date()
        _ = try await client.fetchFeed()
        #expect(Date().timeIntervalSince(start) >= 1)
        #expect(try await server.counters().requests["GET /feed"] == 2)
    }

    @Test func aCutConnectionIsRetriedForAGetButNotForAPost() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        try await server.inject("GET /feed", [["kind": "cut"]])
        _ = try await client.fetchFeed()
        #expect(try await server.counters().requests["GET /feed"] == 2)

        try await server.inject("POST /posts", [["kind": "cut"]])
        let error = await apiError { _ = try await client.createPost(body: NewPost(title: "Once", body: "only")) }
        guard case .networkError? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(try await server.counters().requests["POST /posts"] == 1)
    }

    @Test func slowResponsesTimeOut() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        // A fraction of a second is that fraction on every platform: an answer after 0.2 s
        // beats a 0.5 s timeout, and one after 3 s is cut off no sooner than 0.5 s.
        try await server.inject("GET /feed", [["kind": "delay", "seconds": 0.2], ["kind": "delay", "seconds": 3]])
        _ = try await client.fetchFeed(options: RequestOptions(timeout: 0.5, maxRetries: 0))
        let start = ContinuousClock.now
        let error = await apiError { _ = try await client.fetchFeed(options: RequestOptions(timeout: 0.5, maxRetries: 0)) }
        guard case .timedOut? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(ContinuousClock.now - start >= .milliseconds(500))
    }

    @Test func anUnknownEnumValueDecodesAsUnknown() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        let task = try await server.task(projectID: UUID(), unknownStatus: true, start: false)
        #expect(try await client.getTask(id: task.id).status == .unknown("paused_for_review"))
    }

    @Test func aMalformedBodyNamesTheKeyPath() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        try await server.inject("GET /posts/{id}", [["kind": "malformed", "body": #"{"data": {"id": 1, "title": 5}}"#]])
        let error = await apiError { _ = try await client.getPost(id: 1) }
        guard case .decodingError? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(error?.description.contains("data.title") == true, "\(String(describing: error))")
    }
}
