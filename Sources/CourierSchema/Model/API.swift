/// The resolved, validated model of one API module: what code generation consumes.
///
/// Every type reference is resolved and every wire name computed, so a consumer never has to
/// check anything again. Declarations keep the order of the schema (files sorted by name).
public struct API: Sendable, Hashable, Encodable {
    /// The module name from `api Name { … }`.
    public var name: String
    /// The api block's doc comment lines.
    public var docs: [String]
    /// Headers sent on every request, in schema order.
    public var headers: [StaticHeader]
    /// How endpoints authenticate unless they are `@public`.
    public var auth: AuthScheme
    /// The header that carries the client's API key, when the API sends one in a header.
    public var apiKeyHeader: String?
    /// The query item that carries the client's API key, when the API sends one in the query.
    public var apiKeyQuery: String?
    /// `idempotency header "…"`: the header in which every request that is not idempotent
    /// carries a key of its own, the same on each retry, so that it may be retried.
    public var idempotencyKeyHeader: String?
    /// How identifiers become wire keys.
    public var keyStyle: KeyStyle
    /// `mocks typed`: each group protocol lists its endpoints as requirements, and each group
    /// gets a typed test double, `<Group>APIMock`.
    public var generatesTypedMocks: Bool
    /// How `Date` values travel.
    public var dateStyle: DateStyle
    /// `baseURL "…"`: the URL the API is served at, the factory's default.
    public var baseURL: String?
    /// `realtime "…"`: the path of the API's Supabase Realtime socket, which carries its table
    /// subscriptions and broadcast channels.
    public var realtimePath: String?
    /// The model that error bodies decode into, if any.
    public var errorModel: String?
    /// The wire keys of the error model's `@message` fields, in order; empty when none is
    /// marked, and the client's default keys apply.
    public var errorMessageKeys: [String]
    /// Every model.
    public var models: [Model]
    /// Every enum.
    public var enums: [EnumType]
    /// Every tagged union.
    public var unions: [Union]
    /// Every alias, in schema order.
    public var aliases: [TypeAlias]
    /// Every group of endpoints.
    public var groups: [Group]
    /// Where the api block is.
    public var location: SourceLocation
    /// The paths of the schema's files, sorted; each becomes one generated file.
    public var files: [String]

    /// The model with this name.
    public func model(named name: String) -> Model? { models.first { $0.name == name } }
    /// The enum with this name.
    public func enumType(named name: String) -> EnumType? { enums.first { $0.name == name } }
    /// The union with this name.
    public func union(named name: String) -> Union? { unions.first { $0.name == name } }
    /// The alias with this name.
    public func alias(named name: String) -> TypeAlias? { aliases.first { $0.name == name } }
    /// Every endpoint of every group, in order.
    public var endpoints: [Endpoint] { groups.flatMap(\.endpoints) }
}

/// A header with a fixed value sent on every request.
public struct StaticHeader: Sendable, Hashable, Encodable {
    /// The header name as written.
    public var name: String
    /// Its value.
    public var value: String
}

/// How requests authenticate.
public enum AuthScheme: String, Sendable, Hashable, Encodable, CaseIterable {
    /// `Authorization: Bearer <token>`.
    case bearer
    /// `Authorization: Basic <user:password in base64>`.
    case basic
    /// No credentials.
    case none
}

/// How identifiers become wire keys.
public enum KeyStyle: String, Sendable, Hashable, Encodable, CaseIterable {
    /// `projectId` → `project_id`.
    case snakeCase = "snake_case"
    /// `project_id` → `projectId`.
    case camelCase = "camel_case"
    /// Keys are the identifiers as written.
    case verbatim
}

/// How dates are written on the wire.
public enum DateStyle: String, Sendable, Hashable, Encodable, CaseIterable {
    /// ISO 8601 text; fractional seconds and any offset accepted.
    case iso8601
    /// Seconds since 1970 as a number.
    case unixSeconds = "unix_seconds"
    /// Milliseconds since 1970 as a number.
    case unixMillis = "unix_millis"
}

/// `@deprecated`, with its optional message.
public struct Deprecation: Sendable, Hashable, Encodable {
    /// Why, and what to use instead.
    public var message: String?
}
