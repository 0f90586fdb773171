import CourierTestSupport
import Foundation
import Testing

@testable import CourierLoopbackServer
@testable import CourierRuntime

/// Interceptors see every attempt with its reason and timing, and may change what is sent.
@Suite("Interceptors", .serialized, .timeLimit(.minutes(3)))
struct InterceptorTests {
    /// Records what it sees; optionally stamps each attempt.
    final class Recorder: RequestInterceptor, @unchecked Sendable {
        struct Entry: Equatable {
            var endpoint: String
            var number: Int
            var reason: AttemptReason
            var elapsed: TimeInterval
            var url: String
            var authorization: String?
            var status: Int?
            var failed: Bool
        }

        private let lock = NSLock()
        private var recorded: [Entry] = []
        var entries: [Entry] { lock.withLock { recorded } }

        func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> HTTPRequest {
            var request = request
            request.headers["X-Attempt"] = "\(attempt.number)"
            return request
        }

        func attemptEnded(_ attempt: Attempt, request: HTTPRequest, outcome: AttemptOutcome) async {
            var status: Int?
            var failed = false
            switch outcome {
            case .response(let code, _, _): status = code
            case .failure: failed = true
            }
            let entry = Entry(
                endpoint: attempt.endpoint, number: attempt.number, reason: attempt.reason, elapsed: attempt.elapsed,
                url: request.url.path, authorization: request.headers["Authorization"], status: status, failed: failed)
            lock.withLock { recorded.append(entry) }
        }
    }

    /// Signs the final body bytes: a checksum standing in for an HMAC.
    struct Signer: RequestInterceptor {
        static func signature(of body: Data?) -> String {
            String((body ?? Data()).reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }, radix: 16)
        }

