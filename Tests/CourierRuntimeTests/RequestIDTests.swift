import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// An error says which request failed on the server's side: the id the server gave it.
@Suite("Request ids in errors")
struct RequestIDTests {
    @Test func theServersRequestIDIsInTheErrorAndItsDescription() async throws {
        let transport = ScriptedTransport([json(500, #"{"message":"boom"}"#, headers: ["Content-Type": "application/json", "x-request-id": "req_8f2a"])])
        let error = await apiError { let _: Item = try await makeClient(transport, maxRetries: 0).send(APIRequest(method: .get, path: "/items/1")) }
        #expect(error?.requestID == "req_8f2a")
        #expect(error?.description.contains("request id req_8f2a") == true, "\(String(describing: error))")
        #expect(error?.response?.description == "GET https://api.example.com/items/1 → 500, request id req_8f2a: boom")
    }

    @Test func theHeadersLookedForCanBeSet() async throws {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Request-Id": "generic", "Sb-Request-Id": "supabase-1"]
        let transport = ScriptedTransport([json(404, "{}", headers: headers)])
        var configuration = APIClient.Configuration(clock: RecordingClock())
        configuration.requestIDHeaders = ["Sb-Request-Id", "X-Request-Id"]
        let client = APIClient(baseURL: testBaseURL, credentials: .none, transport: transport, configuration: configuration)
        let error = await apiError { let _: Item = try await client.send(APIRequest(method: .get, path: "/items/1", requiresAuth: false)) }
        #expect(error?.requestID == "supabase-1")
    }

    /// An id that is not a short line of printable text is not shown.
    @Test(arguments: ["", "   ", "a\u{7}b", String(repeating: "x", count: 201)])
    func anUnusableIDIsLeftOut(_ value: String) {
        let response = HTTPErrorResponse(request: "GET /x", status: 500, headers: ["X-Request-Id": value, "CF-Ray": "8c1f-AMS"])
        #expect(response.requestID == "8c1f-AMS")
    }

    @Test func errorsWithoutAResponseHaveNoRequestID() {
        #expect(APIError.timedOut.requestID == nil)
        #expect(APIError.networkError(TransportError.timedOut).requestID == nil)
    }
}
