/// What a JSON value looks like, found without decoding it whole: how an untagged union picks
/// the variant to decode.
public struct JSONShape: Sendable, Hashable {
    /// The kind of value.
    public enum Kind: Sendable, Hashable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool
        /// A number; `isInteger` when it is whole and fits 64 bits.
        case number(isInteger: Bool)
        /// A string.
        case string
        /// An array.
        case array
        /// An object with these keys.
        case object(keys: Set<String>)
    }

    /// The kind of value.
    public var kind: Kind

    /// Finds the shape of the value `decoder` holds.
    public init(of decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            kind = .null
        } else if (try? single.decode(Bool.self)) != nil {
            kind = .bool
        } else if (try? single.decode(String.self)) != nil {
            kind = .string
        } else if (try? single.decode(Double.self)) != nil {
            kind = .number(isInteger: (try? single.decode(Int64.self)) != nil)
        } else if let object = try? decoder.container(keyedBy: WireKey.self) {
            kind = .object(keys: Set(object.allKeys.map(\.stringValue)))
        } else {
            _ = try decoder.unkeyedContainer()
            kind = .array
        }
    }

    /// A string.
    public var isString: Bool { kind == .string }
    /// A whole number.
    public var isInteger: Bool { kind == .number(isInteger: true) }
    /// Any number.
    public var isNumber: Bool { if case .number = kind { true } else { false } }
    /// `true` or `false`.
    public var isBool: Bool { kind == .bool }
    /// An array.
    public var isArray: Bool { kind == .array }
    /// An object.
    public var isObject: Bool { if case .object = kind { true } else { false } }

    /// An object that has every one of `keys`.
    public func isObject(withKeys keys: Set<String>) -> Bool {
        guard case .object(let present) = kind else { return false }
        return keys.isSubset(of: present)
    }
}

extension JSONShape {
    /// The order in which an untagged union tries its variants on this value. `declaredKeys`
    /// holds, for each variant in declaration order, the wire keys of its model, or nil for a
    /// variant that is not a model. On an object, the models that declare more of its keys come
    /// first, most first; models that declare none of its keys come last, after every other
    /// variant, so that a variant that takes any object keeps what they would drop; the rest keep
    /// their order. On any other value, and on an empty object, the order is the declared one.
    public func tryingOrder(declaredKeys: [Set<String>?]) -> [Int] {
        guard case .object(let keys) = kind, !keys.isEmpty else { return Array(declaredKeys.indices) }
        let ranked = declaredKeys.enumerated().map { index, declared -> (rank: Int, index: Int) in
            guard let declared else { return (0, index) }
            let shared = declared.lazy.filter(keys.contains).count
            return (shared == 0 ? 1 : -shared, index)
        }
        return ranked.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.index)
    }
}

/// Reads and writes untagged unions: values whose JSON shape says which variant they are.
public enum UntaggedUnion {
    /// Decodes a variant's value through a container, so the decoder's date and data
    /// strategies apply; nil when the value is not a `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from decoder: any Decoder) -> T? {
        try? decoder.singleValueContainer().decode(T.self)
    }

    /// Encodes a variant's value as it is, through a container.
    public static func encode(_ value: some Encodable, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
