/// A group of endpoints: one feature, generated into one file.
public struct Group: Sendable, Hashable, Encodable {
    /// The group name, such as `Tasks`.
    public var name: String
    /// Doc comment lines.
    public var docs: [String]
    /// The endpoints in schema order.
    public var endpoints: [Endpoint]
    /// The table subscriptions, broadcast channels and WebSocket endpoints, in schema order.
    public var realtime: [RealtimeEndpoint] = []
    /// Where it is declared; its file names the generated file's source.
    public var location: SourceLocation
}

/// An HTTP method.
public enum HTTPMethod: String, Sendable, Hashable, Encodable, CaseIterable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    case head = "HEAD", options = "OPTIONS"

    /// Whether repeating the request is safe by definition (RFC 9110 §9.2.2).
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options: return true
        case .post, .patch: return false
        }
    }
}

/// One endpoint: one generated method.
public struct Endpoint: Sendable, Hashable, Encodable {
    /// The method name.
    public var name: String
    /// Doc comment lines.
    public var docs: [String]
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path template with its placeholders and fixed query.
    public var path: PathTemplate
    /// How the request authenticates: the api block's `auth`, unless the endpoint or its group
    /// says otherwise (`@public`, `@auth(…)`).
    public var auth: AuthScheme

    /// Whether the request carries credentials (false for `@public` or `auth none`).
    public var requiresAuth: Bool { auth != .none }
    /// Whether the request may be retried after it may have reached the server.
    public var isIdempotent: Bool
    /// `@retries(n)`: this endpoint's default retry limit.
    public var retries: Int?
    /// `@timeout(…)`: this endpoint's default timeout in seconds.
    public var timeout: Double?
    /// `@deadline(…)`: the most seconds this endpoint's calls may take in all, retries and
    /// waits included.
    public var deadline: Double?
    /// Set when the endpoint is deprecated.
    public var deprecation: Deprecation?
    /// Path, query and header parameters in schema order.
    public var parameters: [Parameter]
    /// The request body.
    public var body: Body?
    /// What the response holds.
    public var response: Response
    /// `returns Response<…>`: the method also returns the response's status and headers.
    public var includesResponseMetadata: Bool
    /// The media types (or ranges) the response may have, sent as `Accept`; empty for the
    /// response kind's own.
    public var responseMediaTypes: [String] = []
    /// `@poll(…)`: the polling companion method.
    public var poll: Poll?
    /// Where it is declared.
    public var location: SourceLocation

    /// The parameters of one kind, in schema order.
    public func parameters(_ kind: Parameter.Kind) -> [Parameter] {
        parameters.filter { $0.kind == kind }
    }

    /// Whether the endpoint also gets an async sequence over all pages: it returns `Page<T>`
    /// and has an optional `cursor` query parameter.
    public var hasPageSequence: Bool {
        guard case .page = response else { return false }
        return parameters.contains { $0.kind == .query && $0.name == "cursor" && $0.type == .optional(.scalar(.string)) }
    }
}

/// A path such as `/rest/v1/tasks/{id}/cancel?select=*`.
public struct PathTemplate: Sendable, Hashable, Encodable {
    /// A run of literal text or a placeholder.
    public enum Part: Sendable, Hashable, Encodable {
        case literal(String)
        case parameter(String)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .literal(let text): try container.encode(text)
            case .parameter(let name): try container.encode("{\(name)}")
            }
        }
    }

    /// The path as written in the schema.
    public var template: String
    /// The path before `?`, split into literal text and placeholders.
    public var parts: [Part]
    /// Query items fixed by the path, sent as written.
    public var fixedQuery: [QueryItem]
    /// The label after `#` (`/conversations#stream`), which tells apart endpoints of one
    /// route and is never sent.
    public var label: String?

    /// Creates a path.
    public init(template: String, parts: [Part], fixedQuery: [QueryItem], label: String? = nil) {
        self.template = template
        self.parts = parts
        self.fixedQuery = fixedQuery
        self.label = label
    }

    /// The route, and the label when there is one: two endpoints are one only when both are
    /// the same.
    public var routeKey: String {
        label.map { sentRouteKey + "#" + $0 } ?? sentRouteKey
    }

    /// What the server routes on: the path with its placeholders unnamed (`/a/{id}` and
    /// `/a/{key}` are one route), and the fixed query in name order.
    public var sentRouteKey: String {
        let route = parts.map { part -> String in
            switch part {
            case .literal(let text): return text
            case .parameter: return "{}"
            }
        }.joined()
        let query = fixedQuery.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
        return query.isEmpty ? route : route + "?" + query
    }
}

/// A name and value sent in a query string.
public struct QueryItem: Sendable, Hashable, Encodable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String
}

/// A path, query or header parameter.
public struct Parameter: Sendable, Hashable, Encodable {
    /// Where the parameter travels.
    public enum Kind: String, Sendable, Hashable, Encodable {
        case path, query, header
    }

    /// The Swift argument label, as written.
    public var name: String
    /// Where it travels.
    public var kind: Kind
    /// The query key or header name (for path parameters, the placeholder name).
    public var wireName: String
    /// The resolved type.
    public var type: TypeRef
    /// The argument's default value.
    public var defaultValue: Literal?
    /// `@prefix("eq.")`: text sent before the value, as in PostgREST filters (`project_id=eq.42`).
    public var valuePrefix: String?
    /// For a query parameter holding a dictionary: how its entries travel.
    public var mapStyle: QueryMapStyle?
    /// For a query parameter holding an array sent as one delimited item (`ids=1,2,3`): the
    /// delimiter's style; nil when each element repeats the key (`ids=1&ids=2`).
    public var arrayStyle: QueryArrayStyle?
    /// Doc comment lines.
    public var docs: [String]
    /// Set when the parameter is deprecated.
    public var deprecation: Deprecation?
    /// Where it is declared.
    public var location: SourceLocation
    /// `@style(deepObject)` on a query parameter that is not a dictionary of text values (those
    /// keep `mapStyle`): any value, sent as bracketed keys (`created[gt]=5`, `expand[0]=customer`).
    public var isDeepObject = false
}

/// How a dictionary query parameter travels.
public enum QueryMapStyle: String, Sendable, Hashable, Encodable, CaseIterable {
    /// `status=open&owner=me`: each entry an item of its own.
    case form
    /// `filter[status]=open`: each entry named after the parameter.
    case deepObject
}

/// How an array query parameter travels when it is one item (OpenAPI's `explode: false`).
public enum QueryArrayStyle: String, Sendable, Hashable, Encodable, CaseIterable {
    /// `ids=1,2,3`.
    case commaDelimited
    /// `ids=1%202%203`.
    case spaceDelimited
    /// `ids=1%7C2%7C3`.
    case pipeDelimited
}
