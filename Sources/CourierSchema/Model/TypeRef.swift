/// A resolved type.
public indirect enum TypeRef: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// A built-in scalar.
    case scalar(Scalar)
    /// A multipart file part: bytes, file name and MIME type.
    case file
    /// `[T]`.
    case array(TypeRef)
    /// `[String: T]`.
    case dictionary(TypeRef)
    /// `T?`.
    case optional(TypeRef)
    /// `Nullable<T>`: a value or `null`, told apart from an absent key.
    case nullable(TypeRef)
    /// A model declared in the schema.
    case model(String)
    /// An enum declared in the schema.
    case enumeration(String)
    /// A union declared in the schema.
    case union(String)

    /// The built-in scalar types.
    public enum Scalar: String, Sendable, Hashable, CaseIterable {
        case string = "String", bool = "Bool", int = "Int", int32 = "Int32", int64 = "Int64", uint64 = "UInt64"
        case double = "Double", float = "Float", date = "Date", uuid = "UUID", url = "URL"
        case bytes = "Bytes", json = "JSON"
    }

    /// The type with one level of optionality removed.
    public var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The type without `?` or `Nullable<…>` around it.
    public var unwrappedNullable: TypeRef {
        switch self {
        case .optional(let wrapped), .nullable(let wrapped): return wrapped.unwrappedNullable
        default: return self
        }
    }

    /// Whether a value of the type travels as one text value, in a path, query, header or form
    /// field: a scalar other than `Bytes` and `JSON`, or an enum.
    public var isTextValue: Bool {
        switch self {
        case .scalar(let scalar): return scalar != .bytes && scalar != .json
        case .enumeration: return true
        default: return false
        }
    }

    /// Whether the type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The schema spelling, such as `[ArchonTask]?`.
    public var description: String {
        switch self {
        case .scalar(let scalar): return scalar.rawValue
        case .file: return "File"
        case .array(let element): return "[\(element)]"
        case .dictionary(let value): return "[String: \(value)]"
        case .optional(let wrapped): return "\(wrapped)?"
        case .nullable(let wrapped): return "Nullable<\(wrapped)>"
        case .model(let name), .enumeration(let name), .union(let name): return name
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A default value, already checked against its type.
public indirect enum Literal: Sendable, Hashable, Encodable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    /// `nil` for an optional.
    case null
    /// A case of the field's enum, by its Swift name.
    case enumCase(String)
    case array([Literal])
    /// `[:]`.
    case emptyDictionary

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .enumCase(let name): try container.encode(".\(name)")
        case .array(let items): try container.encode(items)
        case .emptyDictionary: try container.encode([String: String]())
        }
    }
}
