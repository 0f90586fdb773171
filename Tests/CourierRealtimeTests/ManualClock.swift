import CourierRuntime
import Foundation

/// A clock that moves only when the test advances it: waits end when the clock passes their
/// deadline, and a test can wait until a wait of a given length has begun.
final class ManualClock: APIClock, @unchecked Sendable {
    private struct Sleeper {
        let id: UUID
        let seconds: TimeInterval
        let deadline: TimeInterval
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let lock = NSLock()
    private var elapsed: TimeInterval = 0
    private var sleepers: [Sleeper] = []

    func now() -> Date { Date(timeIntervalSince1970: 1_800_000_000 + lock.withLock { elapsed }) }

    func sleep(for seconds: TimeInterval) async throws {
        let id = UUID()
        let finished = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                lock.withLock { sleepers.append(Sleeper(id: id, seconds: seconds, deadline: elapsed + seconds, continuation: continuation)) }
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(returning: false)
        }
        if !finished { throw CancellationError() }
    }

    /// Moves the clock on, ending the waits it passes.
    func advance(by seconds: TimeInterval) {
        let due = lock.withLock { () -> [Sleeper] in
            elapsed += seconds
            let due = sleepers.filter { $0.deadline <= elapsed }
            sleepers.removeAll { $0.deadline <= elapsed }
            return due
        }
        for sleeper in due { sleeper.continuation.resume(returning: true) }
    }

    /// Waits (in real time, at most ten seconds) until a wait of `seconds` has begun.
    func waitForSleep(of seconds: TimeInterval) async throws {
        for _ in 0..<10_000 {
            if lock.withLock({ sleepers.contains { abs($0.seconds - seconds) < 0.000_1 } }) { return }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        throw CancellationError()
    }
}

/// Collects what an observer was told, from any thread.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func record(_ value: Value) { lock.withLock { values.append(value) } }
    var all: [Value] { lock.withLock { values } }
}
