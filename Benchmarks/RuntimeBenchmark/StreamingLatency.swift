import Archon
import CourierRuntime
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Time from the server writing an event to the client handing it over, over 1,000 events sent
/// 2 ms apart: through the generated client's `sendMessage(body:)` (transport, SSE parser,
/// union decoding, `AsyncThrowingStream`), and, as the floor, the moment raw `URLSession`'s data
/// delegate receives the event's bytes.
func streamingLatencyBenchmark(server: BenchServer) async throws {
    let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: "anon-key", credentials: .token("bench-token"))
    let request = ChatRequest(projectId: UUID(), message: "1000 2")

    func latency(ofContent content: String, at arrival: UInt64) -> Double? {
        guard let sent = content.split(separator: " ").last.flatMap({ UInt64($0) }), arrival >= sent else { return nil }
        return Double(arrival - sent) / 1e6
    }

    func generated() async throws -> Samples {
        var samples = Samples()
        for try await event in client.sendMessage(body: request) {
            let arrival = monotonicNanoseconds()
            if case .delta(let delta) = event, let value = latency(ofContent: delta.content, at: arrival) { samples.add(value) }
        }
        return samples
    }

    func baseline() async throws -> Samples {
        let receiver = ArrivalRecorder()
        let session = URLSession(configuration: .default, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var urlRequest = URLRequest(url: server.baseURL.appendingPathComponent("functions/v1/chat"))
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        urlRequest.httpBody = try JSONCoding.encoder(for: .iso8601).encode(request)
        let chunks = try await receiver.run(session.dataTask(with: urlRequest))
        var samples = Samples()
        for (arrival, text) in chunks {
            // A chunk can hold several events when the server writes faster than they are read.
            for line in text.split(separator: "\n") where line.hasPrefix("data: {\"type\":\"delta\"") {
                let content = line.split(separator: "\"").dropLast().last.map(String.init) ?? ""
                if let value = latency(ofContent: content, at: arrival) { samples.add(value) }
            }
        }
        return samples
    }

    _ = try await generated()  // warm up
    var ours = Samples()
    var theirs = Samples()
    for _ in 0..<2 {
        try await generated().values.forEach { ours.add($0) }
        try await baseline().values.forEach { theirs.add($0) }
    }
    say(String(format: "event latency, generated client: median %.3f ms, p99 %.3f ms (%d events)", ours.median, ours.p99, ours.values.count))
    say(String(format: "event latency, raw URLSession delegate receiving the bytes: median %.3f ms, p99 %.3f ms (%d events)", theirs.median, theirs.p99, theirs.values.count))
    say(String(format: "event latency: the generated client adds %.3f ms to the median, %.3f ms to p99", ours.median - theirs.median, ours.p99 - theirs.p99))
}

/// Records when each chunk of a response body arrives, for the latency floor.
final class ArrivalRecorder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [(UInt64, String)] = []
    private var continuation: CheckedContinuation<[(UInt64, String)], any Error>?

    func run(_ task: URLSessionDataTask) async throws -> [(UInt64, String)] {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock { self.continuation = continuation }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let arrival = monotonicNanoseconds()
        let text = String(decoding: data, as: UTF8.self)
        lock.withLock { chunks.append((arrival, text)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, chunks) = lock.withLock { () -> (CheckedContinuation<[(UInt64, String)], any Error>?, [(UInt64, String)]) in
            defer { self.continuation = nil }
            return (self.continuation, self.chunks)
        }
        if let error { continuation?.resume(throwing: error) } else { continuation?.resume(returning: chunks) }
    }
}
