import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// `Configuration.idempotencyKeyHeader`: a call that is not idempotent carries one key on all
/// its attempts, a new key per call, and may then be retried as an idempotent call is.
@Suite("Idempotency keys")
struct IdempotencyKeyTests {
    static func client(_ transport: ScriptedTransport, header: String? = "Idempotency-Key") -> APIClient {
        APIClient(
            baseURL: testBaseURL, credentials: .token("t0"), transport: transport,
            configuration: .init(clock: RecordingClock(), idempotencyKeyHeader: header))
    }

    @Test func aPostKeepsItsKeyAcrossRetriesAndIsRetriedAfterItMayHaveBeenSent() async throws {
        let transport = ScriptedTransport([.failure(.connectionLost("reset")), json(503, "{}"), json(200, "{}")])
        try await Self.client(transport).send(APIRequest(method: .post, path: "/charges", body: .json(["amount": 5])))
        let keys = transport.requests.map { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 3)
        #expect(Set(keys).count == 1)
        let key = try #require(keys.first ?? nil)
        #expect(UUID(uuidString: key) != nil)
        #expect(key == key.lowercased())
    }

    @Test func eachCallHasAKeyOfItsOwn() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        let client = Self.client(transport)
        for _ in 0..<3 { try await client.send(APIRequest(method: .post, path: "/charges")) }
        #expect(Set(transport.requests.compactMap { $0.headers["Idempotency-Key"] }).count == 3)
    }

    @Test func idempotentCallsSendNoKey() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        let client = Self.client(transport)
        try await client.send(APIRequest(method: .get, path: "/charges"))
        try await client.send(APIRequest(method: .put, path: "/charges/1"))
        try await client.send(APIRequest(method: .post, path: "/charges/1/like", isIdempotent: true))
        #expect(transport.requests.allSatisfy { $0.headers["Idempotency-Key"] == nil })
    }

    @Test func withoutAHeaderNothingChanges() async throws {
        let transport = ScriptedTransport([.failure(.connectionLost("reset")), json(200, "{}")])
        await #expect(throws: APIError.self) { try await Self.client(transport, header: nil).send(APIRequest(method: .post, path: "/charges")) }
        #expect(transport.requests.count == 1)
        #expect(transport.requests[0].headers["Idempotency-Key"] == nil)
        #expect(transport.requests[0].isIdempotent == false)
    }

    /// A key the app kept (across launches, say) is sent instead of a fresh one; a header the
    /// call sets itself is left alone and not doubled.
    @Test func aKeyGivenByTheCallIsUsed() async throws {
        let transport = ScriptedTransport([json(503, "{}"), json(200, "{}")])
        let client = Self.client(transport)
        try await client.send(APIRequest(method: .post, path: "/charges"), options: RequestOptions(idempotencyKey: "order-42"))
        #expect(transport.requests.map { $0.headers["Idempotency-Key"] } == ["order-42", "order-42"])

        let own = ScriptedTransport([json(200, "{}")])
        try await Self.client(own).send(APIRequest(method: .post, path: "/charges"), options: RequestOptions(additionalHeaders: ["idempotency-key": "mine"]))
        #expect(own.requests[0].headers.filter { $0.name.lowercased() == "idempotency-key" }.map(\.value) == ["mine"])
    }
}
