import CourierLoopbackServer
import CourierRealtime
import CourierRuntime
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Courier's realtime socket against a Supabase-Realtime-compatible server over loopback, beside
// Python's `websockets` client doing the same in the same run (Benchmarks/Servers/realtime_peer.py):
//   throughput: 1 KB changes pushed to many channels of one socket, as fast as the server sends;
//   latency: one 1 KB broadcast that the channel hears back, one after another;
//   memory: what each subscription of one socket costs.
// Usage: RealtimeBenchmark [throughput | latency | memory | tls]; tls: wss:// through OpenSSL beside libcurl connect-only; the server is Tests/Server/realtime_server.py,
// run with COURIER_TEST_PYTHON or .venv/bin/python (Scripts/test makes it).

func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let python = ProcessInfo.processInfo.environment["COURIER_TEST_PYTHON"] ?? root.appendingPathComponent(".venv/bin/python").path
guard FileManager.default.isExecutableFile(atPath: python) else {
    throw BenchmarkError("no Python with websockets at \(python): run Scripts/test once, or set COURIER_TEST_PYTHON")
}

let server = try await LoopbackServerProcess.start(python: python, script: root.appendingPathComponent("Tests/Server/realtime_server.py"))
let port = server.baseURL.port!
let socketURL = URL(string: "ws://127.0.0.1:\(port)/realtime/v1/websocket")!

@discardableResult
func get(_ path: String) async throws -> Data {
    try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(path)")!).0
}

func peer(_ arguments: [String]) throws -> [String: Double] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [root.appendingPathComponent("Benchmarks/Servers/realtime_peer.py").path] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw BenchmarkError("realtime_peer.py \(arguments) failed")
    }
    return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
}

func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

