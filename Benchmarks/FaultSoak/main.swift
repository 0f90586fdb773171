import CourierLoopbackServer
import CourierRuntime
import Foundation

// The fault soak: thousands of calls of a client, 32 in flight, against a loopback server that
// injects 503s, 429s, connections closed before and during the answer (fresh and kept-alive),
// slow and trickled answers, garbage bodies, expiring tokens and a flaky token endpoint
// (Benchmarks/Servers/fault_server.py). It checks what the client promises and prints figures:
// - every call ends once, with its data or a typed error, and none hangs (no fault stalls an
//   attempt for long, so no call should come near its deadline);
// - no POST without an idempotency key reaches the server twice;
// - a POST with one (a quarter of the calls, sent on kept-alive connections) may arrive twice,
//   as the API's contract allows, but each copy carries its call's one key and its whole body;
// - the session is never signed out (the server never refuses a refresh token);
// - no attempt goes out with a token the server refused that call (after a 401, the next
//   attempt gets another token first, even when the refresh between them failed);
// - memory stays flat.
// It exits with 1 when a promise is broken.
//
// Usage: swift run -c release FaultSoak [calls]

struct Item: Decodable, Sendable { let id: Int }
struct Stats: Decodable {
    let orders: [String: Int]
    let keyedOrders: [String: Int]
    let requests: Int
    let refreshes: Int
    let refusedResent: Int
    let faults: [String: Int]
    let keyedCopies: Int
    let keyedOnReused: Int
    let keyMismatch: Int
    let bodyMismatch: Int
}

func memoryMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [String: Int] = [:]
    private var longest: TimeInterval = 0
    private(set) var ended = 0
    private(set) var signOuts = 0

    func record(_ outcome: String, after seconds: TimeInterval) {
        lock.withLock {
            outcomes[outcome, default: 0] += 1
            longest = max(longest, seconds)
            ended += 1
        }
    }

    func signedOut() { lock.withLock { signOuts += 1 } }

    var summary: (outcomes: [String: Int], longest: TimeInterval, ended: Int, signOuts: Int) {
        lock.withLock { (outcomes, longest, ended, signOuts) }
    }
}

func kind(of error: any Error) -> String {
    guard let error = error as? APIError else { return "not an APIError: \(type(of: error))" }
    switch error {
    case .serverError(let status, _): return "serverError \(status)"
    case .rateLimited: return "rateLimited"
    case .networkError: return "networkError"
    case .timedOut: return "timedOut"
    case .decodingError: return "decodingError"
    case .refreshFailed(let inner): return "refreshFailed(\(kind(of: inner)))"
    case .notAuthenticated: return "notAuthenticated"
    default: return "\(error)"
    }
}

let calls = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 4_000
/// No fault here stalls an attempt for more than a fraction of a second, and the server never
/// stalls: a call that ends by its deadline (`timedOut`) hung.
let deadline: TimeInterval = 5
let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Servers/fault_server.py")
let server = try await LoopbackServerProcess.start(python: "/usr/bin/python3", script: script)
let tally = Tally()
let transport = URLSessionTransport()
let session = AuthSession(
    refresh: .supabase(baseURL: server.baseURL, transport: transport),
    store: InMemoryTokenStore(AuthTokens(accessToken: "tok0", refreshToken: "r0", expiresAt: Date().addingTimeInterval(86_400))))
let client = APIClient(
    baseURL: server.baseURL, session: session, transport: transport,
    configuration: .init(
        onUnauthorized: { tally.signedOut() }, retryPolicy: RetryPolicy(maxRetries: 3, baseDelay: 0.01, maxDelay: 0.1),
        allowsInsecureHTTP: true, deadline: deadline))
/// The same client for an API that declares idempotency keys: its POSTs carry one each.
var keyedConfiguration = client.configuration
keyedConfiguration.idempotencyKeyHeader = "Idempotency-Key"
let keyedClient = APIClient(baseURL: server.baseURL, session: session, transport: transport, configuration: keyedConfiguration)

