// The parts of swift-http-types that generated clients name, shaped like the real types: a
// request and a response with a header field collection.

/// A header field name.
public struct HTTPFieldName: Sendable, Hashable {
    /// The name as written.
    public var rawName: String
    /// Creates a name, or nil when it is not a valid token.
    public init?(_ name: String) { rawName = name }
    /// `Accept`.
    public static var accept: HTTPFieldName { HTTPFieldName("Accept")! }
    /// `Content-Type`.
    public static var contentType: HTTPFieldName { HTTPFieldName("Content-Type")! }
}

/// One header field.
public struct HTTPField: Sendable, Hashable {
    /// A header field name.
    public typealias Name = HTTPFieldName
    /// The field's name.
    public var name: Name
    /// The field's value.
    public var value: String
    /// Creates a field.
    public init(name: Name, value: String) {
        self.name = name
        self.value = value
    }
}

/// Header fields, in order; the real type keeps them in a copy-on-write storage class.
public struct HTTPFields: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    final class Storage: @unchecked Sendable {
        var fields: [HTTPField] = []
    }
    var storage = Storage()

    /// Creates empty header fields.
    public init() {}
    /// Creates header fields from a literal.
    public init(dictionaryLiteral elements: (HTTPField.Name, String)...) {}
    /// The combined value of the fields with this name.
    public subscript(name: HTTPField.Name) -> String? {
        get { storage.fields.first { $0.name == name }?.value }
        set {}
    }
    public static func == (lhs: HTTPFields, rhs: HTTPFields) -> Bool { lhs.storage === rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(storage)) }
}

/// An HTTP request's head.
public struct HTTPRequest: Sendable, Hashable {
    /// A request method.
    public struct Method: Sendable, Hashable {
        /// The method's token.
        public var rawValue: String
        /// Creates a method.
        public init?(_ method: String) { rawValue = method }
        /// `GET`.
        public static var get: Method { Method("GET")! }
        /// `PUT`.
        public static var put: Method { Method("PUT")! }
        /// `POST`.
        public static var post: Method { Method("POST")! }
        /// `DELETE`.
        public static var delete: Method { Method("DELETE")! }
        /// `PATCH`.
        public static var patch: Method { Method("PATCH")! }
        /// `HEAD`.
        public static var head: Method { Method("HEAD")! }
        /// `OPTIONS`.
        public static var options: Method { Method("OPTIONS")! }
        /// `TRACE`.
        public static var trace: Method { Method("TRACE")! }
    }
    /// The method.
    public var method: Method
    /// The scheme.
    public var scheme: String?
    /// The authority.
    public var authority: String?
    /// The path and query.
    public var path: String?
    /// The header fields.
    public var headerFields: HTTPFields
    /// Creates a request head.
    public init(method: Method, scheme: String?, authority: String?, path: String?, headerFields: HTTPFields = [:]) {
        self.method = method
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.headerFields = headerFields
    }
}

/// An HTTP response's head.
public struct HTTPResponse: Sendable, Hashable {
    /// A status.
    public struct Status: Sendable, Hashable {
        /// The three-digit code.
        public var code: Int
        /// The reason phrase.
        public var reasonPhrase: String
    }
    /// The status.
    public var status: Status
    /// The header fields.
    public var headerFields: HTTPFields
}
