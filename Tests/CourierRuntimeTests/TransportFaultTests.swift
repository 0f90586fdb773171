import CourierTestSupport
import Foundation
import Testing

@testable import CourierLoopbackServer
@testable import CourierRuntime

/// What arrived at the fixture server's `/echo`.
struct Echo: Decodable, Sendable {
    let method: String
    let path: String
    let body: String
    let headers: [String: String]
}

/// `URLSessionTransport` and the client against a loopback server that redirects, challenges and
/// stalls.
@Suite("URLSessionTransport under faults", .serialized, .timeLimit(.minutes(3)))
struct TransportFaultTests {
    static func redirectPath(_ status: Int, to target: String) -> String {
        "/redirect/\(status)/" + target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// The same server under another origin: `localhost` instead of `127.0.0.1`.
    static func otherOrigin(_ server: LoopbackServerProcess) -> String {
        server.baseURL.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")
    }

    static func client(
        _ server: LoopbackServerProcess, transport: URLSessionTransport = URLSessionTransport(),
        redirectPolicy: RedirectPolicy = .followStrippingCredentialsAcrossOrigins
    ) -> APIClient {
        APIClient(
            baseURL: server.baseURL, token: "secret-token", maxRetries: 0, transport: transport,
            configuration: .init(apiKey: APIKey(header: "apikey", value: "secret-key"), redirectPolicy: redirectPolicy))
    }

    /// The transport sends one request: a redirect comes back as it is, for the client to follow.
    @Test func theTransportReturnsARedirectAsItCame() async throws {
        let server = try await fixtureServer()
        let target = server.baseURL.absoluteString + "/echo"
        let url = try #require(URL(string: server.baseURL.absoluteString + Self.redirectPath(302, to: target)))
        let response = try await URLSessionTransport().send(HTTPRequest(method: .get, url: url))
        #expect(response.status == 302)
        #expect(response.headers["Location"] == target)
    }

    @Test func crossOriginRedirectsDropCredentials() async throws {
        let server = try await fixtureServer()
        let target = Self.otherOrigin(server) + "/echo"
        let echo: Echo = try await Self.client(server).send(
            APIRequest(method: .get, path: Self.redirectPath(302, to: target), headers: ["X-Trace": "t1", "Cookie": "sid=1"]))
        #expect(echo.path == "/echo")
        #expect(echo.headers["authorization"] == nil)
        #expect(echo.headers["apikey"] == nil)
        #expect(echo.headers["cookie"] == nil)
        #expect(echo.headers["x-trace"] == "t1")
    }

    @Test func sameOriginRedirectsKeepCredentialsAnd307KeepsMethodAndBody() async throws {
        let server = try await fixtureServer()
        let target = server.baseURL.absoluteString + "/echo"
        let echo: Echo = try await Self.client(server).send(
            APIRequest(method: .post, path: Self.redirectPath(307, to: target), body: .json(["title": "keep me"]), isIdempotent: true))
        #expect(echo.method == "POST")
        #expect(echo.body == #"{"title":"keep me"}"#)
        #expect(echo.headers["authorization"] == "Bearer secret-token")
        #expect(echo.headers["apikey"] == "secret-key")
    }

    @Test func a303TurnsAPostIntoAGetWithoutBody() async throws {
        let server = try await fixtureServer()
        let echo: Echo = try await Self.client(server).send(
            APIRequest(method: .post, path: Self.redirectPath(303, to: server.baseURL.absoluteString + "/echo"), body: .json(["a": 1])))
        #expect(echo.method == "GET")
        #expect(echo.body == "")
        #expect(echo.headers["content-type"] == nil)
    }

    @Test func theSameOriginPolicyRefusesCrossOriginRedirects() async throws {
        let server = try await fixtureServer()
        let client = Self.client(server, redirectPolicy: .sameOriginOnly)
        let error = await apiError {
            let _: Echo = try await client.send(APIRequest(method: .get, path: Self.redirectPath(302, to: Self.otherOrigin(server) + "/echo")))
        }
        guard case .unexpectedStatus(let response)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(response.status == 302)
    }

    @Test func httpsIsNeverDowngradedToHTTP() {
        let original = HTTPRequest(method: .get, url: URL(string: "https://api.example.com/a")!, headers: ["Authorization": "Bearer t"])
        #expect(RedirectPolicy.followStrippingCredentialsAcrossOrigins.redirect(original, status: 302, to: URL(string: "http://api.example.com/a")!) == nil)
        #expect(RedirectPolicy.followStrippingCredentialsAcrossOrigins.redirect(original, status: 302, to: URL(string: "https://api.example.com/b")!) != nil)
    }

    @Test func aBasicChallengeComesBackAsA401() async throws {
        let server = try await fixtureServer()
        let client = Self.client(server)
        for method in [HTTPMethod.get, .post] {
            let call = Task { try await client.send(APIRequest(method: method, path: "/basic", requiresAuth: false, timeout: 20)) }
            guard let outcome = await result(of: call, within: 30) else {
                Issue.record("\(method) /basic hung on the challenge")
                call.cancel()
                continue
            }
            guard case .failure(let error as APIError) = outcome, case .notAuthenticated(let response?) = error, response.status == 401 else {
                Issue.record("\(method): got \(outcome)")
                continue
            }
        }
        // Streamed too.
        let url = server.baseURL.appendingPathComponent("basic")
        let stream = Task { try await URLSessionTransport().stream(HTTPRequest(method: .get, url: url, timeout: 20)).status }
        guard let status = await result(of: stream, within: 30) else {
            Issue.record("the stream hung on the challenge")
            stream.cancel()
            return
        }
        #expect(try status.get() == 401)
    }

    @Test func tlsToAPlainHTTPServerFailsAtOnceWithoutRetries() async throws {
        let server = try await fixtureServer()
        let https = try #require(URL(string: server.baseURL.absoluteString.replacingOccurrences(of: "http://", with: "https://")))
        let clock = RecordingClock()
        let client = APIClient(baseURL: https, credentials: .none, maxRetries: 3, transport: URLSessionTransport(), configuration: .init(clock: clock))
        let error = await apiError { try await client.send(APIRequest(method: .get, path: "/json", requiresAuth: false)) }
        guard case .networkError(let underlying)? = error, case .insecureConnection? = underlying as? TransportError else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(clock.sleeps.isEmpty, "a TLS failure was retried")
    }

    @Test func subSecondTimeoutsWaitTheirTime() async throws {
        let server = try await fixtureServer()
        // Answers in 0.2 s: a 0.5 s timeout must not fire.
        let item: Item = try await Self.client(server).send(APIRequest(method: .get, path: "/delay/0.2", requiresAuth: false, timeout: 0.5))
        #expect(item == Item(id: 1))
        // Answers in 1.1 s: a 1.5 s timeout is not one second.
        let later: Item = try await Self.client(server).send(APIRequest(method: .get, path: "/delay/1.1", requiresAuth: false, timeout: 1.5))
        #expect(later == Item(id: 1))
    }

    @Test func aTimeoutFiresAfterItsTimeOnBothPaths() async throws {
        let server = try await fixtureServer()
        let start = ContinuousClock.now
        let error = await apiError { try await Self.client(server).send(APIRequest(method: .get, path: "/slow", requiresAuth: false, timeout: 0.5)) }
        guard case .timedOut? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(ContinuousClock.now - start >= .milliseconds(500))

        let streamStart = ContinuousClock.now
        await #expect(throws: TransportError.timedOut) {
            _ = try await URLSessionTransport().stream(HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("slow"), timeout: 0.5))
        }
        #expect(ContinuousClock.now - streamStart >= .milliseconds(500))
    }
}
