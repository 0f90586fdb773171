import Foundation

/// Counts calls from many tasks.
public final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Creates a counter at zero.
    public init() {}

    /// The count so far.
    public var value: Int { lock.withLock { count } }

    /// Adds one and returns the new count.
    @discardableResult
    public func increment() -> Int { lock.withLock { count += 1; return count } }
}
