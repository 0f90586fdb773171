import Foundation

/// The outcome of a connection's opening handshake, awaited once: the first of the handshake's
/// answer, a failure, and `connectTimeout` passing decides it, and later ones are ignored.
final class OpeningHandshake: @unchecked Sendable {
    private let lock = NSLock()
    private var waiter: CheckedContinuation<Result<Void, WebSocketError>, Never>?

    /// Runs `start`, and waits for `resolve(_:)` or, after `timeout`, a timed-out failure.
    func wait(timeout: TimeInterval, start: () -> Void) async -> Result<Void, WebSocketError> {
        await withCheckedContinuation { continuation in
            lock.withLock { waiter = continuation }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
                self?.resolve(.failure(.timedOut("no answer to the upgrade request within \(timeout) s")))
            }
            start()
        }
    }

    /// Ends the wait with `result`, the first time only.
    func resolve(_ result: Result<Void, WebSocketError>) {
        let waiter = lock.withLock { () -> CheckedContinuation<Result<Void, WebSocketError>, Never>? in
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume(returning: result)
    }
}
