/// A request body.
public enum Body: Sendable, Hashable, Encodable {
    /// A JSON body of this type, passed as `body:`.
    case json(TypeRef)
    /// `multipart/form-data` with these fields as labelled arguments.
    case multipart([Field])
    /// `application/x-www-form-urlencoded` with these fields as labelled arguments.
    case form([Field])
    /// `body Bytes` or `body Text`: sent as it is, under a media type.
    case raw(RawBody)

    private enum CodingKeys: String, CodingKey { case kind, type, fields, mediaType }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .json(let type):
            try container.encode("json", forKey: .kind)
            try container.encode(type, forKey: .type)
        case .multipart(let fields):
            try container.encode("multipart", forKey: .kind)
            try container.encode(fields, forKey: .fields)
        case .form(let fields):
            try container.encode("form", forKey: .kind)
            try container.encode(fields, forKey: .fields)
        case .raw(let raw):
            try container.encode(raw.isText ? "text" : "bytes", forKey: .kind)
            try container.encodeIfPresent(raw.mediaType, forKey: .mediaType)
        }
    }

    /// What distinguishes bodies sent to one route: their media type, or their kind.
    public var contentKind: String {
        switch self {
        case .json: "json"
        case .multipart: "multipart"
        case .form: "form"
        case .raw(let raw): raw.mediaType?.lowercased() ?? (raw.isText ? "text" : "bytes")
        }
    }
}

/// A body sent as it is: bytes (`Data`) or text (`String`, sent as UTF-8).
public struct RawBody: Sendable, Hashable, Encodable {
    /// `body Text`: the argument is a `String`.
    public var isText: Bool
    /// The media type the schema fixes; nil when the caller passes one (`contentType:`).
    public var mediaType: String?

    /// The media type sent when the schema fixes none and the caller passes none.
    public var defaultMediaType: String { isText ? "text/plain; charset=utf-8" : "application/octet-stream" }
}
