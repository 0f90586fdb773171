import Archon
import CourierRuntime
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The headers the generated client sends with `getPost`, for the sides that build requests
/// by hand.
let postHeaders: HTTPHeaders = {
    var headers = ArchonAPI.headers
    headers["apikey"] = "anon-key"
    headers["Authorization"] = "Bearer bench-token"
    headers["Accept"] = "application/json"
    return headers
}()

/// `GET /posts/<id>` with `postHeaders`, as a `URLRequest`.
func postRequest(_ posts: URL, _ id: Int) -> URLRequest {
    var request = URLRequest(url: posts.appendingPathComponent(String(id)))
    for field in postHeaders { request.setValue(field.value, forHTTPHeaderField: field.name) }
    return request
}

/// 2,000 GETs one at a time and 2,000 with 32 in flight, through the generated client's
/// `getPost(id:)`, through raw `URLSession.data(for:)` sending the same headers and decoding the
/// same model, and through a `URLSession` with a delegate that does nothing but collect the body
/// (`DelegateFloor`), against the local benchmark server. The sides take turns in blocks so that
/// the machine's drift falls on all of them.
func requestOverheadBenchmark(server: BenchServer) async throws {
    let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: "anon-key", credentials: .token("bench-token"))
    let session = URLSession(configuration: .default)
    let floor = DelegateFloor()
    let transport = URLSessionTransport()
    let decoder = JSONCoding.decoder(for: .iso8601)
    let url = server.baseURL.appendingPathComponent("posts")
    let baselineHeaders = postHeaders
    @Sendable func request(_ id: Int) -> URLRequest { postRequest(url, id) }

    let sides: [(name: String, call: @Sendable (Int) async throws -> Void)] = [
        (
            "generated client",
            { id in
                let post = try await client.getPost(id: id)
                precondition(post.data.id == 1)
            }
        ),
        (
            "raw URLSession",
            { id in
                let (data, response) = try await session.data(for: request(id))
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchmarkError("GET /posts/\(id) failed") }
                let post = try decoder.decode(DataResponse<Post>.self, from: data)
                precondition(post.data.id == 1)
            }
        ),
        (
            "transport",
            { id in
                var headers = HTTPHeaders()
                for field in baselineHeaders { headers[field.name] = field.value }
                let response = try await transport.send(HTTPRequest(method: .get, url: url.appendingPathComponent(String(id)), headers: headers))
                let post = try decoder.decode(DataResponse<Post>.self, from: response.body)
                precondition(post.data.id == 1)
            }
        ),
        (
            "delegate floor",
            { id in
                let data = try await floor.data(for: request(id))
                let post = try decoder.decode(DataResponse<Post>.self, from: data)
                precondition(post.data.id == 1)
            }
        ),
    ]

    func timed(_ call: @Sendable (Int) async throws -> Void, _ id: Int) async throws -> Double {
        let start = monotonicNanoseconds()
        try await call(id)
        return Double(monotonicNanoseconds() - start) / 1e6
    }

    // Warm up every path: connections, caches, the server.
    for id in 0..<200 { for side in sides { try await side.call(id) } }

    var sequential = Array(repeating: Samples(), count: sides.count)
    var cpu = Array(repeating: 0.0, count: sides.count)
    for block in 0..<8 {
        for index in block % 2 == 0 ? Array(sides.indices) : sides.indices.reversed() {
            let before = processCPUMilliseconds()
            for id in 0..<250 { sequential[index].add(try await timed(sides[index].call, block * 250 + id)) }
            cpu[index] += processCPUMilliseconds() - before
        }
    }
    for (index, side) in sides.enumerated() {
        say(String(format: "2,000 sequential GETs, %@: median %.3f ms, p99 %.3f ms, CPU %.0f µs per request", side.name, sequential[index].median, sequential[index].p99, cpu[index] / 2))
    }
    say(String(format: "sequential: %.2fx raw URLSession's median (aim: within 1.10x), %.2fx the delegate floor's", sequential[0].median / sequential[1].median, sequential[0].median / sequential[3].median))

    func concurrent(_ call: @escaping @Sendable (Int) async throws -> Void) async throws -> (Samples, Double) {
        let start = monotonicNanoseconds()
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for worker in 0..<32 {
                group.addTask {
                    var latencies: [Double] = []
                    for id in stride(from: worker, to: 2000, by: 32) { latencies.append(try await timed(call, id)) }
                    return latencies
                }
            }
            var samples = Samples()
            for try await latencies in group { latencies.forEach { samples.add($0) } }
            return samples
        }
        return (latencies, Double(monotonicNanoseconds() - start) / 1e6)
    }
    // Eight rounds. The order of the sides turns each round, and every other round runs
    // backwards, so that each side follows each other side as often as it precedes it (turning
    // alone would keep the client always after the floor).
    var medians = Array(repeating: Samples(), count: sides.count)
    var walls = Array(repeating: Samples(), count: sides.count)
    for round in 0..<8 {
        for step in sides.indices {
            let turned = (round / 2 + step) % sides.count
            let index = round % 2 == 0 ? turned : sides.count - 1 - turned
            let (latencies, wall) = try await concurrent(sides[index].call)
            medians[index].add(latencies.median)
            walls[index].add(wall)
        }
    }
    for (index, side) in sides.enumerated() {
        say(String(format: "2,000 GETs, 32 in flight, %@: median %.3f ms per request, %.0f ms in all (medians of 8 rounds)", side.name, medians[index].median, walls[index].median))
    }
    say(String(format: "32 in flight: %.2fx raw URLSession's median latency, %.2fx its total time (aim: within 1.10x); %.2fx and %.2fx the delegate floor's", medians[0].median / medians[1].median, walls[0].median / walls[1].median, medians[0].median / medians[3].median, walls[0].median / walls[3].median))
}

