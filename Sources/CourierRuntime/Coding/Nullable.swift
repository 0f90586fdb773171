/// A JSON value that may be `null`, said apart from the key being absent: a field of type
/// `Nullable<T>?` is absent (`nil`, the key is left out), `null` (`.null`, the key is sent with
/// `null`, which clears a value in a PATCH), or a value. A required `Nullable<T>` field always
/// sends its key.
///
/// ```swift
/// var patch = UpdateTask()          // changes nothing
/// patch.dueDate = .null             // clears the due date
/// patch.title = .value("Ship it")   // sets the title
/// ```
@frozen
public enum Nullable<Wrapped> {
    /// `null` on the wire.
    case null
    /// A value.
    case value(Wrapped)

    /// `.value` of a value, `.null` of nil.
    public init(_ optional: Wrapped?) {
        self = optional.map(Nullable.value) ?? .null
    }

    /// The value, or nil for `null`.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Decodable where Wrapped: Decodable {
    /// Decodes `null` as `.null` and anything else as a `Wrapped`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Encodes `.null` as `null` and a value as itself.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let wrapped): try container.encode(wrapped)
        }
    }
}

extension KeyedDecodingContainer where Key == WireKey {
    /// Reads a field that may be absent, `null` or a value: nil only when the key is absent.
    public func readIfPresent<Wrapped: Decodable>(_ type: Nullable<Wrapped>.Type, at key: WireKey) throws -> Nullable<Wrapped>? {
        guard contains(key) else { return nil }
        return try decodeNil(forKey: key) ? .null : .value(try read(Wrapped.self, at: key))
    }

    /// Reads a field whose key must be there, and may be `null`.
    public func read<Wrapped: Decodable>(_ type: Nullable<Wrapped>.Type, at key: WireKey) throws -> Nullable<Wrapped> {
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "the key '\(key.stringValue)' is required (its value may be null)"))
        }
        return try decodeNil(forKey: key) ? .null : .value(try read(Wrapped.self, at: key))
    }
}

// A literal is a value: `NodePatch(title: "Ship")` reads as it would with `String?`.
extension Nullable: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral, ExpressibleByStringLiteral
where Wrapped == String {
    /// `.value` of a string literal.
    public init(stringLiteral value: String) { self = .value(value) }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped == Int {
    /// `.value` of an integer literal.
    public init(integerLiteral value: Int) { self = .value(value) }
}

extension Nullable: ExpressibleByFloatLiteral where Wrapped == Double {
    /// `.value` of a number literal.
    public init(floatLiteral value: Double) { self = .value(value) }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped == Bool {
    /// `.value` of `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .value(value) }
}
