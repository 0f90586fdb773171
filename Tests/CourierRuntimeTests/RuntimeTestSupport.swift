import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// A transport whose answers a test scripts; it records every request it receives.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest, Int) async throws -> HTTPResponse
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private let handler: Handler

    /// `handler` gets each request and its number, from 0.
    init(_ handler: @escaping Handler) { self.handler = handler }

    /// Answers with these responses or errors in order; the last one repeats.
    convenience init(_ script: [Result<HTTPResponse, TransportError>]) {
        self.init { _, index in try script[min(index, script.count - 1)].get() }
    }

    var requests: [HTTPRequest] { lock.withLock { recorded } }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let index = lock.withLock {
            recorded.append(request)
            return recorded.count - 1
        }
        let response = try await handler(request, index)
        let body = response.body
        return HTTPStreamingResponse(status: response.status, headers: response.headers, body: AsyncThrowingStream { continuation in
            if !body.isEmpty { continuation.yield(body) }
            continuation.finish()
        })
    }
}

/// A clock that records every wait and returns at once, after running `onSleep` (what happens
/// elsewhere while a call waits).
final class RecordingClock: APIClock, @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [TimeInterval] = []
    private let onSleep: (@Sendable () async -> Void)?
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    init(onSleep: (@Sendable () async -> Void)? = nil) {
        self.onSleep = onSleep
    }

    var sleeps: [TimeInterval] { lock.withLock { waits } }

    func now() -> Date { start.addingTimeInterval(lock.withLock { waits.reduce(0, +) }) }

    func sleep(for seconds: TimeInterval) async throws {
        try Task.checkCancellation()
        lock.withLock { waits.append(seconds) }
        await onSleep?()
    }
}

/// A clock whose waits end only when their task is cancelled. It signals each wait as it
/// begins, so a test can cancel mid-wait without polling, and counts the waits that
/// cancellation ended.
final class CancelOnlyClock: APIClock, @unchecked Sendable {
    private let lock = NSLock()
    private var started = 0
    private var cancelled = 0
    private var startWaiters: [CheckedContinuation<Void, Never>] = []

    func now() -> Date { Date(timeIntervalSince1970: 1_800_000_000) }

    /// Waits that their task's cancellation ended.
    var cancelledWaits: Int { lock.withLock { cancelled } }

    func sleep(for seconds: TimeInterval) async throws {
        let waiters = lock.withLock {
            started += 1
            defer { startWaiters = [] }
            return startWaiters
        }
        waiters.forEach { $0.resume() }
        do {
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
        } catch {
            lock.withLock { cancelled += 1 }
            throw error
        }
    }

    /// Returns once a wait has begun.
    func waitForSleep() async {
        await withCheckedContinuation { continuation in
            let hasStarted = lock.withLock {
                if started == 0 { startWaiters.append(continuation) }
                return started > 0
            }
            if hasStarted { continuation.resume() }
        }
    }
}

/// The task's result, or nil when it has not finished within `seconds`: a guard against a test
/// hanging forever when the behaviour it checks breaks, never a measure of speed.
/// (Unstructured tasks race here: a task group would wait for the stuck task at its end.)
///
/// Past the deadline the guard goes through the executor's queue a few more times before it
/// answers nil. On Linux, tests that compute synchronously can hold both threads of the pool for
/// a minute and more; a task that was ready long before the deadline, with a few steps left to
/// run, still queues behind the guard's own wake-up then, and only a hang should fail the test.
func result<Success: Sendable>(of task: Task<Success, any Error>, within seconds: Double) async -> Result<Success, any Error>? {
    let first = FirstAnswer<Result<Success, any Error>?>()
    return await withCheckedContinuation { continuation in
        first.deliver(to: continuation)
        Task { first.answer(await task.result) }
        Task {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            for _ in 0..<stepsPastTheDeadline where !first.isAnswered {
                try? await Task.sleep(nanoseconds: 5_000_000)
            }
            first.answer(nil)
        }
    }
}

/// How often a guard goes through the executor's queue past its deadline: more than the steps
/// between a continuation's resumption and its awaiting test.
private let stepsPastTheDeadline = 20

