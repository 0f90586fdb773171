import CourierTestSupport
import Foundation
import Testing

@testable import CourierLoopbackServer
import CourierRuntime

/// A request that is safe to repeat and has a body (a call with an idempotency key, a PUT) goes
/// out on kept-alive connections like a GET, and when one dies under it, the repeat that the HTTP
/// stack sends carries the whole body, the same key, and a declared length: nothing is lost, and
/// the API's contract makes the second copy harmless.
@Suite("Idempotent requests with bodies reuse connections; a repeat carries the whole body", .serialized, .timeLimit(.minutes(3)))
struct IdempotentConnectionReuseTests {
    struct Answer: Decodable {
        let id: Int
        let bodyBytes: Int
        let key: String?
        let transferEncoding: String?
    }

    enum Kind: String, CaseIterable, Sendable {
        case postWithKey = "POST"
        case put = "PUT"
    }

    /// A client with an idempotency key header; with `maxRetries: 0`, whatever reaches the
    /// server twice was repeated by the HTTP stack, not by the client.
    static func client(_ server: LoopbackServerProcess, maxRetries: Int? = nil) -> APIClient {
        APIClient(
            baseURL: server.baseURL, credentials: .none, maxRetries: maxRetries, transport: URLSessionTransport(),
            configuration: .init(idempotencyKeyHeader: "Idempotency-Key"))
    }

    static func request(_ kind: Kind, _ path: String, body: Data) -> APIRequest {
        APIRequest(
            method: kind == .put ? .put : .post, path: path, body: .raw(body, contentType: "application/octet-stream"),
            requiresAuth: false, timeout: 10)
    }

    /// The server answers a connection's first request and closes the connection on the next one
    /// after reading it: the request went out on the warm connection (it was counted there), and
    /// the stack sent it again, body and all, on a new one.
    @Test(arguments: Kind.allCases)
    func aRepeatAfterAKeptAliveConnectionDiesCarriesTheWholeBody(kind: Kind) async throws {
        let server = try await keepAliveFaultServer()
        let client = Self.client(server, maxRetries: 0)
        let _: Answer = try await client.send(APIRequest(method: .get, path: "/drop/warm", requiresAuth: false))
        // Larger than one read of the stream, so that the repeat must start again from byte 0.
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let answer: Answer = try await client.send(Self.request(kind, "/drop/orders", body: body))
        #expect(answer.id == 2, "the request was not sent on the kept-alive connection")
        #expect(answer.bodyBytes == body.count)
        #expect(answer.transferEncoding == nil, "the body went chunked, which some servers refuse")
        let counts = try await serverCounts(client)
        #expect(counts["\(kind.rawValue) /drop/orders"] == 2)
        #expect(counts["INCOMPLETE"] == nil)
        if kind == .postWithKey {
            let key = try #require(answer.key)
            #expect(counts["KEY \(key)"] == 2, "both copies carry the call's one key")
        } else {
            #expect(answer.key == nil, "an idempotent method needs no key")
        }
    }

    /// A POST without a key still goes on a connection of its own beside keyed calls on the same
    /// transport: it reaches the server once.
    @Test func aPostWithoutAKeyStillGetsAConnectionOfItsOwn() async throws {
        let server = try await keepAliveFaultServer()
        let transport = URLSessionTransport()
        let keyed = APIClient(baseURL: server.baseURL, credentials: .none, transport: transport, configuration: .init(idempotencyKeyHeader: "Idempotency-Key"))
        let plain = APIClient(baseURL: server.baseURL, credentials: .none, transport: transport)
        let _: Answer = try await keyed.send(APIRequest(method: .get, path: "/drop/warm", requiresAuth: false))
        let body = Data(#"{"total":12}"#.utf8)
        let answer: Answer = try await plain.send(
            APIRequest(method: .post, path: "/drop/plain", body: .raw(body, contentType: "application/json"), requiresAuth: false, timeout: 10))
        #expect(answer.id == 1)
        #expect(answer.key == nil)
        #expect(try await serverCounts(plain)["POST /drop/plain"] == 1)
    }

    /// Upload progress of a body sent as a stream knows the body's length and reaches it.
    @Test func uploadProgressOfAStreamedBodyReachesTheWholeBody() async throws {
        let server = try await keepAliveFaultServer()
        let client = Self.client(server)
        let reports = ProgressReports()
        let body = Data(repeating: 0x2a, count: 1_000_000)
        let answer: Answer = try await client.send(Self.request(.put, "/drop/upload", body: body), options: RequestOptions(uploadProgress: { reports.add($0) }))
        #expect(answer.bodyBytes == body.count)
        let all = reports.values
        #expect(!all.isEmpty)
        #expect(all.allSatisfy { $0.totalBytes == Int64(body.count) }, "\(all.prefix(3))")
        #expect(all.last?.sentBytes == Int64(body.count))
    }

    /// Many keyed POSTs and PUTs in flight beside GETs that keep connections alive, every second
    /// request on a connection dropped unanswered: each call succeeds with its own whole body,
    /// and each copy the server processed carried the call's key.
    @Test func underLoadEveryRepeatCarriesItsCallsBodyAndKey() async throws {
        let server = try await keepAliveFaultServer()
        let client = Self.client(server)
        let keys = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let _: Answer = try await client.send(APIRequest(method: .get, path: "/drop/get\(index)", requiresAuth: false, timeout: 10))
                    let kind: Kind = index % 4 == 3 ? .put : .postWithKey
                    let body = Data(repeating: UInt8(index), count: 1 + index * 997)
                    let answer: Answer = try await client.send(Self.request(kind, "/drop/write\(index)", body: body))
                    #expect(answer.bodyBytes == body.count, "call \(index)")
                    #expect(answer.transferEncoding == nil)
                    return answer.key
                }
            }
            var keys: [String] = []
            for try await key in group { if let key { keys.append(key) } }
            return keys
        }
        #expect(keys.count == 48)
        #expect(Set(keys).count == keys.count, "each call has a key of its own")
        let counts = try await serverCounts(client)
        let writes = counts.filter { $0.key.contains(" /drop/write") }
        #expect(writes.count == 64)
        #expect(writes.values.reduce(0, +) > 64, "no request went out on a kept-alive connection")
        for key in keys { #expect((counts["KEY \(key)"] ?? 0) >= 1) }
        let copiesWithKeys = keys.map { counts["KEY \($0)"] ?? 0 }.reduce(0, +)
        let keyedCopies = writes.filter { $0.key.hasPrefix("POST ") }.values.reduce(0, +)
        #expect(copiesWithKeys == keyedCopies, "a copy of a keyed call arrived without its key")
        #expect(counts["INCOMPLETE"] == nil, "a repeat went out without the whole of its body")
    }
}