/// A `URLSession` client that decides redirects and authentication challenges itself, written
/// the usual way: swift-corelibs-foundation asks only a session delegate about them, never
/// `data(for:)`'s task delegate, and a session delegate gets each response's bytes and its end
/// as operations on the delegate queue, where `data(for:)` calls its completion inline. This
/// delegate only collects the body and resumes the caller, on a serial `OperationQueue` run by
/// a dispatch queue. (`URLSessionTransport` runs its callbacks inline instead: `DelegateQueue`.)
final class DelegateFloor: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [Int: (continuation: CheckedContinuation<Data, any Error>, body: Data)] = [:]
    private let callbackQueue = DispatchQueue(label: "DelegateFloor")
    private lazy var session: URLSession = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.underlyingQueue = callbackQueue
        return URLSession(configuration: .default, delegate: self, delegateQueue: queue)
    }()

    func data(for request: URLRequest) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            let task = lock.withLock {
                let task = session.dataTask(with: request)
                waiting[task.taskIdentifier] = (continuation, Data())
                return task
            }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { waiting[dataTask.taskIdentifier]?.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ waiting.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error { entry.continuation.resume(throwing: error) } else { entry.continuation.resume(returning: entry.body) }
    }
}

/// 1,000 POSTs one at a time through the generated client's `createPost`, which sends each on a
/// connection of its own (`ConnectionUse`), and through a client whose calls carry idempotency
/// keys, which may use kept-alive connections, against raw `URLSession` sending the same request on
/// its kept-alive connections, and against raw `URLSession` with `Connection: close`: what the
/// guarantee that a POST is never sent twice costs, on loopback, where a connection is cheapest.
func postOverheadBenchmark(server: BenchServer) async throws {
    let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: "anon-key", credentials: .token("bench-token"))
    let session = URLSession(configuration: .default)
    let url = server.baseURL.appendingPathComponent("posts")
    let newPost = NewPost(title: "Launch day", body: "We shipped the new client today.")
    let body = try JSONCoding.encoder(for: .iso8601).encode(newPost)
    var headers = ArchonAPI.headers
    headers["apikey"] = "anon-key"
    headers["Authorization"] = "Bearer bench-token"
    headers["Accept"] = "application/json"
    headers["Content-Type"] = "application/json"
    let baselineHeaders = headers
    let decoder = JSONCoding.decoder(for: .iso8601)

    let generated: @Sendable () async throws -> Void = {
        let post = try await client.createPost(body: newPost)
        precondition(post.data.id == 1)
    }
    let keyedClient = ArchonAPI.client(
        baseURL: server.baseURL, apiKey: "anon-key", credentials: .token("bench-token"), configuration: .init(idempotencyKeyHeader: "Idempotency-Key"))
    let keyed: @Sendable () async throws -> Void = {
        let post = try await keyedClient.createPost(body: newPost)
        precondition(post.data.id == 1)
    }
    func raw(closing: Bool) -> @Sendable () async throws -> Void {
        {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            for field in baselineHeaders { request.setValue(field.value, forHTTPHeaderField: field.name) }
            if closing { request.setValue("close", forHTTPHeaderField: "Connection") }
            let (data, response) = try await session.upload(for: request, from: body)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchmarkError("POST /posts failed") }
            let post = try decoder.decode(DataResponse<Post>.self, from: data)
            precondition(post.data.id == 1)
        }
    }
    let sides: [(String, @Sendable () async throws -> Void)] = [
        ("generated client, a connection per POST", generated), ("generated client with idempotency keys, kept-alive connections", keyed),
        ("raw URLSession, kept-alive connections", raw(closing: false)),
        ("raw URLSession, Connection: close", raw(closing: true)),
    ]
    for (_, call) in sides { for _ in 0..<100 { try await call() } }
    var samples = Array(repeating: Samples(), count: sides.count)
    for block in 0..<8 {
        for index in block % 2 == 0 ? Array(sides.indices) : sides.indices.reversed() {
            for _ in 0..<125 {
                let start = monotonicNanoseconds()
                try await sides[index].1()
                samples[index].add(Double(monotonicNanoseconds() - start) / 1e6)
            }
        }
    }
    for (index, side) in sides.enumerated() {
        say(String(format: "1,000 sequential POSTs, %@: median %.3f ms, p99 %.3f ms", side.0, samples[index].median, samples[index].p99))
    }
    say(String(format: "POST: %.2fx raw URLSession's median on kept-alive connections, %.2fx with Connection: close; with idempotency keys, %.2fx raw URLSession's on kept-alive connections", samples[0].median / samples[2].median, samples[0].median / samples[3].median, samples[1].median / samples[2].median))
}