/// Resumes a continuation with the first answer it is given and ignores the rest.
final class FirstAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var answered = false

    func deliver(to continuation: CheckedContinuation<Value, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Whether an answer has been given.
    var isAnswered: Bool { lock.withLock { answered } }

    func answer(_ value: Value) {
        let continuation = lock.withLock {
            defer {
                self.continuation = nil
                answered = true
            }
            return self.continuation
        }
        continuation?.resume(returning: value)
    }
}

func json(_ status: Int, _ text: String, headers: HTTPHeaders = ["Content-Type": "application/json"]) -> Result<HTTPResponse, TransportError> {
    .success(HTTPResponse(status: status, headers: headers, body: Data(text.utf8)))
}

func eventStream(_ text: String, status: Int = 200) -> Result<HTTPResponse, TransportError> {
    .success(HTTPResponse(status: status, headers: ["Content-Type": "text/event-stream; charset=utf-8"], body: Data(text.utf8)))
}

let testBaseURL = URL(string: "https://api.example.com")!

func makeClient(
    _ transport: ScriptedTransport, clock: any APIClock = RecordingClock(), credentials: Credentials = .token("t0"),
    maxRetries: Int? = nil, onUnauthorized: (@Sendable () async -> Void)? = nil
) -> APIClient {
    APIClient(
        baseURL: testBaseURL, credentials: credentials, maxRetries: maxRetries, transport: transport,
        configuration: .init(apiKey: APIKey(header: "apikey", value: "anon-key"), onUnauthorized: onUnauthorized, clock: clock))
}

struct Item: Codable, Sendable, Equatable {
    let id: Int
}

/// A clock that moves only when the test advances it. Each wait is recorded with its length and
/// ends when the clock passes its end, or when its task is cancelled; a test can await the next
/// wait to begin instead of polling.
final class ManualClock: APIClock, @unchecked Sendable {
    private struct Waiter {
        let end: TimeInterval
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var elapsed: TimeInterval = 0
    private var waiters: [UUID: Waiter] = [:]
    private var requested: [TimeInterval] = []
    private var begun: [CheckedContinuation<Void, Never>] = []
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// The lengths of the waits asked for, in order.
    var waits: [TimeInterval] { lock.withLock { requested } }
    /// The waits that have neither ended nor been cancelled.
    var pendingWaits: Int { lock.withLock { waiters.count } }

    func now() -> Date { start.addingTimeInterval(lock.withLock { elapsed }) }

    func sleep(for seconds: TimeInterval) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (ready, woken) = lock.withLock { () -> (Bool, [CheckedContinuation<Void, Never>]) in
                    requested.append(seconds)
                    let woken = begun
                    begun = []
                    if seconds <= 0 { return (true, woken) }
                    waiters[id] = Waiter(end: elapsed + seconds, continuation: continuation)
                    return (false, woken)
                }
                woken.forEach { $0.resume() }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = lock.withLock { waiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once `count` waits have begun in all.
    func waitsBegun(_ count: Int) async {
        while lock.withLock({ requested.count }) < count {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = lock.withLock { () -> Bool in
                    if requested.count >= count { return true }
                    begun.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    /// Moves the clock on, ending the waits it passes.
    func advance(by seconds: TimeInterval) {
        let due = lock.withLock { () -> [Waiter] in
            elapsed += seconds
            let ended = waiters.filter { $0.value.end <= elapsed }
            for key in ended.keys { waiters.removeValue(forKey: key) }
            return Array(ended.values)
        }
        due.forEach { $0.continuation.resume() }
    }
}

/// A transport whose requests never end unless cancelled, as with a server that sends a byte
/// every few seconds: the idle timeout never fires. It counts the cancellations.
final class EndlessTransport: HTTPTransport, @unchecked Sendable {
    let cancellations = Counter()
    let requests = Counter()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.increment()
        do {
            try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000)
        } catch {
            cancellations.increment()
            throw TransportError.cancelled
        }
        throw TransportError.timedOut
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let response = try await send(request)
        return HTTPStreamingResponse(status: response.status, headers: response.headers, body: AsyncThrowingStream { $0.finish() })
    }
}
