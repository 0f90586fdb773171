import Foundation

/// The client's source of time, so tests can run retries and polling without waiting.
public protocol APIClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Waits; throws `CancellationError` at once when the task is cancelled.
    func sleep(for seconds: TimeInterval) async throws
}

/// Real time.
public struct SystemClock: APIClock {
    /// Creates the system clock.
    public init() {}

    public func now() -> Date { Date() }

    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
