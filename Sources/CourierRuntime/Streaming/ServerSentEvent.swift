/// One server-sent event.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type; `message` when the stream did not name one.
    public var type: String
    /// The data lines joined with `\n`.
    public var data: String
    /// The ID of the stream's last event as of this one (an `id:` of this event or an earlier
    /// one); nil when there is none or an empty `id:` cleared it.
    public var id: String?
    /// A reconnection delay the server asked for, in milliseconds.
    public var retry: Int?

    /// Creates an event.
    public init(type: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
    }
}
