import Foundation

/// A query item; items whose value is nil are left out.
public struct QueryItem: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The value; nil leaves the item out.
    public var value: String? {
        didSet { encodedValue = nil }
    }
    /// The value as it goes into the URL, when it is not simply the value percent-encoded: a
    /// delimited list, whose delimiters stay as they are.
    var encodedValue: String?

    /// Creates an item from a wire value; `prefix` is sent before it (PostgREST's `eq.`). Generic
    /// rather than taking `any WireValueConvertible`, so that a call does not box its value
    /// first: generated endpoints make one per query parameter, and boxing compiles to more code.
    public init<Value: WireValueConvertible>(_ name: String, _ value: Value?, prefix: String = "") {
        self.name = name
        self.value = value.map { prefix + $0.wireValue }
    }

    /// One item per element, repeating the name (`tag=a&tag=b`).
    public static func repeated(_ name: String, _ values: [some WireValueConvertible]?) -> [QueryItem] {
        (values ?? []).map { QueryItem(name, $0) }
    }

    /// How an array travels as one item (OpenAPI's `explode: false`).
    public enum ArrayStyle: Sendable {
        /// `ids=1,2,3`.
        case commaDelimited
        /// `ids=1%202%203`.
        case spaceDelimited
        /// `ids=1%7C2%7C3`.
        case pipeDelimited

        var delimiter: String {
            switch self {
            case .commaDelimited: ","
            case .spaceDelimited: " "
            case .pipeDelimited: "|"
            }
        }
    }

    /// The elements as one item, joined by the style's delimiter (`ids=1,2,3`); no item for nil
    /// or an empty array, which RFC 6570 leaves out. A comma inside an element is
    /// percent-encoded, so a server that splits the list before decoding it finds each element.
    public static func delimited(_ name: String, _ values: [some WireValueConvertible]?, style: ArrayStyle) -> [QueryItem] {
        guard let values, !values.isEmpty else { return [] }
        let texts = values.map(\.wireValue)
        var item = QueryItem(name, texts.joined(separator: style.delimiter))
        item.encodedValue = texts.map(RequestBuilder.queryEncodeListElement).joined(separator: RequestBuilder.queryEncode(style.delimiter))
        return [item]
    }

    /// How a dictionary travels in a query.
    public enum MapStyle: Sendable {
        /// Each entry is an item of its own: `status=open&owner=me` (OpenAPI's exploded form).
        case form
        /// Each entry is named after the parameter: `filter[status]=open` (OpenAPI's deepObject).
        case deepObject
    }

    /// One item per entry of `values`, in key order so the URL is the same every time.
    public static func map(_ name: String, _ values: [String: some WireValueConvertible]?, style: MapStyle) -> [QueryItem] {
        (values ?? [:]).sorted { $0.key < $1.key }.map { key, value in
            QueryItem(style == .deepObject ? "\(name)[\(key)]" : key, value)
        }
    }
}

/// What a request sends as its body.
public enum RequestBody: Sendable {
    /// No body.
    case none
    /// A value encoded as JSON.
    case json(any Encodable & Sendable)
    /// `multipart/form-data`.
    case multipart(MultipartFormData)
    /// `application/x-www-form-urlencoded`.
    case form([QueryItem])
    /// Bytes sent as they are.
    case raw(Data, contentType: String)

    /// Text sent as UTF-8 under `contentType`, `text/plain; charset=utf-8` by default.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> RequestBody {
        .raw(Data(text.utf8), contentType: contentType)
    }
}

/// One call of an endpoint, described as a value: what generated methods build and what the
/// client sends, so requests can be inspected in tests without a network.
public struct APIRequest: Sendable {
    /// The endpoint's name in the schema (`createPost`), for interceptors and logs; nil for a
    /// request made by hand.
    public var name: String?
    /// The method.
    public var method: HTTPMethod
    /// The path below the base URL, already percent-encoded; it may end in a fixed query.
    public var path: String
    /// Query items, after any fixed in the path.
    public var query: [QueryItem]
    /// Header fields of this endpoint.
    public var headers: HTTPHeaders
    /// The body.
    public var body: RequestBody
    /// How the request proves who is calling: a bearer token, basic credentials, or nothing
    /// (a public endpoint).
    public var auth: RequestAuth