/// A transport that answers every request at once with the same post, so that what is timed is
/// the client's own work: building the request, the retry loop, headers and decoding.
struct InstantTransport: HTTPTransport {
    let body: Data

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        throw BenchmarkError("InstantTransport does not stream")
    }
}

/// The client's cost per request without a network, against decoding the same body alone.
func clientCostBenchmark() async throws {
    let body = Data(
        #"{"data":{"id":1,"title":"Launch day","body":"We shipped the new client today.","author_name":"Ann Example","like_count":42,"liked_by_me":false,"image_url":"https://cdn.example.com/images/launch.png","created_at":"2026-11-29T10:00:00.123456+00:00"}}"#
            .utf8)
    let client = ArchonAPI.client(
        baseURL: URL(string: "https://api.example.com")!, apiKey: "anon-key", credentials: .token("bench-token"),
        transport: InstantTransport(body: body))
    let decoder = JSONCoding.decoder(for: .iso8601)
    let count = 20_000
    for id in 0..<2_000 { _ = try await client.getPost(id: id) }
    var start = monotonicNanoseconds()
    for id in 0..<count { _ = try await client.getPost(id: id) }
    let perRequest = Double(monotonicNanoseconds() - start) / Double(count) / 1000
    start = monotonicNanoseconds()
    for _ in 0..<count { _ = try decoder.decode(DataResponse<Post>.self, from: body) }
    let decoding = Double(monotonicNanoseconds() - start) / Double(count) / 1000
    say(String(format: "the client's own work per request, no network: %.1f µs, of which decoding %.1f µs (a request above costs the client process about 700 µs of CPU)", perRequest, decoding))
}

/// Twelve rounds (or `BENCH_ROUNDS`) of 2,000 GETs with 32 in flight through four ways of using `URLSession` and the
/// generated client, in turns (every other round backwards): `URLSessionTransport`, the delegate
/// floor, a completion-handler task with a task delegate (which corelibs asks about redirects), raw
/// `data(for:)`, and the generated client's `getPost`. Prints each round's milliseconds and the median.
func profileConcurrentRequests(server: BenchServer, side: String) async throws {
    let transport = URLSessionTransport()
    let floor = DelegateFloor()
    let url = server.baseURL.appendingPathComponent("posts")
    let fixedHeaders = postHeaders
    let floorCall: @Sendable (Int) async throws -> Void = { id in
        _ = try await floor.data(for: postRequest(url, id))
    }
    let transportCall: @Sendable (Int) async throws -> Void = { id in
        var headers = HTTPHeaders()
        for field in fixedHeaders { headers[field.name] = field.value }
        _ = try await transport.send(HTTPRequest(method: .get, url: url.appendingPathComponent(String(id)), headers: headers))
    }
    let session = URLSession(configuration: .default)
    let stopper = RedirectStopper()
    let completionCall: @Sendable (Int) async throws -> Void = { id in
        let request = postRequest(url, id)
        let _: Data = try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: request) { data, response, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data ?? Data()) }
            }
            task.delegate = stopper
            task.resume()
        }
    }
    let rawCall: @Sendable (Int) async throws -> Void = { id in
        _ = try await session.data(for: postRequest(url, id))
    }
    let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: "anon-key", credentials: .token("bench-token"))
    let clientCall: @Sendable (Int) async throws -> Void = { id in
        _ = try await client.getPost(id: id)
    }
    func round(_ call: @escaping @Sendable (Int) async throws -> Void) async throws -> Double {
        let start = monotonicNanoseconds()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<32 {
                group.addTask { for id in stride(from: worker, to: 2000, by: 32) { try await call(id) } }
            }
            try await group.waitForAll()
        }
        return Double(monotonicNanoseconds() - start) / 1e6
    }
    var times: [String: [Double]] = [:]
    let rounds = ProcessInfo.processInfo.environment["BENCH_ROUNDS"].flatMap(Int.init) ?? 12
    for index in 0..<rounds {
        let all = [("transport", transportCall), ("floor", floorCall), ("completion", completionCall), ("raw", rawCall), ("client", clientCall)]
        for (name, call) in index % 2 == 0 ? all : all.reversed() {
            if side == "all" || side == name { times[name, default: []].append(try await round(call)) }
        }
    }
    for (name, values) in times.sorted(by: { $0.key < $1.key }) {
        say("\(name): " + values.map { String(format: "%.0f", $0) }.joined(separator: " ") + String(format: "  median %.0f", values.sorted()[values.count / 2]))
    }
}

/// A task delegate that refuses every redirect, so that the task ends with the 3xx.
final class RedirectStopper: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
