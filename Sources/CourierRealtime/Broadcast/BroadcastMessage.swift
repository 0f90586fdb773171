import CourierRuntime

/// The messages of a broadcast channel: each an event name and a typed payload. The schema's
/// generator writes one enum per channel, with a case per event and `unknown` for an event this
/// version does not know (kept, never a failure).
public protocol BroadcastMessage: Sendable {
    /// The message of `event` carrying `payload`; throws when the payload is not the event's type.
    init(event: String, payload: JSONValue) throws
    /// The event's name.
    var event: String { get }
    /// The payload as JSON.
    func payload() throws -> JSONValue
}

/// What a broadcast channel yields.
public enum BroadcastEvent<Message: BroadcastMessage>: Sendable {
    /// The channel is joined: messages sent from now on arrive.
    case subscribed
    /// The connection was lost and is back; messages sent meanwhile are lost.
    case reconnected
    /// A message another member sent.
    case message(Message)
}
