import CourierTestSupport
import Foundation
import Testing

@testable import CourierLoopbackServer
import CourierRuntime

/// The raw-socket server that closes kept-alive connections without answering.
func keepAliveFaultServer() async throws -> LoopbackServerProcess {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/keepalive_fault_server.py")
    return try await LoopbackServerProcess.start(python: "/usr/bin/python3", script: script)
}

/// What the fault server counted, by `METHOD /path`.
func serverCounts(_ client: APIClient) async throws -> [String: Int] {
    try await client.send(APIRequest(method: .get, path: "/stats", requiresAuth: false))
}

/// A request that is not idempotent reaches the server at most once, whatever happens to the
/// connection under it: nothing below the client's retry policy may send it again.
@Suite("At most once: no request is repeated below the retry policy", .serialized, .timeLimit(.minutes(3)))
struct AtMostOnceTests {
    struct Answer: Decodable { let id: Int; let bodyBytes: Int }

    /// On a reused connection that the server closes after reading the request, libcurl (under
    /// URLSession on Linux) sends the request again on a new connection, unseen. A POST must
    /// never go out on a reused connection, so this cannot happen to it.
    @Test(arguments: [false, true])
    func aPostIsProcessedOnceWhenAKeptAliveConnectionDies(withBody: Bool) async throws {
        let server = try await keepAliveFaultServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, transport: URLSessionTransport())
        let warm: Answer = try await client.send(APIRequest(method: .get, path: "/drop/warm", requiresAuth: false))
        #expect(warm.id == 1)
        let body = withBody ? Data(#"{"total":12}"#.utf8) : nil
        let post = APIRequest(method: .post, path: "/drop/orders", body: body.map { .raw($0, contentType: "application/json") } ?? .none, requiresAuth: false, timeout: 10)
        let answer: Answer = try await client.send(post)
        #expect(answer.id == 1)
        #expect(answer.bodyBytes == (body?.count ?? 0))
        #expect(try await serverCounts(client)["POST /drop/orders"] == 1)
    }

    /// A POST whose connection dies after it was sent fails with a network error, is not retried
    /// (it may have been processed), and reached the server once.
    @Test func aPostWhoseConnectionDiesFailsAndIsSentOnce() async throws {
        let server = try await keepAliveFaultServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, transport: URLSessionTransport())
        let _: Answer = try await client.send(APIRequest(method: .get, path: "/drop/warm", requiresAuth: false))
        do {
            let _: Answer = try await client.send(APIRequest(method: .post, path: "/dead/orders", requiresAuth: false, timeout: 10))
            Issue.record("a request the server never answered succeeded")
        } catch let error as APIError {
            guard case .networkError = error else { Issue.record("expected networkError, got \(error)"); return }
        }
        #expect(try await serverCounts(client)["POST /dead/orders"] == 1)
    }

    /// Many POSTs in flight beside GETs that keep connections alive: each POST processed once.
    @Test func postsUnderLoadAreEachProcessedOnce() async throws {
        let server = try await keepAliveFaultServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, transport: URLSessionTransport())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let _: Answer = try await client.send(APIRequest(method: .get, path: "/drop/get\(index)", requiresAuth: false, timeout: 10))
                    let _: Answer = try await client.send(APIRequest(method: .post, path: "/drop/post\(index)", requiresAuth: false, timeout: 10))
                }
            }
            try await group.waitForAll()
        }
        let counts = try await serverCounts(client)
        let posts = counts.filter { $0.key.hasPrefix("POST ") }
        #expect(posts.count == 64)
        #expect(posts.values.allSatisfy { $0 == 1 }, "\(posts.filter { $0.value != 1 })")
    }
}
