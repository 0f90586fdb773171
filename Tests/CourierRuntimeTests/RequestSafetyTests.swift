import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// What a request may carry and where: plain HTTP only to loopback, path values that stay one
/// segment, UUIDs in one spelling.
@Suite("Request safety")
struct RequestSafetyTests {
    @Test func plainHTTPIsAllowedOnlyToLoopbackAddresses() throws {
        for host in ["127.0.0.1", "127.0.0.1:8080", "127.1.2.3", "127.255.255.254:9", "localhost", "localhost:3000", "[::1]", "[::1]:8080", "LOCALHOST"] {
            let url = try #require(URL(string: "http://\(host)/v1"))
            #expect(throws: Never.self, "\(host)") { try RequestBuilder.checkScheme(of: url, allowsInsecureHTTP: false) }
        }
        for host in ["127.evil.com", "127.0.0.1.nip.io", "127.0.0.1.evil.com", "localhost.evil.com", "0x7f.0.0.1", "127.0.0.01", "127.000.000.001",
                     "127.0.0.256", "127.0.0", "2130706433", "128.0.0.1", "[::2]", "[::ffff:127.0.0.1]", "evil.com"] {
            guard let url = URL(string: "http://\(host)/v1") else { continue }
            #expect(throws: APIError.self, "\(host)") { try RequestBuilder.checkScheme(of: url, allowsInsecureHTTP: false) }
        }
    }

    @Test func dotSegmentsAndEmptyPathValuesAreRefusedBeforeSending() async throws {
        for value in ["..", ".", ""] {
            let transport = ScriptedTransport([json(200, "{}")])
            let error = await apiError {
                try await makeClient(transport).send(APIRequest(method: .delete, path: "/tasks/\(path: value)/events"))
            }
            guard case .invalidRequest(let reason)? = error else { Issue.record("'\(value)': got \(String(describing: error))"); continue }
            #expect(reason.contains("DELETE /tasks/{"), "\(reason)")
            #expect(transport.requests.isEmpty)
        }
        // Dots inside a value are ordinary characters.
        let transport = ScriptedTransport([json(200, "{}")])
        try await makeClient(transport).send(APIRequest(method: .get, path: "/files/\(path: "...")/\(path: "a..b")"))
        #expect(transport.requests.first?.url.path == "/files/.../a..b")
    }

    @Test func uuidsAreLowercaseInBodiesAsInPathsAndQueries() throws {
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let body = String(decoding: try WireJSONEncoder().encode(["id": id]), as: UTF8.self)
        #expect(body == #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}"#)
        #expect("/tasks/\(path: id)" == "/tasks/e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        #expect(QueryItem("id", id).value == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
    }

    @Test func aServerMessageEndingInAPeriodGetsNoSecond() {
        for (status, message) in [(404, "Task not found."), (409, "Already cancelled!"), (500, "Database down."), (400, "Title is required.")] {
            let response = HTTPErrorResponse(request: "GET https://api.example.com/x", status: status, message: message)
            let text = APIError.from(response).description
            #expect(!text.contains(".."), "\(text)")
            #expect(!text.contains("!."), "\(text)")
            #expect(text.contains(message), "\(text)")
        }
    }
}
