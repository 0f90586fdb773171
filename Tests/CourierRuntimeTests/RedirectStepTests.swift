import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// The client's redirect step, against a scripted transport: which redirects it follows, where
/// to, with what, and where it stops.
@Suite("The redirect step")
struct RedirectStepTests {
    static func redirect(_ status: Int, to location: String) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: status, headers: ["Location": location], body: Data()))
    }

    static func client(_ transport: ScriptedTransport, policy: RedirectPolicy = .followStrippingCredentialsAcrossOrigins, maxRetries: Int = 0) -> APIClient {
        APIClient(
            baseURL: testBaseURL, token: "t1", maxRetries: maxRetries, transport: transport,
            configuration: .init(clock: RecordingClock(), redirectPolicy: policy))
    }

    @Test func aRelativeLocationIsResolvedAgainstTheRequest() async throws {
        let transport = ScriptedTransport([Self.redirect(302, to: "../moved/7?x=1"), json(200, "{}")])
        let _: JSONValue = try await Self.client(transport).send(APIRequest(method: .get, path: "/v1/items/7"))
        #expect(transport.requests.map(\.url.absoluteString) == ["https://api.example.com/v1/items/7", "https://api.example.com/v1/moved/7?x=1"])
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer t1", "Bearer t1"])
    }

    @Test func tenRedirectsInARowAreFollowedAndTheEleventhIsAnError() async throws {
        let transport = ScriptedTransport([Self.redirect(302, to: "/loop")])
        let error = await apiError { let _: JSONValue = try await Self.client(transport).send(APIRequest(method: .get, path: "/loop")) }
        guard case .networkError(let cause)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect("\(cause)".contains("redirected more than 10 times in a row"))
        #expect(transport.requests.count == 11)
    }

    @Test func theNeverPolicyReturnsTheRedirectAsTheCallsResponse() async throws {
        let transport = ScriptedTransport([Self.redirect(301, to: "/elsewhere"), json(200, "{}")])
        let error = await apiError { let _: JSONValue = try await Self.client(transport, policy: .never).send(APIRequest(method: .get, path: "/a")) }
        guard case .unexpectedStatus(let response)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(response.status == 301)
        #expect(transport.requests.count == 1)
    }

    @Test func aResponseWithoutLocationIsNotFollowed() async throws {
        let transport = ScriptedTransport([.success(HTTPResponse(status: 302, headers: [:], body: Data())), json(200, "{}")])
        let error = await apiError { let _: JSONValue = try await Self.client(transport).send(APIRequest(method: .get, path: "/a")) }
        guard case .unexpectedStatus(let response)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(response.status == 302)
        #expect(transport.requests.count == 1)
    }

    /// A retry after a hop failed starts the call over at its own URL, with a fresh token.
    @Test func aRetryAfterAHopFailedStartsOverAtTheCallsURL() async throws {
        let transport = ScriptedTransport([Self.redirect(307, to: "/b"), json(503, "{}"), Self.redirect(307, to: "/b"), json(200, "{}")])
        let _: JSONValue = try await Self.client(transport, maxRetries: 1).send(APIRequest(method: .get, path: "/a"))
        #expect(transport.requests.map(\.url.path) == ["/a", "/b", "/a", "/b"])
    }

    /// A 401 from another origin, to which the token was not sent, is the call's answer: the
    /// client neither refreshes nor signs out.
    @Test func a401AfterTheTokenWasStrippedDoesNotSignOut() async throws {
        let signOuts = Counter()
        let transport = ScriptedTransport([Self.redirect(302, to: "https://files.example.net/x"), json(401, "{}")])
        let client = APIClient(
            baseURL: testBaseURL, token: "t1", maxRetries: 0, transport: transport,
            configuration: .init(onUnauthorized: { _ = signOuts.increment() }, clock: RecordingClock()))
        let error = await apiError { let _: JSONValue = try await client.send(APIRequest(method: .get, path: "/a")) }
        guard case .notAuthenticated? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(transport.requests.count == 2)
        #expect(transport.requests[1].headers["Authorization"] == nil)
        #expect(signOuts.value == 0)
    }

    @Test func aStreamedCallFollowsARedirect() async throws {
        let transport = ScriptedTransport([Self.redirect(302, to: "/events/2"), .success(HTTPResponse(status: 200, headers: [:], body: Data("data".utf8)))])
        let response = try await Self.client(transport).streamingResponse(for: APIRequest(method: .get, path: "/events"), options: nil)
        #expect(response.status == 200)
        #expect(transport.requests.map(\.url.path) == ["/events", "/events/2"])
    }
}
