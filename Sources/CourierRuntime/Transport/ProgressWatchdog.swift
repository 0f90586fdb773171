import Dispatch
import Foundation

/// Ends exchanges that made no progress for their timeout, with one timer for all of them.
///
/// A timer per request cost about 20 µs of CPU per request on Linux (a dispatch source made,
/// scheduled and cancelled each time). This one timer is armed for the earliest deadline of
/// the exchanges it watches; a new exchange re-arms it only when its deadline comes sooner.
/// When it fires, each exchange compares its own last progress with the clock, so a deadline
/// that progress moved later is never enforced early, and fractions of a second count.
final class ProgressWatchdog: @unchecked Sendable {
    /// The watchdog of every `URLSessionTransport`.
    static let shared = ProgressWatchdog()

    // Lock order: this lock, then an exchange's; an exchange never calls in holding its own.
    private let lock = NSLock()
    private var watched: [ObjectIdentifier: Exchange] = [:]
    private var timer: DispatchSourceTimer?
    /// When the timer fires next; nil when it is idle.
    private var armedFor: DispatchTime?

    deinit {
        timer?.cancel()
    }

    /// Starts watching `exchange`, whose timeout ends no sooner than `deadline`.
    func watch(_ exchange: Exchange, deadline: DispatchTime) {
        lock.withLock {
            watched[ObjectIdentifier(exchange)] = exchange
            if let armedFor, armedFor <= deadline { return }
            arm(for: deadline)
        }
    }

    /// Stops watching `exchange`: it has ended.
    func stopWatching(_ exchange: Exchange) {
        lock.withLock { _ = watched.removeValue(forKey: ObjectIdentifier(exchange)) }
    }

    /// Arms the timer for `deadline`; called with the lock held.
    private func arm(for deadline: DispatchTime) {
        armedFor = deadline
        if let timer {
            timer.schedule(deadline: deadline)
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.schedule(deadline: deadline)
        self.timer = timer
        timer.resume()
    }

    /// Lets go of the exchanges that have ended (one may end before it is watched), ends each
    /// one past its deadline, and arms the timer for the earliest deadline left.
    private func fire() {
        let exchanges = lock.withLock {
            armedFor = nil
            watched = watched.filter { !$0.value.hasEnded }
            return Array(watched.values)
        }
        let now = DispatchTime.now()
        var next: DispatchTime?
        for exchange in exchanges {
            if let deadline = exchange.endIfIdle(at: now) {
                next = next.map { min($0, deadline) } ?? deadline
            }
        }
        guard let next else { return }
        lock.withLock {
            if let armedFor, armedFor <= next { return }
            arm(for: next)
        }
    }

    /// How many exchanges are watched; for tests.
    var watchedCount: Int { lock.withLock { watched.count } }
}
