/// The JSON shape a value of a type has: how an untagged union tells its variants apart.
public enum JSONShapeKind: String, Sendable, Hashable, Encodable {
    /// Text: `String`, `UUID`, `URL`, `Bytes`, a string enum, an ISO 8601 `Date`.
    case string
    /// A whole number: the integer types, an integer enum.
    case integer
    /// Any number: `Double`, `Float`, a `Date` in seconds or milliseconds.
    case number
    /// `true` or `false`.
    case bool
    /// An array.
    case array
    /// An object: a model, a dictionary, a tagged union.
    case object
    /// Anything: `JSON`, or an untagged union.
    case any

    /// The shape of `type`'s values. `isIntegerEnum` and `isTaggedUnion` say what a named enum or
    /// union is.
    public static func of(
        _ type: TypeRef, dateStyle: DateStyle, isIntegerEnum: (String) -> Bool, isTaggedUnion: (String) -> Bool
    ) -> JSONShapeKind {
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .string, .uuid, .url, .bytes: return .string
            case .int, .int32, .int64, .uint64: return .integer
            case .double, .float: return .number
            case .bool: return .bool
            case .date: return dateStyle == .iso8601 ? .string : .number
            case .json: return .any
            }
        case .enumeration(let name): return isIntegerEnum(name) ? .integer : .string
        case .array: return .array
        case .dictionary, .model: return .object
        case .union(let name): return isTaggedUnion(name) ? .object : .any
        case .optional, .nullable, .file: return .any
        }
    }

    /// Whether every value of this shape is also a value of `other`'s shape: a whole number is a
    /// number, and anything is `any`.
    public func isWithin(_ other: JSONShapeKind) -> Bool {
        self == other || other == .any || (self == .integer && other == .number)
    }
}
