import Foundation

/// Any JSON value, for fields whose shape the schema leaves open (`JSON`). Numbers keep their
/// value exactly where Swift can hold it: whole numbers in 64 bits as `integer`, larger whole
/// numbers (up to 38 digits, such as 64-bit unsigned IDs) as `largeInteger`, the rest as
/// `number`.
public enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits in 64 bits.
    case integer(Int64)
    /// A whole number beyond 64 bits, kept exactly (up to 38 significant digits).
    case largeInteger(Decimal)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. Its keys are unordered.
    case object([String: JSONValue])

    /// Decodes any JSON value; integers that fit `Int64` stay exact.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = Self.exactNumber(value, in: container)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON it came from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .largeInteger(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// A number that did not fit `Int64`: when it is whole (as far as a `Double` can tell) and
    /// the decoder reads it exactly as a `Decimal`, that; otherwise the `Double`.
    private static func exactNumber(_ value: Double, in container: any SingleValueDecodingContainer) -> JSONValue {
        guard value.isFinite, value == value.rounded(), value.magnitude >= 0x1p63,
            let exact = try? container.decode(Decimal.self), !exact.isNaN, !exact.description.contains(".")
        else { return .number(value) }
        return .largeInteger(exact)
    }

    /// The value at a key of an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A short JSON-like rendering for logs and messages, with object keys sorted.
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .integer(let value): return String(value)
        case .largeInteger(let value): return value.description
        case .number(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .array(let value): return "[" + value.map(\.description).joined(separator: ", ") + "]"
        case .object(let value):
            return "{" + value.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A whole number.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A number with a fraction.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array of JSON values.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object from key–value pairs.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
