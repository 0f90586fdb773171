import Archon
import CourierRuntime
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// 2,000 GETs one at a time and 2,000 with 32 in flight, through the generated client's
/// `getPost(id:)` and through raw `URLSession` sending the same headers and decoding the same
/// model, against the local benchmark server. The two sides alternate in blocks so that the
/// machine's drift falls on both.
func requestOverheadBenchmark(server: BenchServer) async throws {
    let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: "anon-key", credentials: .token("bench-token"))
    let session = URLSession(configuration: .default)
    let decoder = JSONCoding.decoder(for: .iso8601)
    let url = server.baseURL.appendingPathComponent("posts")
    var headers = ArchonAPI.headers
    headers["apikey"] = "anon-key"
    headers["Authorization"] = "Bearer bench-token"
    headers["Accept"] = "application/json"
    let baselineHeaders = headers

    let generated: @Sendable (Int) async throws -> Void = { id in
        let post = try await client.getPost(id: id)
        precondition(post.data.id == 1)
    }
    let baseline: @Sendable (Int) async throws -> Void = { id in
        var request = URLRequest(url: url.appendingPathComponent(String(id)))
        for field in baselineHeaders { request.setValue(field.value, forHTTPHeaderField: field.name) }
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchmarkError("GET /posts/\(id) failed") }
        let post = try decoder.decode(DataResponse<Post>.self, from: data)
        precondition(post.data.id == 1)
    }

    func timed(_ call: @Sendable (Int) async throws -> Void, _ id: Int) async throws -> Double {
        let start = monotonicNanoseconds()
        try await call(id)
        return Double(monotonicNanoseconds() - start) / 1e6
    }

    // Warm up both paths: connections, caches, the server.
    for id in 0..<200 {
        try await generated(id)
        try await baseline(id)
    }

    var ours = Samples()
    var theirs = Samples()
    var oursCPU = 0.0
    var theirsCPU = 0.0
    for block in 0..<8 {
        var before = processCPUMilliseconds()
        for id in 0..<250 { ours.add(try await timed(generated, block * 250 + id)) }
        oursCPU += processCPUMilliseconds() - before
        before = processCPUMilliseconds()
        for id in 0..<250 { theirs.add(try await timed(baseline, block * 250 + id)) }
        theirsCPU += processCPUMilliseconds() - before
    }
    say(String(format: "2,000 sequential GETs, generated client: median %.3f ms, p99 %.3f ms", ours.median, ours.p99))
    say(String(format: "2,000 sequential GETs, raw URLSession:   median %.3f ms, p99 %.3f ms", theirs.median, theirs.p99))
    say(String(format: "client CPU per request: generated %.0f µs, raw URLSession %.0f µs", oursCPU / 2, theirsCPU / 2))
    say(String(format: "sequential: %.2fx raw URLSession's median (aim: within 1.10x)", ours.median / theirs.median))

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
    var oursInFlight = Samples()
    var theirsInFlight = Samples()
    var oursWall: [Double] = []
    var theirsWall: [Double] = []
    for _ in 0..<3 {
        let (a, aWall) = try await concurrent(generated)
        let (b, bWall) = try await concurrent(baseline)
        a.values.forEach { oursInFlight.add($0) }
        b.values.forEach { theirsInFlight.add($0) }
        oursWall.append(aWall)
        theirsWall.append(bWall)
    }
    let oursTotal = oursWall.sorted()[1]
    let theirsTotal = theirsWall.sorted()[1]
    say(String(format: "2,000 GETs, 32 in flight, generated client: median %.3f ms per request, %.0f ms in all (median of 3)", oursInFlight.median, oursTotal))
    say(String(format: "2,000 GETs, 32 in flight, raw URLSession:   median %.3f ms per request, %.0f ms in all (median of 3)", theirsInFlight.median, theirsTotal))
    say(String(format: "32 in flight: %.2fx raw URLSession's median latency, %.2fx its total time (aim: within 1.10x)", oursInFlight.median / theirsInFlight.median, oursTotal / theirsTotal))
}
