import CourierTestSupport
import Foundation
import Testing

@testable import CourierLoopbackServer
import CourierRuntime

/// The loopback fixture server (standard library Python) for one test.
func fixtureServer() async throws -> LoopbackServerProcess {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/stream_server.py")
    return try await LoopbackServerProcess.start(python: "/usr/bin/python3", script: script)
}

@Suite("URLSessionTransport against a real loopback server", .serialized, .timeLimit(.minutes(3)))
struct URLSessionTransportTests {
    @Test func aServerThatLogsALotKeepsAnswering() async throws {
        let server = try await fixtureServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, timeout: 20, maxRetries: 0, transport: URLSessionTransport())
        for _ in 0..<3 {
            let item: Item = try await client.send(APIRequest(method: .get, path: "/noisy", requiresAuth: false))
            #expect(item == Item(id: 1))
        }
    }

    @Test func bufferedRequest() async throws {
        let server = try await fixtureServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, transport: URLSessionTransport())
        let item: Item = try await client.send(APIRequest(method: .get, path: "/json", requiresAuth: false))
        #expect(item == Item(id: 1))
        await #expect(throws: APIError.self) { try await client.send(APIRequest(method: .get, path: "/missing", requiresAuth: false)) }
    }

    @Test func eventsArriveAsTheServerSendsThem() async throws {
        let server = try await fixtureServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, transport: URLSessionTransport())
        let start = Date()
        var arrivals: [TimeInterval] = []
        var items: [Item] = []
        for try await item in client.events(APIRequest(method: .get, path: "/events", requiresAuth: false), as: Item.self) {
            items.append(item)
            arrivals.append(Date().timeIntervalSince(start))
        }
        let end = Date().timeIntervalSince(start)
        #expect(items == [Item(id: 0), Item(id: 1), Item(id: 2)])
        // The server sends an event every 0.4 s; buffering would deliver all three at the end.
        #expect(arrivals[0] < end - 0.5, "first event at \(arrivals[0]) s, stream ended at \(end) s")
    }

    @Test func cancellingAStreamClosesTheConnection() async throws {
        let server = try await fixtureServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, transport: URLSessionTransport())
        var received = 0
        for try await _ in client.events(APIRequest(method: .get, path: "/events/endless", requiresAuth: false), as: Item.self) {
            received += 1
            if received == 2 { break }
        }
        #expect(received == 2)
        let disconnects: Item = try await client.send(APIRequest(method: .get, path: "/wait/disconnects", requiresAuth: false, timeout: 30))
        #expect(disconnects.id == 1)
    }

    @Test func cancellingTheIteratingTaskClosesTheConnection() async throws {
        let server = try await fixtureServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, transport: URLSessionTransport())
        let received = Counter()
        let (firstEvent, signal) = AsyncStream<Void>.makeStream()
        let task = Task {
            for try await _ in client.events(APIRequest(method: .get, path: "/events/endless", requiresAuth: false), as: Item.self) {
                received.increment()
                signal.yield()
            }
        }
        for await _ in firstEvent { break }
        task.cancel()
        // A cancelled consumer ends the iteration as AsyncThrowingStream does: `next()` returns nil.
        let result = await task.result
        if case .failure(let error) = result { Issue.record("the iteration failed: \(error)") }
        let countAtCancel = received.value
        let disconnects: Item = try await client.send(APIRequest(method: .get, path: "/wait/disconnects", requiresAuth: false, timeout: 30))
        #expect(disconnects.id == 1)
        #expect(received.value == countAtCancel)
    }

    @Test func timeoutsAreReportedAsTimedOut() async throws {
        let server = try await fixtureServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, maxRetries: 0, transport: URLSessionTransport())
        do {
            try await client.send(APIRequest(method: .get, path: "/slow", requiresAuth: false, timeout: 0.5))
            Issue.record("expected a timeout")
        } catch let error as APIError {
            guard case .timedOut = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let server = try await fixtureServer()
        let client = APIClient(baseURL: server.baseURL, credentials: .none, transport: URLSessionTransport())
        let start = Date()
        let task = Task { try await client.send(APIRequest(method: .get, path: "/slow", requiresAuth: false)) }
        // Cancel once the server has the request.
        let _: Item = try await client.send(APIRequest(method: .get, path: "/wait/slow_started", requiresAuth: false, timeout: 30))
        task.cancel()
        let result = await task.result
        guard case .failure(let error as APIError) = result, case .cancelled = error else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        #expect(Date().timeIntervalSince(start) < 2.5)
    }

    @Test func aRequestSentFromACancelledTaskIsCancelledAtOnce() async throws {
        let server = try await fixtureServer()
        let transport = URLSessionTransport()
        let url = server.baseURL.appendingPathComponent("slow")
        let start = Date()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: .get, url: url, headers: [:], body: nil, timeout: 10))
        }
        let result = await task.result
        guard case .failure(let error as TransportError) = result, error == .cancelled else {
            Issue.record("expected TransportError.cancelled, got \(result)")
            return
        }
        #expect(Date().timeIntervalSince(start) < 2.5)
    }

    @Test func uploadsReportProgressUpToTheWholeBody() async throws {
        let server = try await fixtureServer()
        let client = APIClient(baseURL: server.baseURL, token: "t", transport: URLSessionTransport())
        let reports = ProgressReports()
        let image = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0) })
        let received: Item = try await client.upload(
            path: "/upload", imageData: image, filename: "big.jpg", options: RequestOptions(uploadProgress: { reports.add($0) }))
        let all = reports.values
        #expect(received.id > image.count)
        #expect(!all.isEmpty)
        #expect(all.map(\.sentBytes) == all.map(\.sentBytes).sorted())
        #expect(all.last?.sentBytes == Int64(received.id))
        #expect(all.last?.fractionCompleted == 1)
    }

    @Test func refusedConnectionsAreNetworkErrors() async throws {
        let client = APIClient(baseURL: URL(string: "http://127.0.0.1:9")!, credentials: .none, maxRetries: 0, transport: URLSessionTransport())
        do {
            try await client.send(APIRequest(method: .post, path: "/x", requiresAuth: false))
            Issue.record("expected a network error")
        } catch let error as APIError {
            guard case .networkError(let underlying) = error, case .cannotConnect = underlying as? TransportError else {
                Issue.record("got \(error)")
                return
            }
        }
    }
}

/// Collects progress reports from the transport's delegate queue.
final class ProgressReports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [UploadProgress] = []
    var values: [UploadProgress] { lock.withLock { reports } }
    func add(_ progress: UploadProgress) { lock.withLock { reports.append(progress) } }
}
