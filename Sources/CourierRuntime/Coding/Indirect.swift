/// Stores a value out of line, so that a model can hold an optional of itself (a Swift struct
/// cannot contain itself). Generated code uses it for fields on a cycle of models.
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// Wraps a value.
    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    /// The value.
    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Whether the boxed values are equal.
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the boxed value.
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Indirect: Decodable where Value: Decodable {
    /// Decodes the value, and boxes it.
    public init(from decoder: any Decoder) throws { self.init(wrappedValue: try Value(from: decoder)) }
}

extension Indirect: Encodable where Value: Encodable {
    /// Encodes the boxed value as if it were not boxed.
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}
