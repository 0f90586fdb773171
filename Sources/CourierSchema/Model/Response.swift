/// What a successful response holds.
public enum Response: Sendable, Hashable, Encodable {
    /// No content is expected.
    case none
    /// A JSON value of this type.
    case value(TypeRef)
    /// `{"data": T}`.
    case data(TypeRef)
    /// `{"data": [T], "cursor": String?}`, with `T` the element type.
    case page(TypeRef)
    /// `text/event-stream`, each event's data decoded as `T`.
    case stream(TypeRef)
    /// JSON Lines, each line decoded as `T`.
    case lines(TypeRef)
    /// The raw body.
    case bytes
    /// The body as text.
    case text

    /// The case's name: `none`, `value`, `data`, `page`, `stream`, `lines`, `bytes` or `text`.
    public var kind: String {
        switch self {
        case .none: "none"
        case .value: "value"
        case .data: "data"
        case .page: "page"
        case .stream: "stream"
        case .lines: "lines"
        case .bytes: "bytes"
        case .text: "text"
        }
    }

    /// The type the response's values decode as, when it has one.
    public var valueType: TypeRef? {
        switch self {
        case .value(let type), .data(let type), .page(let type), .stream(let type), .lines(let type): type
        case .none, .bytes, .text: nil
        }
    }

    private enum CodingKeys: String, CodingKey { case kind, type }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(valueType, forKey: .type)
    }
}
