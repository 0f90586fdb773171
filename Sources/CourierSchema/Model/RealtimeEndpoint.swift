/// A realtime member of a group: a table subscription, a broadcast channel or a WebSocket
/// endpoint. Table subscriptions and broadcast channels travel on the API's realtime socket
/// (Supabase Realtime, `realtime "…"` in the api block); a WebSocket endpoint opens a connection
/// of its own.
public struct RealtimeEndpoint: Sendable, Hashable, Encodable {
    /// The method name.
    public var name: String
    /// Doc comment lines.
    public var docs: [String]
    /// What it is.
    public var kind: Kind
    /// Where it is declared.
    public var location: SourceLocation

    /// The three kinds.
    public enum Kind: Sendable, Hashable, Encodable {
        /// `CHANGES table`: the changes committed to a table's rows.
        case tableChanges(TableSubscription)
        /// `BROADCAST "topic"`: typed messages between a channel's members.
        case broadcast(BroadcastChannelSpec)
        /// `WEBSOCKET /path`: a connection whose messages are typed.
        case webSocket(WebSocketEndpoint)

        private enum Key: String, CodingKey {
            case tableChanges, broadcast, webSocket
        }

        /// `{"tableChanges": {…}}`, and so on: the kind and what it holds.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            switch self {
            case .tableChanges(let subscription): try container.encode(subscription, forKey: .tableChanges)
            case .broadcast(let channel): try container.encode(channel, forKey: .broadcast)
            case .webSocket(let socket): try container.encode(socket, forKey: .webSocket)
            }
        }
    }
}

/// A kind of change to a table's rows.
public enum TableChangeKind: String, Sendable, Hashable, Encodable, CaseIterable {
    case insert, update, delete
}

/// `name: CHANGES table { row …; old …; filter …; events … }`.
public struct TableSubscription: Sendable, Hashable, Encodable {
    /// The database schema (`public` unless the table is written `"schema.table"`).
    public var schema: String
    /// The table.
    public var table: String
    /// The row's model.
    public var row: TypeRef
    /// What the server sends of a row before an update or a delete (the replica identity's
    /// columns); nil when only inserts are followed.
    public var old: TypeRef?
    /// The kinds of change followed, in `insert, update, delete` order.
    public var events: [TableChangeKind]
    /// The server-side filter: the method's argument, compared for equality with its column.
    public var filter: Parameter?
}

/// One event of a broadcast channel: its name on the wire and its payload's type.
public struct BroadcastEventSpec: Sendable, Hashable, Encodable {
    /// The Swift case name.
    public var name: String
    /// The event's name on the wire.
    public var wireName: String
    /// The payload's type.
    public var type: TypeRef
    /// Doc comment lines.
    public var docs: [String]
    /// Where it is declared.
    public var location: SourceLocation
}

/// `name: BROADCAST "topic:{param}" { path param: T; event name: Payload … }`.
public struct BroadcastChannelSpec: Sendable, Hashable, Encodable {
    /// The topic with its placeholders, without Supabase's `realtime:` prefix.
    public var topic: PathTemplate
    /// The topic's parameters.
    public var parameters: [Parameter]
    /// The events, in schema order.
    public var events: [BroadcastEventSpec]
}

/// `name: WEBSOCKET /path { path/query/header …; sends T; receives T }`.
public struct WebSocketEndpoint: Sendable, Hashable, Encodable {
    /// The path template.
    public var path: PathTemplate
    /// Path, query and header parameters of the opening handshake.
    public var parameters: [Parameter]
    /// What the client sends; nil when it sends nothing.
    public var sends: TypeRef?
    /// What the server sends.
    public var receives: TypeRef
    /// How the handshake authenticates.
    public var auth: AuthScheme
}

extension RealtimeEndpoint {
    /// The enum a broadcast channel's messages become: its name, capitalised, and `Message`
    /// (`room` → `RoomMessage`).
    public var messageTypeName: String {
        name.prefix(1).uppercased() + name.dropFirst() + "Message"
    }
}

extension WebSocketEndpoint {
    /// The opening handshake as an endpoint: a GET of the path with the parameters, for the
    /// code that builds its request.
    public func handshake(of member: RealtimeEndpoint) -> Endpoint {
        Endpoint(
            name: member.name, docs: member.docs, method: .get, path: path, auth: auth, isIdempotent: true, retries: nil, timeout: nil,
            deadline: nil, deprecation: nil, parameters: parameters, body: nil, response: .none, includesResponseMetadata: false,
            location: member.location)
    }
}
