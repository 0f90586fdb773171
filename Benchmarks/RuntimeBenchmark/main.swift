import Archon
import CourierRuntime
import Foundation

// Runtime benchmarks, each against a baseline measured in the same run:
//   decoding and encoding a 4 MB array of tasks with the generated Archon models versus
//   JSONDecoder/JSONEncoder with snake-case conversion on plain structs, and JSONSerialization;
//   the server-sent-events parser on a 100 MB stream versus splitting the text with Foundation;
//   request overhead and event latency against a local server, versus raw URLSession.
// Usage: RuntimeBenchmark [decode | sse | network | requests | client-cost | at-most-once-latency URL]; profile-encode and profile-requests repeat one
// path for a profiler; profile-concurrent [all | transport | floor | completion | raw | client] times
// rounds of 32 requests in flight through each path in turns (12 rounds; BENCH_ROUNDS=n sets how many).

/// Prints a line at once, unbuffered, so progress shows when the output is a pipe.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()  // warm up
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(try milliseconds(body)) }
    return samples.sorted()[runs / 2]
}

/// Peak resident memory of this process so far, from /proc (0 where there is none).
func peakMemoryMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

func currentMemoryMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

/// A realistic task list: snake_case keys, PostgreSQL timestamps with microseconds, optionals,
/// nested events and steps. Deterministic.
func makeTasksJSON(targetBytes: Int) -> Data {
    var tasks: [String] = []
    var size = 2
    var index = 0
    func uuid(_ n: Int) -> String { String(format: "%08x-0000-4000-8000-%012x", n & 0xffff_ffff, n) }
    func time(_ n: Int) -> String {
        let seconds = 1_795_960_800 + n * 7
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let text = ISO8601.string(from: date)
        return String(text.dropLast()) + String(format: ".%06d+00:00", (n * 7919) % 1_000_000)
    }
    while size < targetBytes {
        let events = (0..<6).map { e in
            let metadata = e % 2 == 0 ? #"{"path":"src/file\#(e).swift","language":"swift"}"# : "null"
            return #"{"id":"\#(uuid(index * 100 + e))","task_id":"\#(uuid(index))","type":"\#(["step_started", "step_completed", "file_created", "info"][e % 4])","message":"Step \#(e) of task \#(index)","metadata":\#(metadata),"created_at":"\#(time(index * 10 + e))"}"#
        }
        let steps = (0..<3).map { s in
            #"{"id":"\#(uuid(index * 1000 + s))","name":"Step \#(s)","status":"completed","position":\#(s),"started_at":"\#(time(index + s))","completed_at":\#(s == 2 ? "null" : "\"\(time(index + s + 1))\"")}"#
        }
        let error = index % 5 == 0 ? #""The model gave up""# : "null"
        let task = #"{"id":"\#(uuid(index))","project_id":"\#(uuid(7))","title":"Task \#(index)","status":"\#(index % 5 == 0 ? "failed" : "completed")","error_message":\#(error),"events":[\#(events.joined(separator: ","))],"steps":[\#(steps.joined(separator: ","))],"created_at":"\#(time(index))","updated_at":"\#(time(index + 3))"}"#
        tasks.append(task)
        size += task.utf8.count + 1
        index += 1
    }
    return Data(("[" + tasks.joined(separator: ",") + "]").utf8)
}

