import CourierRuntime
import Foundation

/// A message of the Phoenix channels protocol as Supabase Realtime speaks it (serializer 1.0.0:
/// one JSON object per WebSocket text message): the channel's topic, the event, its payload, the
/// reference a reply answers, and the reference of the join it belongs to.
public struct PhoenixMessage: Sendable, Hashable, CustomStringConvertible {
    /// The channel, such as `realtime:tasks`; `phoenix` for the socket's own heartbeats.
    public var topic: String
    /// What happened: `phx_join`, `phx_reply`, `heartbeat`, `postgres_changes`, `broadcast`…
    public var event: String
    /// What it carries.
    public var payload: JSONValue
    /// The reference a reply answers with; nil for pushes from the server.
    public var ref: String?
    /// The reference of the join the message belongs to.
    public var joinRef: String?

    /// A message.
    public init(topic: String, event: String, payload: JSONValue = [:], ref: String? = nil, joinRef: String? = nil) {
        self.topic = topic
        self.event = event
        self.payload = payload
        self.ref = ref
        self.joinRef = joinRef
    }

    /// The message as JSON text, keys in a fixed order; read again, it is the same message
    /// (a number keeps its kind: `5.0` is not written as the whole number `5`).
    public var text: String {
        var object: [String: JSONValue] = ["topic": .string(topic), "event": .string(event), "payload": payload]
        object["ref"] = ref.map(JSONValue.string) ?? .null
        if let joinRef { object["join_ref"] = .string(joinRef) }
        var bytes: [UInt8] = []
        RealtimeCoding.write(.object(object), to: &bytes, sortedKeys: true)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a message from its JSON text; throws when it is not one (the reason names what is
    /// wrong, for the log: such a message is skipped, never a crash).
    public static func decode(_ text: String) throws(RealtimeError) -> PhoenixMessage {
        let value: JSONValue
        do {
            value = try JSONValueParser.parse(text)
        } catch {
            throw .malformedMessage("not JSON (\(error)): \(text.prefix(200))")
        }
        guard case .object(let object) = value else { throw .malformedMessage("not a JSON object: \(text.prefix(200))") }
        guard case .string(let topic)? = object["topic"] else { throw .malformedMessage("no topic: \(text.prefix(200))") }
        guard case .string(let event)? = object["event"] else { throw .malformedMessage("no event: \(text.prefix(200))") }
        return PhoenixMessage(
            topic: topic, event: event, payload: object["payload"] ?? [:], ref: reference(object["ref"]), joinRef: reference(object["join_ref"]))
    }

    /// A reference as servers write it: text, or a whole number.
    private static func reference(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .integer(let number)?: return String(number)
        default: return nil
        }
    }

    /// `topic event ref`, without the payload.
    public var description: String { "\(topic) \(event)\(ref.map { " ref \($0)" } ?? "")" }
}
