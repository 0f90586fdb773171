import CourierRuntime
import Foundation

/// How a realtime socket keeps its connection: heartbeats, replies, reconnecting, buffers.
public struct RealtimeOptions: Sendable {
    /// How often a heartbeat goes out (Supabase's clients: 25 s). A heartbeat whose reply has
    /// not come when the next is due means the connection is dead; messages arriving in between
    /// do not count as replies.
    public var heartbeatInterval: TimeInterval
    /// How long a join waits for its reply before the connection is taken for dead.
    public var replyTimeout: TimeInterval
    /// The first wait before reconnecting; each failed attempt doubles it, up to `maxReconnectDelay`.
    public var reconnectDelay: TimeInterval
    /// The longest wait before reconnecting.
    public var maxReconnectDelay: TimeInterval
    /// The share of each wait that is random (0 to 1), so that many clients dropped at once do
    /// not come back at once.
    public var jitter: Double
    /// Where the jitter's randomness comes from (a number in 0..<1); a test makes it fixed.
    public var random: @Sendable () -> Double
    /// The time source for heartbeats, reply timeouts and reconnect waits; a test injects one.
    public var clock: any APIClock
    /// How many events wait for a subscription's consumer. Past that the subscription ends with
    /// `RealtimeError.consumerTooSlow`: dropping changes silently would leave the app wrong.
    public var bufferLimit: Int
    /// The WebSocket connection's own options (limits, trusted certificates).
    public var webSocket: WebSocketOptions
    /// Told each change of the connection's state, for logs and metrics.
    public var observer: (@Sendable (RealtimeConnectionState) -> Void)?

    /// Options; the defaults are Supabase's clients'.
    public init(
        heartbeatInterval: TimeInterval = 25, replyTimeout: TimeInterval = 10, reconnectDelay: TimeInterval = 1,
        maxReconnectDelay: TimeInterval = 30, jitter: Double = 0.5, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        clock: any APIClock = SystemClock(), bufferLimit: Int = 1_000, webSocket: WebSocketOptions = WebSocketOptions(),
        observer: (@Sendable (RealtimeConnectionState) -> Void)? = nil
    ) {
        self.heartbeatInterval = heartbeatInterval
        self.replyTimeout = replyTimeout
        self.reconnectDelay = reconnectDelay
        self.maxReconnectDelay = maxReconnectDelay
        self.jitter = min(1, max(0, jitter))
        self.random = random
        self.clock = clock
        self.bufferLimit = max(1, bufferLimit)
        self.webSocket = webSocket
        self.observer = observer
    }

    /// The wait before reconnect attempt `attempt` (1 for the first): capped exponential
    /// backoff, the jittered share drawn from `random`.
    public func delay(beforeAttempt attempt: Int) -> TimeInterval {
        let exponential = min(maxReconnectDelay, reconnectDelay * pow(2, Double(max(0, min(attempt - 1, 30)))))
        return exponential * (1 - jitter) + exponential * jitter * random()
    }
}

/// The states a realtime connection goes through, as its observer hears them.
public enum RealtimeConnectionState: Sendable, Hashable {
    /// Connecting; `attempt` counts since the last connection that worked (1 for the first).
    case connecting(attempt: Int)
    /// Connected: channels join (again).
    case connected
    /// The connection ended (why), and the next attempt comes after `retryIn` seconds.
    case disconnected(reason: String, retryIn: TimeInterval)
    /// The socket stopped for good: no subscription is left, or the server refused it for
    /// good (why).
    case closed(reason: String)
}

/// What a subscription to a channel yields.
public enum ChannelEvent: Sendable, Hashable {
    /// The channel joined.
    case joined
    /// The connection was lost and is back, and the channel joined again. What the server
    /// sent meanwhile is lost: fetch what the subscription covers again.
    case reconnected
    /// A message the server pushed on the channel (a change, a broadcast, a system message).
    case message(PhoenixMessage)
}
