import Archon
import CourierRuntime
import Foundation

/// What keeping a POST from being sent twice costs where a connection is dear: the benchmark
/// server over TLS across a link with latency (`Benchmarks/at-most-once-latency` makes it).
/// Sequential calls of the generated client through one transport, the sides taking turns in
/// blocks: `getPost` on kept-alive connections; `createPost` with an idempotency key, which may
/// use them too (a repeat is harmless by the API's contract); `createPost` without one, which
/// goes on a connection of its own, handshakes and all (as every POST with a body did before
/// idempotency keys let it reuse connections).
func atMostOnceLatencyBenchmark(baseURL: URL, calls: Int) async throws {
    let transport = URLSessionTransport()
    let plain = ArchonAPI.client(baseURL: baseURL, apiKey: "anon-key", credentials: .token("bench-token"), transport: transport)
    let keyed = ArchonAPI.client(
        baseURL: baseURL, apiKey: "anon-key", credentials: .token("bench-token"), transport: transport,
        configuration: .init(idempotencyKeyHeader: "Idempotency-Key"))
    let newPost = NewPost(title: "Launch day", body: "We shipped the new client today.")
    let sides: [(name: String, call: @Sendable (Int) async throws -> Void)] = [
        ("GET getPost, kept-alive connections", { id in
            let post = try await plain.getPost(id: id)
            precondition(post.data.id == 1)
        }),
        ("POST createPost with an idempotency key", { _ in
            let post = try await keyed.createPost(body: newPost)
            precondition(post.data.id == 1)
        }),
        ("POST createPost without a key, a connection of its own", { _ in
            let post = try await plain.createPost(body: newPost)
            precondition(post.data.id == 1)
        }),
    ]
    // Warm up: connections, TLS sessions, the server.
    for id in 0..<5 { for side in sides { try await side.call(id) } }
    var samples = Array(repeating: Samples(), count: sides.count)
    let block = 25
    for round in 0..<max(1, calls / block) {
        for index in round % 2 == 0 ? Array(sides.indices) : sides.indices.reversed() {
            for id in 0..<block {
                let start = monotonicNanoseconds()
                try await sides[index].call(id)
                samples[index].add(Double(monotonicNanoseconds() - start) / 1e6)
            }
        }
    }
    for (index, side) in sides.enumerated() {
        say(String(format: "%d sequential calls, %@: p50 %.1f ms, p99 %.1f ms", samples[index].values.count, side.name, samples[index].median, samples[index].p99))
    }
    say(String(format: "POST with an idempotency key: %.2fx a kept-alive GET's p50, %.2fx its p99 (aim: at most 1.10x)", samples[1].median / samples[0].median, samples[1].p99 / samples[0].p99))
    say(String(format: "POST without a key: %.2fx a kept-alive GET's p50, %.2fx its p99", samples[2].median / samples[0].median, samples[2].p99 / samples[0].p99))
}
