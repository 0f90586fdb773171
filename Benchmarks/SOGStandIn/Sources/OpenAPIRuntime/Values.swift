// The value types that generated models name: accept-header content types, undocumented
// responses, free-form JSON containers, server URLs.
public import Foundation
public import HTTPTypes

/// What every generated `AcceptableContentType` enum conforms to.
public protocol AcceptableProtocol: RawRepresentable, Sendable, Hashable, CaseIterable where RawValue == String {}

/// A quality value of the `Accept` header, in thousandths.
public struct QualityValue: Sendable, Hashable {
    private let thousands: UInt16
    /// The default, 1.0.
    public init() { thousands = 1000 }
}

/// One content type of the `Accept` header.
public struct AcceptHeaderContentType<ContentType: AcceptableProtocol>: Sendable, Hashable {
    /// The content type.
    public var contentType: ContentType
    /// Its quality.
    public var quality: QualityValue
    /// Creates one.
    public init(contentType: ContentType, quality: QualityValue = QualityValue()) {
        self.contentType = contentType
        self.quality = quality
    }
}

extension Array {
    /// Every content type of an acceptable type, at quality 1.
    public static func defaultValues<T: AcceptableProtocol>() -> [AcceptHeaderContentType<T>]
    where Element == AcceptHeaderContentType<T> { T.allCases.map { .init(contentType: $0) } }
}

/// The payload of a response whose status the document does not describe.
public struct UndocumentedPayload: Sendable, Hashable {
    /// The header fields.
    public var headerFields: HTTPFields
    /// The body, if any.
    public var body: HTTPBody?
    /// Creates one.
    public init(headerFields: HTTPFields = [:], body: HTTPBody? = nil) {
        self.headerFields = headerFields
        self.body = body
    }
}

/// Any JSON value.
public struct OpenAPIValueContainer: Codable, Hashable, Sendable {
    /// The value.
    public var value: (any Sendable)?
    /// Creates a null.
    public init() { value = nil }
    public init(from decoder: any Decoder) throws { value = nil }
    public func encode(to encoder: any Encoder) throws {}
    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// Any JSON object.
public struct OpenAPIObjectContainer: Codable, Hashable, Sendable {
    /// The members.
    public var value: [String: (any Sendable)?]
    /// Creates an empty object.
    public init() { value = [:] }
    public init(from decoder: any Decoder) throws { value = [:] }
    public func encode(to encoder: any Encoder) throws {}
    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// A server URL variable.
public struct ServerVariable: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String
    /// Creates one.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension URL {
    /// A server URL with its variables substituted, or an error.
    public init(validatingOpenAPIServerURL string: String, variables: [ServerVariable] = []) throws {
        guard let url = URL(string: string) else { throw StandInError() }
        self = url
    }
}

@_spi(Generated) extension HTTPRequest {
    /// A request for a path and method.
    public init(soar_path path: String, method: Method, headerFields: HTTPFields = .init()) {
        self.init(method: method, scheme: nil, authority: nil, path: path, headerFields: headerFields)
    }
}

/// Throws for a response of another status than the one asked for.
@_spi(Generated) public func throwUnexpectedResponseStatus(expectedStatus: String, response: any Sendable) throws
    -> Never
{ throw StandInError() }

/// Throws for a response body of another content type than the one asked for.
@_spi(Generated) public func throwUnexpectedResponseBody(expectedContent: String, body: any Sendable) throws
    -> Never
{ throw StandInError() }

/// Keeps a `var` that the generated code may not mutate from being a warning.
@_spi(Generated) public func suppressMutabilityWarning<T>(_ value: inout T) {}

/// Keeps an unused value from being a warning.
@_spi(Generated) public func suppressUnusedWarning<T>(_ value: T) {}

extension DecodingError {
    /// What a `oneOf` throws when none of its variants decodes.
    public static func failedToDecodeOneOfSchema(type: Any.Type, codingPath: [any CodingKey], errors: [any Error]) -> Self {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "no variant of \(type) decodes (\(errors.count) tried)"))
    }
}

extension Decoder {
    /// Throws when the object holds keys other than `knownKeys` (`additionalProperties: false`).
    public func ensureNoAdditionalProperties(knownKeys: Set<String>) throws {
        let container = try container(keyedBy: AnyStringKey.self)
        if let extra = container.allKeys.first(where: { !knownKeys.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(forKey: extra, in: container, debugDescription: "a key the schema does not allow")
        }
    }
}

/// A coding key of any text, to list an object's keys.
struct AnyStringKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
