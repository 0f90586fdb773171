import CourierFixtures
import CourierRuntime
import Foundation
import Testing

/// A transport that answers every request from a closure and keeps what it was sent.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    private let answer: @Sendable (HTTPRequest) -> HTTPResponse

    init(answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { _ in HTTPResponse(status: 200, body: Data("{}".utf8)) }) {
        self.answer = answer
    }

    var requests: [HTTPRequest] { lock.withLock { sent } }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        lock.withLock { sent.append(request) }
        let response = answer(request)
        return HTTPStreamingResponse(
            status: response.status, headers: response.headers,
            body: AsyncThrowingStream { continuation in
                continuation.yield(response.body)
                continuation.finish()
            })
    }
}

/// The kitchen API: bearer by default, its `Open` group `@public` but for one `@auth(basic)`
/// endpoint, a `@auth(none)` endpoint among the bearer ones, and the API key in the query.
@Suite("Auth schemes per endpoint")
struct AuthSchemesTests {
    let baseURL = URL(string: "https://kitchen.example")!

    @Test func eachEndpointSendsItsOwnCredentials() async throws {
        let transport = RecordingTransport { request in
            let body = request.url.path == "/news" ? "news" : "{}"
            return HTTPResponse(status: 200, headers: ["Content-Type": request.url.path == "/news" ? "text/plain" : "application/json"], body: Data(body.utf8))
        }
        let client = KitchenAPI.client(
            baseURL: baseURL, apiKey: "the-key", credentials: .token("the-token"),
            basicCredentials: BasicCredentials(username: "ada", password: "läuft:1"), transport: transport)

        #expect(try await client.news() == "news")
        _ = try await client.adminStats()
        try await client.ping()
        try await client.remove(id: 3)

        let sent = transport.requests.map { request in
            "\(request.url.path) \(request.headers["Authorization"] ?? "-") \(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.query ?? "")"
        }
        let basic = "Basic " + Data("ada:läuft:1".utf8).base64EncodedString()
        #expect(sent == [
            "/news - api_key=the-key",
            "/admin/stats \(basic) api_key=the-key",
            "/ping - api_key=the-key",
            "/nodes/3 Bearer the-token api_key=the-key",
        ])
    }

    @Test func aBasicEndpointWithoutBasicCredentialsFailsBeforeSending() async throws {
        let transport = RecordingTransport()
        let client = KitchenAPI.client(baseURL: baseURL, apiKey: "k", credentials: .token("t"), transport: transport)
        let error = await #expect(throws: APIError.self) { _ = try await client.adminStats() }
        guard case .invalidRequest(let message)? = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.contains("GET /admin/stats uses HTTP basic authentication"), "\(message)")
        #expect(transport.requests.isEmpty)
    }

    @Test func aRejectedPasswordIsNotAuthenticatedWithoutARefreshOrSignOut() async throws {
        let transport = RecordingTransport { _ in HTTPResponse(status: 401, headers: ["WWW-Authenticate": "Basic"]) }
        let signedOut = SignOutCounter()
        let client = KitchenAPI.client(
            baseURL: baseURL, apiKey: "k", credentials: .provider { "token" }, basicCredentials: BasicCredentials(username: "a", password: "wrong"),
            transport: transport, configuration: .init(onUnauthorized: { await signedOut.count() }))
        let error = await #expect(throws: APIError.self) { _ = try await client.adminStats() }
        guard case .notAuthenticated? = error else {
            Issue.record("expected notAuthenticated, got \(String(describing: error))")
            return
        }
        #expect(transport.requests.count == 1)
        #expect(await signedOut.calls == 0)
    }

    @Test func thePasswordNeverPrints() {
        let credentials = BasicCredentials(username: "ada", password: "hunter2")
        let configuration = APIClient.Configuration(basicCredentials: credentials)
        for text in [String(describing: credentials), String(reflecting: credentials), String(describing: configuration)] {
            #expect(!text.contains("hunter2"), "\(text)")
        }
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!dumped.contains("hunter2"), "\(dumped)")
        #expect(!String(describing: APIKey(query: "api_key", value: "hunter2")).contains("hunter2"))
    }
}

/// Counts calls of `onUnauthorized`.
actor SignOutCounter {
    private(set) var calls = 0
    func count() { calls += 1 }
}

/// Dictionaries in the query: `deepObject` (`filter[status]=open`) and the default `form`
/// (`status=open`), in key order.
@Suite("Query maps")
struct QueryMapTests {
    @Test func entriesTravelInKeyOrderInTheirStyle() async throws {
        let transport = RecordingTransport { _ in HTTPResponse(status: 200, body: Data("[]".utf8)) }
        let client = KitchenAPI.client(baseURL: URL(string: "https://kitchen.example")!, apiKey: "k", credentials: .token("t"), transport: transport)
        _ = try await client.search(filter: ["status": "open", "owner": "me & you"], weights: ["b": 2, "a": 1])
        _ = try await client.search(filter: [:])
        let queries = transport.requests.map { $0.url.query ?? "" }
        #expect(queries == [
            "filter%5Bowner%5D=me%20%26%20you&filter%5Bstatus%5D=open&a=1&b=2&api_key=k",
            "api_key=k",
        ])
    }
}