        func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> HTTPRequest {
            var request = request
            request.headers["X-Signature"] = Self.signature(of: request.body)
            return request
        }
    }

    @Test func everyAttemptIsSeenWithItsReasonAndTime() async throws {
        let transport = ScriptedTransport([.failure(.connectionLost("reset")), json(503, "{}"), json(429, "{}", headers: ["Retry-After": "2"]), json(200, #"{"id":1}"#)])
        let recorder = Recorder()
        let clock = RecordingClock()
        let client = APIClient(
            baseURL: testBaseURL, credentials: .none, transport: transport,
            configuration: .init(retryPolicy: RetryPolicy(jitter: 0), clock: clock, interceptors: [recorder]))
        let _: Item = try await client.send(APIRequest(name: "getItem", method: .get, path: "/items/1", requiresAuth: false))
        let entries = recorder.entries
        #expect(entries.map(\.reason) == [.first, .retryAfterFailure("the connection was lost: reset"), .retryAfterStatus(503), .retryAfterRateLimit(retryAfter: 2)])
        #expect(entries.map(\.number) == [1, 2, 3, 4])
        #expect(entries.map(\.endpoint) == Array(repeating: "getItem", count: 4))
        #expect(entries.map(\.status) == [nil, 503, 429, 200])
        #expect(entries.map(\.failed) == [true, false, false, false])
        // Time so far, by the client's clock: the backoffs of 1 s and 2 s, then the Retry-After.
        #expect(entries.map(\.elapsed) == [0, 1, 3, 5])
        #expect(transport.requests.map { $0.headers["X-Attempt"] } == ["1", "2", "3", "4"])
    }

    @Test func theReplayAfterARefreshIsAnAttemptOfItsOwn() async throws {
        let tokens = Counter()
        let transport = ScriptedTransport { request, _ in
            request.headers["Authorization"] == "Bearer t2" ? try json(200, #"{"id":1}"#).get() : try json(401, "{}").get()
        }
        let recorder = Recorder()
        let client = APIClient(
            baseURL: testBaseURL, token: { tokens.increment(); return "t\(tokens.value)" }, transport: transport,
            configuration: .init(clock: RecordingClock(), interceptors: [recorder]))
        let _: Item = try await client.send(APIRequest(method: .get, path: "/items/1"))
        #expect(recorder.entries.map(\.reason) == [.first, .replayAfterRefresh])
        #expect(recorder.entries.map(\.authorization) == ["Bearer t1", "Bearer t2"])
        #expect(recorder.entries.map(\.endpoint) == ["GET /items/1", "GET /items/1"])
    }

    /// A signature over the body covers the bytes that are sent, extra body parameters
    /// included, on every attempt.
    @Test func aSignatureCoversTheFinalBodyBytes() async throws {
        let transport = ScriptedTransport([json(503, "{}"), json(200, #"{"id":1}"#)])
        let client = APIClient(
            baseURL: testBaseURL, credentials: .none, transport: transport,
            configuration: .init(clock: RecordingClock(), interceptors: [Signer()]))
        let options = RequestOptions(additionalBodyParameters: ["trace": "on"])
        let _: Item = try await client.send(
            APIRequest(method: .put, path: "/items/1", body: .json(["title": "x"]), requiresAuth: false), options: options)
        #expect(transport.requests.count == 2)
        for sent in transport.requests {
            #expect(String(decoding: sent.body ?? Data(), as: UTF8.self).contains("trace"))
            #expect(sent.headers["X-Signature"] == Signer.signature(of: sent.body))
        }
    }

    @Test func anInterceptorThatThrowsEndsTheCallBeforeAnythingIsSent() async throws {
        struct Refuses: RequestInterceptor {
            struct Offline: Error {}
            func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> HTTPRequest { throw Offline() }
        }
        let transport = ScriptedTransport([json(200, "{}")])
        let client = APIClient(baseURL: testBaseURL, credentials: .none, transport: transport, configuration: .init(interceptors: [Refuses()]))
        let error = await apiError { try await client.send(APIRequest(method: .get, path: "/items", requiresAuth: false)) }
        guard case .invalidRequest(let message)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message.contains("an interceptor refused GET https://api.example.com/items"))
        #expect(transport.requests.isEmpty)
    }

    /// Each redirect hop is an attempt the interceptors see, after the redirect policy removed
    /// the credentials that must not follow to another origin.
    @Test func redirectHopsAreSeenAfterCredentialsAreStripped() async throws {
        let server = try await fixtureServer()
        let recorder = Recorder()
        let client = APIClient(
            baseURL: server.baseURL, token: "secret-token", maxRetries: 0, transport: URLSessionTransport(),
            configuration: .init(interceptors: [recorder]))
        let target = TransportFaultTests.otherOrigin(server) + "/echo"
        struct Echo: Decodable { let headers: [String: String] }
        let echo: Echo = try await client.send(APIRequest(method: .get, path: TransportFaultTests.redirectPath(302, to: target)))
        let entries = recorder.entries
        #expect(entries.map(\.reason) == [.first, .redirect(status: 302)])
        #expect(entries.map(\.number) == [1, 1])
        #expect(entries.map(\.status) == [302, 200])
        #expect(entries.map(\.url).last == "/echo")
        #expect(entries[0].authorization == "Bearer secret-token")
        #expect(entries[1].authorization == nil)
        #expect(echo.headers["x-attempt"] == "1")
    }

    /// The mock runs the same interceptors: an interceptor is tested without a network.
    @Test func theMockRunsTheInterceptors() async throws {
        let recorder = Recorder()
        let mock = MockAPIClient(clock: RecordingClock(), interceptors: [Signer(), recorder])
        mock.stub(.post, "/items", json: Item(id: 3))
        mock.stub(.get, "/missing", error: .notFound())
        let item: Item = try await mock.send(APIRequest(name: "createItem", method: .post, path: "/items", body: .json(["title": "x"])))
        #expect(item.id == 3)
        await #expect(throws: APIError.self) { try await mock.send(APIRequest(method: .get, path: "/missing")) as Item }
        let sent = try #require(mock.interceptedRequests.first)
        #expect(sent.url.absoluteString == "https://mock.invalid/items")
        #expect(sent.headers["X-Signature"] == Signer.signature(of: sent.body))
        #expect(recorder.entries.map(\.endpoint) == ["createItem", "GET /missing"])
        #expect(recorder.entries.map(\.status) == [200, 404])
    }

    /// An `AuthSession`'s own requests go through interceptors given to its transport.
    @Test func theSessionsOwnRequestsCanBeIntercepted() async throws {
        let transport = ScriptedTransport([json(200, #"{"access_token":"a2","refresh_token":"r2","expires_in":3600,"token_type":"bearer","user":{"id":"u1"}}"#)])
        let recorder = Recorder()
        let tokens = AuthTokens(accessToken: "a1", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 4_000_000_000))
        let session = AuthSession(
            baseURL: testBaseURL, store: InMemoryTokenStore(tokens), transport: InterceptingTransport(transport, interceptors: [recorder], clock: RecordingClock()))
        _ = try await session.refresh()
        #expect(recorder.entries.map(\.endpoint) == ["POST /auth/v1/token"])
        #expect(recorder.entries.map(\.reason) == [.direct])
        #expect(transport.requests.first?.headers["X-Attempt"] == "1")
    }

    /// The logger is one interceptor among others, and its lines say why an attempt is made.
    @Test func theLoggerWritesALineAsEachAttemptGoesOutAndEnds() async throws {
        let lines = Lines()
        let transport = ScriptedTransport([json(503, "{}"), json(200, #"{"id":1}"#)])
        let client = APIClient(
            baseURL: testBaseURL, credentials: .none, transport: transport,
            configuration: .init(clock: RecordingClock(), logger: { lines.append($0) }))
        let _: Item = try await client.send(APIRequest(method: .get, path: "/items/1", requiresAuth: false))
        #expect(lines.all == [
            "→ GET https://api.example.com/items/1", "← 503 GET https://api.example.com/items/1",
            "→ GET https://api.example.com/items/1 (retry after status 503)", "← 200 GET https://api.example.com/items/1",
        ])
    }
}

/// Lines collected from several tasks.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var all: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}
