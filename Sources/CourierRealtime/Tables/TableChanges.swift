import CourierRuntime
import Foundation

/// The changes committed to a table's rows, as Supabase Realtime pushes them (`postgres_changes`):
/// a sequence that subscribes when iteration starts and leaves the channel when it ends or its
/// task is cancelled. Many sequences share their socket's one connection.
public struct TableChanges<Row: Decodable & Sendable, Old: Decodable & Sendable>: AsyncSequence, Sendable {
    /// What the sequence yields.
    public typealias Element = TableChange<Row, Old>

    /// The socket that carries the subscription.
    public let socket: RealtimeSocket
    /// The database schema of the table (`public` unless the schema language says otherwise).
    public let schema: String
    /// The table.
    public let table: String
    /// The kinds of change to receive.
    public let events: [TableEvent]
    /// The server's filter of the rows, if any.
    public let filter: TableFilter?
    /// How the rows' dates are written.
    public let dates: DateCodingStyle

    /// The changes of `table` in `schema` of the kinds `events`, of the rows `filter` passes.
    public init(
        socket: RealtimeSocket, schema: String = "public", table: String, events: [TableEvent] = TableEvent.allCases,
        filter: TableFilter? = nil, dates: DateCodingStyle = .iso8601
    ) {
        self.socket = socket
        self.schema = schema
        self.table = table
        self.events = events.isEmpty ? TableEvent.allCases : events
        self.filter = filter
        self.dates = dates
    }

    /// The join's config: one binding for every kind of change, or one per kind.
    var config: JSONValue {
        let kinds: [String] = Set(events) == Set(TableEvent.allCases) ? ["*"] : events.map(\.rawValue)
        let bindings: [JSONValue] = kinds.map { kind in
            var binding: [String: JSONValue] = ["event": .string(kind), "schema": .string(schema), "table": .string(table)]
            if let filter { binding["filter"] = .string(filter.description) }
            return .object(binding)
        }
        return ["postgres_changes": .array(bindings)]
    }

    /// An iterator; iterating subscribes.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(changes: self) }

    /// Subscribes on its first `next()` and reads the changes.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let changes: TableChanges
        var events: AsyncThrowingStream<ChannelEvent, any Error>.AsyncIterator?

        /// The next change; nil when the subscription was closed by the app.
        public mutating func next() async throws -> TableChange<Row, Old>? {
            if events == nil {
                let topic = "realtime:\(changes.table):\(UUID().uuidString.prefix(8).lowercased())"
                events = await changes.socket.subscribe(topic, config: changes.config).makeAsyncIterator()
            }
            while let event = try await events?.next() {
                switch event {
                case .joined: return .subscribed
                case .reconnected: return .reconnected
                case .message(let message):
                    if let change = try changes.change(in: message) { return change }
                }
            }
            return nil
        }
    }

    /// The change a message carries; nil for the channel's other messages. A row that does not
    /// decode throws: the subscription ends rather than drop a change without a word.
    func change(in message: PhoenixMessage) throws(RealtimeError) -> TableChange<Row, Old>? {
        guard message.event == "postgres_changes", let data = message.payload["data"] else { return nil }
        let kind = data["type"]?.stringValue ?? data["eventType"]?.stringValue
        switch kind {
        case "INSERT":
            return .insert(try decode(Row.self, data["record"] ?? data["new"], part: "record"))
        case "UPDATE":
            return .update(
                old: try decode(Old.self, data["old_record"] ?? data["old"], part: "old_record"),
                new: try decode(Row.self, data["record"] ?? data["new"], part: "record"))
        case "DELETE":
            return .delete(old: try decode(Old.self, data["old_record"] ?? data["old"], part: "old_record"))
        default:
            return nil
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue?, part: String) throws(RealtimeError) -> T {
        do {
            return try RealtimeCoding.decode(T.self, from: value ?? .null, dates: dates)
        } catch {
            throw .undecodableChange(
                table: table, reason: "its \(part) is not a \(T.self) (\(error)); the message was \(String(describing: value ?? .null).prefix(300))")
        }
    }
}
