import CourierRuntime

/// A broadcast channel (Supabase Realtime's `broadcast`): members send each other typed
/// messages through the server, nothing stored. Iterating joins the channel and yields what the
/// others send; `send(_:)` sends while it is joined. One socket joins a topic once: a second
/// iteration of the same topic on the same socket ends the first.
public struct BroadcastChannel<Message: BroadcastMessage>: AsyncSequence, Sendable {
    /// What the sequence yields.
    public typealias Element = BroadcastEvent<Message>

    /// The socket that carries the channel.
    public let socket: RealtimeSocket
    /// The channel's topic, such as `realtime:project:42`.
    public let topic: String
    /// Whether this member also receives what it sends.
    public let receivesOwnMessages: Bool

    /// The channel `topic` on `socket`.
    public init(socket: RealtimeSocket, topic: String, receivesOwnMessages: Bool = false) {
        self.socket = socket
        self.topic = topic
        self.receivesOwnMessages = receivesOwnMessages
    }

    /// Sends `message` to the channel's other members; the channel must be joined (iterated,
    /// and `.subscribed` seen). Throws `RealtimeError.joinRefused` when it is not.
    public func send(_ message: Message) async throws {
        let payload: JSONValue
        do {
            payload = try message.payload()
        } catch {
            throw RealtimeError.undecodableMessage("the \(message.event) message for \(topic) could not be encoded: \(error)")
        }
        try await socket.broadcast(topic, event: message.event, payload: payload)
    }

    /// An iterator; iterating joins.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(channel: self) }

    /// Joins on its first `next()` and reads the messages.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let channel: BroadcastChannel
        var events: AsyncThrowingStream<ChannelEvent, any Error>.AsyncIterator?

        /// The next event; nil when the channel was closed by the app.
        public mutating func next() async throws -> BroadcastEvent<Message>? {
            if events == nil {
                let config: JSONValue = ["broadcast": ["self": .bool(channel.receivesOwnMessages), "ack": false]]
                events = await channel.socket.subscribe(channel.topic, config: config).makeAsyncIterator()
            }
            while let event = try await events?.next() {
                switch event {
                case .joined: return .subscribed
                case .reconnected: return .reconnected
                case .message(let message):
                    guard message.event == "broadcast", let name = message.payload["event"]?.stringValue else { continue }
                    do {
                        return .message(try Message(event: name, payload: message.payload["payload"] ?? .null))
                    } catch {
                        throw RealtimeError.undecodableMessage("the \(name) message of \(channel.topic) is not what the schema says: \(error)")
                    }
                }
            }
            return nil
        }
    }
}
