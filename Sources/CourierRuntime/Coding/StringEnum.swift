/// An enum whose values travel as strings and that keeps values it does not know: generated
/// enums conform and add `case unknown(String)`, so a value a newer server sends never fails
/// the decoding of a whole response, and encodes back as it came. A string literal is a value
/// too: `model: "gpt-5"` is `.gpt5`, and a value the client does not know yet is `.unknown`.
public protocol StringEnum: Codable, Hashable, Sendable, WireValueConvertible, ExpressibleByStringLiteral {
    /// The case for a wire value; unknown values become `.unknown(value)`.
    init(rawValue: String)
    /// The wire value.
    var rawValue: String { get }
}

extension StringEnum {
    /// The case for a literal's text, `unknown` when the enum does not know it.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Decodes the string; a value the enum does not know becomes its `unknown` case.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the wire value, `unknown` ones included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The wire value, as sent in a path, query or header.
    public var wireValue: String { rawValue }

    /// Values are equal when they travel as the same string, so `.unknown("done")` built by
    /// hand equals `.done`. Comparing wire values also spares every generated enum a derived
    /// `==` of its own.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the wire value, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}

extension WireValueConvertible where Self: RawRepresentable, RawValue == String {
    /// A `@frozen` enum's raw value.
    public var wireValue: String { rawValue }
}