/// Resident memory now. Measured first in the run, so that memory freed by earlier parts does
/// not absorb what the subscriptions take.
func residentMiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8), let pages = Double(text.split(separator: " ")[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

let options = RealtimeOptions(heartbeatInterval: 25, bufferLimit: 100_000)
let tasksConfig: JSONValue = ["postgres_changes": [["event": "*", "schema": "public", "table": "tasks"]]]

/// A changed row as the typed subscription decodes it.
struct Row: Decodable, Sendable {
    var id: Int
    var status: String
    var padding: String
}

struct Key: Decodable, Sendable {
    var id: Int
}

/// Channels of one socket receive `rounds` changes each; the time until the last arrived.
func courierThroughput(channels: Int, rounds: Int, typed: Bool) async throws -> Double {
    let socket = RealtimeSocket(url: socketURL, apiKey: "anon-key", accessToken: "good-bench", options: options)
    let ready = AsyncStream<Void>.makeStream()
    let done = AsyncStream<Void>.makeStream()
    var consumers: [Task<Void, any Error>] = []
    for index in 0..<channels {
        if typed {
            let changes = TableChanges<Row, Key>(socket: socket, table: "tasks")
            consumers.append(Task {
                var received = 0
                for try await change in changes {
                    switch change {
                    case .subscribed: ready.continuation.yield()
                    case .update: received += 1
                    default: break
                    }
                    if received == rounds { break }
                }
                done.continuation.yield()
            })
        } else {
            let events = await socket.subscribe("realtime:bench\(index)", config: tasksConfig)
            consumers.append(Task {
                var received = 0
                for try await event in events {
                    switch event {
                    case .joined: ready.continuation.yield()
                    case .message(let message) where message.event == "postgres_changes": received += 1
                    default: break
                    }
                    if received == rounds { break }
                }
                done.continuation.yield()
            })
        }
    }
    var readyIterator = ready.stream.makeAsyncIterator()
    for _ in 0..<channels { await readyIterator.next() }
    let start = DispatchTime.now().uptimeNanoseconds
    try await get("/pump?n=\(rounds)&size=1024&pace=0")
    var doneIterator = done.stream.makeAsyncIterator()
    for _ in 0..<channels { await doneIterator.next() }
    let elapsed = seconds(since: start)
    await socket.disconnect()
    return elapsed
}

/// Sequential round trips of one 1 KB broadcast the channel hears back: median and p99, µs.
func courierLatency(count: Int) async throws -> (median: Double, p99: Double) {
    let socket = RealtimeSocket(url: socketURL, apiKey: "anon-key", accessToken: "good-bench", options: options)
    var events = await socket.subscribe("realtime:latency", config: ["broadcast": ["self": true]]).makeAsyncIterator()
    _ = try await events.next()
    let payload: JSONValue = ["blob": .string(String(repeating: "x", count: 1024))]
    var samples: [Double] = []
    for index in 0..<(count + 20) {
        let start = DispatchTime.now().uptimeNanoseconds
        try await socket.broadcast("realtime:latency", event: "ping", payload: payload)
        while let event = try await events.next() {
            if case .message(let message) = event, message.event == "broadcast" { break }
        }
        if index >= 20 { samples.append(seconds(since: start) * 1e6) }
    }
    await socket.disconnect()
    samples.sort()
    return (samples[samples.count / 2], samples[Int(Double(samples.count) * 0.99)])
}

/// What each joined subscription of one socket adds to resident memory.
func memoryPerSubscription(_ count: Int) async throws -> (before: Double, after: Double) {
    let socket = RealtimeSocket(url: socketURL, apiKey: "anon-key", accessToken: "good-bench", options: RealtimeOptions(heartbeatInterval: 25))
    // One subscription first, so that the connection itself is not counted.
    var first = await socket.subscribe("realtime:memory-first", config: tasksConfig).makeAsyncIterator()
    _ = try await first.next()
    let before = residentMiB()
    var iterators: [AsyncThrowingStream<ChannelEvent, any Error>.Iterator] = []
    for index in 0..<count { iterators.append(await socket.subscribe("realtime:memory\(index)", config: tasksConfig).makeAsyncIterator()) }
    for index in iterators.indices { _ = try await iterators[index].next() }
    let after = residentMiB()
    await socket.disconnect()
    return (before, after)
}

let only = CommandLine.arguments.dropFirst().first ?? "all"
if only == "all" || only == "memory" {
    let count = 1_000
    say("== memory: \(count) subscriptions on one socket")
    let (before, after) = try await memoryPerSubscription(count)
    say(String(format: "resident %.1f MiB before, %.1f MiB after: %.1f KiB per subscription", before, after, (after - before) * 1024 / Double(count)))
}
if only == "all" || only == "throughput" {
    let channels = 50, rounds = 200
    let total = Double(channels * rounds)
    say("== throughput: \(channels) channels on one socket, \(rounds) changes of 1 KB each (\(Int(total)) messages), 3 runs, best")
    var raw: [Double] = [], typed: [Double] = [], python: [Double] = []
    for _ in 0..<3 {
        raw.append(try await courierThroughput(channels: channels, rounds: rounds, typed: false))
        typed.append(try await courierThroughput(channels: channels, rounds: rounds, typed: true))
        python.append(try peer(["throughput", String(port), String(channels), String(rounds), "1024"])["seconds"] ?? .nan)
    }
    let best = (raw.min()!, typed.min()!, python.min()!)
    say(String(format: "Courier, channel events:        %.3f s  %8.0f messages/s", best.0, total / best.0))
    say(String(format: "Courier, typed rows:            %.3f s  %8.0f messages/s", best.1, total / best.1))
    say(String(format: "Python websockets + json.loads: %.3f s  %8.0f messages/s", best.2, total / best.2))
    say(String(format: "ratio (Python time / Courier time): events %.2f×, typed %.2f×", best.2 / best.0, best.2 / best.1))
}
if only == "all" || only == "latency" {
    let count = 1_000
    say("== latency: \(count) round trips of a 1 KB broadcast heard back, one at a time")
    let courier = try await courierLatency(count: count)
    let python = try peer(["latency", String(port), String(count), "1024"])
    say(String(format: "Courier:           median %.0f µs, p99 %.0f µs", courier.median, courier.p99))
    say(String(format: "Python websockets: median %.0f µs, p99 %.0f µs", python["median_us"] ?? .nan, python["p99_us"] ?? .nan))
}
#if os(Linux)
if only == "all" || only == "tls" {
    try await TLSChoice.run(python: python, root: root)
}
#endif
