/// Why a realtime subscription could not start, or ended. Each says what happened and what to do.
public enum RealtimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The socket failed: it could not connect, or it ended in a way reconnecting cannot mend.
    case socket(WebSocketError)
    /// The server refused to join the channel: its reason (a refused token, a table or filter
    /// it does not serve).
    case joinRefused(topic: String, reason: String)
    /// The server refused the access token: sign in again.
    case tokenRefused(String)
    /// The server said nothing within the time it had: the join's or a heartbeat's reply.
    case timedOut(String)
    /// A message that is not one of the protocol's.
    case malformedMessage(String)
    /// The consumer fell too far behind; changes were dropped. Fetch what the subscription
    /// covers again.
    case consumerTooSlow(dropped: Int)
    /// The subscription was closed by the app, or its task was cancelled.
    case closed
    /// A change whose row is not what the schema says (why, and the message): the schema and
    /// the table differ, or the table's replica identity sends less of the old row than the
    /// schema's `old` model needs.
    case undecodableChange(table: String, reason: String)
    /// A message of a typed socket or channel that is not what the schema says.
    case undecodableMessage(String)

    /// What happened, and what to do.
    public var description: String {
        switch self {
        case .socket(let error): return "realtime: \(error)"
        case .joinRefused(let topic, let reason): return "realtime: the server refused to join \(topic): \(reason)"
        case .tokenRefused(let reason): return "realtime: the server refused the access token (\(reason)); sign in again"
        case .timedOut(let what): return "realtime: \(what) timed out"
        case .malformedMessage(let reason): return "realtime: a message that is not Phoenix's: \(reason)"
        case .consumerTooSlow(let dropped): return "realtime: the app fell behind and \(dropped) changes were dropped; fetch the data again"
        case .closed: return "realtime: the subscription was closed"
        case .undecodableChange(let table, let reason): return "realtime: a change of \(table) could not be read: \(reason)"
        case .undecodableMessage(let reason): return "realtime: a message could not be read: \(reason)"
        }
    }
}
