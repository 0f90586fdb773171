import Foundation

/// The calls a generated test double received, in order, safe to record from any task.
public final class CallLog<Call: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Call] = []

    /// Creates an empty log.
    public init() {}

    /// Every call so far, in order.
    public var calls: [Call] { lock.withLock { recorded } }

    /// Adds a call.
    public func record(_ call: Call) {
        lock.withLock { recorded.append(call) }
    }

    /// Forgets the calls so far.
    public func removeAll() {
        lock.withLock { recorded.removeAll() }
    }
}

extension APIError {
    /// What a generated test double throws for an endpoint whose handler is not set.
    public static func unanswered(_ endpoint: String, of mock: String) -> APIError {
        .invalidRequest("\(mock) has no answer for '\(endpoint)': set \(endpoint)Handler before calling it")
    }
}