func decodingBenchmark() throws {
    let data = makeTasksJSON(targetBytes: 4_000_000)
    let megabytes = Double(data.count) / 1_000_000
    let courier = JSONCoding.decoder(for: .iso8601)
    let baseline = baselineDecoder()

    let generated = try courier.decode([ArchonTask].self, from: data)
    let plain = try baseline.decode([PlainTask].self, from: data)
    // Identical results: every id, status, message, nested count, and date. Foundation's
    // ISO8601DateFormatter keeps milliseconds only, so dates are compared to the millisecond,
    // and the microseconds it drops are counted separately.
    var mismatches = 0
    var truncatedDates = 0
    for (a, b) in zip(generated, plain) {
        if a.id != b.id || a.status.rawValue != b.status || a.events.count != b.events.count || a.steps.count != b.steps.count
            || abs(a.createdAt.timeIntervalSince(b.createdAt)) >= 0.001 || a.errorMessage != b.errorMessage
            || zip(a.events, b.events).contains(where: { $0.type.rawValue != $1.type || $0.metadata != $1.metadata || $0.message != $1.message || abs($0.createdAt.timeIntervalSince($1.createdAt)) >= 0.001 })
        {
            mismatches += 1
        }
        if a.createdAt != b.createdAt { truncatedDates += 1 }
    }
    say("tasks JSON: \(generated.count) tasks, \(data.count) bytes; results identical: \(mismatches == 0 && generated.count == plain.count ? "yes" : "NO (\(mismatches) differ)"); the baseline dropped the microseconds of \(truncatedDates) of \(generated.count) task dates, Courier kept them")

    let runs = 9
    let courierMs = try median(runs: runs) { _ = try courier.decode([ArchonTask].self, from: data) }
    let baselineMs = try median(runs: runs) { _ = try baseline.decode([PlainTask].self, from: data) }
    let serializationMs = try median(runs: runs) { _ = try JSONSerialization.jsonObject(with: data) }
    say(String(format: "decode, generated models: %.1f ms (%.1f MB/s)", courierMs, megabytes / courierMs * 1000))
    say(String(format: "decode, JSONDecoder .convertFromSnakeCase: %.1f ms (%.1f MB/s)", baselineMs, megabytes / baselineMs * 1000))
    say(String(format: "decode, JSONSerialization (untyped): %.1f ms (%.1f MB/s)", serializationMs, megabytes / serializationMs * 1000))
    say(String(format: "decode ratio: %.2fx the .convertFromSnakeCase baseline (aim: at least 2x), %.2fx JSONSerialization", baselineMs / courierMs, serializationMs / courierMs))

    let courierEncoder = JSONCoding.encoder(for: .iso8601)
    let plainEncoder = baselineEncoder()
    let encodeCourier = try median(runs: runs) { _ = try courierEncoder.encode(generated) }
    let encodeBaseline = try median(runs: runs) { _ = try plainEncoder.encode(plain) }
    let object = try JSONSerialization.jsonObject(with: data)
    let encodeSerialization = try median(runs: runs) { _ = try JSONSerialization.data(withJSONObject: object) }
    say(String(format: "encode, generated models: %.1f ms (%.1f MB/s)", encodeCourier, megabytes / encodeCourier * 1000))
    say(String(format: "encode, JSONEncoder .convertToSnakeCase: %.1f ms (%.1f MB/s)", encodeBaseline, megabytes / encodeBaseline * 1000))
    say(String(format: "encode, JSONSerialization (untyped): %.1f ms", encodeSerialization))
    say(String(format: "encode ratio: %.2fx the .convertToSnakeCase baseline", encodeBaseline / encodeCourier))
    let roundTrip = try courier.decode([ArchonTask].self, from: try courierEncoder.encode(generated))
    say("encode round trip identical: \(roundTrip == generated ? "yes" : "NO")")

    // Request bodies as apps send them: one small model, one task, 20 tasks, the generated types
    // encoded by WireJSONEncoder and by Foundation's JSONEncoder (sorted keys, the generated
    // CodingKeys and `write`s, so both write the same values).
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    foundation.dateEncodingStrategy = .iso8601
    let bodies: [(String, any Encodable)] = [
        ("NewPost (a title and a text)", NewPost(title: "Launch day", body: "We shipped the new client today.")),
        ("one ArchonTask", generated[0]), ("20 ArchonTasks", Array(generated.prefix(20))),
    ]
    for (name, body) in bodies {
        let size = try courierEncoder.encode(body).count
        let count = 20_000
        let ours = try median(runs: 5) { for _ in 0..<count { _ = try courierEncoder.encode(body) } } * 1000 / Double(count)
        let theirs = try median(runs: 5) { for _ in 0..<count { _ = try foundation.encode(body) } } * 1000 / Double(count)
        say(String(format: "encode %@ (%d bytes): WireJSONEncoder %.1f µs, JSONEncoder %.1f µs (%.2fx)", name, size, ours, theirs, theirs / ours))
    }
}

