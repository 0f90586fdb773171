/// An enum whose values travel as whole numbers and that keeps values it does not know:
/// generated integer enums conform and add `case unknown(Int)`, so a value a newer server sends
/// never fails the decoding of a whole response, and encodes back as it came. An integer
/// literal is a value too: `status: 201` is `.created`.
public protocol IntEnum: Codable, Hashable, Sendable, WireValueConvertible, ExpressibleByIntegerLiteral {
    /// The case for a wire value; unknown values become `.unknown(value)`.
    init(rawValue: Int)
    /// The wire value.
    var rawValue: Int { get }
}

extension IntEnum {
    /// The case for a literal's value, `unknown` when the enum does not know it.
    public init(integerLiteral value: Int) {
        self.init(rawValue: value)
    }

    /// Decodes the number; a value the enum does not know becomes its `unknown` case.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
    }

    /// Encodes the wire value, `unknown` ones included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The wire value in decimal, as sent in a path, query or header.
    public var wireValue: String { String(rawValue) }

    /// Values are equal when they travel as the same number, so `.unknown(1)` built by hand
    /// equals the case whose value is 1.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the wire value, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}

extension WireValueConvertible where Self: RawRepresentable, RawValue == Int {
    /// A `@frozen` integer enum's raw value, in decimal.
    public var wireValue: String { String(rawValue) }
}
