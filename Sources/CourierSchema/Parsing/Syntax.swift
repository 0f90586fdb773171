// The syntax tree: what the parser read, with a location on every part. The checker turns it
// into the resolved model (`API`).

/// A name as written, with its location.
struct NameSyntax: Sendable, Hashable {
    let text: String
    let location: SourceLocation
}

/// A literal or expression used in defaults and attribute arguments.
struct ValueSyntax: Sendable, Hashable {
    indirect enum Kind: Sendable, Hashable {
        case string(String)
        /// An integer; nil when it does not fit in 64 bits.
        case integer(Int64?, text: String)
        /// A number with a fraction or an exponent, as JSON writes them (`2.5`, `1e-7`).
        case decimal(Double, text: String)
        /// A duration in seconds.
        case duration(Double, text: String)
        case identifier(String)
        case list([ValueSyntax])
        /// `[:]`, an empty dictionary.
        case emptyDictionary
        /// `field in [a, b]`, as in `@poll(until: status in [completed, failed])`.
        case membership(NameSyntax, [ValueSyntax])
    }

    let kind: Kind
    let location: SourceLocation
}

/// `@name` or `@name(label: value, …)`.
struct AttributeSyntax: Sendable, Hashable {
    struct Argument: Sendable, Hashable {
        let label: NameSyntax?
        let value: ValueSyntax
    }

    let name: NameSyntax
    /// nil when the attribute has no parentheses.
    let arguments: [Argument]?
    let location: SourceLocation
}

/// A type as written: `String`, `[Task]?`, `[String: JSON]`, `Page<Post>`.
struct TypeSyntax: Sendable, Hashable {
    indirect enum Kind: Sendable, Hashable {
        case named(NameSyntax, arguments: [TypeSyntax])
        case array(TypeSyntax)
        case dictionary(key: TypeSyntax, value: TypeSyntax)
        case optional(TypeSyntax)
    }

    let kind: Kind
    let location: SourceLocation
}

/// A model field, a multipart or form field, or an endpoint parameter.
struct FieldSyntax: Sendable, Hashable {
    let docs: [String]
    let name: NameSyntax
    let type: TypeSyntax
    let defaultValue: ValueSyntax?
    let attributes: [AttributeSyntax]
}

/// One setting inside the `api` block, such as `auth bearer` or `header "X" = "y"`.
struct APISettingSyntax: Sendable, Hashable {
    let keyword: NameSyntax
    let values: [ValueSyntax]
}

struct APIBlockSyntax: Sendable, Hashable {
    let docs: [String]
    let attributes: [AttributeSyntax]
    let name: NameSyntax
    let settings: [APISettingSyntax]
}

struct ModelSyntax: Sendable, Hashable {
    let docs: [String]
    let attributes: [AttributeSyntax]
    let name: NameSyntax
    let fields: [FieldSyntax]
}

struct EnumCaseSyntax: Sendable, Hashable {
    let docs: [String]
    let name: NameSyntax
    let wireValue: ValueSyntax?
    let attributes: [AttributeSyntax]
}

struct EnumSyntax: Sendable, Hashable {
    let docs: [String]
    let attributes: [AttributeSyntax]
    let name: NameSyntax
    /// The type after `:` (`enum Priority: Int`); nil for a string enum.
    let rawType: NameSyntax?
    let cases: [EnumCaseSyntax]
}

struct UnionVariantSyntax: Sendable, Hashable {
    let docs: [String]
    let name: NameSyntax
    let tagValue: ValueSyntax?
    let type: TypeSyntax
    let attributes: [AttributeSyntax]
}

struct UnionSyntax: Sendable, Hashable {
    let docs: [String]
    let attributes: [AttributeSyntax]
    let name: NameSyntax
    /// The `tag "type"` string; nil for an untagged union.
    let tag: ValueSyntax?
    let variants: [UnionVariantSyntax]
}