func sseParserBenchmark() {
    // 100 MB of realistic events, fed in 64 KB chunks as a socket would deliver them.
    let event = Data("id: 1234\nevent: task_event\ndata: {\"type\":\"task_event\",\"event\":{\"id\":\"00000000-0000-4000-8000-000000000001\",\"message\":\"Step 3 finished\"}}\n\n".utf8)
    var chunk = Data()
    while chunk.count < 65_536 { chunk.append(event) }
    let chunks = 100_000_000 / chunk.count
    let total = Double(chunk.count * chunks) / 1_000_000
    let memoryBefore = currentMemoryMiB()
    var parser = ServerSentEventParser()
    var count = 0
    let parserMs = milliseconds {
        for _ in 0..<chunks { count += (try? parser.consume(chunk).count) ?? 0 }
    }
    let memoryAfter = currentMemoryMiB()
    say(String(format: "SSE parser: %.0f MB, %d events in %.0f ms: %.1f MB/s (aim: over 100 MB/s)", total, count, parserMs, total / parserMs * 1000))
    say(String(format: "SSE parser memory: %.1f MiB resident before, %.1f MiB after (flat when equal)", memoryBefore, memoryAfter))

    // Baseline: decode each chunk as text and split it into events with Foundation.
    var baselineCount = 0
    var carry = ""
    let baselineMs = milliseconds {
        for _ in 0..<chunks {
            let text = carry + String(decoding: chunk, as: UTF8.self)
            var parts = text.components(separatedBy: "\n\n")
            carry = parts.removeLast()
            baselineCount += parts.count
        }
    }
    say(String(format: "baseline String.components(separatedBy:): %.0f ms: %.1f MB/s (%d events; it handles none of the WHATWG rules)", baselineMs, total / baselineMs * 1000, baselineCount))
    say(String(format: "SSE ratio: %.2fx the baseline", baselineMs / parserMs))
}

/// Encodes with the generated models only, for profiling.
func profileEncoding() throws {
    let tasks = try JSONCoding.decoder(for: .iso8601).decode([ArchonTask].self, from: makeTasksJSON(targetBytes: 4_000_000))
    let encoder = JSONCoding.encoder(for: .iso8601)
    for _ in 0..<10 { _ = try encoder.encode(tasks) }
}

let only = CommandLine.arguments.dropFirst().first
if only == "profile-encode" { try profileEncoding() }
if only == nil || only == "decode" { try decodingBenchmark() }
if only == nil || only == "sse" { sseParserBenchmark() }
if only == "profile-requests" {
    let server = try await BenchServer.start()
    let client = ArchonAPI.client(baseURL: server.baseURL, apiKey: "anon-key", credentials: .token("bench-token"))
    for id in 0..<5000 { _ = try await client.getPost(id: id) }
}
if only == "profile-concurrent" {
    try await profileConcurrentRequests(server: try await BenchServer.start(), side: CommandLine.arguments.dropFirst(2).first ?? "transport")
}
if only == "client-cost" { try await clientCostBenchmark() }
if only == "at-most-once-latency" {
    let arguments = CommandLine.arguments.dropFirst(2)
    guard let text = arguments.first, let baseURL = URL(string: text) else {
        throw BenchmarkError("usage: RuntimeBenchmark at-most-once-latency BASE_URL [calls]; Benchmarks/at-most-once-latency runs it")
    }
    try await atMostOnceLatencyBenchmark(baseURL: baseURL, calls: arguments.dropFirst().first.flatMap(Int.init) ?? 300)
}
if only == "requests" {
    try await requestOverheadBenchmark(server: try await BenchServer.start())
}
if only == nil || only == "network" {
    let server = try await BenchServer.start()
    try await requestOverheadBenchmark(server: server)
    try await postOverheadBenchmark(server: server)
    try await clientCostBenchmark()
    try await streamingLatencyBenchmark(server: server)
}

say(String(format: "peak memory of the run: %.0f MiB", peakMemoryMiB()))