    /// The endpoint's name, or `METHOD path` for a request made by hand.
    var endpointName: String { name ?? "\(method.rawValue) \(path)" }

    /// Whether the request carries credentials; setting it to true asks for the bearer token.
    public var requiresAuth: Bool {
        get { auth != .none }
        set { auth = newValue ? (auth == .none ? .bearer : auth) : .none }
    }
    /// Whether the request may be repeated after it may have reached the server.
    public var isIdempotent: Bool
    /// The endpoint's retry limit, if it sets one.
    public var maxRetries: Int?
    /// The endpoint's timeout, if it sets one: seconds without progress.
    public var timeout: TimeInterval?
    /// The endpoint's deadline, if it sets one: the most seconds the call may take in all.
    public var deadline: TimeInterval?
    /// How dates are encoded in the body and decoded from the response.
    public var dateStyle: DateCodingStyle
    /// The `Accept` header, as the method that reads the response sets it.
    public var accept: String
    /// The media types (or ranges such as `image/*`) the schema says the response has. When set,
    /// they are sent as `Accept`, and a successful response of another media type is refused
    /// with `APIError.invalidResponse`; a JSON response may also be `application/json`.
    public var responseMediaTypes: [String]

    /// Creates a request. `isIdempotent` defaults to what the method says. The request sends the
    /// credentials `auth` names, none when `requiresAuth` is false.
    public init(
        name: String? = nil, method: HTTPMethod, path: String, query: [QueryItem] = [], headers: HTTPHeaders = [:], body: RequestBody = .none,
        requiresAuth: Bool = true, auth: RequestAuth = .bearer, isIdempotent: Bool? = nil, maxRetries: Int? = nil,
        timeout: TimeInterval? = nil, deadline: TimeInterval? = nil, dateStyle: DateCodingStyle = .iso8601,
        accept: String = "application/json", responseMediaTypes: [String] = []
    ) {
        self.deadline = deadline
        self.name = name
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.auth = requiresAuth ? auth : .none
        self.isIdempotent = isIdempotent ?? method.isIdempotent
        self.maxRetries = maxRetries
        self.timeout = timeout
        self.dateStyle = dateStyle
        self.accept = accept
        self.responseMediaTypes = responseMediaTypes
    }
}

/// Percent-encodes values for one path segment, so that a `/`, `?` or `#` in a value can never
/// change the route. Empty, `.` and `..` values would (URL parsers resolve `%2E%2E` as `..`, and
/// an empty value makes `//`): they are marked, and the client refuses the request before it
/// is sent.
public enum PathSegment {
    /// Marks a refused value in an encoded path. Encoded segments are ASCII, so this
    /// noncharacter can only come from `encode`.
    static let refusedMarker: Unicode.Scalar = "\u{FFFE}"
    private static let allowed: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~!$&'()*+,;=:@")
        return set
    }()

    /// The value encoded as one path segment.
    public static func encode(_ value: some WireValueConvertible) -> String {
        let text = value.wireValue
        if text.isEmpty || text == "." || text == ".." { return "\(refusedMarker)\(text)\(refusedMarker)" }
        return percentEncode(text, keeping: allowed)
    }

    /// Throws `invalidRequest` when a path value was empty, `.` or `..`.
    static func checkNoRefusedValues(in request: APIRequest) throws {
        guard request.path.unicodeScalars.contains(refusedMarker) else { return }
        let parts = request.path.split(separator: Character(refusedMarker), omittingEmptySubsequences: false)
        // Odd parts are the refused values; show them in braces where they stood.
        let shown = parts.enumerated().map { $0.offset % 2 == 1 ? "{\($0.element)}" : String($0.element) }.joined()
        let value = parts.count > 1 ? String(parts[1]) : ""
        throw APIError.invalidRequest(
            "the path value '\(value)' in \(request.method.rawValue) \(shown) would change the route; "
                + "a path value must not be empty, '.' or '..'")
    }

    /// Percent-encodes every UTF-8 byte of `text` outside the ASCII characters in `allowed`.
    static func percentEncode(_ text: String, keeping allowed: CharacterSet) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, allowed.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += String(format: "%%%02X", byte) }
            }
        }
        return result
    }
}