let memoryBefore = memoryMiB()
var memoryMidway = 0.0
let started = Date()
try await withThrowingTaskGroup(of: Void.self) { group in
    var next = 0
    func add(_ index: Int) {
        group.addTask {
            let begin = Date()
            do {
                if index % 2 == 0 {
                    let item: Item = try await client.send(
                        APIRequest(name: "getItem", method: .get, path: "/items/\(index)"),
                        options: RequestOptions(additionalHeaders: ["X-Call-Id": "call-\(index)"]))
                    precondition(item.id == index, "GET /items/\(index) answered \(item.id)")
                } else {
                    // Of the orders without a key, half carry a body, half do not: the two ways a
                    // repeated POST shows. Every other order has a key, and a body.
                    let keyed = index % 4 == 3
                    let body: RequestBody = keyed || index % 8 == 1 ? .json(["item": index]) : .none
                    let _: Item = try await (keyed ? keyedClient : client).send(
                        APIRequest(name: "placeOrder", method: .post, path: "/orders", body: body),
                        options: RequestOptions(additionalHeaders: ["X-Call-Id": "call-\(index)"]))
                }
                tally.record("ok", after: Date().timeIntervalSince(begin))
            } catch {
                tally.record(kind(of: error), after: Date().timeIntervalSince(begin))
            }
        }
    }
    while next < min(32, calls) {
        add(next)
        next += 1
    }
    while try await group.next() != nil {
        if next == calls / 2 { memoryMidway = memoryMiB() }
        if next < calls {
            add(next)
            next += 1
        }
    }
}
let seconds = Date().timeIntervalSince(started)
let memoryAfter = memoryMiB()

let stats: Stats = try await APIClient(baseURL: server.baseURL, credentials: .none, configuration: .init(allowsInsecureHTTP: true))
    .send(APIRequest(method: .get, path: "/stats", requiresAuth: false))
let summary = tally.summary
let twice = stats.orders.filter { $0.value > 1 }
let signedIn = await session.isSignedIn

print("fault soak: \(calls) calls, 32 in flight, in \(String(format: "%.1f", seconds)) s (\(String(format: "%.0f", Double(calls) / seconds)) calls/s)")
print("server: \(stats.requests) requests processed, \(stats.refreshes) token refreshes, \(stats.refusedResent) refused tokens sent again; faults injected: "
    + stats.faults.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
print("outcomes: " + summary.outcomes.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
print("orders with a key: \(stats.keyedOrders.count) calls reached the server, in \(stats.keyedCopies) copies, \(stats.keyedOnReused) of them on kept-alive connections; "
    + "\(stats.keyMismatch) copies with another key than their call's, \(stats.bodyMismatch) orders whose body was not their call's, whole")
print(String(format: "longest call: %.2f s (deadline %.0f s)", summary.longest, deadline))
print(String(format: "memory: %.0f MiB before, %.0f MiB halfway, %.0f MiB after", memoryBefore, memoryMidway, memoryAfter))

var broken: [String] = []
if summary.ended != calls { broken.append("\(summary.ended) of \(calls) calls ended") }
if summary.longest > deadline + 1 { broken.append("a call took \(summary.longest) s, past its deadline") }
if let hung = summary.outcomes["timedOut"] {
    broken.append("\(hung) calls hung until their deadline, though no fault stalls an attempt for long")
}
if !twice.isEmpty { broken.append("\(twice.count) POSTs reached the server more than once: \(twice.keys.sorted().prefix(5))") }
if stats.keyMismatch > 0 { broken.append("\(stats.keyMismatch) copies of keyed orders carried another key than their call's") }
if stats.bodyMismatch > 0 { broken.append("\(stats.bodyMismatch) orders arrived without their call's whole body") }
if stats.keyedOnReused == 0 { broken.append("no keyed order went out on a kept-alive connection") }
if stats.refusedResent > 0 { broken.append("\(stats.refusedResent) attempts went out with a token the server had refused that call") }
if summary.signOuts > 0 || !signedIn { broken.append("the session was signed out (\(summary.signOuts) times) though no refresh was refused") }
if summary.outcomes.keys.contains(where: { $0.hasPrefix("not an APIError") }) { broken.append("a call failed with an untyped error") }
if memoryMidway > 0, memoryAfter - memoryMidway > 50 { broken.append("memory grew by \(Int(memoryAfter - memoryMidway)) MiB in the second half") }
print(broken.isEmpty ? "promises kept: every call ended once, none hung; no POST without a key twice; every copy of a keyed POST with its key and whole body; no refused token sent again; never signed out; memory flat" : "BROKEN: " + broken.joined(separator: "; "))
exit(broken.isEmpty ? 0 : 1)
