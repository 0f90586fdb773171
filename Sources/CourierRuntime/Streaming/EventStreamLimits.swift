import Foundation

/// Bounds on what a server can make an event stream hold or wait. A stream that breaks a size
/// limit ends with `APIError.invalidResponse`; a longer `retry:` than the longest delay is
/// waited as the longest delay.
public struct EventStreamLimits: Sendable, Hashable {
    /// The longest line, in bytes (1 MiB by default).
    public var maxLineBytes: Int
    /// The most data one event may gather, in bytes (16 MiB by default).
    public var maxEventBytes: Int
    /// The longest wait before reconnecting, in seconds, whatever `retry:` asked (60 s).
    public var maxReconnectDelay: TimeInterval

    /// Creates limits; the defaults suit any real event stream.
    public init(maxLineBytes: Int = 1 << 20, maxEventBytes: Int = 16 << 20, maxReconnectDelay: TimeInterval = 60) {
        self.maxLineBytes = maxLineBytes
        self.maxEventBytes = maxEventBytes
        self.maxReconnectDelay = maxReconnectDelay
    }
}

/// A server-sent event stream broke one of its `EventStreamLimits`.
public struct EventStreamLimitExceeded: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was too large.
    public enum Kind: String, Sendable, Hashable {
        /// A line without a line end grew past `maxLineBytes`.
        case line
        /// An event's data grew past `maxEventBytes`.
        case event
    }

    /// What was too large.
    public var kind: Kind
    /// The limit, in bytes.
    public var limit: Int

    /// Creates the error.
    public init(kind: Kind, limit: Int) {
        self.kind = kind
        self.limit = limit
    }

    /// Which limit the stream passed, and the limit.
    public var description: String {
        switch kind {
        case .line: return "a line of the event stream is longer than \(limit) bytes"
        case .event: return "an event of the stream holds more than \(limit) bytes of data"
        }
    }
}
