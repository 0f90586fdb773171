import CourierRuntime
import Foundation

/// A subscription's state: its join, and the app's end of the sequence.
final class ChannelSubscription: @unchecked Sendable {
    let topic: String
    let config: JSONValue
    private let continuation: AsyncThrowingStream<ChannelEvent, any Error>.Continuation
    /// Touched only on the socket's actor.
    var joinRef: String?
    var isJoined = false
    /// Whether the channel joined before: its next join is announced as `.reconnected`.
    var hasJoined = false
    /// The access token the channel last joined with or was sent.
    var token: String?

    init(topic: String, config: JSONValue, continuation: AsyncThrowingStream<ChannelEvent, any Error>.Continuation) {
        self.topic = topic
        self.config = config
        self.continuation = continuation
    }

    /// Yields an event; false when the consumer's buffer was full, which ends the subscription.
    @discardableResult
    func yield(_ event: ChannelEvent) -> Bool {
        if case .dropped = continuation.yield(event) {
            continuation.finish(throwing: RealtimeError.consumerTooSlow(dropped: 1))
            return false
        }
        return true
    }

    func finish(_ error: RealtimeError?) {
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }
}