/// `alias Name = Type`.
struct AliasSyntax: Sendable, Hashable {
    let docs: [String]
    let attributes: [AttributeSyntax]
    let name: NameSyntax
    let target: TypeSyntax
}

/// `body T`, `body multipart { … }`, `body form { … }`, or `body Bytes "image/png"` and
/// `body Text "text/csv"` (the media type is optional).
enum BodySyntax: Sendable, Hashable {
    case json(TypeSyntax)
    case raw(TypeSyntax, mediaType: ValueSyntax?)
    case multipart([FieldSyntax], location: SourceLocation)
    case form([FieldSyntax], location: SourceLocation)
}

/// How a response that is a sequence of values is framed.
enum SequenceKind: String, Sendable, Hashable {
    /// `returns stream T`: server-sent events.
    case stream
    /// `returns lines T`: JSON Lines.
    case lines
}

/// One line inside an endpoint block.
enum EndpointMemberSyntax: Sendable, Hashable {
    case parameter(Parameter.Kind, FieldSyntax, keyword: SourceLocation)
    case body(BodySyntax, docs: [String], keyword: SourceLocation)
    /// `returns T`, `returns stream T` or `returns lines T`, then the media types the response
    /// may have (`returns Bytes "image/png", "image/webp"`).
    case returns(TypeSyntax, sequence: SequenceKind?, mediaTypes: [ValueSyntax], keyword: SourceLocation)
}

struct EndpointSyntax: Sendable, Hashable {
    let docs: [String]
    let name: NameSyntax
    let method: NameSyntax
    let path: NameSyntax
    let attributes: [AttributeSyntax]
    let members: [EndpointMemberSyntax]
}

/// One line inside a realtime member's block: `filter id: UUID`, `row ArchonTask`,
/// `old TaskKey`, `events update, delete`, `event cursorMoved: Cursor`, `sends T`, `receives T`,
/// or a path, query or header parameter.
enum RealtimeMemberLineSyntax: Sendable, Hashable {
    case parameter(Parameter.Kind, FieldSyntax, keyword: SourceLocation)
    case filter(FieldSyntax, keyword: SourceLocation)
    case event(FieldSyntax, keyword: SourceLocation)
    /// `row`, `old`, `sends` or `receives` and its type.
    case type(NameSyntax, TypeSyntax)
    case events([NameSyntax], keyword: SourceLocation)
}

/// `name: CHANGES table { … }`, `name: BROADCAST "topic" { … }` or `name: WEBSOCKET /path { … }`.
struct RealtimeSyntax: Sendable, Hashable {
    let docs: [String]
    let name: NameSyntax
    /// CHANGES, BROADCAST or WEBSOCKET.
    let kind: NameSyntax
    /// The table, the topic or the path, as written (a string's text without its quotes).
    let target: NameSyntax
    let attributes: [AttributeSyntax]
    let lines: [RealtimeMemberLineSyntax]
}

/// A member of a group: an HTTP endpoint, or a realtime subscription or socket.
enum GroupMemberSyntax: Sendable, Hashable {
    case endpoint(EndpointSyntax)
    case realtime(RealtimeSyntax)
}

struct GroupSyntax: Sendable, Hashable {
    let docs: [String]
    let attributes: [AttributeSyntax]
    let name: NameSyntax
    let members: [GroupMemberSyntax]

    /// The HTTP endpoints, in order.
    var endpoints: [EndpointSyntax] {
        members.compactMap { if case .endpoint(let endpoint) = $0 { endpoint } else { nil } }
    }

    /// The realtime members, in order.
    var realtime: [RealtimeSyntax] {
        members.compactMap { if case .realtime(let member) = $0 { member } else { nil } }
    }
}

/// A top-level declaration.
enum DeclarationSyntax: Sendable, Hashable {
    case api(APIBlockSyntax)
    case model(ModelSyntax)
    case enumeration(EnumSyntax)
    case union(UnionSyntax)
    case alias(AliasSyntax)
    case group(GroupSyntax)
}
