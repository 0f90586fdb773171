import CourierLoopbackServer
import CourierRuntime
import CourierTestSupport
import Foundation
import Testing

@testable import CourierRealtime

/// Many subscriptions on one socket, thousands of changes, and the server dropping the
/// connection, expiring tokens, crashing channels and refusing joins at random: every change
/// sent while a subscription was joined arrives once and in order, every gap follows a
/// `.reconnected`, a refused join ends its subscription with a typed error (the consumer
/// subscribes again, as an app does), nothing hangs, and memory after a second round is what it
/// was after the first.
@Suite("Realtime soak", .serialized, .timeLimit(.minutes(3)))
struct RealtimeSoak {
    /// A change's row: its number in its topic, and the topic (so a consumer knows it).
    struct Row: Decodable, Sendable, Equatable {
        var id: Int
        var status: String
    }

    struct Key: Decodable, Sendable, Equatable {
        var id: Int
    }

    /// What one subscription (one topic) received: runs of numbers, a new run after each
    /// `.reconnected`.
    struct Lifetime: Sendable {
        var topic: String?
        var runs: [[Int]] = [[]]
        var ending: String?
    }

    /// Every consumer's lifetimes, shared with the test.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var lifetimes: [Int: [Lifetime]] = [:]

        func start(_ consumer: Int) { lock.withLock { lifetimes[consumer, default: []].append(Lifetime()) } }
        func update(_ consumer: Int, _ change: (inout Lifetime) -> Void) {
            lock.withLock {
                guard var all = lifetimes[consumer], !all.isEmpty else { return }
                change(&all[all.count - 1])
                lifetimes[consumer] = all
            }
        }
        var all: [Int: [Lifetime]] { lock.withLock { lifetimes } }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }

    static let consumers = 40
    static let rounds = 300
    /// The changes of each quiet phase, which every subscription must receive whole: 8,000 in
    /// all, however many the faults cost before (that depends on the machine's load).
    static let quietRounds = 100

    @Test func everyChangeWhileJoinedArrivesOnceAndInOrder() async throws {
        let server = try await RealtimeSocketTests.server()
        let tokens = Counter()
        let random = SeededRandom(seed: 7)
        let options = RealtimeOptions(
            heartbeatInterval: 25, replyTimeout: 5, reconnectDelay: 0.005, maxReconnectDelay: 0.05, jitter: 0.5, random: { random.next() },
            clock: SystemClock(), bufferLimit: 10_000)
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: { "good-\(tokens.next())" }, options: options)
        let log = Log()
        let consumers = (0..<Self.consumers).map { consumer in
            Task {
                while !Task.isCancelled {
                    log.start(consumer)
                    do {
                        for try await change in TableChanges<Row, Key>(socket: socket, table: "tasks") {
                            switch change {
                            case .reconnected: log.update(consumer) { $0.runs.append([]) }
                            case .update(let old, let new):
                                log.update(consumer) { lifetime in
                                    lifetime.topic = new.status
                                    lifetime.runs[lifetime.runs.count - 1].append(new.id)
                                    if old.id != new.id { lifetime.ending = "old \(old.id) for new \(new.id)" }
                                }
                            default: break
                            }
                        }
                        log.update(consumer) { $0.ending = "ended" }
                    } catch {
                        log.update(consumer) { $0.ending = "\(error)" }
                    }
                }
            }
        }
        var memory: [Int] = []
        for round in 1...2 {
            try await server.get("/chaos?on=1&seed=\(round)")
            try await server.get("/pump?n=\(Self.rounds)")
            try await server.waitFor("round \(round) pumped", timeout: 60) { $0["pumped"] == .integer(Int64((Self.rounds + Self.quietRounds) * (round - 1) + Self.rounds)) }
            try await server.get("/chaos?on=0")
            // Quiet: every consumer joined again, then a last batch that all must receive whole.
            try await server.waitFor("every subscription joined", timeout: 30) { $0["subscriptions"] == .integer(Int64(Self.consumers)) }
            try await server.get("/pump?n=\(Self.quietRounds)")
            try await server.waitFor("the last batch pumped", timeout: 30) { $0["pumped"] == .integer(Int64((Self.rounds + Self.quietRounds) * round)) }
            let seqs = try await server.get("/stats")["seqs"]
            try await Self.waitUntil("every consumer has its topic's last change", timeout: 30) {
                log.all.values.allSatisfy { lifetimes in
                    guard let last = lifetimes.last, let topic = last.topic, case .integer(let final)? = seqs?[topic] else { return false }
                    return last.runs.last?.last == Int(final)
                }
            }
            memory.append(Self.residentBytes())
        }
        let stats = try await server.get("/stats")
        for task in consumers { task.cancel() }
        try await server.waitFor("every channel left and the socket closed", timeout: 30) { $0["connections"] == .integer(0) }
        #expect(await socket.subscriptionCount == 0)

        var delivered = 0, reconnects = 0, resubscriptions = 0
        for (consumer, lifetimes) in log.all.sorted(by: { $0.key < $1.key }) {
            resubscriptions += lifetimes.count - 1
            for lifetime in lifetimes {
                reconnects += lifetime.runs.count - 1
                let all = lifetime.runs.flatMap { $0 }
                delivered += all.count
                #expect(zip(all, all.dropFirst()).allSatisfy { $0 < $1 }, "consumer \(consumer): a change twice or out of order")
                for run in lifetime.runs {
                    #expect(zip(run, run.dropFirst()).allSatisfy { $1 == $0 + 1 }, "consumer \(consumer): a change lost while joined: \(run)")
                }
                if let ending = lifetime.ending, ending != "ended" {
                    #expect(ending.contains("refused to join") || ending.contains("closed"), "consumer \(consumer) ended with \(ending)")
                }
            }
        }
        #expect(delivered >= 2 * Self.consumers * Self.quietRounds, "only \(delivered) changes delivered")
        #expect(reconnects > 0 && resubscriptions > 0, "faults did not happen: \(stats["faults"] ?? .null)")
        #if os(Linux)
        #expect(memory[1] < memory[0] + 24 << 20, "resident memory grew from \(memory[0] >> 20) MiB to \(memory[1] >> 20) MiB in the second round")
        #endif
        print("realtime soak: \(delivered) changes delivered to \(Self.consumers) subscriptions on one socket, \(reconnects) reconnects announced, "
            + "\(resubscriptions) subscriptions made again after a refused join; faults \(stats["faults"] ?? .null); "
            + "resident memory \(memory.map { "\($0 >> 20) MiB" }.joined(separator: " then "))")
    }

    /// Waits (in real time, polling what the consumers recorded) until `condition` holds.
    static func waitUntil(_ what: String, timeout: Double, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        Issue.record("\(what) did not happen within \(timeout) s")
        throw CancellationError()
    }

    /// The process's resident memory, from /proc (0 elsewhere).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// `SeededGenerator` behind a lock, for the socket's jitter, which may be drawn from any thread.
final class SeededRandom: @unchecked Sendable {
    private let lock = NSLock()
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// The next number in 0..<1.
    func next() -> Double { lock.withLock { Double.random(in: 0..<1, using: &generator) } }
}
