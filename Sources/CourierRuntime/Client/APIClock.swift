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

    /// The current time.
    public func now() -> Date { Date() }

    /// Waits `seconds`; a negative or NaN wait is none, and a wait too long to represent is
    /// a century (the server may ask for any number; converting it must not trap).
    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else {
            try Task.checkCancellation()
            return
        }
        let nanoseconds = seconds < Self.longestWait ? UInt64(seconds * 1_000_000_000) : UInt64(Self.longestWait * 1_000_000_000)
        try await Task.sleep(nanoseconds: nanoseconds)
    }

    /// About a century, in seconds: far below what `UInt64` nanoseconds can hold.
    static let longestWait: TimeInterval = 3_153_600_000
}

/// A clock whose waits return at once (unless the task is cancelled): for test doubles and
/// previews, where a poll every two seconds should not make anyone wait.
public struct ImmediateClock: APIClock {
    /// Creates the clock.
    public init() {}

    /// The current time.
    public func now() -> Date { Date() }

    /// Returns at once; throws `CancellationError` when the task is cancelled.
    public func sleep(for seconds: TimeInterval) async throws {
        try Task.checkCancellation()
    }
}
