import CourierFixtures
import CourierRuntime
import Foundation
import Testing

/// Endpoints named like the runtime's own members (`send`, `response`, `events`, `timeout`,
/// `headers`, `get`, `delete`, `clock`, `pages`, `poll`, `post`) are callable on the real client
/// type and on the mock, and each reaches its own route; fields named like the generated code's
/// locals (`form`, `request`, `item`) are sent as themselves.
@Suite("Names that collide with the runtime's")
struct CollidingNamesTests {
    let named = Named(name: "n")

    @Test func eachEndpointReachesItsOwnRoute() async throws {
        let mock = MockAPIClient()
        for path in ["/send", "/response", "/timeout", "/headers", "/get/1", "/clock", "/poll"] {
            mock.stub(path == "/send" ? .post : .get, path, json: named)
        }
        mock.stub(.delete, "/delete/2", json: EmptyResponse())
        mock.stub(.get, "/pages", json: PaginatedResponse(data: [named], cursor: nil))
        mock.stubEvents(.get, "/events", [named])

        #expect(try await mock.send(body: named) == named)
        #expect(try await mock.response() == named)
        #expect(try await mock.timeout() == named)
        #expect(try await mock.headers(request: "r") == named)
        #expect(try await mock.get(id: 1) == named)
        try await mock.delete(id: 2)
        #expect(try await mock.clock() == named)
        #expect(try await mock.pages().data == [named])
        #expect(try await mock.poll() == named)
        var events: [Named] = []
        for try await event in mock.events() { events.append(event) }
        #expect(events == [named])

        let paths = mock.requests.map { "\($0.method.rawValue) \($0.path)" }
        #expect(paths == [
            "POST /send", "GET /response", "GET /timeout", "GET /headers", "GET /get/1", "DELETE /delete/2", "GET /clock",
            "GET /pages", "GET /poll", "GET /events",
        ])
        #expect(mock.requests[3].query.map(\.name) == ["request"])
    }

    @Test func theRealClientKeepsItsPropertiesBesideTheMethods() async throws {
        let client = APIClient(baseURL: URL(string: "https://example.com")!, credentials: .none, timeout: 7)
        #expect(client.timeout == 7)
        #expect(client.headers.fields.isEmpty)
        let api: any CollisionsAPI = client
        _ = api
    }

    @Test func fieldsNamedLikeLocalsAreSentAsThemselves() async throws {
        let mock = MockAPIClient()
        mock.stub(.post, "/post", json: EmptyResponse())
        try await mock.post(form: "f", request: "r", item: ["a", "b"])
        guard case .multipart(let form)? = mock.requests.first?.body else {
            Issue.record("no multipart body")
            return
        }
        let body = String(decoding: try form.encoded().body, as: UTF8.self)
        for (name, value) in [("form", "f"), ("request", "r"), ("item", "a"), ("item", "b")] {
            #expect(body.contains("name=\"\(name)\"\r\n\r\n\(value)\r\n"), "\(name)=\(value) missing:\n\(body)")
        }
    }
}
